//! The Python face of the native ruleset search (`cgtkit.backend.rulesets` uses it):
//! marshalling only.
//!
//! `RulesetSolver(name, params=None, entries=None)` holds the search of the ruleset
//! `name` and its bounded table, found in the one table of searches by name
//! (`rulesets::search`).  `value` and `outcome` take the keys of a position's parts
//! as plain Python values (ints, strings, tuples), marshalled into `Arg`s that the
//! ruleset's own codec reads; the answer is an engine id, or a nim value for an
//! impartial ruleset, or None when a part is beyond the native limits (the caller
//! then searches in Python).  The search runs with the GIL released; a malformed
//! key is a `RulesError`.

use super::{cgt_error, detached};
use crate::rulesets::bits::KEY_BITS;
use crate::rulesets::codec::Arg;
use crate::rulesets::search::{Fail, Search};
use crate::rulesets::table::Stats;
use crate::rulesets::{hackenbush, sums};
use crate::search::strategy::{Bounds, Job, WriteFail};
use crate::short::engine;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use std::sync::Mutex;

fn rules_error(py: Python<'_>, msg: impl Into<String>) -> PyErr {
    cgt_error(py, "RulesError", msg.into())
}

fn stats_dict(py: Python<'_>, st: Stats) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    d.set_item("entries", st.entries)?;
    d.set_item("bytes", st.bytes)?;
    d.set_item("bound", st.bound)?;
    d.set_item("hits", st.hits)?;
    d.set_item("misses", st.misses)?;
    d.set_item("evicted", st.evicted)?;
    Ok(d.unbind())
}

fn check_workers(py: Python<'_>, workers: usize) -> PyResult<usize> {
    if workers == 0 || workers > 256 {
        return Err(rules_error(py, format!("workers must be between 1 and 256, not {workers}")));
    }
    Ok(workers)
}

/// A bound in entries, from `entries=` or `bytes=` (the smaller wins when both).
fn bound(py: Python<'_>, entries: Option<usize>, bytes: Option<usize>, per: impl Fn(usize) -> usize) -> PyResult<usize> {
    match (entries, bytes) {
        (Some(e), None) => Ok(e),
        (None, Some(b)) => Ok(per(b)),
        (Some(e), Some(b)) => Ok(e.min(per(b))),
        (None, None) => Err(rules_error(py, "a bound needs entries= or bytes=")),
    }
}

/// A Python int, string, tuple or list (nested at most 4 deep) as an `Arg`.
fn arg(py: Python<'_>, x: &Bound<'_, PyAny>, depth: u32) -> PyResult<Arg> {
    if let Ok(s) = x.cast::<PyString>() {
        return Ok(Arg::Str(s.to_str()?.to_string()));
    }
    if let Ok(b) = x.extract::<num_bigint::BigInt>() {
        return Ok(Arg::Int(b));
    }
    if depth < 4 {
        if let Ok(t) = x.cast::<PyTuple>() {
            return t.iter().map(|i| arg(py, &i, depth + 1)).collect::<PyResult<_>>().map(Arg::List);
        }
        if let Ok(l) = x.cast::<PyList>() {
            return l.iter().map(|i| arg(py, &i, depth + 1)).collect::<PyResult<_>>().map(Arg::List);
        }
    }
    Err(rules_error(py, format!("a ruleset key is made of ints, strings and tuples, not {x}")))
}

fn args(py: Python<'_>, keys: &[Bound<'_, PyAny>]) -> PyResult<Vec<Arg>> {
    keys.iter().map(|k| arg(py, k, 0)).collect()
}

/// `f` with the GIL released; a malformed key becomes a `RulesError`.
fn run<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T, Fail> + Send) -> PyResult<T> {
    let got = detached(py, move || match f() {
        Ok(v) => Ok(Ok(v)),
        Err(Fail::Bad(m)) => Ok(Err(m)),
        Err(Fail::Engine(e)) => Err(e),
    })?;
    got.map_err(|m| rules_error(py, m))
}

/// A native ruleset and its transposition table.
#[pyclass(frozen, module = "cgtkit._native")]
pub struct RulesetSolver {
    inner: Box<dyn Search>,
}

#[pymethods]
impl RulesetSolver {
    /// The search of the ruleset `name` (`params` for those that take them, see
    /// `rulesets::search`), its table bounded to `entries` (default: 512 MiB's worth).
    #[new]
    #[pyo3(signature = (name, params = None, entries = None))]
    fn new(py: Python<'_>, name: &str, params: Option<Bound<'_, PyAny>>, entries: Option<usize>) -> PyResult<Self> {
        let params = match params {
            Some(p) => arg(py, &p, 0)?,
            None => Arg::List(Vec::new()),
        };
        let inner = crate::rulesets::search(name, &params, entries).map_err(|m| rules_error(py, m))?;
        Ok(RulesetSolver { inner })
    }

    /// The guard columns of a placement game's keys (None for other games).
    #[getter]
    fn guard(&self) -> Option<u32> {
        self.inner.guard()
    }

    /// Whether values are nim values.
    #[getter]
    fn impartial(&self) -> bool {
        self.inner.impartial()
    }

    /// The value of the sum of the parts given by their keys (each ruleset's
    /// `read` says what a key is).  None when one is too large for the native search.
    #[pyo3(signature = (keys, workers = 1))]
    fn value(&self, py: Python<'_>, keys: Vec<Bound<'_, PyAny>>, workers: usize) -> PyResult<Option<u32>> {
        let workers = check_workers(py, workers)?;
        let keys = args(py, &keys)?;
        let s = &*self.inner;
        run(py, move || s.value(&keys, workers))
    }

    /// Who wins the sum of the parts, without its value: `(Left wins moving first,
    /// Right wins moving first)`, by the outcome search of `wins` and its table
    /// (parts of size at most `small` replaced by their values; `workers > 1`: the
    /// two questions on two threads).  None when a part is too large.
    #[pyo3(signature = (keys, workers = 1, small = 8))]
    fn outcome(&self, py: Python<'_>, keys: Vec<Bound<'_, PyAny>>, workers: usize, small: u32) -> PyResult<Option<(bool, bool)>> {
        let workers = check_workers(py, workers)?;
        let keys = args(py, &keys)?;
        let s = &*self.inner;
        run(py, move || s.outcome(&keys, workers, small))
    }

    /// Whether the player to move (`left`: Left, else Right) wins the explicit value
    /// `value` (an engine id) plus the sum of the parts `keys`, by the outcome search
    /// every native ruleset shares (`rulesets::sums`; parts of size at most `small`
    /// replaced by their values): `(wins, positions searched)`, or None when a part
    /// is too large.
    #[pyo3(signature = (keys, value, left, small = 8))]
    fn wins(&self, py: Python<'_>, keys: Vec<Bound<'_, PyAny>>, value: u32, left: bool, small: u32) -> PyResult<Option<(bool, u64)>> {
        let value = super::short::check_id(value)?;
        let keys = args(py, &keys)?;
        let s = &*self.inner;
        run(py, move || s.wins(&keys, value, left, small))
    }

    /// Write the body of the compact certificate of the sum of the whole boards
    /// `boards` (each as `read` takes a board) from the claims `roots` (each `(Left
    /// moving first, wins)`): its node lines go to `sink` (called with bytes, a
    /// chunk at a time), value leaves at `leaf_moves` moves or fewer, at most
    /// `max_nodes` nodes (else a `ResourceLimitError`); `values` the sum's explicit
    /// values, `(place in the sum, engine id)` in order, the boards in the other
    /// places.  The number of nodes, or None when the ruleset has no native writer
    /// or a board is too large (the Python writer then writes it).  Ctrl-C stops it
    /// (KeyboardInterrupt).
    #[pyo3(signature = (boards, roots, sink, leaf_moves = 12, max_nodes = 20_000_000, small = 8, values = Vec::new()))]
    #[allow(clippy::too_many_arguments)]
    fn write_compact(
        &self,
        py: Python<'_>,
        boards: Vec<Bound<'_, PyAny>>,
        roots: Vec<(bool, bool)>,
        sink: Py<PyAny>,
        leaf_moves: u32,
        max_nodes: u64,
        small: u32,
        values: Vec<(usize, u32)>,
    ) -> PyResult<Option<u64>> {
        for &(_, v) in &values {
            super::short::check_id(v)?;
        }
        let boards = args(py, &boards)?;
        let s = &*self.inner;
        let refused: Mutex<Option<PyErr>> = Mutex::new(None);
        let got = detached(py, || {
            let mut put = |bytes: &[u8]| {
                Python::attach(|py| match sink.call1(py, (PyBytes::new(py, bytes),)) {
                    Ok(_) => true,
                    Err(e) => {
                        *refused.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                        false
                    }
                })
            };
            let mut job = Job { boards: &boards, values: &values, roots: &roots, bounds: Bounds { leaf_moves, max_nodes, small }, sink: &mut put };
            match s.write_compact(&mut job) {
                Ok(n) => Ok(Ok(n)),
                Err(WriteFail::Fail(Fail::Engine(e))) => Err(e),
                Err(other) => Ok(Err(other)),
            }
        })?;
        match got {
            Ok(n) => Ok(n),
            Err(WriteFail::Fail(Fail::Bad(m))) => Err(rules_error(py, m)),
            Err(WriteFail::Limit(m)) => Err(cgt_error(py, "ResourceLimitError", m)),
            Err(WriteFail::Certificate(m)) => Err(cgt_error(py, "CertificateError", m)),
            Err(WriteFail::Fail(Fail::Engine(e))) => Err(super::engine_err(py, e)),
            Err(WriteFail::Sink) => Err(refused
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("the certificate's file refused its bytes"))),
        }
    }

    /// The counts of the table of `wins` (as `stats`).
    fn sum_stats(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        stats_dict(py, self.inner.sum_stats())
    }

    /// Bound the table of `wins`, in entries or in bytes (reckoned at
    /// `sums::ENTRY_BYTES` an entry; the smaller wins when both).
    #[pyo3(signature = (entries = None, bytes = None))]
    fn set_sum_bound(&self, py: Python<'_>, entries: Option<usize>, bytes: Option<usize>) -> PyResult<()> {
        self.inner.set_sum_bound(bound(py, entries, bytes, |b| b / sums::ENTRY_BYTES)?);
        Ok(())
    }

    /// The counts of the table of `outcome` (the table of `wins`: `sum_stats`; kept
    /// for the callers of this name, never None now that every ruleset has one).
    fn outcome_stats(&self, py: Python<'_>) -> PyResult<Option<Py<PyDict>>> {
        self.sum_stats(py).map(Some)
    }

    /// Bound the table of `outcome` (the table of `wins`: `set_sum_bound`).
    #[pyo3(signature = (entries = None, bytes = None))]
    fn set_outcome_bound(&self, py: Python<'_>, entries: Option<usize>, bytes: Option<usize>) -> PyResult<()> {
        self.set_sum_bound(py, entries, bytes)
    }

    /// The value table's entries: `(key bytes, value)`, the key in the ruleset's own
    /// codec, the value an engine id (a nim value when impartial); in no order.
    fn export<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let s = &*self.inner;
        let got = detached(py, move || Ok(s.export()))?;
        PyList::new(py, got.iter().map(|(k, v)| (PyBytes::new(py, k), *v)))
    }

    /// Put `(key bytes, value)` entries (as `export` gives them) in the value table:
    /// all of them, or none and a `RulesError` naming the first whose bytes are no key
    /// of this ruleset or whose value is no game of the running engine.
    fn preload(&self, py: Python<'_>, entries: Vec<(Vec<u8>, u32)>) -> PyResult<()> {
        let s = &*self.inner;
        let got = detached(py, move || Ok(s.preload(&entries)))?;
        got.map_err(|m| rules_error(py, m))
    }

    /// The table of `wins`, packed for a file (`rulesets::persist`): `(values,
    /// bytes, entries)`, `values` the engine ids of the distinct values the entries
    /// name by index, `bytes` the entries.
    fn export_sums<'py>(&self, py: Python<'py>) -> PyResult<(Vec<u32>, Bound<'py, PyBytes>, usize)> {
        let s = &*self.inner;
        let p = detached(py, move || Ok(s.sum_export()))?;
        Ok((p.values, PyBytes::new(py, &p.bytes), p.entries))
    }

    /// Put `entries` entries packed by `export_sums` in the table of `wins`,
    /// `values` the engine ids of the values they name (rebuilt in this process): all
    /// of them, or none and a `RulesError` naming the first bad one.
    fn preload_sums(&self, py: Python<'_>, values: Vec<u32>, data: &[u8], entries: usize) -> PyResult<()> {
        let s = &*self.inner;
        let got = detached(py, move || Ok(s.sum_preload(&values, data, entries)))?;
        got.map_err(|m| rules_error(py, m))
    }

    /// Forget every value and outcome (the counts stay).
    fn clear(&self) {
        self.inner.clear()
    }

    /// The table's entries, bytes, bound (entries), hits, misses and evictions.
    fn stats(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        stats_dict(py, self.inner.stats())
    }

    /// Bound the table, in entries or in bytes (the smaller wins when both).
    #[pyo3(signature = (entries = None, bytes = None))]
    fn set_bound(&self, py: Python<'_>, entries: Option<usize>, bytes: Option<usize>) -> PyResult<()> {
        let s = &*self.inner;
        s.set_bound(bound(py, entries, bytes, |b| s.entries_in(b))?);
        Ok(())
    }
}

/// The value of a position of Hackenbush stalks (strings of `L`/`B`, `R`, `G`).
#[pyfunction]
fn hackenbush_stalks(py: Python<'_>, stalks: Vec<String>) -> PyResult<u32> {
    let parsed = stalks.iter().map(|s| hackenbush::parse(s)).collect::<Result<Vec<_>, _>>().map_err(|m| rules_error(py, m))?;
    detached(py, move || hackenbush::stalks_value(&engine(), &parsed))
}

/// How many cells a board may have in the native search, given its guard.
#[pyfunction]
fn key_bits() -> u32 {
    KEY_BITS
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RulesetSolver>()?;
    m.add_function(wrap_pyfunction!(hackenbush_stalks, m)?)?;
    m.add_function(wrap_pyfunction!(key_bits, m)?)?;
    Ok(())
}
