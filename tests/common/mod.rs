//! Helpers shared by the integration tests that include this module (`mod common;`).

// Each test crate compiles this module on its own and uses only some of it.
#![allow(dead_code)]

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

/// Runs the `prunescope` binary from the repository's root with `args` and no input:
/// (exit code, stdout, stderr).
pub fn prunescope(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
