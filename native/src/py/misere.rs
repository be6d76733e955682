//! `misere_construct(options, m, mul, p, phi, orders, candidates, max_size)`: extend a
//! misère quotient to every heap in `options` (see `crate::misere`).

use super::cgt_error;
use crate::misere::construct::{construct, Construction};
use crate::misere::monoid::Monoid;
use crate::misere::Fail;
use pyo3::prelude::*;

type State = (usize, Vec<u32>, Vec<bool>, Vec<u32>, Vec<usize>, usize);

/// The quotient of heaps `0 .. len(options)-1`, grown from the given state (the
/// quotient of the first `len(phi)` heaps); returns the new state.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn misere_construct(
    py: Python<'_>,
    options: Vec<Vec<Vec<u32>>>,
    m: usize,
    mul: Vec<u32>,
    p: Vec<bool>,
    phi: Vec<u32>,
    orders: Vec<usize>,
    candidates: usize,
    max_size: usize,
) -> PyResult<State> {
    if mul.len() != m * m || p.len() != m || phi.is_empty() || orders.len() != phi.len() {
        return Err(pyo3::exceptions::PyValueError::new_err("misere_construct: inconsistent state"));
    }
    let start = Construction { q: Monoid { m, mul }, p, phi, orders, candidates };
    let out = py.detach(move || std::panic::catch_unwind(move || construct(&options, start, max_size)));
    match out {
        Ok(Ok(c)) => Ok((c.q.m, c.q.mul, c.p, c.phi, c.orders, c.candidates)),
        Ok(Err(Fail::Interrupted)) => Err(super::engine_err(py, crate::short::EngineError::Interrupted)),
        Ok(Err(Fail::TooLarge(size))) => Err(cgt_error(
            py,
            "MisereQuotientError",
            format!("a candidate misère quotient would have {size} elements (more than {max_size}); ask for fewer heaps"),
        )),
        Ok(Err(Fail::Stuck)) => {
            Err(pyo3::exceptions::PyRuntimeError::new_err("internal error: the misère quotient construction could not recalibrate; please report it"))
        }
        Err(_) => Err(pyo3::exceptions::PyRuntimeError::new_err("internal error in cgtkit's native misère quotient construction; please report it")),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(misere_construct, m)?)?;
    Ok(())
}
