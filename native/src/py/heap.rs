//! The Python face of the heap kernels (`cgtkit.heap` calls them): each fills numpy
//! arrays that Python owns, in place, with the GIL released, answering Ctrl-C.

use crate::heap::{allbut, period, split, takes, triple, HeapError, HeapRes};
use crate::short::EngineError;
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1, PyReadwriteArray1};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

fn heap_err(py: Python<'_>, e: HeapError) -> PyErr {
    match e {
        HeapError::Interrupted => super::engine_err(py, EngineError::Interrupted),
        HeapError::TooLarge(m) => PyMemoryError::new_err(m),
        HeapError::BadInput(m) => PyValueError::new_err(format!("internal error in a heap kernel: {m}")),
    }
}

/// Run a kernel with the GIL released (panics become RuntimeError).
fn run<T: Send, F: FnOnce() -> HeapRes<T> + Send>(py: Python<'_>, f: F) -> PyResult<T> {
    super::detached(py, || Ok(f()))?.map_err(|e| heap_err(py, e))
}

fn contiguous<'a, T>(r: Result<&'a [T], numpy::AsSliceError>, what: &str) -> PyResult<&'a [T]> {
    r.map_err(|_| PyValueError::new_err(format!("{what} must be a contiguous numpy array")))
}

fn index(x: i64, what: &str) -> PyResult<usize> {
    usize::try_from(x).map_err(|_| PyValueError::new_err(format!("{what} must be >= 0, got {x}")))
}

fn ks(py: Python<'_>, a: &PyReadonlyArray1<i64>, what: &str) -> PyResult<Vec<usize>> {
    takes(contiguous(a.as_slice(), what)?, what).map_err(|e| heap_err(py, e))
}

/// Fill `G[start:end]` by the rare/common kernel; returns `(done, nrare)`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (g, start, end, zero_k, single_k, split_k, distinct, use_common, par, rare, nrare, seen, vlimit, halves_k))]
fn heap_fill_split(
    py: Python<'_>,
    mut g: PyReadwriteArray1<i64>,
    start: i64,
    end: i64,
    zero_k: PyReadonlyArray1<i64>,
    single_k: PyReadonlyArray1<i64>,
    split_k: PyReadonlyArray1<i64>,
    distinct: bool,
    use_common: bool,
    par: PyReadonlyArray1<i8>,
    mut rare: PyReadwriteArray1<i64>,
    nrare: i64,
    mut seen: PyReadwriteArray1<i64>,
    vlimit: i64,
    halves_k: PyReadonlyArray1<i64>,
) -> PyResult<(usize, usize)> {
    let (zk, sk, pk) = (ks(py, &zero_k, "zero_k")?, ks(py, &single_k, "single_k")?, ks(py, &split_k, "split_k")?);
    let hk = ks(py, &halves_k, "halves_k")?;
    let (start, end, nrare) = (index(start, "start")?, index(end, "end")?, index(nrare, "nrare")?);
    let par = contiguous(par.as_slice(), "par")?;
    let g = g.as_slice_mut().map_err(|_| PyValueError::new_err("G must be a contiguous numpy array"))?;
    let rare = rare.as_slice_mut().map_err(|_| PyValueError::new_err("rare must be a contiguous numpy array"))?;
    let seen = seen.as_slice_mut().map_err(|_| PyValueError::new_err("seen must be a contiguous numpy array"))?;
    run(py, || {
        let game = split::SplitGame { zero_k: &zk, single_k: &sk, split_k: &pk, distinct, halves_k: &hk, use_common, par };
        split::fill_split(g, start, end, &game, rare, nrare, seen, vlimit)
    })
}

/// The plain-mex baseline (the benchmark's): fill `G[start:end]`; returns `end`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn heap_fill_plain(
    py: Python<'_>,
    mut g: PyReadwriteArray1<i64>,
    start: i64,
    end: i64,
    zero_k: PyReadonlyArray1<i64>,
    single_k: PyReadonlyArray1<i64>,
    split_k: PyReadonlyArray1<i64>,
    distinct: bool,
    mut seen: PyReadwriteArray1<i64>,
    halves_k: PyReadonlyArray1<i64>,
) -> PyResult<usize> {
    let (zk, sk, pk) = (ks(py, &zero_k, "zero_k")?, ks(py, &single_k, "single_k")?, ks(py, &split_k, "split_k")?);
    let hk = ks(py, &halves_k, "halves_k")?;
    let (start, end) = (index(start, "start")?, index(end, "end")?);
    let g = g.as_slice_mut().map_err(|_| PyValueError::new_err("G must be a contiguous numpy array"))?;
    let seen = seen.as_slice_mut().map_err(|_| PyValueError::new_err("seen must be a contiguous numpy array"))?;
    run(py, || {
        let game = split::SplitGame { zero_k: &zk, single_k: &sk, split_k: &pk, distinct, halves_k: &hk, use_common: false, par: &[] };
        split::fill_plain(g, start, end, &game, seen)
    })
}

/// Fill `G[start:end]` of an all-but subtraction game; returns the new `mex_all`.
#[pyfunction]
fn heap_fill_all_but(
    py: Python<'_>,
    mut g: PyReadwriteArray1<i64>,
    start: i64,
    end: i64,
    excluded: PyReadonlyArray1<i64>,
    mut count: PyReadwriteArray1<i64>,
    mex_all: i64,
) -> PyResult<usize> {
    let ex = ks(py, &excluded, "excluded")?;
    let (start, end, mex_all) = (index(start, "start")?, index(end, "end")?, index(mex_all, "mex_all")?);
    let g = g.as_slice_mut().map_err(|_| PyValueError::new_err("G must be a contiguous numpy array"))?;
    let count = count.as_slice_mut().map_err(|_| PyValueError::new_err("count must be a contiguous numpy array"))?;
    run(py, || allbut::fill_all_but(g, start, end, &ex, count, mex_all))
}

/// The Z-function of an int64 array (a new int64 array).
#[pyfunction]
fn heap_z_function<'py>(py: Python<'py>, s: PyReadonlyArray1<'py, i64>) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let s = contiguous(s.as_slice(), "S")?;
    let z = run(py, || period::z_function(s))?;
    Ok(z.into_pyarray(py))
}

/// 1 + the last `i` with `G[i + p] - G[i] != s` over `G[:n]` (0 if none).
#[pyfunction]
fn heap_last_mismatch(py: Python<'_>, g: PyReadonlyArray1<i64>, n: i64, p: i64, s: i64) -> PyResult<usize> {
    let g = contiguous(g.as_slice(), "G")?;
    let (n, p) = (index(n, "n")?, index(p, "p")?);
    run(py, || period::last_mismatch(g, n, p, s))
}

/// Grundy values of a take-and-break game whose moves may leave three heaps, grown on
/// demand (`extend(n)`, then `values(n)`).
#[pyclass(module = "cgtkit._native")]
struct TripleEngine {
    inner: Option<triple::TripleEngine>,
    moves: [Vec<usize>; 4],
}

#[pymethods]
impl TripleEngine {
    #[new]
    fn new(py: Python<'_>, zero_k: Vec<i64>, single_k: Vec<i64>, split_k: Vec<i64>, triple_k: Vec<i64>) -> PyResult<Self> {
        let t = |v: &[i64], w: &str| takes(v, w).map_err(|e| heap_err(py, e));
        let moves = [t(&zero_k, "zero_k")?, t(&single_k, "single_k")?, t(&split_k, "split_k")?, t(&triple_k, "triple_k")?];
        Ok(TripleEngine { inner: None, moves })
    }

    /// Heaps computed so far.
    fn __len__(&self) -> usize {
        self.inner.as_ref().map_or(1, |e| e.len())
    }

    /// Make sure heaps `0 .. n-1` are computed; any failure forgets every value.
    fn extend(&mut self, py: Python<'_>, n: i64) -> PyResult<()> {
        let n = index(n, "n")?;
        let [z, s, p, t] = self.moves.clone();
        let mut engine = self.inner.take().unwrap_or_else(|| triple::TripleEngine::new(z, s, p, t));
        // on failure self.inner stays None: every value is forgotten
        self.inner = Some(run(py, move || engine.extend(n).map(|_| engine))?);
        Ok(())
    }

    /// The values of heaps `0 .. n-1` (n at most the heaps computed) as an int64 array.
    fn values<'py>(&self, py: Python<'py>, n: i64) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let n = index(n, "n")?;
        let known: &[i64] = self.inner.as_ref().map_or(&[0], |e| &e.values);
        if n > known.len() {
            return Err(PyValueError::new_err(format!("only {} heaps are computed", known.len())));
        }
        Ok(PyArray1::from_slice(py, &known[..n]))
    }

    /// Forget every value.
    fn reset(&mut self) {
        self.inner = None;
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(heap_fill_split, m)?)?;
    m.add_function(wrap_pyfunction!(heap_fill_plain, m)?)?;
    m.add_function(wrap_pyfunction!(heap_fill_all_but, m)?)?;
    m.add_function(wrap_pyfunction!(heap_z_function, m)?)?;
    m.add_function(wrap_pyfunction!(heap_last_mismatch, m)?)?;
    m.add_class::<TripleEngine>()?;
    Ok(())
}
