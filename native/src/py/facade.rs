//! The native half of `cgtkit.short.game.Game`: the base class `GameCore` that holds
//! a game's id, and the one facade object of each id.
//!
//! `Game` (Python) subclasses `GameCore` and adds the analyses; what a sum-and-compare
//! loop calls most (`+`, `-`, `<=`, `==`, `hash`, the options) is answered here in one
//! native call, without a Python frame.  Every id has exactly one facade (kept in
//! `FACADES`, indexed by id, as long as the engine keeps the game), so `==` between
//! games is an identity test.  `reset` (`cgtkit.reset()`) drops the facades nothing
//! else refers to, moves the games of the others into a fresh engine and gives each
//! facade its game's new id: a live `Game` keeps working, the rest is released.  `cgtkit.short.game` registers
//! the `Game` class, `Game.of` (to convert ints and dyadics) and a builder of packed
//! triples when it is imported; before that no facade can be made.

use super::convert::{dyadic_to_py, int_to_py};
use super::short::{canonical_of, check_id, kind_and_hash, le_of, negative_of, sum_of};
use super::{cgt_error, guarded, stale_error, Released};
use crate::short::engine;
use crate::short::table::Id;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// What `cgtkit.short.game` hands over at import.
struct Registry {
    /// the Python class `Game` (a subclass of `GameCore`)
    game: Py<PyType>,
    /// `Game.of`: an int or a Dyadic to its Game (TypeError for anything else)
    coerce: Py<PyAny>,
    /// `(p, q, ups, nim) -> (Dyadic, ups, nim)`
    make_nus: Py<PyAny>,
    /// the hash of a number game where Python's hash modulus is not 2^61 - 1
    number_hash: Option<Py<PyAny>>,
    /// the private argument without which `GameCore.__new__` refuses to make a game
    token: Py<PyAny>,
}

static REGISTRY: PyOnceLock<Registry> = PyOnceLock::new();

/// The facade of each id made so far: `slots[id - base]`, `base` the engine's first id.
struct Facades {
    base: Id,
    slots: Vec<Option<Py<PyAny>>>,
}

static FACADES: Mutex<Facades> = Mutex::new(Facades { base: 0, slots: Vec::new() });

const NOT_MADE: &str = "use Game.from_options(...) or Game.of(...) to make a Game";

fn registry(py: Python<'_>) -> PyResult<&Registry> {
    REGISTRY.get(py).ok_or_else(|| PyRuntimeError::new_err("cgtkit.short.game has not registered the Game class"))
}

fn facades() -> std::sync::MutexGuard<'static, Facades> {
    FACADES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The one `Game` of id `id` (made on first use).
pub fn facade(py: Python<'_>, id: Id) -> PyResult<Py<PyAny>> {
    {
        let table = facades();
        let i = id.checked_sub(table.base).ok_or_else(|| stale_error(id))? as usize;
        if let Some(Some(g)) = table.slots.get(i) {
            return Ok(g.clone_ref(py));
        }
    }
    let reg = registry(py)?;
    let made = reg.game.bind(py).call1((reg.token.clone_ref(py), id))?.unbind();
    let mut table = facades();
    let i = id.checked_sub(table.base).ok_or_else(|| stale_error(id))? as usize;
    if table.slots.len() <= i {
        table.slots.resize_with(i + 1, || None);
    }
    Ok(table.slots[i].get_or_insert(made).clone_ref(py))
}

/// Is this table's reference the only one to `g`?
#[allow(deprecated)] // (its replacement is the unsafe `ffi::Py_REFCNT`)
fn only_here(g: &Bound<'_, PyAny>) -> bool {
    g.get_refcnt() == 1
}

/// Take out of the table the facades among the slots `candidates` that nothing else
/// refers to; returns them (to be dropped out of the lock) and the slots of their
/// options, which may be unreferenced once they are dropped.
fn drop_round(py: Python<'_>, candidates: &[usize]) -> (Vec<Py<PyAny>>, Vec<usize>) {
    let mut table = facades();
    let base = table.base;
    let mut dead = Vec::new();
    let mut next = Vec::new();
    for &i in candidates {
        let Some(slot) = table.slots.get_mut(i) else { continue };
        if !slot.as_ref().is_some_and(|g| only_here(g.bind(py))) {
            continue;
        }
        let Some(g) = slot.take() else { continue };
        if let Ok(core) = g.bind(py).cast::<GameCore>() {
            for side in [&core.get().left, &core.get().right] {
                for o in side.get(py).map(|t| t.bind(py).iter()).into_iter().flatten() {
                    if let Some(j) = o.cast::<GameCore>().ok().and_then(|c| c.get().id().checked_sub(base)) {
                        next.push(j as usize);
                    }
                }
            }
        }
        dead.push(g);
    }
    next.sort_unstable();
    next.dedup();
    (dead, next)
}

/// How long `reset_engine` waits for other threads' native calls to end.
const RESET_WAIT_SECONDS: u64 = 10;

/// `cgtkit.reset()`'s native half: wait until no call works with the GIL released
/// (a CGTError after `RESET_WAIT_SECONDS`); drop the facades that nothing but this table refers to (again and again: a
/// dropped game's options may then be unreferenced too); move the games of the
/// others into a fresh engine and give each facade its new id.  Returns `(games
/// before, games after)`.
#[pyfunction]
fn reset_engine(py: Python<'_>) -> PyResult<(usize, usize)> {
    // another thread's native call may still hold ids of the old engine: wait a little
    // for it to end, then refuse (never wait for ever)
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(RESET_WAIT_SECONDS);
    while Released::any() {
        if std::time::Instant::now() >= deadline {
            return Err(cgt_error(
                py,
                "CGTError",
                format!("cgtkit.reset(): a native computation is still running in another thread after {RESET_WAIT_SECONDS} s; reset when no other thread is computing"),
            ));
        }
        py.detach(|| std::thread::sleep(std::time::Duration::from_millis(1)));
    }
    let before = engine().table.len();
    // first every slot, then only the options of the games just dropped: each slot is
    // looked at once per game that held it (a full scan per round was quadratic in the
    // depth of a chain of games: 15 s for a chain of 32,000)
    let mut candidates: Vec<usize> = (0..facades().slots.len()).collect();
    while !candidates.is_empty() {
        let (dead, next) = drop_round(py, &candidates);
        drop(dead); // frees the Games (out of the lock), and with them their tuples of options
        candidates = next;
    }
    let mut table = facades();
    let base = table.base;
    let live: Vec<(Id, Py<PyAny>)> = table.slots.iter_mut().enumerate().filter_map(|(i, s)| s.take().map(|g| (base + i as Id, g))).collect();
    let old: Vec<Id> = live.iter().map(|(id, _)| *id).collect();
    let new = crate::short::reset(&old).map_err(|m| cgt_error(py, "ResourceLimitError", m))?;
    let e = engine();
    table.base = e.table.base();
    table.slots.clear();
    table.slots.resize_with(e.table.len(), || None);
    for ((_, g), id) in live.into_iter().zip(new) {
        g.bind(py).cast::<GameCore>()?.get().id.store(id, Ordering::Relaxed);
        let i = (id - table.base) as usize;
        table.slots[i] = Some(g);
    }
    Ok((before, e.table.len()))
}

/// The game ids of `games` (Games, or ints and dyadics converted by `Game.of`).
pub fn ids_of(py: Python<'_>, games: &Bound<'_, PyAny>) -> PyResult<Vec<Id>> {
    let mut out = Vec::new();
    for g in games.try_iter()? {
        let g = g?;
        out.push(match g.cast::<GameCore>() {
            Ok(core) => core.get().id(),
            Err(_) => registry(py)?.coerce.call1(py, (g,))?.bind(py).cast::<GameCore>()?.get().id(),
        });
    }
    Ok(out)
}

/// The base class of `cgtkit.short.game.Game` on the native engine.
#[pyclass(subclass, frozen, weakref, module = "cgtkit._native")]
pub struct GameCore {
    /// the game's id (a new one after `cgtkit.reset()`)
    id: AtomicU32,
    kind: u8,
    hash: isize,
    left: PyOnceLock<Py<PyTuple>>,
    right: PyOnceLock<Py<PyTuple>>,
    nus: PyOnceLock<Py<PyAny>>,
}

/// The id of `other` as a game: itself if it is one, else through `Game.of`; None
/// when it is not game-like (the operator then answers NotImplemented).
fn other_id(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<Id>> {
    if let Ok(g) = other.cast::<GameCore>() {
        return Ok(Some(g.get().id()));
    }
    match registry(py)?.coerce.call1(py, (other,)) {
        Ok(g) => Ok(Some(g.bind(py).cast::<GameCore>()?.get().id())),
        Err(e) if e.is_instance_of::<PyTypeError>(py) => Ok(None),
        Err(e) => Err(e),
    }
}

impl GameCore {
    #[inline]
    fn id(&self) -> Id {
        self.id.load(Ordering::Relaxed)
    }

    fn options(&self, py: Python<'_>, left: bool) -> PyResult<Py<PyTuple>> {
        let cell = if left { &self.left } else { &self.right };
        cell.get_or_try_init(py, || {
            let (l, r) = guarded(py, || engine().table.options(self.id()).map(|(l, r)| (l.to_vec(), r.to_vec())))?;
            let games = engine().api_order(if left { &l } else { &r }).into_iter().map(|o| facade(py, o)).collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, games)?.unbind())
        })
        .map(|t| t.clone_ref(py))
    }

    fn binary(&self, py: Python<'_>, other: &Bound<'_, PyAny>, f: impl Fn(Id, Id) -> PyResult<Id>) -> PyResult<Py<PyAny>> {
        match other_id(py, other)? {
            Some(b) => facade(py, f(self.id(), b)?),
            None => Ok(py.NotImplemented()),
        }
    }
}

#[pymethods]
impl GameCore {
    /// Made only by the engine (`Game.from_options`, `Game.of`, `cgtkit.game`).
    #[new]
    #[pyo3(signature = (*args))]
    fn new(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Self> {
        let reg = registry(py)?;
        if args.len() != 2 || !args.get_item(0)?.is(reg.token.bind(py)) {
            return Err(PyTypeError::new_err(NOT_MADE));
        }
        let id = check_id(args.get_item(1)?.extract()?)?;
        let (kind, hash) = kind_and_hash(id);
        let hash = match &reg.number_hash {
            Some(h) if kind == 0 => h.call1(py, (id,))?.extract::<isize>(py)?,
            _ => hash as isize,
        };
        Ok(GameCore { id: AtomicU32::new(id), kind, hash, left: PyOnceLock::new(), right: PyOnceLock::new(), nus: PyOnceLock::new() })
    }

    /// The engine's handle of the game (its id).
    #[getter]
    fn _h(&self) -> Id {
        self.id()
    }

    /// 0 a number, 1 another packed value (x + n.^ + *m), 2 a general game.
    #[getter]
    fn _kind(&self) -> u8 {
        self.kind
    }

    /// ``(x, ups, nim)`` for a packed value, else None.
    fn _packed(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if self.kind == 2 {
            return Ok(py.None());
        }
        self.nus
            .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                let e = engine();
                let v = e.table.node(self.id()).nus().unwrap();
                let (p, q) = dyadic_to_py(py, &v.x)?;
                registry(py)?.make_nus.call1(py, (p, q, int_to_py(py, &v.n)?, int_to_py(py, &v.m)?))
            })
            .map(|t| t.clone_ref(py))
    }

    /// The canonical Left options.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Py<PyTuple>> {
        self.options(py, true)
    }

    /// The canonical Right options.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Py<PyTuple>> {
        self.options(py, false)
    }

    fn __hash__(&self) -> isize {
        self.hash
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| sum_of(py, a, b))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| sum_of(py, b, a))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| sum_of(py, a, negative_of(py, b)?))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |a, b| sum_of(py, b, negative_of(py, a)?))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        facade(py, negative_of(py, self.id())?)
    }

    fn __pos__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let Some(b) = other_id(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let a = self.id();
        let v = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            CompareOp::Le => le_of(py, a, b)?,
            CompareOp::Ge => le_of(py, b, a)?,
            CompareOp::Lt => a != b && le_of(py, a, b)?,
            CompareOp::Gt => a != b && le_of(py, b, a)?,
        };
        Ok(pyo3::types::PyBool::new(py, v).to_owned().into_any().unbind())
    }
}

/// Hand over the `Game` class and its helpers (called once by `cgtkit.short.game`).
#[pyfunction]
#[pyo3(signature = (game, coerce, make_nus, token, number_hash = None))]
fn register_game(
    py: Python<'_>,
    game: Bound<'_, PyType>,
    coerce: Py<PyAny>,
    make_nus: Py<PyAny>,
    token: Py<PyAny>,
    number_hash: Option<Py<PyAny>>,
) -> PyResult<()> {
    if !game.is_subclass_of::<GameCore>()? {
        return Err(PyTypeError::new_err("the Game class must subclass GameCore"));
    }
    let reg = Registry { game: game.unbind(), coerce, make_nus, number_hash, token };
    REGISTRY.set(py, reg).map_err(|_| PyRuntimeError::new_err("the Game class is already registered"))
}

/// The one Game of engine id `id`.
#[pyfunction]
fn game_of(py: Python<'_>, id: Id) -> PyResult<Py<PyAny>> {
    facade(py, check_id(id)?)
}

/// The canonical form of `{left | right}` from iterables of Games.
#[pyfunction]
fn game_from_options(py: Python<'_>, left: &Bound<'_, PyAny>, right: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let id = canonical_of(py, ids_of(py, left)?, ids_of(py, right)?)?;
    facade(py, id)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameCore>()?;
    m.add_function(wrap_pyfunction!(register_game, m)?)?;
    m.add_function(wrap_pyfunction!(game_of, m)?)?;
    m.add_function(wrap_pyfunction!(game_from_options, m)?)?;
    m.add_function(wrap_pyfunction!(reset_engine, m)?)?;
    Ok(())
}
