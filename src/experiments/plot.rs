//! SVG figures of the experiments, drawn with `plotters` (a CLI-only dependency: this module
//! exists only with the `cli` feature). A [`Figure`] is plain data; this draws it.

use super::error::ExperimentError;
use super::report::{Figure, FigureKind};
use plotters::prelude::*;

const SIZE: (u32, u32) = (960, 600);

/// What plotters reported, in words.
struct DrawError(String);

fn err(e: impl std::fmt::Display) -> DrawError {
    DrawError(e.to_string())
}

/// Compact axis numbers: 1.2M, 340k, 97.
fn short(v: f64) -> String {
    let a = v.abs();
    if a >= 1e9 {
        format!("{:.1}G", v / 1e9)
    } else if a >= 1e6 {
        format!("{:.1}M", v / 1e6)
    } else if a >= 1e4 {
        format!("{:.0}k", v / 1e3)
    } else if a >= 10.0 || v == v.trunc() {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// The figure as an SVG document.
pub fn svg(fig: &Figure) -> Result<String, ExperimentError> {
    draw(fig).map_err(|DrawError(message)| ExperimentError::Plot {
        figure: fig.title.clone(),
        message,
    })
}

fn draw(fig: &Figure) -> Result<String, DrawError> {
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        match fig.kind {
            FigureKind::Bars => bars(&root, fig)?,
            FigureKind::Lines | FigureKind::Points => lines(&root, fig)?,
        }
        root.present().map_err(err)?;
    }
    Ok(buf)
}

fn color(k: usize) -> RGBColor {
    // Distinct, print-safe colours (Okabe–Ito), cycling.
    const C: [(u8, u8, u8); 8] = [
        (0, 114, 178),
        (213, 94, 0),
        (0, 158, 115),
        (204, 121, 167),
        (86, 180, 233),
        (230, 159, 0),
        (0, 0, 0),
        (240, 228, 66),
    ];
    let (r, g, b) = C[k % C.len()];
    RGBColor(r, g, b)
}

fn lines(
    root: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    fig: &Figure,
) -> Result<(), DrawError> {
    let ty = |y: f64| if fig.log_y { y.max(1.0).log10() } else { y };
    let pts: Vec<(f64, f64)> = fig
        .series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .chain(fig.reference.iter().map(|(y, _)| (f64::NAN, *y)))
        .collect();
    let xs = pts.iter().map(|p| p.0).filter(|x| x.is_finite());
    let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (x0, x1) = if x0 > x1 { (0.0, 1.0) } else { (x0, x1) };
    let pad_x = ((x1 - x0) * 0.05).max(0.5);
    let ys = pts.iter().map(|p| ty(p.1)).filter(|y| y.is_finite());
    let (y0, y1) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let (y0, y1) = if y0 > y1 { (0.0, 1.0) } else { (y0, y1) };
    let pad_y = ((y1 - y0) * 0.08).max(if fig.log_y { 0.1 } else { 1.0 });
    let (y0, y1) = if fig.log_y || y0 < 0.0 {
        (y0 - pad_y, y1 + pad_y)
    } else {
        ((y0 - pad_y).max(0.0), y1 + pad_y)
    };
    let mut chart = ChartBuilder::on(root)
        .caption(&fig.title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(72)
        .build_cartesian_2d((x0 - pad_x)..(x1 + pad_x), y0..y1)
        .map_err(err)?;
    let log = fig.log_y;
    // Depths and other whole-number axes get one label per whole number.
    let whole = pts
        .iter()
        .map(|p| p.0)
        .filter(|x| x.is_finite())
        .all(|x| x == x.trunc());
    let x_labels = if whole && x1 - x0 <= 40.0 {
        (x1 - x0) as usize + 1
    } else {
        10
    };
    chart
        .configure_mesh()
        .x_desc(fig.x_label.as_str())
        .y_desc(fig.y_label.as_str())
        .x_labels(x_labels)
        .x_label_formatter(&|x| {
            if whole && *x != x.trunc() {
                String::new()
            } else {
                short(*x)
            }
        })
        .y_label_formatter(&|y| {
            if log {
                short(10f64.powf(*y))
            } else {
                short(*y)
            }
        })
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    for (y, label) in &fig.reference {
        let y = ty(*y);
        chart
            .draw_series(DashedLineSeries::new(
                [(x0 - pad_x, y), (x1 + pad_x, y)],
                4,
                4,
                BLACK.mix(0.35).stroke_width(1),
            ))
            .map_err(err)?
            .label(label.as_str())
            .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], BLACK.mix(0.35)));
    }
    for (k, s) in fig.series.iter().enumerate() {
        let c = color(s.group.unwrap_or(k));
        let data: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| (x, ty(y))).collect();
        if fig.kind == FigureKind::Lines && data.len() > 1 {
            if s.paper {
                chart
                    .draw_series(DashedLineSeries::new(data.clone(), 8, 5, c.stroke_width(2)))
                    .map_err(err)?;
            } else {
                chart
                    .draw_series(LineSeries::new(data.clone(), c.stroke_width(2)))
                    .map_err(err)?;
            }
        }
        let legend = move |(x, y): (i32, i32)| {
            PathElement::new(
                [(x, y), (x + 18, y)],
                c.stroke_width(if s.paper { 1 } else { 3 }),
            )
        };
        if s.paper {
            chart
                .draw_series(data.iter().map(|&p| TriangleMarker::new(p, 5, c.filled())))
                .map_err(err)?
                .label(s.name.as_str())
                .legend(legend);
        } else {
            chart
                .draw_series(data.iter().map(|&p| Circle::new(p, 3, c.filled())))
                .map_err(err)?
                .label(s.name.as_str())
                .legend(legend);
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(err)?;
    Ok(())
}

fn bars(
    root: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    fig: &Figure,
) -> Result<(), DrawError> {
    let n = fig.x_categories.len().max(1);
    let y1 = fig
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .chain(fig.reference.iter().map(|r| r.0))
        .fold(0.0f64, f64::max)
        * 1.12;
    let y1 = if y1 <= 0.0 { 1.0 } else { y1 };
    let cats = fig.x_categories.clone();
    let mut chart = ChartBuilder::on(root)
        .caption(&fig.title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(72)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..y1)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(fig.x_label.as_str())
        .y_desc(fig.y_label.as_str())
        .x_labels(n.min(32))
        .x_label_formatter(&|x| {
            let k = x.round();
            if (x - k).abs() < 1e-6 && k >= 0.0 {
                cats.get(k as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| short(*y))
        .disable_x_mesh()
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    for (y, label) in &fig.reference {
        chart
            .draw_series(DashedLineSeries::new(
                [(-0.5, *y), (n as f64 - 0.5, *y)],
                4,
                4,
                BLACK.mix(0.35).stroke_width(1),
            ))
            .map_err(err)?
            .label(label.as_str())
            .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], BLACK.mix(0.35)));
    }
    let groups = fig.series.len().max(1) as f64;
    let width = 0.8 / groups;
    for (k, s) in fig.series.iter().enumerate() {
        let c = color(s.group.unwrap_or(k));
        let style = if s.paper {
            c.mix(0.45).filled()
        } else {
            c.filled()
        };
        let left = -0.4 + k as f64 * width;
        chart
            .draw_series(s.points.iter().map(|&(x, y)| {
                Rectangle::new([(x + left, 0.0), (x + left + width * 0.92, y)], style)
            }))
            .map_err(err)?
            .label(s.name.as_str())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], style));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::report::Series;

    #[test]
    fn figures_render_as_svg() {
        for kind in [FigureKind::Lines, FigureKind::Points, FigureKind::Bars] {
            for log_y in [false, true] {
                let fig = Figure {
                    title: "t <&>".into(),
                    x_label: "x".into(),
                    y_label: "y".into(),
                    kind,
                    x_categories: vec!["a".into(), "b".into()],
                    log_y,
                    reference: vec![(100.0, "ref".into())],
                    series: vec![
                        Series {
                            name: "ours".into(),
                            points: vec![(0.0, 90.0), (1.0, 1e6)],
                            paper: false,
                            group: Some(0),
                        },
                        Series {
                            name: "paper".into(),
                            points: vec![(0.0, 97.0), (1.0, 2e6)],
                            paper: true,
                            group: Some(0),
                        },
                    ],
                };
                let s = svg(&fig).unwrap();
                assert!(
                    s.starts_with("<svg") && s.trim_end().ends_with("</svg>"),
                    "{kind:?}"
                );
                assert!(s.contains("ours") && s.contains("paper"));
                assert!(!s.contains("t <&>"), "text must be escaped");
            }
        }
        // An empty figure still draws.
        assert!(svg(&Figure::default()).unwrap().contains("<svg"));
    }

    #[test]
    fn axis_numbers_are_short() {
        assert_eq!(short(1_500_000.0), "1.5M");
        assert_eq!(short(97.0), "97");
        assert_eq!(short(2.5), "2.5");
        assert_eq!(short(34_000.0), "34k");
    }
}
