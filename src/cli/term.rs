//! Writing to the terminal: standard output that never panics, and escaping of anything that
//! came from input (a tree text, an EPD `id`, a trace file's strings) so that control
//! characters cannot move the cursor, clear the screen or hide text.

use std::borrow::Cow;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

/// Buffered standard output. Write through it with `write!`/`writeln!` and `?`: a closed pipe
/// becomes [`crate::error::CliError::BrokenPipe`], never a panic (`println!` panics), and a
/// closed standard output ([`guard_std_fds`]) an error.
pub fn stdout() -> BufWriter<Stdout> {
    BufWriter::new(Stdout(io::stdout().lock()))
}

/// Standard output, which fails every write when the process was started with it closed
/// (`prunescope … >&-`). The standard library's own stdout reports such writes as done
/// (it ignores EBADF), so the output would vanish with exit status 0.
pub struct Stdout(StdoutLock<'static>);

/// Set by [`guard_std_fds`] when file descriptor 1 was closed at start.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// The error of a write to a closed standard output: not a broken pipe (whose reader asked
/// for no more), so it ends the command with status 1.
pub fn stdout_closed() -> io::Error {
    io::Error::other("standard output is closed")
}

/// Whether standard output was closed at start.
pub fn is_stdout_closed() -> bool {
    STDOUT_CLOSED.load(AtomicOrdering::Relaxed)
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if is_stdout_closed() {
            return Err(stdout_closed());
        }
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        if is_stdout_closed() {
            return Err(stdout_closed());
        }
        self.0.flush()
    }
}

/// Run first thing in `main`: learns whether the process was started with standard output
/// closed, so that output to it fails instead of vanishing.
///
/// Before `main`, the standard library opens `/dev/null` (read-write) in place of a closed
/// descriptor 0, 1 or 2, so the next file the command opens (a `--trace` file) can never
/// become standard output; but writes to that `/dev/null` succeed, and the command would
/// print nothing and exit 0. A descriptor 1 on `/dev/null` opened read-write is taken for a
/// closed one: `> /dev/null` opens it write-only (`1<> /dev/null`, read-write, is taken for
/// closed too). Linux only (it asks /proc); elsewhere nothing is detected.
pub fn guard_std_fds() {
    let on_dev_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == std::path::Path::new("/dev/null"));
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            // O_ACCMODE is 3, O_RDWR 2.
            .is_some_and(|flags| flags & 3 == 2)
    });
    if on_dev_null && read_write {
        STDOUT_CLOSED.store(true, AtomicOrdering::Relaxed);
    }
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
