//! EPD (Extended Position Description, PGN standard section 16.2): one position per line, as
//! the four placement fields of a FEN (board, side to move, castling, en passant) followed by
//! operations such as `bm Qd1+; id "BK.01";`.
//!
//! The grammar read here is the standard's:
//!
//! - the four fields, separated by whitespace;
//! - optionally the halfmove clock and fullmove number written bare, as in a FEN (`… - - 0 1
//!   bm …`, a common extension); the standard's own form is the `hmvc` and `fmvn` operations;
//! - zero or more operations, each an opcode (a letter, then up to 14 letters, digits or `_`)
//!   followed by zero or more operands separated by whitespace and ended by `;`. An operand is
//!   a string in double quotes (where `\"` is a quote and `\\` a backslash) or a run of
//!   characters without whitespace, `;` or `"` (a SAN move, a number, a word). An opcode
//!   appears at most once per record.
//!
//! The operations prunescope uses are checked against the position: `bm` (best moves) and
//! `am` (moves to avoid) are one or more legal SAN moves, `dm` (mate in n) a positive number,
//! `id` and `c0`–`c9` one string each, `hmvc`/`fmvn` counters in the FEN ranges. `pv` (a
//! program's predicted line) is kept as written and read as moves on request
//! ([`EpdRecord::pv_moves`]): published suites carry lines no reader accepts (Win At Chess
//! has `a8Q`, `B` and `Be` among its `pv` moves), and refusing a suite for a line nobody
//! searches would lose its positions. Other opcodes (`acd`, `ce`, …) are kept as written.
//! Blank lines and lines starting with `#` are skipped. Anything else, and control characters
//! anywhere in a record (the standard allows none), is refused with the line number.

use std::borrow::Cow;

use shakmaty::Move;
use shakmaty::san::{SanError, SanPlus};

use crate::game::Game;
use crate::game::chess::ChessPos;
use crate::game::chess::fen::{self, FenError};

/// Largest EPD file [`read_suite`] reads: test suites are kilobytes; a larger file is not one.
pub const MAX_SUITE_BYTES: u64 = 64 << 20;

/// Longest opcode: a letter and up to fourteen more characters (PGN standard 16.2.3).
const MAX_OPCODE_LEN: usize = 15;

/// A move operand (`bm`, `am`, `pv`): the legal move it names, in canonical SAN with its
/// check or mate suffix (as the search prints moves), whatever disambiguation the file used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdMove {
    pub san: String,
    pub mv: Move,
}

/// An operand as written: a quoted string (unescaped) or a bare token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    String(String),
    Token(String),
}

impl Operand {
    /// The operand's text (a string's content without quotes).
    pub fn text(&self) -> &str {
        match self {
            Operand::String(s) | Operand::Token(s) => s,
        }
    }
}

/// One operation as written: its opcode and operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub opcode: String,
    pub operands: Vec<Operand>,
}

/// One EPD record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// 1-based line number in the suite.
    pub line: usize,
    /// The position as a FEN: the four placement fields, and the two counters when the record
    /// gave either (bare or as `hmvc`/`fmvn`).
    pub fen: String,
    pub position: ChessPos,
    /// `id`: the position's name.
    pub id: Option<String>,
    /// `bm`: the best moves (one or more).
    pub best_moves: Vec<EpdMove>,
    /// `am`: moves to avoid.
    pub avoid_moves: Vec<EpdMove>,
    /// `c0` … `c9`: comments.
    pub comments: [Option<String>; 10],
    /// `dm`: mate in this many moves.
    pub direct_mate: Option<u32>,
    /// `pv`: the predicted variation as written (see [`EpdRecord::pv_moves`]).
    pub pv: Vec<String>,
    /// Every operation in the order written, the ones above included.
    pub operations: Vec<Operation>,
}

impl EpdRecord {
    /// The `id`, or `#LINE` for a record without one.
    pub fn name(&self) -> String {
        self.id.clone().unwrap_or_else(|| format!("#{}", self.line))
    }

    /// The `pv` as moves, each legal after the ones before it; an error names the first
    /// operand that is not.
    pub fn pv_moves(&self) -> Result<Vec<EpdMove>, EpdError> {
        let Some(op) = self.operation("pv") else {
            return Ok(Vec::new());
        };
        moves(op, &self.position, true).map_err(|kind| EpdError {
            line: self.line,
            kind,
        })
    }

    /// The operation with `opcode`, if the record has it.
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|o| o.opcode == opcode)
    }
}

/// What is wrong with one record. Input is quoted with `{:?}`, so it is escaped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EpdErrorKind {
    #[error(
        "expected the four FEN fields (board, side to move, castling, en passant), found {found}"
    )]
    MissingFields { found: usize },
    #[error(transparent)]
    Fen(#[from] FenError),
    #[error("the halfmove clock {halfmove:?} is not followed by a fullmove number")]
    MissingFullmove { halfmove: String },
    #[error("control characters are not allowed in EPD (found {found:?} in column {column})")]
    ControlCharacter { column: usize, found: char },
    #[error("expected an opcode (a letter, then up to 14 letters, digits or '_'), found {found:?}")]
    Opcode { found: String },
    #[error("the operation {opcode:?} is not ended by ';'")]
    Unterminated { opcode: String },
    #[error("a string operand of {opcode:?} is not closed by '\"'")]
    UnclosedString { opcode: String },
    #[error("the opcode {opcode:?} appears twice (once per record at most)")]
    Duplicate { opcode: String },
    /// An operand that cannot be read or does not fit its opcode.
    #[error("{opcode} operand {found:?}: expected {expected}")]
    Operand {
        opcode: String,
        found: String,
        expected: Cow<'static, str>,
    },
    #[error("{opcode} expects {expected}, found {found} operand{}", if *.found == 1 { "" } else { "s" })]
    OperandCount {
        opcode: String,
        found: usize,
        expected: &'static str,
    },
}

/// A record that cannot be read, and on which line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct EpdError {
    /// 1-based line number.
    pub line: usize,
    pub kind: EpdErrorKind,
}

/// A suite that cannot be used: unreadable, a bad record, or no records at all.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error("cannot read suite '{path}': {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot read suite '{path}': it has {bytes} bytes; EPD suites of more than {} MiB are refused", MAX_SUITE_BYTES >> 20)]
    TooLarge { path: String, bytes: u64 },
    #[error("{}{source}", prefix(.path))]
    Record {
        path: Option<String>,
        #[source]
        source: EpdError,
    },
    #[error("{}the suite has no positions", prefix(.path))]
    Empty { path: Option<String> },
}

fn prefix(path: &Option<String>) -> String {
    path.as_ref().map_or(String::new(), |p| format!("{p}, "))
}

impl SuiteError {
    fn in_file(self, path: &str) -> SuiteError {
        match self {
            SuiteError::Record { source, .. } => SuiteError::Record {
                path: Some(path.to_string()),
                source,
            },
            SuiteError::Empty { .. } => SuiteError::Empty {
                path: Some(path.to_string()),
            },
            e => e,
        }
    }
}

/// Reads and parses the EPD suite at `path` (at most [`MAX_SUITE_BYTES`]).
pub fn read_suite(path: &str) -> Result<Vec<EpdRecord>, SuiteError> {
    use std::io::Read;
    let read_err = |source| SuiteError::Read {
        path: path.to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read_err)?;
    let mut text = String::new();
    // One byte more than the limit tells a file at the limit from a larger one, whatever the
    // metadata says (pipes and /proc files have none).
    let read = file
        .take(MAX_SUITE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(read_err)?;
    if read as u64 > MAX_SUITE_BYTES {
        let bytes = std::fs::metadata(path).map_or(read as u64, |m| m.len());
        return Err(SuiteError::TooLarge {
            path: path.to_string(),
            bytes,
        });
    }
    parse_suite(&text).map_err(|e| e.in_file(path))
}

/// Parses an EPD suite: every record, skipping blank lines and `#` comment lines; refuses the
/// first bad record, or a suite without records.
pub fn parse_suite(text: &str) -> Result<Vec<EpdRecord>, SuiteError> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let trimmed = line.trim_matches([' ', '\t', '\r']);
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut record = parse_record(line, i + 1);
        // A string operand may run on to the next line (the zugzwang suite's comments do):
        // the record then continues there, joined by a space.
        let mut joined = line.to_string();
        while let Err(EpdError {
            kind: EpdErrorKind::UnclosedString { .. },
            ..
        }) = record
        {
            let Some((_, next)) = lines.next() else { break };
            joined.push(' ');
            joined.push_str(next);
            record = parse_record(&joined, i + 1);
        }
        out.push(record.map_err(|source| SuiteError::Record { path: None, source })?);
    }
    if out.is_empty() {
        return Err(SuiteError::Empty { path: None });
    }
    Ok(out)
}

/// Parses one record, `line` being its 1-based line number in the suite.
pub fn parse_record(text: &str, line: usize) -> Result<EpdRecord, EpdError> {
    parse_line(text, line).map_err(|kind| EpdError { line, kind })
}

/// A cursor over one record's text.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// The run of characters up to whitespace, or also up to `;` and `"` when `operand`.
    fn word(&mut self, operand: bool) -> &'a str {
        let rest = &self.text[self.at..];
        let end = rest
            .find(|c: char| {
                c == ' ' || c == '\t' || c == '\r' || (operand && (c == ';' || c == '"'))
            })
            .unwrap_or(rest.len());
        self.at += end;
        &rest[..end]
    }
}

/// [`fen::parse_halfmove_clock`] or [`fen::parse_fullmove_number`].
type CounterParser = fn(&str) -> Result<u32, FenError>;

fn parse_line(text: &str, line: usize) -> Result<EpdRecord, EpdErrorKind> {
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() && c != '\t' && c != '\r')
    {
        return Err(EpdErrorKind::ControlCharacter {
            column: i + 1,
            found: c,
        });
    }
    let mut cur = Cursor { text, at: 0 };
    let mut fields = Vec::with_capacity(4);
    while fields.len() < 4 {
        cur.skip_space();
        if cur.peek().is_none() {
            return Err(EpdErrorKind::MissingFields {
                found: fields.len(),
            });
        }
        // The en passant field may be followed directly by ';' (an empty operation).
        fields.push(cur.word(fields.len() == 3));
    }
    let placement = [fields[0], fields[1], fields[2], fields[3]];
    fen::check_placement(placement)?;

    // Bare counters, as in a FEN.
    let mut halfmoves = None;
    let mut fullmoves = None;
    cur.skip_space();
    if cur.peek().is_some_and(|b| b.is_ascii_digit()) {
        let half = cur.word(false);
        halfmoves = Some(fen::parse_halfmove_clock(half)?);
        cur.skip_space();
        if !cur.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err(EpdErrorKind::MissingFullmove {
                halfmove: half.to_string(),
            });
        }
        fullmoves = Some(fen::parse_fullmove_number(cur.word(false))?);
    }

    let operations = read_operations(&mut cur)?;

    // The counters the standard writes as operations.
    for op in &operations {
        let (counter, parse): (&mut Option<u32>, CounterParser) = match op.opcode.as_str() {
            "hmvc" => (&mut halfmoves, fen::parse_halfmove_clock),
            "fmvn" => (&mut fullmoves, fen::parse_fullmove_number),
            _ => continue,
        };
        let token = single(op, "one number")?;
        let value = parse(token.text()).map_err(|e| operand_error(op, token, fen_expected(e)))?;
        if counter.is_some_and(|bare| bare != value) {
            return Err(operand_error(
                op,
                token,
                "the same counter as the one written before the operations",
            ));
        }
        *counter = Some(value);
    }

    let position =
        fen::position_from_fields(placement, halfmoves.unwrap_or(0), fullmoves.unwrap_or(1))?;
    let mut fen = placement.join(" ");
    if halfmoves.is_some() || fullmoves.is_some() {
        fen = format!(
            "{fen} {} {}",
            halfmoves.unwrap_or(0),
            fullmoves.unwrap_or(1)
        );
    }

    let mut record = EpdRecord {
        line,
        fen,
        position,
        id: None,
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        comments: Default::default(),
        direct_mate: None,
        pv: Vec::new(),
        operations: Vec::new(),
    };
    for op in &operations {
        let pos = &record.position;
        match op.opcode.as_str() {
            "id" => record.id = Some(string(op)?),
            "bm" => record.best_moves = moves(op, pos, false)?,
            "am" => record.avoid_moves = moves(op, pos, false)?,
            "pv" => {
                record.pv = op.operands.iter().map(|o| o.text().to_string()).collect();
            }
            "dm" => {
                let token = single(op, "one number")?;
                let n = token
                    .text()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n >= 1 && token.text().bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| {
                        operand_error(op, token, "a whole number of moves, at least 1")
                    })?;
                record.direct_mate = Some(n);
            }
            c if c.len() == 2 && c.starts_with('c') && c.as_bytes()[1].is_ascii_digit() => {
                let k = usize::from(c.as_bytes()[1] - b'0');
                record.comments[k] = Some(string(op)?);
            }
            _ => {}
        }
    }
    record.operations = operations;
    Ok(record)
}

/// Reads the operations after the fields (and counters) to the end of the line.
fn read_operations(cur: &mut Cursor<'_>) -> Result<Vec<Operation>, EpdErrorKind> {
    let mut operations: Vec<Operation> = Vec::new();
    loop {
        cur.skip_space();
        match cur.peek() {
            None => return Ok(operations),
            // An empty operation: a lone ';' (as in "… w - -; bm Bg4;" in published suites).
            Some(b';') => {
                cur.at += 1;
                continue;
            }
            Some(_) => {}
        }
        let start = cur.at;
        let opcode = cur.word(true);
        let valid = opcode.len() <= MAX_OPCODE_LEN
            && opcode
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_alphabetic())
            && opcode
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid {
            // Show what stands where the opcode should be, up to the next separator.
            let rest = &cur.text[start..];
            let found = rest
                .split([' ', '\t'])
                .next()
                .filter(|s| !s.is_empty())
                .unwrap_or(rest);
            return Err(EpdErrorKind::Opcode {
                found: found.to_string(),
            });
        }
        if operations.iter().any(|o| o.opcode == opcode) {
            return Err(EpdErrorKind::Duplicate {
                opcode: opcode.to_string(),
            });
        }
        let mut operands = Vec::new();
        loop {
            cur.skip_space();
            match cur.peek() {
                None => {
                    return Err(EpdErrorKind::Unterminated {
                        opcode: opcode.to_string(),
                    });
                }
                Some(b';') => {
                    cur.at += 1;
                    break;
                }
                Some(b'"') => operands.push(Operand::String(read_string(cur, opcode)?)),
                Some(_) => operands.push(Operand::Token(cur.word(true).to_string())),
            }
        }
        operations.push(Operation {
            opcode: opcode.to_string(),
            operands,
        });
    }
}

/// Reads a quoted string at the cursor (on its opening quote), undoing `\"` and `\\`.
fn read_string(cur: &mut Cursor<'_>, opcode: &str) -> Result<String, EpdErrorKind> {
    let mut out = String::new();
    let mut chars = cur.text[cur.at + 1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                cur.at += 1 + i + 1;
                // A string ends an operand: whitespace or ';' must follow.
                return match cur.peek() {
                    None | Some(b' ' | b'\t' | b'\r' | b';') => Ok(out),
                    Some(_) => Err(EpdErrorKind::Operand {
                        opcode: opcode.to_string(),
                        found: format!("\"{out}\"{}", cur.word(true)),
                        expected: "whitespace or ';' after the closing quote".into(),
                    }),
                };
            }
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => out.push(e),
                other => {
                    return Err(EpdErrorKind::Operand {
                        opcode: opcode.to_string(),
                        found: format!("\\{}", other.map_or(String::new(), |(_, c)| c.into())),
                        expected: "\\\" or \\\\, the only escapes in a string".into(),
                    });
                }
            },
            c => out.push(c),
        }
    }
    Err(EpdErrorKind::UnclosedString {
        opcode: opcode.to_string(),
    })
}

fn operand_error(
    op: &Operation,
    operand: &Operand,
    expected: impl Into<Cow<'static, str>>,
) -> EpdErrorKind {
    EpdErrorKind::Operand {
        opcode: op.opcode.clone(),
        found: operand.text().to_string(),
        expected: expected.into(),
    }
}

/// What a FEN counter error expected, for the same counter given as an operation.
fn fen_expected(e: FenError) -> Cow<'static, str> {
    match e {
        FenError::Field { expected, .. } => expected,
        other => other.to_string().into(),
    }
}

/// The one operand of `op`.
fn single<'o>(op: &'o Operation, expected: &'static str) -> Result<&'o Operand, EpdErrorKind> {
    match op.operands.as_slice() {
        [one] => Ok(one),
        all => Err(EpdErrorKind::OperandCount {
            opcode: op.opcode.clone(),
            found: all.len(),
            expected,
        }),
    }
}

/// The one quoted string operand of `op`.
fn string(op: &Operation) -> Result<String, EpdErrorKind> {
    match single(op, "one quoted string")? {
        Operand::String(s) => Ok(s.clone()),
        token => Err(operand_error(op, token, "a string in double quotes")),
    }
}

/// The SAN move operands of `op`: each legal in `pos`, or (`line`) each legal after the ones
/// before it.
fn moves(op: &Operation, pos: &ChessPos, line: bool) -> Result<Vec<EpdMove>, EpdErrorKind> {
    if op.operands.is_empty() {
        return Err(EpdErrorKind::OperandCount {
            opcode: op.opcode.clone(),
            found: 0,
            expected: "one or more SAN moves",
        });
    }
    let mut at = pos.clone();
    let mut out = Vec::with_capacity(op.operands.len());
    for operand in &op.operands {
        let Operand::Token(text) = operand else {
            return Err(operand_error(op, operand, "a SAN move, not a string"));
        };
        // A check or mate mark written apart from its move ("bm Nxf7 +", in published
        // suites) belongs to the move before it; the move's SAN carries its own mark.
        if matches!(text.as_str(), "+" | "#") && !out.is_empty() {
            continue;
        }
        let san = SanPlus::from_ascii(text.as_bytes()).map_err(|_| {
            operand_error(
                op,
                operand,
                "a move in standard algebraic notation, e.g. Nf3, exd5, O-O, e8=Q+",
            )
        })?;
        let mv = san.san.to_move(at.position()).map_err(|e| {
            let what = match e {
                SanError::AmbiguousSan => "an unambiguous move",
                SanError::IllegalSan => "a legal move",
            };
            operand_error(op, operand, format!("{what} in {}", at.fen()))
        })?;
        out.push(EpdMove {
            san: at.san(mv),
            mv,
        });
        if line {
            at = at.play(mv);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> EpdRecord {
        parse_record(text, 1).unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    fn error(text: &str) -> EpdErrorKind {
        match parse_record(text, 7) {
            Ok(r) => panic!("{text:?} was accepted: {r:?}"),
            Err(e) => {
                assert_eq!(e.line, 7);
                e.kind
            }
        }
    }

    const SIX: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -";

    fn sans(moves: &[EpdMove]) -> Vec<&str> {
        moves.iter().map(|m| m.san.as_str()).collect()
    }

    #[test]
    fn published_suites_quirks_are_read() {
        // An empty operation right after the en passant field (the endgame suite).
        let r = record("8/8/8/5Bp1/7k/8/4pPKP/8 w - -; bm Bg4; id \"fortresses.95\";");
        assert_eq!(r.name(), "fortresses.95");
        // A comment string running on to the next line (the zugzwang suite).
        let suite = parse_suite(
            "8/8/1p1K4/Pp6/2k1p3/8/1P6/8 w - - bm a6; c0 \"Kubbel 1927, 1 ... e3\n\
             2 a7 e2\"; id \"ZPTS.06\";\n8/8/8/4N3/8/7p/8/5K1k w - - bm Ng4; id \"ZPTS.05\";",
        )
        .unwrap();
        assert_eq!(suite.len(), 2);
        assert_eq!(suite[0].name(), "ZPTS.06");
        // An unclosed string at the end of the text is still refused, with its line.
        let e = parse_suite("8/8/8/4N3/8/7p/8/5K1k w - - bm Ng4; c0 \"open").unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
    }

    #[test]
    fn counters_do_not_hide_the_operations() {
        // Issue 8 item 5: with "0 1" the bm was lost and the position counted as unsolved.
        for text in [
            format!("{SIX} 0 1 bm Ra8#; id \"six\";"),
            format!("{SIX} bm Ra8#; id \"six\";"),
            format!("{SIX} bm Ra8#; id \"six\"; hmvc 0; fmvn 1;"),
            format!("{SIX}\tbm Ra8# ;id \"six\""),
        ] {
            if text.ends_with('"') {
                assert!(matches!(
                    error(&text),
                    EpdErrorKind::Unterminated { ref opcode } if opcode == "id"
                ));
                continue;
            }
            let r = record(&text);
            assert_eq!(sans(&r.best_moves), ["Ra8#"], "{text}");
            assert_eq!(r.id.as_deref(), Some("six"));
            assert_eq!(r.name(), "six");
        }
        let r = record(&format!("{SIX} 12 40 bm Ra8#;"));
        assert_eq!(r.fen, format!("{SIX} 12 40"));
        assert_eq!(r.position.repetition_horizon(), 12);
        assert_eq!(r.name(), "#1");
        let r = record(&format!("{SIX} hmvc 3; fmvn 9;"));
        assert_eq!(r.fen, format!("{SIX} 3 9"));
        assert_eq!(record(SIX).fen, SIX);
    }

    #[test]
    fn the_standard_operations_are_read() {
        let r = record(
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - acd 5; bm Qg6; \
             id \"WAC.001\"; ce 32764; dm 2; pv Qg6 h5 Qh7#; c0 \"a \\\"quoted\\\" \\\\ word; \
             with a semicolon\"; am Qh4 Qf4;",
        );
        assert_eq!(sans(&r.best_moves), ["Qg6"]);
        assert_eq!(sans(&r.avoid_moves), ["Qh4", "Qf4"]);
        assert_eq!(r.pv, ["Qg6", "h5", "Qh7#"]);
        assert_eq!(sans(&r.pv_moves().unwrap()), ["Qg6", "h5", "Qh7#"]);
        assert_eq!(r.direct_mate, Some(2));
        assert_eq!(
            r.comments[0].as_deref(),
            Some("a \"quoted\" \\ word; with a semicolon")
        );
        assert_eq!(
            r.operation("ce").map(|o| o.operands.clone()),
            Some(vec![Operand::Token("32764".into())])
        );
        assert_eq!(r.operations.len(), 8);
        // Several best moves; disambiguation and suffixes are made canonical.
        let r = record("r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - bm Nd5 a4;");
        assert_eq!(sans(&r.best_moves), ["Nd5", "a4"]);
        let r = record("4k3/8/8/8/8/8/4K3/R6R w - - bm Rh1d1 Rhh2; id \"x\";");
        assert_eq!(sans(&r.best_moves), ["Rhd1", "Rh2"]);
        let r = record("4k3/8/8/8/8/8/8/R3K2R w KQ - bm O-O O-O-O;");
        assert_eq!(sans(&r.best_moves), ["O-O", "O-O-O"]);
        let r = record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Raa8;");
        assert_eq!(sans(&r.best_moves), ["Ra8#"]);
        // An operation without operands, and an opcode with digits and '_'.
        let r = record(&format!("{SIX} noop; x_1 a b;"));
        assert_eq!(r.operation("noop").map(|o| o.operands.len()), Some(0));
        assert_eq!(r.operation("x_1").map(|o| o.operands.len()), Some(2));
    }

    #[test]
    fn malformed_records_are_refused_with_the_reason() {
        let cases: &[(String, &str)] = &[
            ("8/8 w".into(), "found 2"),
            (
                format!("{SIX} 0 bm Ra8#;"),
                "not followed by a fullmove number",
            ),
            (
                format!("{SIX} 0 0 bm Ra8#;"),
                "fullmove number field is \"0\"",
            ),
            (format!("{SIX} 999 1"), "halfmove clock field is \"999\""),
            ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w _ -".into(), "castling field"),
            (format!("{SIX} bm Ra8#"), "not ended by ';'"),
            (format!("{SIX} id \"six;"), "not closed"),
            (format!("{SIX} id \"six\"x;"), "after the closing quote"),
            (format!("{SIX} id \"a\\nb\";"), "the only escapes"),
            (format!("{SIX} id six;"), "a string in double quotes"),
            (
                format!("{SIX} id \"a\" \"b\";"),
                "one quoted string, found 2",
            ),
            (format!("{SIX} bm;"), "one or more SAN moves, found 0"),
            (format!("{SIX} bm Rb9;"), "standard algebraic notation"),
            (format!("{SIX} bm Qa8;"), "a legal move in"),
            (format!("{SIX} bm \"Ra8\";"), "not a string"),
            (
                "4k3/8/8/8/8/8/4K3/R6R w - - bm Rd1;".into(),
                "an unambiguous move in",
            ),
            (format!("{SIX} dm 0;"), "at least 1"),
            (format!("{SIX} dm x;"), "at least 1"),
            (format!("{SIX} hmvc 200;"), "from 0 to 150"),
            (format!("{SIX} 1 1 hmvc 2;"), "the same counter"),
            (format!("{SIX} bm Ra8#; bm Ra8#;"), "appears twice"),
            (format!("{SIX} 1bm Ra8#;"), "halfmove clock"),
            (format!("{SIX} b-m Ra8#;"), "expected an opcode"),
            (format!("{SIX} abcdefghijklmnop 1;"), "expected an opcode"),
            (format!("{SIX} id \"\u{1b}[2J\";"), "control characters"),
            (format!("{SIX} bm Ra8#;\u{0}"), "control characters"),
        ];
        for (text, expected) in cases {
            let e = error(text).to_string();
            assert!(e.contains(expected), "{text:?}: {e:?} lacks {expected:?}");
            assert!(!e.chars().any(|c| c.is_control()), "{e:?} is not escaped");
        }
    }

    #[test]
    fn pv_is_kept_as_written_and_read_on_request() {
        // Win At Chess 15 writes a promotion without '='; the record stays usable.
        let r = record(&format!("{SIX} bm Ra8#; pv Ra8# a8Q;"));
        assert_eq!(r.pv, ["Ra8#", "a8Q"]);
        let e = r.pv_moves().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("pv operand \"a8Q\""), "{e}");
        let r = record(&format!("{SIX} pv Ra8 Ra8;"));
        assert!(
            r.pv_moves()
                .unwrap_err()
                .to_string()
                .contains("a legal move in")
        );
        assert_eq!(record(SIX).pv_moves(), Ok(Vec::new()));
    }

    #[test]
    fn suites_name_file_and_line() {
        let text = format!("# a comment\n\n{SIX} bm Ra8#; id \"ok\";\r\n{SIX} bm Ra9;\n");
        let e = parse_suite(&text).unwrap_err();
        assert!(
            matches!(&e, SuiteError::Record { source, .. } if source.line == 4),
            "{e}"
        );
        assert!(
            e.to_string().starts_with("line 4: bm operand \"Ra9\""),
            "{e}"
        );
        assert_eq!(
            parse_suite("\n# only comments\n").unwrap_err().to_string(),
            "the suite has no positions"
        );
        let suite = parse_suite(&text[..text.find("\r\n").unwrap() + 2]).unwrap();
        assert_eq!(suite.len(), 1);
        assert_eq!(suite[0].line, 3);
        let missing = read_suite("/nonexistent/suite.epd").unwrap_err();
        assert!(
            missing
                .to_string()
                .starts_with("cannot read suite '/nonexistent/suite.epd': "),
            "{missing}"
        );
    }

    #[test]
    fn the_bratko_kopec_suite_parses() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/bk.epd");
        let suite = read_suite(path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(suite.len(), 24);
        assert_eq!(suite[0].name(), "BK.01");
        assert_eq!(sans(&suite[0].best_moves), ["Qd1+"]);
        assert!(suite.iter().all(|r| !r.best_moves.is_empty()));
    }
}
