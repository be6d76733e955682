//! Conversions between Python ints and the crate's exact numbers.

use crate::numbers::{Dyadic, Int};
use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

pub fn int_from_py(v: &Bound<'_, PyAny>) -> PyResult<Int> {
    if let Ok(s) = v.extract::<i64>() {
        return Ok(Int::from(s));
    }
    let b: BigInt = v.extract()?;
    Ok(Int::from_big(b))
}

pub fn int_to_py(py: Python<'_>, v: &Int) -> PyResult<Py<PyAny>> {
    match v.as_small() {
        Some(s) => s.into_py_any(py),
        None => v.to_big().into_py_any(py),
    }
}

/// A dyadic from its normalised Python fields `(p, q)`.
pub fn dyadic_from_py(p: &Bound<'_, PyAny>, q: u64) -> PyResult<Dyadic> {
    Ok(Dyadic::new(int_from_py(p)?, q))
}

/// A dyadic as the pair `(p, q)` that `cgtkit.numbers.Dyadic._make` takes.
pub fn dyadic_to_py(py: Python<'_>, x: &Dyadic) -> PyResult<(Py<PyAny>, u64)> {
    Ok((int_to_py(py, x.numerator())?, x.exponent()))
}
