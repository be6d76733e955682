//! The engine's functions over game ids (`cgtkit.short.native_engine` wraps them).

use super::convert::{dyadic_from_py, dyadic_to_py, int_from_py, int_to_py};
use super::{detached, guarded};
use crate::short::canonical::sort_dedup;
use crate::short::nus::Nus;
use crate::short::table::{Body, Id, Kind};
use crate::short::Engine;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A dyadic for Python: `(p, q)` as `Dyadic._make` takes them.
type PyDyadic = (Py<PyAny>, u64);
/// A packed value for Python: `(p, q, ups, nim)`.
type PyPacked = (Py<PyAny>, u64, Py<PyAny>, Py<PyAny>);

fn engine() -> std::sync::Arc<Engine> {
    crate::short::engine()
}

pub fn check_id(id: Id) -> PyResult<Id> {
    let e = engine();
    if e.table.is_stale(id) {
        Err(super::stale_error(id))
    } else if u64::from(id) < e.table.end() {
        Ok(id)
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!("no game has id {id}")))
    }
}

/// The id of `x + n.^ + *m`, x = p/2^q normalised.
#[pyfunction]
pub fn nus(p: &Bound<'_, PyAny>, q: u64, n: &Bound<'_, PyAny>, m: &Bound<'_, PyAny>) -> PyResult<Id> {
    let v = Nus { x: dyadic_from_py(p, q)?, n: int_from_py(n)?, m: int_from_py(m)? };
    if v.m.is_negative() {
        return Err(pyo3::exceptions::PyValueError::new_err("a nimber needs a non-negative index"));
    }
    Ok(engine().nus(v))
}

/// The ids of a list (or any iterable) of game ids, checked.
fn ids(v: &Bound<'_, PyAny>) -> PyResult<Vec<Id>> {
    let mut out = Vec::new();
    if let Ok(list) = v.cast::<PyList>() {
        out.reserve(list.len());
        for x in list.iter() {
            out.push(check_id(x.extract()?)?);
        }
    } else {
        for x in v.try_iter()? {
            out.push(check_id(x?.extract()?)?);
        }
    }
    Ok(out)
}

/// The canonical form of `{left | right}`.  A remembered form is answered holding
/// the GIL; a reduction runs with it released.
#[pyfunction]
pub fn from_options(py: Python<'_>, left: &Bound<'_, PyAny>, right: &Bound<'_, PyAny>) -> PyResult<Id> {
    canonical_of(py, ids(left)?, ids(right)?)
}

/// The canonical form of `{left | right}` (checked ids, in any order, repeats
/// allowed): a remembered form holding the GIL, a reduction with it released.
pub(crate) fn canonical_of(py: Python<'_>, mut left: Vec<Id>, mut right: Vec<Id>) -> PyResult<Id> {
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    if let Some(id) = engine().canonical_known(&left, &right) {
        return Ok(id);
    }
    detached(py, move || engine().canonical(left, right))
}

#[pyfunction]
pub fn add(py: Python<'_>, a: Id, b: Id) -> PyResult<Id> {
    sum_of(py, check_id(a)?, check_id(b)?)
}

/// `a + b` of checked ids: remembered or packed sums at once, others with the GIL released.
pub(crate) fn sum_of(py: Python<'_>, a: Id, b: Id) -> PyResult<Id> {
    match engine().add_fast(a, b) {
        Some(s) => Ok(s),
        None => detached(py, || engine().add(a, b)),
    }
}

/// The sum of many games (left to right).
#[pyfunction]
pub fn add_many(py: Python<'_>, ids: Vec<Id>) -> PyResult<Id> {
    for &o in &ids {
        check_id(o)?;
    }
    detached(py, move || {
        let e = engine();
        let mut total = e.zero;
        for g in ids {
            total = e.add(total, g)?;
        }
        Ok(total)
    })
}

#[pyfunction]
pub fn neg(py: Python<'_>, a: Id) -> PyResult<Id> {
    negative_of(py, check_id(a)?)
}

/// `-a` of a checked id (at once when known, else with the GIL released).
pub(crate) fn negative_of(py: Python<'_>, a: Id) -> PyResult<Id> {
    match engine().neg_fast(a) {
        Some(n) => Ok(n),
        None => detached(py, || engine().neg(a)),
    }
}

#[pyfunction]
pub fn le(py: Python<'_>, a: Id, b: Id) -> PyResult<bool> {
    le_of(py, check_id(a)?, check_id(b)?)
}

/// `a <= b` of checked ids (at once when known, else with the GIL released).
pub(crate) fn le_of(py: Python<'_>, a: Id, b: Id) -> PyResult<bool> {
    match engine().le_fast(a, b) {
        Some(v) => Ok(v),
        None => detached(py, || engine().le(a, b)),
    }
}

/// `(kind, nus)`: kind 0 number, 1 other packed value, 2 general; nus is
/// `(p, q, n, m)` for packed values, else None.
#[pyfunction]
pub fn info(py: Python<'_>, a: Id) -> PyResult<(u8, Option<PyPacked>)> {
    check_id(a)?;
    let e = engine();
    let node = e.table.node(a);
    let kind = match node.kind {
        Kind::Number => 0,
        Kind::Nus => 1,
        Kind::General => 2,
    };
    let nus = match node.nus() {
        Some(v) => {
            let (p, q) = dyadic_to_py(py, &v.x)?;
            Some((p, q, int_to_py(py, &v.n)?, int_to_py(py, &v.m)?))
        }
        None => None,
    };
    Ok((kind, nus))
}

/// Python's hash of the number p/2^q (as `hash(Fraction(p, 2**q))`): |p| times the
/// inverse of 2^q modulo 2^61 - 1 (2^61 is 1 there, so the inverse is 2^(-q mod 61)),
/// signed, with -1 mapped to -2.
fn python_number_hash(x: &crate::numbers::Dyadic) -> i64 {
    const M: u128 = (1 << 61) - 1;
    let p = x.numerator();
    let r = p.abs().rem_u64(M as u64) as u128;
    let e = (61 - (x.exponent() % 61)) % 61;
    let h = (r * ((1u128 << e) % M)) % M;
    let mut h = h as i64;
    if p.is_negative() {
        h = -h;
    }
    if h == -1 {
        -2
    } else {
        h
    }
}

/// `(kind, hash)` for the facade: kind 0 number, 1 other packed value, 2 general; a
/// number hashes as Python hashes the number, another game by its id.
#[pyfunction]
pub fn wrap_info(a: Id) -> PyResult<(u8, i64)> {
    Ok(kind_and_hash(check_id(a)?))
}

/// `(kind, hash)` of a checked id, as `wrap_info` gives them (never the hash -1,
/// which CPython reserves for errors).
pub(crate) fn kind_and_hash(a: Id) -> (u8, i64) {
    let e = engine();
    let node = e.table.node(a);
    let (kind, hash) = match node.kind {
        Kind::Number => (0, python_number_hash(&node.nus().unwrap().x)),
        Kind::Nus => (1, crate::short::table::mix(0x5a17, u64::from(a)) as i64 >> 1),
        Kind::General => (2, crate::short::table::mix(0x5a17, u64::from(a)) as i64 >> 1),
    };
    (kind, if hash == -1 { -2 } else { hash })
}

#[pyfunction]
pub fn options(py: Python<'_>, a: Id) -> PyResult<(Vec<Id>, Vec<Id>)> {
    check_id(a)?;
    let (l, r) = guarded(py, || engine().table.options(a).map(|(l, r)| (l.to_vec(), r.to_vec())))?;
    let e = engine();
    Ok((e.api_order(&l), e.api_order(&r)))
}

#[pyfunction]
pub fn birthday(py: Python<'_>, a: Id) -> PyResult<Py<PyAny>> {
    check_id(a)?;
    int_to_py(py, &engine().table.node(a).birthday)
}

/// `((p, q), (p, q))`: the Left stop and the Right stop.
#[pyfunction]
pub fn stops(py: Python<'_>, a: Id) -> PyResult<(PyDyadic, PyDyadic)> {
    check_id(a)?;
    let e = engine();
    let n = e.table.node(a);
    Ok((dyadic_to_py(py, &n.lstop)?, dyadic_to_py(py, &n.rstop)?))
}

#[pyfunction]
pub fn is_general(a: Id) -> PyResult<bool> {
    check_id(a)?;
    Ok(matches!(engine().table.node(a).body, Body::General { .. }))
}

type PyTrajectory = (Vec<PyDyadic>, Vec<i64>, Vec<PyDyadic>);

fn trajectory_to_py(py: Python<'_>, t: &crate::short::thermograph::Trajectory) -> PyResult<PyTrajectory> {
    let pts = t.points.iter().map(|p| dyadic_to_py(py, p)).collect::<PyResult<_>>()?;
    let ics = t.intercepts.iter().map(|c| dyadic_to_py(py, c)).collect::<PyResult<_>>()?;
    Ok((pts, t.slopes.clone(), ics))
}

/// `(left wall, right wall, mast, temperature)`, a wall as (points, slopes, intercepts).
#[pyfunction]
pub fn thermograph(py: Python<'_>, a: Id) -> PyResult<(PyTrajectory, PyTrajectory, PyDyadic, PyDyadic)> {
    check_id(a)?;
    let th = detached(py, || engine().thermograph(a))?;
    Ok((trajectory_to_py(py, &th.left)?, trajectory_to_py(py, &th.right)?, dyadic_to_py(py, &th.mast)?, dyadic_to_py(py, &th.temperature)?))
}

/// The mean (a number's mean is itself).
#[pyfunction]
pub fn mean(py: Python<'_>, a: Id) -> PyResult<PyDyadic> {
    check_id(a)?;
    let m = detached(py, || engine().mean(a))?;
    dyadic_to_py(py, &m)
}

/// Does nothing: the cost of one call into the extension (the benchmark's floor).
#[pyfunction]
#[pyo3(signature = (*_args))]
pub fn noop(_args: &Bound<'_, pyo3::types::PyTuple>) {}

/// A test seam: panic inside native work (with the GIL released), to check that a
/// panic reaches Python as an exception and leaves the engine usable.
#[pyfunction]
pub fn panic_for_tests(py: Python<'_>) -> PyResult<()> {
    detached(py, || -> Result<(), crate::short::EngineError> { panic!("a deliberate panic (test seam)") })
}

/// Stop every running native call at its next check, on every thread (`true`), or let
/// calls run again (`false`): how Ctrl-C reaches searches that Python runs on threads.
#[pyfunction]
pub fn set_cancelled(on: bool) {
    crate::short::set_cancelled(on);
}

#[pyfunction]
pub fn clear_caches() {
    engine().clear_caches();
}

#[pyfunction]
pub fn set_memo_entries(entries: usize) {
    engine().set_memo_entries(entries);
}

/// Sizes of the table and the memos, and the bytes they hold.
#[pyfunction]
pub fn stats(py: Python<'_>) -> PyResult<Py<PyDict>> {
    let e = engine();
    let d = PyDict::new(py);
    d.set_item("games", e.table.len())?;
    d.set_item("first_id", e.table.base())?;
    d.set_item("game_bytes", e.table.bytes())?;
    d.set_item("le_entries", e.le_memo.len())?;
    d.set_item("add_entries", e.add_memo.len())?;
    d.set_item("canonical_entries", e.canon_memo.len())?;
    d.set_item("memo_bytes", e.le_memo.bytes() + e.sum_memo.bytes() + e.add_memo.bytes() + e.canon_memo.bytes())?;
    d.set_item("memo_entry_bound", e.le_memo.cap())?;
    Ok(d.unbind())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nus, m)?)?;
    m.add_function(wrap_pyfunction!(from_options, m)?)?;
    m.add_function(wrap_pyfunction!(add, m)?)?;
    m.add_function(wrap_pyfunction!(add_many, m)?)?;
    m.add_function(wrap_pyfunction!(neg, m)?)?;
    m.add_function(wrap_pyfunction!(le, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(wrap_info, m)?)?;
    m.add_function(wrap_pyfunction!(options, m)?)?;
    m.add_function(wrap_pyfunction!(birthday, m)?)?;
    m.add_function(wrap_pyfunction!(stops, m)?)?;
    m.add_function(wrap_pyfunction!(is_general, m)?)?;
    m.add_function(wrap_pyfunction!(thermograph, m)?)?;
    m.add_function(wrap_pyfunction!(mean, m)?)?;
    m.add_function(wrap_pyfunction!(panic_for_tests, m)?)?;
    m.add_function(wrap_pyfunction!(noop, m)?)?;
    m.add_function(wrap_pyfunction!(clear_caches, m)?)?;
    m.add_function(wrap_pyfunction!(set_cancelled, m)?)?;
    m.add_function(wrap_pyfunction!(set_memo_entries, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    Ok(())
}
