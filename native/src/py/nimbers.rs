//! The Python face of the nim-product kernel (`cgtkit.nimbers.nim_product_array`).

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// `a (*) b` element-wise for two equally long contiguous uint64 arrays.
#[pyfunction]
fn nim_product_u64<'py>(py: Python<'py>, a: PyReadonlyArray1<'py, u64>, b: PyReadonlyArray1<'py, u64>) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let (a, b) = match (a.as_slice(), b.as_slice()) {
        (Ok(a), Ok(b)) if a.len() == b.len() => (a, b),
        _ => return Err(PyValueError::new_err("nim_product_u64 needs two contiguous uint64 arrays of one length")),
    };
    let mut out = vec![0u64; a.len()];
    super::detached(py, || {
        crate::nimbers::nim_product_slices(a, b, &mut out);
        Ok(())
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// The nim product of two 64-bit nimbers.
#[pyfunction]
fn nim_product_64(a: u64, b: u64) -> u64 {
    crate::nimbers::nim_product(a, b)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nim_product_u64, m)?)?;
    m.add_function(wrap_pyfunction!(nim_product_64, m)?)?;
    Ok(())
}
