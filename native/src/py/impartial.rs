//! The Python face of the impartial search (`crate::impartial`): `ImpartialSearch`
//! runs [`Search`] over a user's Python move function, the solver's memo dict and the
//! search's own table of plain-int positions.
//!
//! Marshalling only: a [`PyGame`] turns the move function's list into options (plain
//! ints and strings, tuples of them as sums, and the unusual forms of
//! `cgtkit.options`: `Move`, `Sum`, other hashable objects), keeps the other positions
//! in the memo dict, and a search that stops is raised as a
//! `cgtkit.traverse.SearchFailure` (its kind, the position, the option's index, the
//! detail), from which `cgtkit.traverse.search_error` builds the error the Python twin
//! raises.
//!
//! The memo is the solver's own Python dict (position -> int), not a native table keyed
//! by Python objects: positions are arbitrary Python objects, so any such table must
//! hash and compare them with Python's `__hash__`/`__eq__` anyway, which is what a dict
//! does at C speed; a dict also keeps reuse across queries and the solver's other
//! readers as they were.  Plain non-negative ints below 2^63 (heap sizes, the common
//! case) are kept as numbers, in the search's int table, so looking them up costs no
//! Python hashing and no int object; `cache_size()` adds the two.  (So an int position
//! and an equal non-int one, `1` and `True`, are two entries here; the Python twin
//! keeps one.)

use crate::impartial::{Game, Known, Options, Search, Stop};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyTypeError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PySet, PyString, PyTuple};

/// Int positions below this are kept as numbers (the int table's keys).
const INT_KEY_LIMIT: u64 = 1 << 63;

/// A position: a plain int in the int table's range as a number (its int object is
/// freed with the move function's list), anything else as the object.
#[derive(Clone)]
pub enum PyPos<'py> {
    Int(u64),
    Obj(Bound<'py, PyAny>),
}

impl<'py> PyPos<'py> {
    #[inline]
    fn of(o: Bound<'py, PyAny>) -> PyPos<'py> {
        if o.is_exact_instance_of::<PyInt>() {
            if let Ok(v) = o.extract::<u64>() {
                if v < INT_KEY_LIMIT {
                    return PyPos::Int(v);
                }
            }
        }
        PyPos::Obj(o)
    }

    fn object(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            PyPos::Int(i) => Ok(i.into_pyobject(py)?.into_any()),
            PyPos::Obj(o) => Ok(o.clone()),
        }
    }
}

/// Why the move function (or the memo) failed.
pub enum PyFailure<'py> {
    /// an error passed on as it is (the memo's, Ctrl-C between positions)
    Error(PyErr),
    /// the move function raised on the position
    Raised(PyPos<'py>, PyErr),
    /// the move function returned something that is not an iterable of options
    BadResult(PyPos<'py>, Bound<'py, PyAny>),
    /// option number `.1` of the position is not a valid option
    BadOption(PyPos<'py>, usize, Bound<'py, PyAny>),
}

impl From<PyErr> for PyFailure<'_> {
    fn from(e: PyErr) -> Self {
        PyFailure::Error(e)
    }
}

fn is_atom(o: &Bound<'_, PyAny>) -> bool {
    o.is_exact_instance_of::<PyInt>() || o.is_exact_instance_of::<PyString>()
}

/// One query's view of the game: the move function, the memo and the option forms.
struct PyGame<'a, 'py> {
    moves: &'a Bound<'py, PyAny>,
    memo: &'a Bound<'py, PyDict>,
    tuple_is_sum: bool,
    /// `cgtkit.options.Move` and `cgtkit.options.Sum`
    move_class: &'a Bound<'py, PyAny>,
    sum_class: &'a Bound<'py, PyAny>,
}

impl<'py> PyGame<'_, 'py> {
    /// A component of an option, hashable (a TypeError from its hash: a bad option).
    fn component(&self, c: Bound<'py, PyAny>, bad: &dyn Fn() -> PyFailure<'py>, position: &PyPos<'py>) -> Result<PyPos<'py>, PyFailure<'py>> {
        if !is_atom(&c) {
            if let Err(e) = c.hash() {
                return Err(if e.is_instance_of::<PyTypeError>(c.py()) { bad() } else { PyFailure::Raised(position.clone(), e) });
            }
        }
        Ok(PyPos::of(c))
    }

    /// An option in one of the forms of `cgtkit.options.normalize_option` other than
    /// an atom or a tuple of atoms.
    fn unusual(&self, p: &PyPos<'py>, i: usize, o: &Bound<'py, PyAny>, out: &mut Options<'_, PyPos<'py>>) -> Result<(), PyFailure<'py>> {
        let bad = || PyFailure::BadOption(p.clone(), i, o.clone());
        let mut inner = o.clone();
        if inner.is_instance(self.move_class)? {
            inner = inner.getattr(intern!(o.py(), "option"))?;
            if inner.is_instance(self.move_class)? {
                return Err(bad());
            }
        }
        if inner.is_instance(self.sum_class)? || (self.tuple_is_sum && inner.is_exact_instance_of::<PyTuple>()) {
            let parts = inner.cast::<PyTuple>().map_err(PyErr::from)?;
            let parts = parts.iter().map(|c| self.component(c, &bad, p)).collect::<Result<Vec<_>, _>>()?;
            out.sum(parts);
        } else if inner.is_instance_of::<PyList>() || inner.is_instance_of::<PySet>() || inner.is_instance_of::<PyDict>() {
            return Err(bad());
        } else {
            out.single(self.component(inner, &bad, p)?);
        }
        Ok(())
    }
}

impl<'py> Game for PyGame<'_, 'py> {
    type Position = PyPos<'py>;
    type Failure = PyFailure<'py>;

    #[inline]
    fn int_key(p: &PyPos<'py>) -> Option<u64> {
        match p {
            PyPos::Int(i) => Some(*i),
            PyPos::Obj(_) => None,
        }
    }

    fn options(&mut self, p: &PyPos<'py>, out: &mut Options<'_, PyPos<'py>>) -> Result<(), PyFailure<'py>> {
        let py = self.moves.py();
        let raw = match self.moves.call1((p.object(py)?,)) {
            Ok(r) => r,
            Err(e) => return Err(PyFailure::Raised(p.clone(), e)),
        };
        let list = if raw.is_exact_instance_of::<PyList>() {
            raw.cast_into::<PyList>().map_err(PyErr::from)?
        } else if raw.is_none() {
            return Err(PyFailure::BadResult(p.clone(), raw));
        } else {
            match py.get_type::<PyList>().call1((&raw,)) {
                Ok(l) => l.cast_into::<PyList>().map_err(PyErr::from)?,
                Err(e) if e.is_instance_of::<PyTypeError>(py) => return Err(PyFailure::BadResult(p.clone(), raw)),
                Err(e) => return Err(PyFailure::Raised(p.clone(), e)),
            }
        };
        for (i, o) in list.iter().enumerate() {
            if is_atom(&o) {
                out.single(PyPos::of(o));
                continue;
            }
            if self.tuple_is_sum && o.is_exact_instance_of::<PyTuple>() {
                let t = o.cast::<PyTuple>().map_err(PyErr::from)?;
                if t.iter().all(|c| is_atom(&c)) {
                    out.sum(t.iter().map(PyPos::of));
                    continue;
                }
            }
            self.unusual(p, i, &o, out)?;
        }
        Ok(())
    }

    fn recall(&mut self, p: &PyPos<'py>) -> Result<Known, PyFailure<'py>> {
        Ok(match self.memo.get_item(p.object(self.memo.py())?)? {
            None => Known::Unknown,
            Some(v) if v.is_none() => Known::OnPath,
            Some(v) => Known::Value(v.extract::<u64>()?),
        })
    }

    fn remember(&mut self, p: &PyPos<'py>, state: Known) -> Result<(), PyFailure<'py>> {
        let py = self.memo.py();
        let key = p.object(py)?;
        match state {
            Known::Unknown => self.memo.del_item(key)?,
            Known::OnPath => self.memo.set_item(key, py.None())?,
            Known::Value(v) => self.memo.set_item(key, v)?,
        }
        Ok(())
    }

    fn same(&self, a: &PyPos<'py>, b: &PyPos<'py>) -> bool {
        match (a, b) {
            (PyPos::Int(x), PyPos::Int(y)) => x == y,
            _ => {
                let py = self.moves.py();
                match (a.object(py), b.object(py)) {
                    (Ok(x), Ok(y)) => x.eq(y).unwrap_or(false),
                    _ => false,
                }
            }
        }
    }

    fn poll(&mut self) -> Result<(), PyFailure<'py>> {
        Ok(self.moves.py().check_signals()?)
    }
}

/// The state of one solver: its move function, memo dict and search.
#[pyclass(module = "cgtkit._native", unsendable)]
pub struct ImpartialSearch {
    moves: Py<PyAny>,
    memo: Py<PyDict>,
    tuple_is_sum: bool,
    move_class: Py<PyAny>,
    sum_class: Py<PyAny>,
    search: Search,
}

/// A `cgtkit.traverse.SearchFailure(kind, position, index, detail)` to raise.
fn failure<'py>(py: Python<'py>, kind: &str, position: &PyPos<'py>, index: i64, detail: Bound<'py, PyAny>) -> PyErr {
    let made = (|| {
        let class = py.import(intern!(py, "cgtkit.traverse"))?.getattr(intern!(py, "SearchFailure"))?;
        class.call1((kind, position.object(py)?, index, detail))
    })();
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

#[pymethods]
impl ImpartialSearch {
    #[new]
    #[pyo3(signature = (moves, memo, tuple_is_sum, max_depth=4_000_000))]
    fn new(py: Python<'_>, moves: Py<PyAny>, memo: Py<PyDict>, tuple_is_sum: bool, max_depth: usize) -> PyResult<Self> {
        let options = py.import("cgtkit.options")?;
        let move_class = options.getattr("Move")?.unbind();
        let sum_class = options.getattr("Sum")?.unbind();
        Ok(ImpartialSearch { moves, memo, tuple_is_sum, move_class, sum_class, search: Search::new(max_depth) })
    }

    /// The Grundy value of `root` (hashable), filling the memo with every position it
    /// needs; a stop is raised as a `cgtkit.traverse.SearchFailure`.
    fn grundy<'py>(&mut self, root: Bound<'py, PyAny>) -> PyResult<u64> {
        let py = root.py();
        let (moves, memo) = (self.moves.bind(py).clone(), self.memo.bind(py).clone());
        let (move_class, sum_class) = (self.move_class.bind(py).clone(), self.sum_class.bind(py).clone());
        let mut game = PyGame { moves: &moves, memo: &memo, tuple_is_sum: self.tuple_is_sum, move_class: &move_class, sum_class: &sum_class };
        let stop = match self.search.grundy(&mut game, PyPos::of(root.clone())) {
            Ok(v) => return Ok(v),
            Err(stop) => stop,
        };
        let none = || py.None().into_bound(py);
        Err(match stop {
            Stop::Game(PyFailure::Error(e)) => e,
            Stop::Game(PyFailure::Raised(p, e)) => failure(py, "raised", &p, -1, e.into_value(py).into_bound(py).into_any()),
            Stop::Game(PyFailure::BadResult(p, raw)) => failure(py, "result", &p, -1, raw),
            Stop::Game(PyFailure::BadOption(p, i, o)) => failure(py, "option", &p, i as i64, o),
            Stop::Loop(cycle) => {
                let objects = cycle.iter().map(|p| p.object(py)).collect::<PyResult<Vec<_>>>()?;
                let last = cycle.last().cloned().unwrap_or(PyPos::Obj(none()));
                failure(py, "loop", &last, -1, PyList::new(py, objects)?.into_any())
            }
            Stop::TooDeep(p) => failure(py, "depth", &p, self.search.max_depth() as i64, root),
            Stop::Busy => {
                PyRuntimeError::new_err("ImpartialSolver: a position was asked for while its own value is being computed (the move function asked the solver)")
            }
            Stop::TooManyOptions => PyMemoryError::new_err("ImpartialSolver: more than 2^32 options on one line of play"),
        })
    }

    /// How many positions the native int table holds (the dict holds the others).
    fn stored(&self) -> usize {
        self.search.table().stored()
    }

    /// The value of every position in the int table, as `(position, value)` pairs.
    fn int_items(&self) -> Vec<(u64, u64)> {
        self.search.table().items()
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ImpartialSearch>()?;
    Ok(())
}
