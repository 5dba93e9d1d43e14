//! The rows an experiment produces, as CSV: one row per position (and depth), then a `total`
//! and an `average` row per depth. Shards of a run (`--shard I/N`) are CSV files of this form;
//! [`merge`] puts them back together and recomputes the totals, so a run spread over machines
//! gives the same file as one run on one machine.

use super::error::{DataError, ExperimentError, Place};
use std::collections::BTreeMap;

/// How a column aggregates in the `total` and `average` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// A count (nodes, cut-offs): summed in `total`, mean in `average`.
    Count,
    /// 0 or 1 (solved, same value): `total` counts the ones, `average` is their fraction.
    Flag,
    /// A measurement whose sum means nothing (a root value, a depth reached): `average` only.
    Mean,
    /// An identifier-like number (a root value kept for comparison): neither.
    Value,
}

/// One data column of an experiment's CSV.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub kind: ColumnKind,
}

impl Column {
    pub fn new(name: impl Into<String>, kind: ColumnKind) -> Column {
        Column {
            name: name.into(),
            kind,
        }
    }
}

/// The version of the results files `--json` writes. Version 2 added `merges`: the command of
/// every merge step that made the file, in order (issue 34 §4), beside each run's command in
/// `runs`. Version 1 files (no `merges`) are still read.
pub const RESULT_VERSION: u32 = 2;

/// The oldest results-file version still read.
pub const OLDEST_RESULT_VERSION: u32 = 1;

/// The key columns every experiment's CSV starts with.
pub const KEY_COLUMNS: [&str; 4] = ["index", "position", "depth", "capped"];

/// The CSV header of an experiment with these data columns.
pub fn header(columns: &[Column]) -> Vec<String> {
    KEY_COLUMNS
        .iter()
        .map(|s| s.to_string())
        .chain(columns.iter().map(|c| c.name.clone()))
        .collect()
}

/// One position at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The position's index in the suite (0-based), so shards merge back in suite order.
    pub index: usize,
    /// The EPD `id`.
    pub id: String,
    /// The depth this row reports (for pre-search, the `--depth` ceiling).
    pub depth: u32,
    /// A search of this row was stopped by the node cap: its counts are partial.
    pub capped: bool,
    /// One integer per data column.
    pub cells: Vec<i64>,
}

impl Row {
    /// The row as a results JSON document holds it (`--json`, the page's experiment worker):
    /// `[index, id, depth, capped (0/1), cells…]`; [`Shard::from_json`] reads it back.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = vec![
            serde_json::Value::from(self.index),
            self.id.clone().into(),
            self.depth.into(),
            u8::from(self.capped).into(),
        ];
        v.extend(self.cells.iter().map(|&c| serde_json::Value::from(c)));
        serde_json::Value::Array(v)
    }
}

/// The rows of a run, in suite order then depth order.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
}

impl Dataset {
    pub fn new(columns: Vec<Column>, mut rows: Vec<Row>) -> Dataset {
        rows.sort_by_key(|r| (r.index, r.depth));
        Dataset { columns, rows }
    }

    /// Index of the column named `name`. Panics on a name the experiment does not define,
    /// which is a programming error caught by the tests of each report.
    pub fn col(&self, name: &str) -> usize {
        self.columns
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    }

    /// The depths present, ascending.
    pub fn depths(&self) -> Vec<u32> {
        let mut d: Vec<u32> = self.rows.iter().map(|r| r.depth).collect();
        d.sort_unstable();
        d.dedup();
        d
    }

    /// The rows at `depth` that no node cap stopped.
    pub fn complete(&self, depth: u32) -> Vec<&Row> {
        self.rows
            .iter()
            .filter(|r| r.depth == depth && !r.capped)
            .collect()
    }

    /// Sum of column `name` over the complete rows at `depth`.
    pub fn sum(&self, depth: u32, name: &str) -> i64 {
        let c = self.col(name);
        self.complete(depth).iter().map(|r| r.cells[c]).sum()
    }

    /// The value of column `name` in `row`.
    pub fn get(&self, row: &Row, name: &str) -> i64 {
        row.cells[self.col(name)]
    }

    /// Writes the CSV: header, rows, then per depth a `total` row (over rows not capped; its
    /// `capped` cell counts the rows left out) and an `average` row.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        push_line(&mut out, header(&self.columns).iter().map(String::as_str));
        for r in &self.rows {
            let mut cells = vec![
                r.index.to_string(),
                r.id.clone(),
                r.depth.to_string(),
                u8::from(r.capped).to_string(),
            ];
            cells.extend(r.cells.iter().map(i64::to_string));
            push_line(&mut out, cells.iter().map(String::as_str));
        }
        for depth in self.depths() {
            let rows = self.complete(depth);
            let left_out = self
                .rows
                .iter()
                .filter(|r| r.depth == depth && r.capped)
                .count();
            let n = rows.len().max(1) as f64;
            let mut total = vec![
                String::new(),
                "total".to_string(),
                depth.to_string(),
                left_out.to_string(),
            ];
            let mut average = vec![
                String::new(),
                "average".to_string(),
                depth.to_string(),
                String::new(),
            ];
            for (c, col) in self.columns.iter().enumerate() {
                let sum: i64 = rows.iter().map(|r| r.cells[c]).sum();
                let mean = sum as f64 / n;
                let (t, a) = match col.kind {
                    ColumnKind::Count => (sum.to_string(), format!("{mean:.1}")),
                    ColumnKind::Flag => (sum.to_string(), format!("{mean:.3}")),
                    ColumnKind::Mean => (String::new(), format!("{mean:.2}")),
                    ColumnKind::Value => (String::new(), String::new()),
                };
                total.push(t);
                average.push(a);
            }
            push_line(&mut out, total.iter().map(String::as_str));
            push_line(&mut out, average.iter().map(String::as_str));
        }
        out
    }
}

/// Appends one CSV record, quoting fields that need it (RFC 4180).
fn push_line<'a>(out: &mut String, cells: impl Iterator<Item = &'a str>) {
    for (k, c) in cells.enumerate() {
        if k > 0 {
            out.push(',');
        }
        if c.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&c.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(c);
        }
    }
    out.push('\n');
}

/// Splits CSV text into records of fields (RFC 4180 quoting). `name` labels errors.
pub fn parse_csv(text: &str, name: &str) -> Result<Vec<Vec<String>>, DataError> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut chars = text.chars().peekable();
    let mut at_field_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if at_field_start => {
                quoted = true;
                at_field_start = false;
            }
            '"' => {
                return Err(DataError::new(
                    name,
                    Place::Line(line),
                    None,
                    "a quote inside an unquoted field",
                ));
            }
            ',' => {
                record.push(std::mem::take(&mut field));
                at_field_start = true;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                line += 1;
                at_field_start = true;
            }
            _ => {
                field.push(c);
                at_field_start = false;
            }
        }
    }
    if quoted {
        return Err(DataError::new(
            name,
            Place::File,
            None,
            "the file ends inside a quoted field",
        ));
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// Reads the position rows of one experiment CSV (the `total` and `average` rows are skipped:
/// [`Dataset::to_csv`] recomputes them). Returns the header and the rows.
pub fn read_csv(text: &str, name: &str) -> Result<(Vec<String>, Vec<Row>), DataError> {
    let records = parse_csv(text, name)?;
    let Some((head, body)) = records.split_first() else {
        return Err(DataError::new(name, Place::File, None, "the file is empty"));
    };
    if head.len() < KEY_COLUMNS.len() || head[..KEY_COLUMNS.len()] != KEY_COLUMNS {
        return Err(DataError::new(
            name,
            Place::Line(1),
            Some("header"),
            format!(
                "not an experiment CSV (its header must start with {})",
                KEY_COLUMNS.join(",")
            ),
        ));
    }
    let mut rows = Vec::new();
    for (k, rec) in body.iter().enumerate() {
        let line = k + 2;
        if rec.len() != head.len() {
            return Err(DataError::new(
                name,
                Place::Line(line),
                None,
                format!("{} fields, the header has {}", rec.len(), head.len()),
            ));
        }
        if rec[0].is_empty() && (rec[1] == "total" || rec[1] == "average") {
            continue;
        }
        let bad =
            |field: &str, msg: String| DataError::new(name, Place::Line(line), Some(field), msg);
        let int = |i: usize| -> Result<i64, DataError> {
            rec[i].parse::<i64>().map_err(|_| {
                bad(
                    &head[i],
                    format!("{} is {:?}, not an integer", head[i], rec[i]),
                )
            })
        };
        let index = usize::try_from(int(0)?)
            .map_err(|_| bad("index", format!("index {:?} is negative", rec[0])))?;
        let depth = u32::try_from(int(2)?)
            .map_err(|_| bad("depth", format!("depth {:?} is out of range", rec[2])))?;
        let capped = match rec[3].as_str() {
            "0" => false,
            "1" => true,
            other => {
                return Err(bad(
                    "capped",
                    format!("capped is {other:?}, expected 0 or 1"),
                ));
            }
        };
        let cells = (KEY_COLUMNS.len()..rec.len())
            .map(int)
            .collect::<Result<Vec<_>, _>>()?;
        rows.push(Row {
            index,
            id: rec[1].clone(),
            depth,
            capped,
            cells,
        });
    }
    Ok((head.clone(), rows))
}

/// What [`merge`] found besides the rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeNotes {
    /// Suite indices below the largest one present that no shard has (a shard not merged?).
    pub missing: Vec<usize>,
}

/// One shard of a run, parsed: its name (for messages), header and rows.
pub struct Shard {
    pub name: String,
    pub header: Vec<String>,
    pub rows: Vec<Row>,
}

impl Shard {
    /// A shard from CSV text ([`Dataset::to_csv`]).
    pub fn from_csv(name: &str, text: &str) -> Result<Shard, DataError> {
        let (header, rows) = read_csv(text, name)?;
        Ok(Shard {
            name: name.to_string(),
            header,
            rows,
        })
    }

    /// A shard from the `columns` and `rows` of a results JSON document (`--json`).
    pub fn from_json(name: &str, doc: &serde_json::Value) -> Result<Shard, DataError> {
        let file = |field: &str, msg: String| DataError::new(name, Place::File, Some(field), msg);
        if doc["format"] != "prunescope-experiment" {
            return Err(file(
                "format",
                "not a prunescope experiment result (its \"format\" must be \
                 \"prunescope-experiment\")"
                    .to_string(),
            ));
        }
        let version = doc["version"].as_u64();
        if !version
            .is_some_and(|v| (OLDEST_RESULT_VERSION as u64..=RESULT_VERSION as u64).contains(&v))
        {
            return Err(file(
                "version",
                format!(
                    "result version {} is not supported (expected {OLDEST_RESULT_VERSION} to \
                     {RESULT_VERSION})",
                    doc["version"]
                ),
            ));
        }
        if version != Some(1)
            && !doc["merges"]
                .as_array()
                .is_some_and(|m| m.iter().all(serde_json::Value::is_string))
        {
            return Err(file(
                "merges",
                "\"merges\" must be an array of strings (the merge commands) from version 2 on"
                    .into(),
            ));
        }
        let header: Vec<String> = doc["columns"]
            .as_array()
            .and_then(|a| a.iter().map(|c| c.as_str().map(str::to_string)).collect())
            .ok_or_else(|| file("columns", "\"columns\" must be an array of strings".into()))?;
        if header.len() < KEY_COLUMNS.len() || header[..KEY_COLUMNS.len()] != KEY_COLUMNS {
            return Err(file(
                "columns",
                format!("\"columns\" must start with {}", KEY_COLUMNS.join(",")),
            ));
        }
        let rows = doc["rows"]
            .as_array()
            .ok_or_else(|| file("rows", "\"rows\" must be an array".into()))?;
        let mut out = Vec::with_capacity(rows.len());
        for (k, r) in rows.iter().enumerate() {
            let bad =
                |field: Option<&str>, what: &str| DataError::new(name, Place::Row(k), field, what);
            let a = r.as_array().ok_or_else(|| bad(None, "not an array"))?;
            if a.len() != header.len() {
                return Err(bad(
                    None,
                    &format!("{} fields, the columns are {}", a.len(), header.len()),
                ));
            }
            let index = a[0]
                .as_u64()
                .and_then(|v| usize::try_from(v).ok())
                .ok_or_else(|| bad(Some("index"), "index is not a non-negative integer"))?;
            let id = a[1]
                .as_str()
                .ok_or_else(|| bad(Some("position"), "position is not a string"))?;
            let depth = a[2]
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| bad(Some("depth"), "depth is not a non-negative integer"))?;
            let capped = match a[3].as_u64() {
                Some(0) => false,
                Some(1) => true,
                _ => return Err(bad(Some("capped"), "capped is not 0 or 1")),
            };
            let cells = a[KEY_COLUMNS.len()..]
                .iter()
                .enumerate()
                .map(|(c, v)| {
                    let column = &header[KEY_COLUMNS.len() + c];
                    v.as_i64()
                        .ok_or_else(|| bad(Some(column), &format!("{column} is not an integer")))
                })
                .collect::<Result<Vec<i64>, DataError>>()?;
            out.push(Row {
                index,
                id: id.to_string(),
                depth,
                capped,
                cells,
            });
        }
        Ok(Shard {
            name: name.to_string(),
            header,
            rows: out,
        })
    }
}

/// Merges shards: they must share one header, and no (position, depth) may appear twice.
/// Returns the header, the rows in suite order, and what is missing.
pub fn merge(shards: Vec<Shard>) -> Result<(Vec<String>, Vec<Row>, MergeNotes), ExperimentError> {
    let mut header: Option<(String, Vec<String>)> = None;
    let mut seen: BTreeMap<(usize, u32), String> = BTreeMap::new();
    let mut rows = Vec::new();
    // The depths of the first shard with rows: every shard of one run reports the same depths
    // (issue 22: shards at depth 1 and depth 2 merged silently, each depth's totals over half
    // the positions).
    let mut depths: Option<(String, std::collections::BTreeSet<u32>)> = None;
    let words = |d: &std::collections::BTreeSet<u32>| {
        d.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
    };
    for shard in shards {
        let Shard {
            name,
            header: h,
            rows: rs,
        } = shard;
        let ds: std::collections::BTreeSet<u32> = rs.iter().map(|r| r.depth).collect();
        match &depths {
            _ if ds.is_empty() => {}
            None => depths = Some((name.clone(), ds)),
            Some((first, d0)) if *d0 != ds => {
                return Err(ExperimentError::Data(DataError::new(
                    &name,
                    Place::File,
                    Some("depth"),
                    format!(
                        "{name} has rows at depth {}, but {first} at depth {}: shards of one run \
                         have the same depths (--depth); these were run differently",
                        words(&ds),
                        words(d0)
                    ),
                )));
            }
            Some(_) => {}
        }
        match &header {
            None => header = Some((name.clone(), h)),
            Some((first, h0)) if *h0 != h => {
                return Err(ExperimentError::Data(DataError::new(
                    &name,
                    Place::File,
                    Some("header"),
                    format!(
                        "its header differs from {first}'s: shards of different experiments \
                         cannot be merged"
                    ),
                )));
            }
            Some(_) => {}
        }
        for r in rs {
            if let Some(other) = seen.insert((r.index, r.depth), name.clone()) {
                return Err(ExperimentError::Data(DataError::new(
                    &name,
                    Place::File,
                    Some("rows"),
                    format!(
                        "position {} ({}) at depth {} is in both {other} and this file",
                        r.index, r.id, r.depth
                    ),
                )));
            }
            rows.push(r);
        }
    }
    let Some((_, header)) = header else {
        return Err(ExperimentError::option(
            "files",
            "nothing to merge: give the CSV files of the shards",
        ));
    };
    rows.sort_by_key(|r| (r.index, r.depth));
    let present: std::collections::BTreeSet<usize> = rows.iter().map(|r| r.index).collect();
    let missing = match present.iter().next_back() {
        Some(&max) => (0..max).filter(|i| !present.contains(i)).collect(),
        None => Vec::new(),
    };
    Ok((header, rows, MergeNotes { missing }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Dataset {
        let columns = vec![
            Column::new("nodes", ColumnKind::Count),
            Column::new("solved", ColumnKind::Flag),
            Column::new("value", ColumnKind::Value),
            Column::new("reached", ColumnKind::Mean),
        ];
        let row = |index, id: &str, depth, capped, cells: Vec<i64>| Row {
            index,
            id: id.to_string(),
            depth,
            capped,
            cells,
        };
        Dataset::new(
            columns,
            vec![
                row(2, "c, \"quoted\"", 5, false, vec![30, 0, -7, 9]),
                row(0, "a", 5, false, vec![10, 1, 15, 7]),
                row(1, "b", 5, true, vec![999, 1, 0, 1]),
            ],
        )
    }

    #[test]
    fn csv_totals_leave_capped_rows_out() {
        let csv = sample().to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines,
            [
                "index,position,depth,capped,nodes,solved,value,reached",
                "0,a,5,0,10,1,15,7",
                "1,b,5,1,999,1,0,1",
                "2,\"c, \"\"quoted\"\"\",5,0,30,0,-7,9",
                ",total,5,1,40,1,,",
                ",average,5,,20.0,0.500,,8.00",
            ]
        );
    }

    #[test]
    fn csv_round_trips_and_shards_merge() {
        let d = sample();
        let (head, rows) = read_csv(&d.to_csv(), "x.csv").unwrap();
        assert_eq!(head, header(&d.columns));
        assert_eq!(rows, d.rows);
        // Two shards of the same run merge back into the whole run.
        let part = |keep: &[usize]| {
            Dataset::new(
                d.columns.clone(),
                d.rows
                    .iter()
                    .filter(|r| keep.contains(&r.index))
                    .cloned()
                    .collect(),
            )
            .to_csv()
        };
        let shard = |name: &str, text: &str| Shard::from_csv(name, text).unwrap();
        let files = || {
            vec![
                shard("s1.csv", &part(&[1])),
                shard("s0.csv", &part(&[0, 2])),
            ]
        };
        let (h, merged, notes) = merge(files()).unwrap();
        assert_eq!(h, head);
        assert_eq!(Dataset::new(d.columns.clone(), merged).to_csv(), d.to_csv());
        assert!(notes.missing.is_empty());
        // Missing and duplicated shards are reported.
        let (_, _, notes) = merge(files().split_off(1)).unwrap();
        assert_eq!(notes.missing, [1]);
        let dup = vec![shard("a", &part(&[1])), shard("b", &part(&[1]))];
        let e = merge(dup).unwrap_err();
        assert!(
            matches!(&e, ExperimentError::Data(d) if d.file == "b" && d.field.as_deref() == Some("rows")),
            "{e}"
        );
        assert!(e.to_string().contains("in both a and this file"), "{e}");
        assert!(matches!(
            merge(vec![]),
            Err(ExperimentError::Option {
                option: "files",
                ..
            })
        ));
    }

    #[test]
    fn malformed_csv_is_refused_with_its_line() {
        let e = read_csv("index,position,depth,capped,n\n0,a,5,0,x\n", "f.csv").unwrap_err();
        assert_eq!((e.place, e.field.as_deref()), (Place::Line(2), Some("n")));
        let text = e.to_string();
        assert!(
            text.contains("f.csv, line 2") && text.contains("not an integer"),
            "{text}"
        );
        let e = read_csv("a,b\n", "f.csv").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("header"));
        assert!(e.to_string().contains("not an experiment CSV"), "{e}");
        let e = read_csv("index,position,depth,capped,n\n0,a,5,0\n", "f.csv").unwrap_err();
        assert!(e.to_string().contains("4 fields"), "{e}");
        let e = read_csv("index,position,depth,capped,n\n0,a,5,2,1\n", "f.csv").unwrap_err();
        assert_eq!(
            (e.place, e.field.as_deref()),
            (Place::Line(2), Some("capped"))
        );
        assert_eq!(parse_csv("\"open", "f.csv").unwrap_err().place, Place::File);
        let other = "index,position,depth,capped,m\n0,a,5,0,1\n";
        let files = vec![
            Shard::from_csv("a.csv", &sample().to_csv()).unwrap(),
            Shard::from_csv("b.csv", other).unwrap(),
        ];
        let e = merge(files).unwrap_err();
        assert!(
            matches!(&e, ExperimentError::Data(d) if d.file == "b.csv" && d.field.as_deref() == Some("header")),
            "{e}"
        );
    }

    #[test]
    fn json_results_are_shards_too() {
        let d = sample();
        let rows: Vec<serde_json::Value> = d.rows.iter().map(Row::to_json).collect();
        let doc = serde_json::json!({
            "format": "prunescope-experiment",
            "version": 1,
            "columns": header(&d.columns),
            "rows": rows,
        });
        let s = Shard::from_json("r.json", &doc).unwrap();
        assert_eq!(s.header, header(&d.columns));
        assert_eq!(s.rows, d.rows);
        let mut bad = doc.clone();
        bad["rows"][1][3] = serde_json::json!(7);
        let e = Shard::from_json("r.json", &bad).err().unwrap();
        assert_eq!(
            (e.place, e.field.as_deref()),
            (Place::Row(1), Some("capped"))
        );
        assert!(e.to_string().contains("rows[1]: capped"), "{e}");
        bad["format"] = serde_json::json!("x");
        assert!(Shard::from_json("r.json", &bad).is_err());
    }
}
