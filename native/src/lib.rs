//! cgtkit's native core, bound to Python as `cgtkit._native`.
//!
//! The crate mirrors the Python packages: `numbers` (exact integers and dyadics),
//! `short` (the engine of short games in canonical form), `rulesets` (the position
//! search of the classic games), `heap` (Grundy sequences of heap games and their
//! period search), `nimbers` (nim products), and the bindings in `py`.

pub mod heap;
pub mod misere;
pub mod nimbers;
pub mod notation;
pub mod numbers;
pub mod py;
pub mod rulesets;
pub mod short;

use pyo3::prelude::*;

/// The version of the native core (the package version it was built with).
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    py::install_hooks();
    m.add_function(wrap_pyfunction!(version, m)?)?;
    py::short::register(m)?;
    py::facade::register(m)?;
    py::notation::register(m)?;
    py::rulesets::register(m)?;
    py::heap::register(m)?;
    py::nimbers::register(m)?;
    py::impartial::register(m)?;
    py::misere::register(m)?;
    Ok(())
}
