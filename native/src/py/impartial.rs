//! The search loop of `cgtkit.ImpartialSolver`: a user's Python move function, the
//! memo and the explicit stack driven from Rust.
//!
//! Concept: the Grundy value of a position is the mex of its options' values, an
//! option being a sum of components (a tuple) whose value is the xor of theirs.  The
//! search walks the graph depth first with an explicit stack (a line of play 10^6 moves
//! long needs no recursion) and calls the move function once per new position.
//!
//! The memo is the solver's own Python dict (position -> int), not a native table keyed
//! by Python objects: positions are arbitrary Python objects, so any such table must
//! hash and compare them with Python's `__hash__`/`__eq__` anyway, which is what a dict
//! does at C speed; a dict also keeps reuse across queries and the solver's other
//! readers as they were.  One shortcut beside it: positions that are plain
//! non-negative ints below 2^63 (heap sizes, the common case) live instead in a native
//! table: a flat array indexed by the int (while it stays within a few times the number
//! of values it holds), and a hash map of u64 for the ints beyond it, so looking up or
//! storing such a position costs no Python hashing, no dict growth and no int object;
//! `cache_size()` adds the two.  (So an int position and an equal non-int one, `1` and
//! `True`, are two entries here; the Python twin keeps one.)
//!
//! Invariant: a position on the current line of play is marked "on the path" (its
//! int-table slot, or a `None` in the dict), so one lookup per option answers both
//! "known?" and "a loop?"; every other entry is its exact value; any failure removes
//! the marks, so the memo holds only values again.  Errors are the Python twin's
//! (`cgtkit.search.evaluate`): Python helpers build them.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};

/// Int positions below this may be kept in the flat array (4 bytes each).
pub const INT_TABLE_LIMIT: u64 = 1 << 26;
/// The array may always grow to hold int positions below this (its untouched pages
/// cost no memory); beyond it, to a few times the values it holds.
const INT_TABLE_FREE: usize = 1 << 20;
/// Int positions below this are kept natively (the array or the map).
const INT_KEY_LIMIT: u64 = 1 << 63;
const UNKNOWN: u32 = 0;
const ON_PATH: u32 = 1;
// a value v is stored as v + 2 (values too large for that live in the dict only)

/// A component of an option: a plain int in the native table's range is kept as a
/// number (its int object is freed with the move function's list), anything else as
/// the object; once its value is known, the value (so the stack of components is also
/// the stack of their values).
#[derive(Clone)]
enum Child<'py> {
    Int(u64),
    Obj(Bound<'py, PyAny>),
    Value(u64),
}

impl<'py> Child<'py> {
    fn of(o: Bound<'py, PyAny>) -> Child<'py> {
        match as_index(&o) {
            Some(i) => Child::Int(i),
            None => Child::Obj(o),
        }
    }

    fn object(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Child::Int(i) => Ok(i.into_pyobject(py)?.into_any()),
            Child::Obj(o) => Ok(o.clone()),
            Child::Value(_) => Err(pyo3::exceptions::PyRuntimeError::new_err("ImpartialSolver: a solved component has no position")),
        }
    }
}

struct Frame<'py> {
    /// the position: an int in the native table's range is kept as a number (its int
    /// object lives only while the move function is called)
    position: Child<'py>,
    /// its options' components: `children[first..]` of the shared stack
    first: u32,
    /// the number of components of each option (`groups[first_group..]`), or all 1s
    /// (`NO_GROUPS`)
    first_group: u32,
    /// components whose value is known (they are `Child::Value`s)
    next: u32,
}

/// `Frame::first_group` of a frame whose options are all single components.
const NO_GROUPS: u32 = u32::MAX;

/// A stack index as a frame field (32 bits keep the line of play compact).
fn index(n: usize) -> PyResult<u32> {
    u32::try_from(n)
        .ok()
        .filter(|&i| i != NO_GROUPS)
        .ok_or_else(|| pyo3::exceptions::PyMemoryError::new_err("ImpartialSolver: more than 2^32 options on one line of play"))
}

/// The state of one solver: the int table and the scratch stacks, reused by queries.
#[pyclass(module = "cgtkit._native", unsendable)]
pub struct ImpartialSearch {
    moves: Py<PyAny>,
    memo: Py<PyDict>,
    tuple_is_sum: bool,
    /// `(listed, normalize, failure, loopy)`: see [`Helpers`]
    helpers: (Py<PyAny>, Py<PyAny>, Py<PyAny>, Py<PyAny>),
    ints: Vec<u32>,
    /// the int positions beyond `ints` (same coding)
    big: hashbrown::HashMap<u64, u32>,
    /// values stored in `ints` and `big`: the array grows only to a few times this, so
    /// sparse large ints cost memory in proportion to the positions solved
    stored: usize,
    /// int positions that went to the dict (values too large for the coding): while 0,
    /// an int the native table does not know is unknown, with no dict lookup
    dict_ints: usize,
    /// the longest line of play followed before a ResourceLimitError (a move function
    /// that never repeats a position but never ends), as `cgtkit.traverse.evaluate`
    max_depth: usize,
}

/// The Python helpers that build the twin's errors and normalise unusual options.
struct Helpers<'a, 'py> {
    /// `listed(raw, position)`: the move function's result as a list (or raise)
    listed: &'a Bound<'py, PyAny>,
    /// `normalize(option, position)`: the option's components as a tuple (or raise)
    normalize: &'a Bound<'py, PyAny>,
    /// `failure(position, exc)`: the exception to raise when the move function failed
    failure: &'a Bound<'py, PyAny>,
    /// `loopy(cycle)`: the LoopyGameError for a cycle
    loopy: &'a Bound<'py, PyAny>,
}

fn is_atom(o: &Bound<'_, PyAny>) -> bool {
    o.is_exact_instance_of::<PyInt>() || o.is_exact_instance_of::<PyString>()
}

/// `o` as a key of the native int table, when it is a plain int in range.
#[inline]
fn as_index(o: &Bound<'_, PyAny>) -> Option<u64> {
    if o.is_exact_instance_of::<PyInt>() {
        match o.extract::<u64>() {
            Ok(v) if v < INT_KEY_LIMIT => Some(v),
            _ => None,
        }
    } else {
        None
    }
}

fn raise(e: Bound<'_, PyAny>) -> PyErr {
    PyErr::from_value(e)
}

struct Stacks<'py> {
    frames: Vec<Frame<'py>>,
    children: Vec<Child<'py>>,
    groups: Vec<u32>,
}

impl ImpartialSearch {
    /// The native table's state of int position `i`.
    #[inline]
    fn int_state(&self, i: u64) -> u32 {
        match usize::try_from(i).ok().and_then(|j| self.ints.get(j)) {
            Some(&v) if v != UNKNOWN || self.big.is_empty() => v,
            _ if self.big.is_empty() => UNKNOWN,
            _ => self.big.get(&i).copied().unwrap_or(UNKNOWN),
        }
    }

    /// Set the native table's state of int position `i`: in the array, grown to hold
    /// it when that costs at most a few times the values already stored (the entries
    /// of the map it then covers move into it), else in the map.
    fn set_int(&mut self, i: u64, state: u32) {
        if i as usize >= self.ints.len() && i < INT_TABLE_LIMIT && (i as usize) < INT_TABLE_FREE.max(8 * self.stored) {
            let size = (i as usize + 1).max(2 * self.ints.len()).min(INT_TABLE_LIMIT as usize);
            // zeroed memory from the allocator: the pages never touched cost nothing
            let mut grown = vec![UNKNOWN; size];
            grown[..self.ints.len()].copy_from_slice(&self.ints);
            self.ints = grown;
            if !self.big.is_empty() {
                let moved: Vec<(u64, u32)> = self.big.iter().filter(|(&k, _)| (k as usize) < size).map(|(&k, &v)| (k, v)).collect();
                for (k, v) in moved {
                    self.big.remove(&k);
                    self.ints[k as usize] = v;
                }
            }
        }
        match usize::try_from(i).ok().and_then(|j| self.ints.get_mut(j)) {
            Some(slot) => *slot = state,
            None if state == UNKNOWN => {
                self.big.remove(&i);
            }
            None => {
                self.big.insert(i, state);
            }
        }
    }

    /// The memo state of `child`: Some(Some(v)) known, Some(None) on the path, None unknown.
    #[inline]
    fn lookup(&self, memo: &Bound<'_, PyDict>, child: &Child<'_>) -> PyResult<Option<Option<u64>>> {
        let child = match child {
            Child::Int(i) => {
                match self.int_state(*i) {
                    UNKNOWN if self.dict_ints == 0 => return Ok(None),
                    UNKNOWN => {}
                    ON_PATH => return Ok(Some(None)),
                    v => return Ok(Some(Some(v as u64 - 2))),
                }
                &(*i).into_pyobject(memo.py())?.into_any()
            }
            Child::Obj(o) => o,
            Child::Value(v) => return Ok(Some(Some(*v))),
        };
        match memo.get_item(child)? {
            None => Ok(None),
            Some(v) if v.is_none() => Ok(Some(None)),
            Some(v) => Ok(Some(Some(v.extract::<u64>()?))),
        }
    }

    fn mark(&mut self, memo: &Bound<'_, PyDict>, position: &Child<'_>, state: Option<u64>) -> PyResult<()> {
        if let Child::Int(i) = *position {
            match state {
                None => {
                    self.set_int(i, ON_PATH);
                    return Ok(());
                }
                Some(v) if v + 2 <= u32::MAX as u64 => {
                    self.set_int(i, (v + 2) as u32);
                    self.stored += 1;
                    return Ok(());
                }
                Some(_) => {
                    self.set_int(i, UNKNOWN);
                    self.dict_ints += 1;
                }
            }
        }
        let position = position.object(memo.py())?;
        match state {
            None => memo.set_item(&position, memo.py().None()),
            Some(v) => memo.set_item(&position, v),
        }
    }

    /// Call the move function on `position` and push its options' components.
    fn expand<'py>(&self, position: &Bound<'py, PyAny>, h: &Helpers<'_, 'py>, st: &mut Stacks<'py>) -> PyResult<Option<usize>> {
        let py = position.py();
        let moves = self.moves.bind(py);
        let raw = match moves.call1((position,)) {
            Ok(r) => r,
            Err(e) => return Err(raise(h.failure.call1((position, e.into_value(py)))?)),
        };
        let list = if raw.is_exact_instance_of::<PyList>() {
            raw.cast_into::<PyList>()?
        } else {
            match h.listed.call1((raw, position)) {
                Ok(l) => l.cast_into::<PyList>()?,
                Err(e) => return Err(raise(h.failure.call1((position, e.into_value(py)))?)),
            }
        };
        let mut first_group: Option<usize> = None;
        for (i, o) in list.iter().enumerate() {
            if is_atom(&o) {
                st.children.push(Child::of(o));
                if first_group.is_some() {
                    st.groups.push(1);
                }
                continue;
            }
            let comps: Bound<'py, PyTuple> = match o.cast::<PyTuple>() {
                Ok(t) if self.tuple_is_sum && o.is_exact_instance_of::<PyTuple>() && t.iter().all(|c| is_atom(&c)) => t.clone(),
                _ => h.normalize.call1((&o, position))?.cast_into::<PyTuple>()?,
            };
            if first_group.is_none() {
                first_group = Some(st.groups.len());
                st.groups.extend(std::iter::repeat_n(1, i));
            }
            st.groups.push(comps.len() as u32);
            st.children.extend(comps.iter().map(Child::of));
        }
        // every index into the stacks fits a frame's 32-bit fields
        index(st.children.len())?;
        index(st.groups.len())?;
        Ok(first_group)
    }

    fn mex(st: &Stacks<'_>, frame: &Frame<'_>, marks: &mut Vec<bool>, option_values: &mut Vec<u64>) -> u64 {
        let value = |c: &Child<'_>| match c {
            Child::Value(v) => *v,
            _ => 0, // never: every component of a finished frame is solved
        };
        let mut children = st.children[frame.first as usize..].iter().map(value);
        option_values.clear();
        match frame.first_group {
            NO_GROUPS => option_values.extend(children),
            g0 => {
                for &g in &st.groups[g0 as usize..] {
                    let x = children.by_ref().take(g as usize).fold(0, |x, v| x ^ v);
                    option_values.push(x);
                }
            }
        }
        let values = &option_values[..];
        marks.clear();
        marks.resize(values.len() + 1, false);
        for &v in values {
            if (v as usize) < marks.len() {
                marks[v as usize] = true;
            }
        }
        marks.iter().position(|&m| !m).unwrap_or(values.len()) as u64
    }

    fn search<'py>(&mut self, root: &Bound<'py, PyAny>, h: &Helpers<'_, 'py>, st: &mut Stacks<'py>) -> PyResult<u64> {
        let py = root.py();
        let memo = self.memo.bind(py).clone();
        let first_group = self.expand(root, h, st)?;
        let position = Child::of(root.clone());
        self.mark(&memo, &position, None)?;
        let first_group = first_group.map_or(Ok(NO_GROUPS), index)?;
        st.frames.push(Frame { position, first: 0, first_group, next: 0 });
        let (mut marks, mut option_values) = (Vec::new(), Vec::new());
        let mut expanded: u32 = 0;
        loop {
            let top = st.frames.len() - 1;
            let (first, mut next) = (st.frames[top].first as usize, st.frames[top].next as usize);
            let mut pending = None;
            while first + next < st.children.len() {
                let child = &st.children[first + next];
                match self.lookup(&memo, child)? {
                    None => {
                        pending = Some((child.clone(), false));
                        break;
                    }
                    Some(None) => {
                        pending = Some((child.clone(), true));
                        break;
                    }
                    Some(Some(v)) => {
                        st.children[first + next] = Child::Value(v);
                        next += 1;
                    }
                }
            }
            st.frames[top].next = next as u32; // at most the frame's children
            match pending {
                Some((child, true)) => {
                    let child = child.object(py)?;
                    let mut start = 0;
                    for (i, f) in st.frames.iter().enumerate() {
                        if f.position.object(py)?.eq(&child).unwrap_or(false) {
                            start = i;
                            break;
                        }
                    }
                    let cycle = PyList::empty(py);
                    for f in &st.frames[start..] {
                        cycle.append(f.position.object(py)?)?;
                    }
                    cycle.append(&child)?;
                    return Err(raise(h.loopy.call1((cycle,))?));
                }
                Some((child, false)) => {
                    if st.frames.len() >= self.max_depth {
                        let msg = format!(
                            "a line of play from {} is longer than {} moves without repeating a position (now at {}): \
                             the move function may never end; pass a larger max_depth (or set CGTKIT_MAX_DEPTH) \
                             if the game is that deep",
                            root.repr()?,
                            grouped(self.max_depth),
                            child.object(py)?.repr()?
                        );
                        let err = py.import("cgtkit.errors")?.getattr("ResourceLimitError")?.call1((msg,))?;
                        return Err(PyErr::from_value(err));
                    }
                    let first = st.children.len();
                    let first_group = self.expand(&child.object(py)?, h, st)?;
                    self.mark(&memo, &child, None)?;
                    let first = index(first)?;
                    let first_group = first_group.map_or(Ok(NO_GROUPS), index)?;
                    st.frames.push(Frame { position: child, first, first_group, next: 0 });
                    expanded = expanded.wrapping_add(1);
                    if expanded & 0x3FF == 0 {
                        py.check_signals()?;
                    }
                    continue;
                }
                None => {}
            }
            let frame = st.frames.pop().expect("a frame");
            let value = Self::mex(st, &frame, &mut marks, &mut option_values);
            self.mark(&memo, &frame.position, Some(value))?;
            st.children.truncate(frame.first as usize);
            if frame.first_group != NO_GROUPS {
                st.groups.truncate(frame.first_group as usize);
            }
            match st.frames.last_mut() {
                Some(parent) => {
                    st.children[(parent.first + parent.next) as usize] = Child::Value(value);
                    parent.next += 1;
                }
                None => return Ok(value),
            }
        }
    }
}

/// `n` with a comma between groups of three digits, as Python's `f"{n:,}"`
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[pymethods]
impl ImpartialSearch {
    #[new]
    #[pyo3(signature = (moves, memo, tuple_is_sum, helpers, max_depth=4_000_000))]
    fn new(moves: Py<PyAny>, memo: Py<PyDict>, tuple_is_sum: bool, helpers: (Py<PyAny>, Py<PyAny>, Py<PyAny>, Py<PyAny>), max_depth: usize) -> Self {
        ImpartialSearch { moves, memo, tuple_is_sum, helpers, ints: Vec::new(), big: hashbrown::HashMap::new(), stored: 0, dict_ints: 0, max_depth }
    }

    /// The Grundy value of `root` (hashable), filling the memo with every position it
    /// needs; the errors of `cgtkit.search.evaluate`.
    fn grundy<'py>(&mut self, root: Bound<'py, PyAny>) -> PyResult<u64> {
        let py = root.py();
        let memo = self.memo.bind(py).clone();
        match self.lookup(&memo, &Child::of(root.clone()))? {
            Some(Some(v)) => return Ok(v),
            Some(None) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "ImpartialSolver: a position was asked for while its own value is being computed (the move function asked the solver)",
                ))
            }
            None => {}
        }
        let (l, n, f, lo) = &self.helpers;
        let (l, n, f, lo) = (l.bind(py).clone(), n.bind(py).clone(), f.bind(py).clone(), lo.bind(py).clone());
        let h = Helpers { listed: &l, normalize: &n, failure: &f, loopy: &lo };
        let mut st = Stacks { frames: Vec::new(), children: Vec::new(), groups: Vec::new() };
        match self.search(&root, &h, &mut st) {
            Ok(v) => Ok(v),
            Err(e) => {
                // the positions still on the line of play are marked: unmark them
                for f in &st.frames {
                    match &f.position {
                        Child::Int(i) => self.set_int(*i, UNKNOWN),
                        Child::Obj(o) => {
                            let _ = memo.del_item(o);
                        }
                        Child::Value(_) => {}
                    }
                }
                Err(e)
            }
        }
    }

    /// How many positions the native int table holds (the dict holds the others).
    fn stored(&self) -> usize {
        self.stored
    }

    /// The value of every position in the int table, as `(position, value)` pairs.
    fn int_items(&self) -> Vec<(u64, u64)> {
        let array = self.ints.iter().enumerate().map(|(i, &v)| (i as u64, v));
        let map = self.big.iter().map(|(&i, &v)| (i, v));
        array.chain(map).filter(|&(_, v)| v >= 2).map(|(i, v)| (i, v as u64 - 2)).collect()
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ImpartialSearch>()?;
    Ok(())
}
