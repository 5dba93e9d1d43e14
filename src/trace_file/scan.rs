//! The JSON reader's input: a buffer of a few megabytes over the (decompressed) file, from which
//! each node or event object is parsed by serde_json's slice parser (several times faster than
//! its reader over `io::Read`, which takes one byte per call: 0.5 s against 0.9-1.6 s for a
//! 500,000-node trace), and through which a header value streams into serde_json's reader
//! within a byte budget, so that no value is held before its bound refuses it.

use super::error::Problem;
use std::io::{self, Read};

pub(crate) struct Scanner<R: Read> {
    r: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    /// 1-based line of `buf[pos]`.
    pub line: u64,
    /// The most bytes the buffer may hold for one object, once runs of whitespace outside
    /// strings are squeezed to one byte; never less than [`CHUNK`].
    limit: usize,
    /// What [`Read`] still hands out of the value being read ([`Scanner::value`]): bytes
    /// outside strings that are not whitespace, and every byte of a string; whether it ran
    /// out; the string state; and the last byte it handed out.
    budget: usize,
    over: bool,
    in_str: bool,
    esc: bool,
    last: Option<u8>,
}

/// The buffer's size, and the least [`Scanner::limit`].
pub(crate) const CHUNK: usize = 1 << 20;

/// Steps the string state of a JSON text over byte `b`.
fn step_string(b: u8, in_str: &mut bool, esc: &mut bool) {
    if *esc {
        *esc = false;
    } else if *in_str && b == b'\\' {
        *esc = true;
    } else if b == b'"' {
        *in_str = !*in_str;
    }
}

impl<R: Read> Scanner<R> {
    pub fn new(r: R, limit: usize) -> Self {
        Scanner {
            r,
            buf: vec![0; CHUNK],
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            limit: limit.max(CHUNK),
            budget: 0,
            over: false,
            in_str: false,
            esc: false,
            last: None,
        }
    }

    /// Reads more input after what is buffered; false at the end of the input. The bytes from
    /// `pos` on stay; when they fill the buffer, runs of whitespace in them are squeezed to
    /// one byte ([`Scanner::squeeze`]) before the buffer grows, a quarter at a time, within
    /// [`Scanner::limit`].
    fn fill(&mut self) -> Result<bool, Problem> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 && self.end == self.buf.len() {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        if self.end == self.buf.len() {
            self.squeeze();
            let (len, limit, line) = (self.buf.len(), self.limit, self.line);
            if self.end == len {
                if len >= limit {
                    return Err(Problem::TooLarge(format!(
                        "the value at line {line} is longer than the {limit} bytes the format \
                         allows there"
                    )));
                }
                let grow = (len / 4).max(CHUNK).min(limit - len);
                if self.buf.try_reserve_exact(grow).is_err() {
                    let e = format!("out of memory reading the value at line {line}");
                    return Err(Problem::TooLarge(e));
                }
                self.buf.resize(len + grow, 0);
            }
        }
        loop {
            match self.r.read(&mut self.buf[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    self.eof = n == 0;
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                    return Err(Problem::Truncated(e.to_string()));
                }
                Err(e) => return Err(Problem::Io(e.to_string())),
            }
        }
    }

    /// Squeezes every run of whitespace outside strings in `buf[pos..end]` to one byte (a
    /// newline if the run held one, else a space), so that `1 2` stays two tokens and 200 MB
    /// of blanks cost one byte (only line numbers inside the object may come out lower).
    fn squeeze(&mut self) {
        let (mut w, mut in_str, mut esc) = (self.pos, false, false);
        let mut blank: Option<u8> = None;
        for r in self.pos..self.end {
            let b = self.buf[r];
            if !in_str && b.is_ascii_whitespace() {
                let newline = b == b'\n' || blank == Some(b'\n');
                blank = Some(if newline { b'\n' } else { b' ' });
                continue;
            }
            if let Some(k) = blank.take() {
                self.buf[w] = k;
                w += 1;
            }
            step_string(b, &mut in_str, &mut esc);
            self.buf[w] = b;
            w += 1;
        }
        if let Some(k) = blank {
            self.buf[w] = k;
            w += 1;
        }
        self.end = w;
    }

    /// The next byte that is not whitespace (not consumed), or `None` at the end.
    pub fn peek(&mut self) -> Result<Option<u8>, Problem> {
        loop {
            while self.pos < self.end {
                match self.buf[self.pos] {
                    b'\n' => self.line += 1,
                    b' ' | b'\t' | b'\r' => {}
                    b => return Ok(Some(b)),
                }
                self.pos += 1;
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// Consumes the next non-whitespace byte if it is `b`.
    pub fn eat(&mut self, b: u8) -> Result<bool, Problem> {
        let found = self.peek()? == Some(b);
        self.pos += found as usize;
        Ok(found)
    }

    /// Consumes the next non-whitespace byte, which must be `b`.
    pub fn expect(&mut self, b: u8, expected: &str) -> Result<(), Problem> {
        let line = self.line;
        match self.peek()? {
            _ if self.eat(b)? => Ok(()),
            Some(found) => Err(Problem::Syntax(format!(
                "expected {expected} at line {line}, found '{}'",
                (found as char).escape_default()
            ))),
            None => Err(Problem::Truncated(format!(
                "the input stops at line {line}"
            ))),
        }
    }

    /// Parses the next value, an object, straight from the buffer: `parse` gets the buffered
    /// input from its first byte on and returns how many bytes it read. While it fails
    /// because the input ended inside the object, more is read and `parse` runs again (so it
    /// must have no effect before it succeeds).
    pub fn object(
        &mut self,
        mut parse: impl FnMut(&[u8]) -> Result<usize, serde_json::Error>,
    ) -> Result<Result<(), serde_json::Error>, Problem> {
        self.peek()?;
        loop {
            match parse(&self.buf[self.pos..self.end]) {
                Ok(used) => {
                    let read = &self.buf[self.pos..self.pos + used];
                    self.line += read.iter().filter(|&&b| b == b'\n').count() as u64;
                    self.pos += used;
                    return Ok(Ok(()));
                }
                Err(e) if e.is_eof() && !self.eof => {
                    self.fill()?;
                }
                Err(e) => return Ok(Err(e)),
            }
        }
    }

    /// Reads the next value as a `T` through serde_json's reader, handing it at most `budget`
    /// bytes (whitespace outside strings not counted): a long string is held once, in
    /// serde_json's scratch buffer, before it is copied into the value, and a value past its
    /// bound is refused as it streams. `Ok(None)` when the budget ran out.
    pub fn value<T: serde::de::DeserializeOwned>(
        &mut self,
        budget: usize,
    ) -> Result<Option<T>, serde_json::Error> {
        let number = matches!(self.peek(), Ok(Some(b'-' | b'0'..=b'9')));
        (self.budget, self.over, self.in_str, self.esc) = (budget, false, false, false);
        self.last = None;
        // Through `dyn Read`: one copy of serde_json's reader for every input type (the second
        // wasm build grew 33 KB, against 112 KB with one copy per type).
        let v = T::deserialize(&mut serde_json::Deserializer::from_reader(
            self as &mut dyn Read,
        ));
        if self.over {
            return Ok(None);
        }
        // serde_json reads the byte after a number to see that it ended: give it back.
        if let Some(b) = self
            .last
            .filter(|b| number && !b"0123456789.eE+-".contains(b))
        {
            self.pos -= 1;
            self.line -= (b == b'\n') as u64;
        }
        v.map(Some)
    }
}

impl<R: Read> Read for Scanner<R> {
    /// One byte at a time, as serde_json's reader asks, counted against the budget.
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        let to_io = |p| match p {
            Problem::Io(s) | Problem::Truncated(s) => io::Error::other(s),
            p => io::Error::other(p),
        };
        if self.pos == self.end && !self.fill().map_err(to_io)? {
            return Ok(0);
        }
        let b = self.buf[self.pos];
        step_string(b, &mut self.in_str, &mut self.esc);
        if self.in_str || !b.is_ascii_whitespace() {
            if self.budget == 0 {
                self.over = true;
                return Err(io::Error::other("too large"));
            }
            self.budget -= 1;
        }
        self.line += (b == b'\n') as u64;
        self.pos += 1;
        self.last = Some(b);
        out[0] = b;
        Ok(1)
    }
}
