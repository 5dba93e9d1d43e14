//! Writing to the terminal: standard output that never panics, and escaping of anything that
//! came from input (a tree text, an EPD `id`, a trace file's strings) so that control
//! characters cannot move the cursor, clear the screen or hide text.

use std::borrow::Cow;
use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered standard output. Write through it with `write!`/`writeln!` and `?`: a closed pipe
/// becomes [`crate::error::CliError::BrokenPipe`], never a panic (`println!` panics).
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Prints `notice: MESSAGE` on standard error, escaped. A notice that cannot be written (a
/// closed or full standard error) is dropped: it must not stop the command or panic, as
/// `eprintln!` does.
pub fn notice(message: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "notice: {}", escape(message));
}

/// `s` with every control character (C0, DEL and C1, including ESC and NUL) written as a
/// visible escape: `\n`, `\t`, `\r`, or `\u{1b}`. Text without control characters is returned
/// as it is.
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c.is_control() && c != '\n') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            // Line breaks in our own messages stay line breaks.
            '\n' => out.push('\n'),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// [`escape`] for one field that must stay on one line (an EPD id, a move, a file name).
pub fn escape_line(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(escape(s).replace('\n', "\\n"))
}

/// A progress line on standard error for long commands (experiments, benchmarks): redrawn in
/// place at most five times a second, and only when standard error is a terminal, so that
/// logs and pipes stay clean.
pub struct Progress {
    enabled: bool,
    start: std::time::Instant,
    last: Option<std::time::Instant>,
}

impl Progress {
    pub fn new() -> Self {
        use std::io::IsTerminal;
        Progress {
            enabled: io::stderr().is_terminal(),
            start: std::time::Instant::now(),
            last: None,
        }
    }

    /// Seconds since the progress line was created.
    pub fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// Redraws the line with `line()` if the last redraw is old enough. The text is escaped.
    pub fn update(&mut self, line: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        let now = std::time::Instant::now();
        if self
            .last
            .is_some_and(|t| now.duration_since(t).as_millis() < 200)
        {
            return;
        }
        self.last = Some(now);
        let mut err = io::stderr().lock();
        // \r and "erase to end of line" are ours; the text itself is escaped.
        let _ = write!(err, "\r{}\u{1b}[K", escape_line(&line()));
        let _ = err.flush();
    }

    /// Erases the line.
    pub fn finish(&mut self) {
        if self.enabled && self.last.is_some() {
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r\u{1b}[K");
            let _ = err.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_become_visible() {
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(escape("nul\0"), "nul\\u{0}");
        assert_eq!(escape("two\nlines"), "two\nlines");
        assert_eq!(escape_line("two\nlines"), "two\\nlines");
        assert_eq!(escape("\u{9b}31m"), "\\u{9b}31m");
    }
}
