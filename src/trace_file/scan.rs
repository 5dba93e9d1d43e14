//! A chunked reader of JSON values: it finds where the next value ends (tracking strings,
//! escapes and nesting), so each node or event object can be parsed on its own by serde_json's
//! fast slice parser while the file streams through a buffer of a few megabytes.

use std::io::{self, Read};

/// Why the scanner stopped.
#[derive(Debug)]
pub(crate) enum ScanError {
    Io(io::Error),
    /// The input ended inside a value or before an expected token.
    Eof,
    /// A byte that cannot start or continue the expected JSON.
    Unexpected {
        found: u8,
        expected: &'static str,
    },
    /// One value needs more than [`Scanner::limit`] bytes of buffer (after runs of whitespace
    /// were squeezed to one byte), or more than the memory there is.
    TooLarge {
        limit: usize,
        out_of_memory: bool,
    },
}

impl From<io::Error> for ScanError {
    fn from(e: io::Error) -> Self {
        ScanError::Io(e)
    }
}

pub(crate) struct Scanner<R: Read> {
    r: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    eof: bool,
    /// 1-based line of `buf[pos]`.
    pub line: u64,
    /// The most bytes the buffer may hold for one value: the value being read must fit in it
    /// once runs of whitespace outside strings are squeezed to one byte. Callers set it for
    /// each value from what the format allows there (a node, the header's `input`, …); it is
    /// never less than [`CHUNK`].
    pub limit: usize,
}

/// The buffer's size, and the least [`Scanner::limit`].
pub(crate) const CHUNK: usize = 1 << 20;

/// Byte classes for [`Scanner::value`]: bytes that matter inside a string, and outside one.
const IN_STRING: u8 = 1;
const OUTSIDE: u8 = 2;
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = IN_STRING | OUTSIDE;
    t[b'\\' as usize] = IN_STRING;
    t[b'{' as usize] = OUTSIDE;
    t[b'}' as usize] = OUTSIDE;
    t[b'[' as usize] = OUTSIDE;
    t[b']' as usize] = OUTSIDE;
    t[b'\n' as usize] = OUTSIDE;
    t
};

impl<R: Read> Scanner<R> {
    pub fn new(r: R) -> Self {
        Scanner {
            r,
            buf: vec![0; CHUNK],
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            limit: CHUNK,
        }
    }

    /// Gives back what the buffer grew by for one large value, once that value is parsed: the
    /// bytes still buffered stay, in a buffer of [`CHUNK`] or their own size.
    pub fn shrink(&mut self) {
        if self.buf.len() > CHUNK {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
            self.buf.truncate(self.end.max(CHUNK));
            self.buf.shrink_to_fit();
        }
    }

    /// Reads more input after what is buffered; false at the end of the input. The bytes from
    /// `pos` on stay in the buffer, and `pos` is the first byte of a value (or of whitespace
    /// before one) whenever this is called; when the buffer is full, runs of whitespace in
    /// them are squeezed to one byte ([`Scanner::squeeze`]) before the buffer may grow. `*at`,
    /// an offset from `pos` at the end of the buffered bytes, is moved with them.
    fn fill(&mut self, at: &mut usize) -> Result<bool, ScanError> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 && self.end == self.buf.len() {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        if self.end == self.buf.len() {
            // One value larger than the buffer: first drop the whitespace it holds, then grow
            // within the limit. 200 MB of blanks inside a value cost one byte, not 200 MB.
            let removed = self.squeeze();
            *at -= removed.min(*at);
            if self.end == self.buf.len() {
                let len = self.buf.len();
                let too_large = |out_of_memory| ScanError::TooLarge {
                    limit: self.limit,
                    out_of_memory,
                };
                if len >= self.limit.max(CHUNK) {
                    return Err(too_large(false));
                }
                // A quarter more at a time: a 300 MB string is held in at most 375 MB, beside
                // the string parsed from it (the 2x rule of reading).
                let grow = (len / 4).max(CHUNK).min(self.limit.max(CHUNK) - len);
                if self.buf.try_reserve_exact(grow).is_err() {
                    return Err(too_large(true));
                }
                self.buf.resize(len + grow, 0);
            }
        }
        loop {
            match self.r.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Squeezes every run of whitespace outside strings in `buf[pos..end]` to one byte (a
    /// newline if the run held one, else a space) and returns how many bytes it removed.
    /// `pos` must not be inside a string. One byte stays so that what was two tokens stays
    /// two (`1 2` must not become `12`); the value means what it meant, and only line numbers
    /// inside it may come out lower in messages.
    fn squeeze(&mut self) -> usize {
        let (mut w, mut in_str, mut esc) = (self.pos, false, false);
        let mut blank: Option<u8> = None;
        for r in self.pos..self.end {
            let b = self.buf[r];
            if !in_str && matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                blank = Some(if b == b'\n' || blank == Some(b'\n') {
                    b'\n'
                } else {
                    b' '
                });
                continue;
            }
            if let Some(k) = blank.take() {
                self.buf[w] = k;
                w += 1;
            }
            if in_str {
                if esc {
                    esc = false;
                } else if b == b'\\' {
                    esc = true;
                } else if b == b'"' {
                    in_str = false;
                }
            } else if b == b'"' {
                in_str = true;
            }
            self.buf[w] = b;
            w += 1;
        }
        if let Some(k) = blank {
            self.buf[w] = k;
            w += 1;
        }
        let removed = self.end - w;
        self.end = w;
        removed
    }

    /// The next byte that is not whitespace (not consumed), or `None` at the end.
    pub fn peek(&mut self) -> Result<Option<u8>, ScanError> {
        loop {
            while self.pos < self.end {
                match self.buf[self.pos] {
                    b'\n' => self.line += 1,
                    b' ' | b'\t' | b'\r' => {}
                    b => return Ok(Some(b)),
                }
                self.pos += 1;
            }
            if !self.fill(&mut 0)? {
                return Ok(None);
            }
        }
    }

    /// Consumes the next non-whitespace byte, which must be `b`.
    pub fn expect(&mut self, b: u8, expected: &'static str) -> Result<(), ScanError> {
        match self.peek()? {
            Some(found) if found == b => {
                self.pos += 1;
                Ok(())
            }
            Some(found) => Err(ScanError::Unexpected { found, expected }),
            None => Err(ScanError::Eof),
        }
    }

    /// Consumes the next non-whitespace byte if it is `b`.
    pub fn eat(&mut self, b: u8) -> Result<bool, ScanError> {
        if self.peek()? == Some(b) {
            self.pos += 1;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Parses the next value, an object, straight from the buffer: `parse` gets the buffered
    /// input from the object's first byte on and returns how many bytes it read. While it
    /// fails because the input ended inside the object, more is read and `parse` runs again
    /// (so it must have no effect before it succeeds). Another value is handed to `parse`
    /// whole, for serde to name its type.
    pub fn object<T>(
        &mut self,
        mut parse: impl FnMut(&[u8]) -> Result<(T, usize), serde_json::Error>,
    ) -> Result<Result<T, serde_json::Error>, ScanError> {
        if self.peek()? != Some(b'{') {
            let span = self.value()?;
            return Ok(parse(span).map(|(v, _)| v));
        }
        loop {
            match parse(&self.buf[self.pos..self.end]) {
                Ok((v, used)) => {
                    let read = &self.buf[self.pos..self.pos + used];
                    self.line += read.iter().filter(|&&b| b == b'\n').count() as u64;
                    self.pos += used;
                    return Ok(Ok(v));
                }
                Err(e) if e.is_eof() && !self.eof => {
                    let mut at = self.end - self.pos;
                    self.fill(&mut at)?;
                }
                Err(e) => return Ok(Err(e)),
            }
        }
    }

    /// [`Scanner::value`], to be changed in place (the header's long strings are taken out of
    /// it, [`super::json_read`]).
    pub fn value_mut(&mut self) -> Result<&mut [u8], ScanError> {
        let len = self.value()?.len();
        Ok(&mut self.buf[self.pos - len..self.pos])
    }

    /// The bytes of the next JSON value (consumed): an object, array or string up to its
    /// closing byte, a number or literal up to the next delimiter. Only the extent is found
    /// here; serde_json checks the value itself.
    pub fn value(&mut self) -> Result<&[u8], ScanError> {
        let first = self.peek()?.ok_or(ScanError::Eof)?;
        let mut i = 1; // offset from pos
        let mut lines = 0;
        match first {
            b'{' | b'[' => {
                let (mut depth, mut in_str, mut esc) = (1u32, false, false);
                'fill: loop {
                    if self.pos + i == self.end && !self.fill(&mut i)? {
                        return Err(ScanError::Eof);
                    }
                    let bytes = &self.buf[self.pos + i..self.end];
                    let n = bytes.len();
                    let mut k = 0;
                    loop {
                        if esc {
                            // The byte after a backslash (the chunk may have ended between).
                            if k == n {
                                break;
                            }
                            k += 1;
                            esc = false;
                        }
                        if in_str {
                            while k < n && CLASS[bytes[k] as usize] & IN_STRING == 0 {
                                k += 1;
                            }
                            if k == n {
                                break;
                            }
                            if bytes[k] == b'\\' {
                                esc = true;
                            } else {
                                in_str = false;
                            }
                            k += 1;
                            continue;
                        }
                        while k < n && CLASS[bytes[k] as usize] & OUTSIDE == 0 {
                            k += 1;
                        }
                        if k == n {
                            break;
                        }
                        let b = bytes[k];
                        k += 1;
                        match b {
                            b'"' => in_str = true,
                            b'{' | b'[' => depth += 1,
                            b'}' | b']' => {
                                depth -= 1;
                                if depth == 0 {
                                    i += k;
                                    break 'fill;
                                }
                            }
                            _ => lines += 1,
                        }
                    }
                    i += k;
                }
            }
            b'"' => {
                let mut esc = false;
                loop {
                    if self.pos + i == self.end && !self.fill(&mut i)? {
                        return Err(ScanError::Eof);
                    }
                    let b = self.buf[self.pos + i];
                    i += 1;
                    if esc {
                        esc = false;
                    } else if b == b'\\' {
                        esc = true;
                    } else if b == b'"' {
                        break;
                    }
                }
            }
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => loop {
                if self.pos + i == self.end && !self.fill(&mut i)? {
                    break;
                }
                match self.buf[self.pos + i] {
                    b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n' => break,
                    _ => i += 1,
                }
            },
            found => {
                return Err(ScanError::Unexpected {
                    found,
                    expected: "a JSON value",
                });
            }
        }
        let start = self.pos;
        self.pos += i;
        self.line += lines;
        Ok(&self.buf[start..start + i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, chunk: usize) -> Vec<String> {
        // a reader that returns at most `chunk` bytes at a time
        struct Slow<'a>(&'a [u8], usize);
        impl Read for Slow<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut sc = Scanner::new(Slow(text.as_bytes(), chunk));
        sc.limit = usize::MAX;
        let mut out = Vec::new();
        sc.expect(b'[', "[").unwrap();
        loop {
            out.push(String::from_utf8(sc.value().unwrap().to_vec()).unwrap());
            if !sc.eat(b',').unwrap() {
                break;
            }
        }
        sc.expect(b']', "]").unwrap();
        assert_eq!(sc.peek().unwrap(), None);
        out
    }

    #[test]
    fn finds_the_extent_of_every_kind_of_value() {
        let text = "[ {\"a\": \"}\\\"]\", \"b\": [1, {\"c\": []}]},\n -12.5e3, \"x\\\\\", true,\nnull, [[]] ]";
        for chunk in [1, 2, 3, 7, 1000] {
            assert_eq!(
                values(text, chunk),
                vec![
                    "{\"a\": \"}\\\"]\", \"b\": [1, {\"c\": []}]}",
                    "-12.5e3",
                    "\"x\\\\\"",
                    "true",
                    "null",
                    "[[]]"
                ],
                "chunk {chunk}"
            );
        }
    }

    #[test]
    fn a_value_larger_than_the_buffer_grows_it() {
        let big = format!("[\"{}\"]", "x".repeat(3 * CHUNK));
        assert_eq!(values(&big, 4096)[0].len(), 3 * CHUNK + 2);
    }

    #[test]
    fn whitespace_in_a_value_is_squeezed_not_buffered() {
        // 12 MB of blanks between tokens, within a limit of 2 MB: runs are squeezed as the
        // buffer fills, and a run between two tokens stays a byte, so `1 2` does not become
        // `12`; blanks inside strings stay.
        let pad = " ".repeat(3 * CHUNK);
        let text = format!("[{{\"a\": \"x  y\",{pad}\"b\":{pad}[1{pad}\n{pad}2]}}]");
        let mut sc = Scanner::new(text.as_bytes());
        sc.limit = 2 * CHUNK;
        sc.expect(b'[', "[").unwrap();
        let v = String::from_utf8(sc.value().unwrap().to_vec()).unwrap();
        let squeezed: Vec<&str> = v.split([' ', '\n']).filter(|s| !s.is_empty()).collect();
        assert_eq!(squeezed, ["{\"a\":", "\"x", "y\",", "\"b\":", "[1", "2]}"]);
        assert!(v.contains("\"x  y\""));
        assert!(sc.buf.len() <= 2 * CHUNK);
        assert_eq!(sc.line, 2);
    }

    #[test]
    fn a_value_past_the_limit_is_refused_before_it_is_held() {
        let text = format!("[\"{}\"]", "x".repeat(3 * CHUNK));
        let mut sc = Scanner::new(text.as_bytes());
        sc.limit = 2 * CHUNK;
        sc.expect(b'[', "[").unwrap();
        assert!(matches!(
            sc.value(),
            Err(ScanError::TooLarge {
                limit,
                out_of_memory: false
            }) if limit == 2 * CHUNK
        ));
        assert!(sc.buf.len() <= 2 * CHUNK);
    }

    #[test]
    fn unterminated_values_are_eof() {
        let mut sc = Scanner::new("{\"a\": [1, 2".as_bytes());
        assert!(matches!(sc.value(), Err(ScanError::Eof)));
    }
}
