//! The Python face of `crate::sweep`: `Polyominoes(k, reduced)`, a listing taken in
//! chunks of grid strings (`cgtkit.backend`'s `polyominoes()` wraps it).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::sweep::polyominoes::{self, MAX_CELLS};

/// The polyominoes of `k` cells, every fixed one or (`reduced`) one per Domineering position.
#[pyclass(module = "cgtkit._native")]
pub struct Polyominoes {
    inner: polyominoes::Polyominoes,
}

#[pymethods]
impl Polyominoes {
    #[new]
    fn new(k: i64, reduced: bool) -> PyResult<Self> {
        usize::try_from(k)
            .ok()
            .and_then(|k| polyominoes::Polyominoes::new(k, reduced))
            .map(|inner| Polyominoes { inner })
            .ok_or_else(|| PyValueError::new_err(format!("polyominoes of 1 to {MAX_CELLS} cells, not {k}")))
    }

    /// Up to `n` more polyominoes (an empty list at the end).
    fn chunk(&mut self, py: Python<'_>, n: usize) -> PyResult<Vec<String>> {
        let inner = &mut self.inner;
        super::detached(py, || {
            let mut out = Vec::with_capacity(n.min(1 << 16));
            inner.next_chunk(n, &mut out);
            Ok(out)
        })
    }

    /// How many polyominoes are left (runs the listing to its end).
    fn count(&mut self, py: Python<'_>) -> PyResult<u64> {
        let inner = &mut self.inner;
        super::detached(py, || Ok(inner.count()))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Polyominoes>()?;
    Ok(())
}
