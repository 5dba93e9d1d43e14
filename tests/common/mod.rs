//! Helpers shared by the integration tests that include this module (`mod common;`).

use std::path::PathBuf;

/// A fresh temporary directory for one test, removed when dropped. Named after the test crate
/// (`prunescope-reading-…`, `prunescope-writing-…`), the test's `name` and the process, so
/// tests running at once never share one.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "prunescope-{}-{name}-{}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
