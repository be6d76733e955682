//! cgtkit's native core, bound to Python as `cgtkit._native`.
//!
//! The crate mirrors the Python packages, one module each:
//!
//! * `numbers`: exact integers of any size and dyadic rationals (`cgtkit.numbers`);
//! * `short`: the engine of short games in canonical form (`cgtkit.short`);
//! * `notation`: the reader and printer of CGSuite notation for short games
//!   (`cgtkit.short.notation`);
//! * `rulesets`: the position search of the rulesets and the outcome search of games
//!   of stones (`cgtkit.rulesets`);
//! * `search`: the native writer of compact certificates of who wins a sum
//!   (`cgtkit.search.strategy`), over the rulesets' outcome search;
//! * `heap`: Grundy sequences of take-and-break games and their period search
//!   (`cgtkit.heap`);
//! * `misere`: misère quotients of heap games (`cgtkit.misere`);
//! * `impartial`: the Grundy search over a move function, generic over the game
//!   (`cgtkit.impartial`);
//! * `nimbers`: nim products (`cgtkit.nimbers`);
//! * `binary_fields`: GF(2^n) in a polynomial basis (`cgtkit.binary_fields`);
//! * `sweep`: the positions a sweep lists: polyominoes (`cgtkit.sweep`);
//! * `py`: the bindings, marshalling only (`py::facade` the hot half of `Game`), registered below.

pub mod binary_fields;
pub mod heap;
pub mod impartial;
pub mod misere;
pub mod nimbers;
pub mod notation;
pub mod numbers;
pub mod py;
pub mod rulesets;
pub mod search;
pub mod short;
pub mod sweep;

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
    py::binary_fields::register(m)?;
    py::impartial::register(m)?;
    py::misere::register(m)?;
    py::sweep::register(m)?;
    Ok(())
}
