//! What an experiment reports: tables laid out like the paper's, with the paper's figures beside
//! ours, notes that check the paper's claims, and one figure. All plain data (serde), rendered
//! as text or Markdown here and drawn as SVG by [`super::plot`] (CLI only) or by the page.

use serde::{Deserialize, Serialize};

/// A table: a caption, a header row and rows of cells, already formatted.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub caption: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(caption: impl Into<String>, header: &[&str]) -> Table {
        Table {
            caption: caption.into(),
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
}

/// One line (or set of bars) of a figure.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub name: String,
    /// `(x, y)` points; for bar charts x is the category's index.
    pub points: Vec<(f64, f64)>,
    /// The paper's figures (drawn dashed).
    pub paper: bool,
    /// Series of one group share a colour (ours and the paper's for one setting); `None`: a
    /// colour of its own.
    #[serde(default)]
    pub group: Option<usize>,
}

/// How a figure is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FigureKind {
    /// Lines with markers over a numeric x axis.
    #[default]
    Lines,
    /// Points only (a trade-off: each point is one setting).
    Points,
    /// Grouped bars over the categories `x_categories`.
    Bars,
}

/// A figure, as data.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub kind: FigureKind,
    /// Names of the bar groups (bar charts).
    pub x_categories: Vec<String>,
    pub log_y: bool,
    /// Horizontal reference lines: `(y, label)`.
    pub reference: Vec<(f64, String)>,
    pub series: Vec<Series>,
}

/// Everything an experiment says about a run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub title: String,
    /// The source: paper, table or figure.
    pub source: String,
    /// What was run: suite, depths, configurations (one line each).
    pub setup: Vec<String>,
    pub tables: Vec<Table>,
    /// Checks of the paper's claims and remarks on the data (one paragraph each).
    pub notes: Vec<String>,
    pub figure: Figure,
}

impl Report {
    /// The report as aligned text: numbers right-aligned, the first column left-aligned.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n{}\n", self.title, self.source);
        for s in &self.setup {
            out.push_str(s);
            out.push('\n');
        }
        for t in &self.tables {
            out.push('\n');
            out.push_str(&t.caption);
            out.push('\n');
            let ncol = t.header.len();
            let mut width = vec![0; ncol];
            for r in std::iter::once(&t.header).chain(&t.rows) {
                for (k, c) in r.iter().enumerate().take(ncol) {
                    width[k] = width[k].max(c.chars().count());
                }
            }
            for r in std::iter::once(&t.header).chain(&t.rows) {
                let mut line = String::new();
                for (k, w) in width.iter().enumerate() {
                    let c = r.get(k).map_or("", String::as_str);
                    let pad = w - c.chars().count();
                    if k == 0 {
                        line.push_str(c);
                        line.push_str(&" ".repeat(pad));
                    } else {
                        line.push_str("  ");
                        line.push_str(&" ".repeat(pad));
                        line.push_str(c);
                    }
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        if !self.notes.is_empty() {
            out.push('\n');
            for n in &self.notes {
                out.push_str("- ");
                out.push_str(n);
                out.push('\n');
            }
        }
        out
    }

    /// The report as Markdown (for docs/experiments.md).
    pub fn to_markdown(&self) -> String {
        let cell = |s: &str| s.replace('|', "\\|");
        let mut out = format!("**{}** ({})\n\n", self.title, self.source);
        for s in &self.setup {
            out.push_str(&format!("{s}  \n"));
        }
        for t in &self.tables {
            out.push_str(&format!("\n{}\n\n", t.caption));
            let line = |r: &[String]| {
                let cells: Vec<String> = (0..t.header.len())
                    .map(|k| cell(r.get(k).map_or("", String::as_str)))
                    .collect();
                format!("| {} |\n", cells.join(" | "))
            };
            out.push_str(&line(&t.header));
            let rule: Vec<&str> = (0..t.header.len())
                .map(|k| if k == 0 { "---" } else { "---:" })
                .collect();
            out.push_str(&format!("|{}|\n", rule.join("|")));
            for r in &t.rows {
                out.push_str(&line(r));
            }
        }
        if !self.notes.is_empty() {
            out.push('\n');
            for n in &self.notes {
                out.push_str(&format!("- {n}\n"));
            }
        }
        out
    }
}

/// A count with thousands separators, as the papers print them: 1,652,668,804.
pub fn count(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// `part` as a percentage of `whole`, or `-` when there is no whole.
pub fn percent(part: i64, whole: i64, decimals: usize) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.*}", decimals, 100.0 * part as f64 / whole as f64)
    }
}

/// The change of `part` against `base` as the papers print it: (+34.19%), (-40.58%).
pub fn change(part: i64, base: i64) -> String {
    if base == 0 {
        "-".to_string()
    } else {
        format!("({:+.2}%)", 100.0 * (part - base) as f64 / base as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_formatted_like_the_papers() {
        assert_eq!(count(1_652_668_804), "1,652,668,804");
        assert_eq!(count(999), "999");
        assert_eq!(count(-1000), "-1,000");
        assert_eq!(count(0), "0");
        assert_eq!(percent(97, 100, 0), "97");
        assert_eq!(percent(1, 0, 0), "-");
        assert_eq!(change(134, 100), "(+34.00%)");
        assert_eq!(change(60, 100), "(-40.00%)");
    }

    #[test]
    fn text_and_markdown_align_and_escape() {
        let mut t = Table::new("Table 1", &["pos", "10%"]);
        t.row(vec!["BK.01".into(), "89".into()]);
        t.row(vec!["a|b".into(), "100".into()]);
        let r = Report {
            title: "T".into(),
            source: "S".into(),
            setup: vec!["setup".into()],
            tables: vec![t],
            notes: vec!["note".into()],
            figure: Figure::default(),
        };
        let text = r.to_text();
        assert!(
            text.contains("pos    10%\nBK.01   89\na|b    100\n"),
            "{text}"
        );
        assert!(text.ends_with("- note\n"));
        let md = r.to_markdown();
        assert!(
            md.contains("| pos | 10% |\n|---|---:|\n| BK.01 | 89 |\n| a\\|b | 100 |\n"),
            "{md}"
        );
    }
}
