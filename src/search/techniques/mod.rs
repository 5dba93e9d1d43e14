//! The papers' techniques, one module each: its source, its parameters, its gate and its steps.

pub mod tt;
