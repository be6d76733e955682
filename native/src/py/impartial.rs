//! The search loop of `cgtkit.ImpartialSolver`: a user's Python move function, the
//! memo and the explicit stack driven from Rust.
//!
//! Concept: the Grundy value of a position is the mex of its options' values, an
//! option being a sum of components (a tuple) whose value is the xor of theirs.  The
//! search walks the graph depth first with an explicit stack (a line of play 10^6 moves
//! long needs no recursion) and calls the move function once per new position.
//!
//! The memo is the solver's own Python dict (position -> int), not a native table: the
//! positions are arbitrary Python objects, so any table has to hash them and compare
//! them with Python's `__hash__`/`__eq__` anyway, and a dict does exactly that at C
//! speed; keeping it a dict also keeps `cache_size()`, reuse across queries and the
//! solver's other readers unchanged.  Invariant: while a position is on the current
//! line of play its memo entry is `None` (so one lookup per option answers both
//! "known?" and "on the path?": a `None` is a loop); every other entry is its exact
//! value; any failure removes the `None` entries, so the memo holds only values again.
//! Errors are the Python twin's (`cgtkit.search.evaluate`): the helpers build them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};

struct Frame<'py> {
    position: Bound<'py, PyAny>,
    /// the options' components, flattened
    children: Vec<Bound<'py, PyAny>>,
    /// the number of components of each option, or None when every option is one
    groups: Option<Vec<u32>>,
    /// the values of `children[..next]`
    values: Vec<u64>,
    next: usize,
}

/// The Python helpers that build the twin's errors and normalise unusual options.
struct Helpers<'py> {
    /// `listed(raw, position)`: the move function's result as a list (or raise)
    listed: Bound<'py, PyAny>,
    /// `normalize(option, position)`: the option's components as a tuple (or raise)
    normalize: Bound<'py, PyAny>,
    /// `failure(position, exc)`: the exception to raise when the move function failed
    failure: Bound<'py, PyAny>,
    /// `loopy(cycle)`: the LoopyGameError for a cycle
    loopy: Bound<'py, PyAny>,
}

fn is_atom(o: &Bound<'_, PyAny>) -> bool {
    o.is_exact_instance_of::<PyInt>() || o.is_exact_instance_of::<PyString>()
}

fn raise(e: Bound<'_, PyAny>) -> PyErr {
    PyErr::from_value(e)
}

fn expand<'py>(
    position: &Bound<'py, PyAny>,
    moves: &Bound<'py, PyAny>,
    tuple_is_sum: bool,
    h: &Helpers<'py>,
) -> PyResult<(Vec<Bound<'py, PyAny>>, Option<Vec<u32>>)> {
    let raw = match moves.call1((position,)) {
        Ok(r) => r,
        Err(e) => return Err(raise(h.failure.call1((position, e.into_value(moves.py())))?)),
    };
    let list = if raw.is_exact_instance_of::<PyList>() {
        raw.cast_into::<PyList>()?
    } else {
        match h.listed.call1((raw, position)) {
            Ok(l) => l.cast_into::<PyList>()?,
            Err(e) => return Err(raise(h.failure.call1((position, e.into_value(moves.py())))?)),
        }
    };
    let mut children = Vec::with_capacity(list.len());
    let mut groups: Option<Vec<u32>> = None;
    for (i, o) in list.iter().enumerate() {
        if is_atom(&o) {
            children.push(o);
            if let Some(g) = groups.as_mut() {
                g.push(1);
            }
            continue;
        }
        let comps: Bound<'py, PyTuple> = match o.cast::<PyTuple>() {
            Ok(t) if tuple_is_sum && o.is_exact_instance_of::<PyTuple>() && t.iter().all(|c| is_atom(&c)) => t.clone(),
            _ => h.normalize.call1((&o, position))?.cast_into::<PyTuple>()?,
        };
        let g = groups.get_or_insert_with(|| vec![1; i]);
        g.push(comps.len() as u32);
        children.extend(comps.iter());
    }
    Ok((children, groups))
}

fn mex_of(frame: &Frame<'_>, marks: &mut Vec<bool>) -> u64 {
    let mut option_values: Vec<u64> = Vec::new();
    let values: &[u64] = match &frame.groups {
        None => &frame.values,
        Some(groups) => {
            let mut at = 0usize;
            for &g in groups {
                let mut x = 0u64;
                for v in &frame.values[at..at + g as usize] {
                    x ^= v;
                }
                at += g as usize;
                option_values.push(x);
            }
            &option_values
        }
    };
    marks.clear();
    marks.resize(values.len() + 1, false);
    for &v in values {
        if (v as usize) < marks.len() {
            marks[v as usize] = true;
        }
    }
    marks.iter().position(|&m| !m).unwrap_or(values.len()) as u64
}

fn search<'py>(
    root: &Bound<'py, PyAny>,
    memo: &Bound<'py, PyDict>,
    moves: &Bound<'py, PyAny>,
    tuple_is_sum: bool,
    h: &Helpers<'py>,
    stack: &mut Vec<Frame<'py>>,
) -> PyResult<u64> {
    let py = root.py();
    let (children, groups) = expand(root, moves, tuple_is_sum, h)?;
    memo.set_item(root, py.None())?;
    stack.push(Frame { position: root.clone(), children, groups, values: Vec::new(), next: 0 });
    let mut marks: Vec<bool> = Vec::new();
    let mut expanded: u32 = 0;
    loop {
        let top = stack.len() - 1;
        let frame = &mut stack[top];
        let mut pending: Option<Bound<'py, PyAny>> = None;
        let mut looped: Option<Bound<'py, PyAny>> = None;
        while frame.next < frame.children.len() {
            let child = &frame.children[frame.next];
            match memo.get_item(child)? {
                None => {
                    pending = Some(child.clone());
                    break;
                }
                Some(v) if v.is_none() => {
                    looped = Some(child.clone());
                    break;
                }
                Some(v) => {
                    frame.values.push(v.extract::<u64>()?);
                    frame.next += 1;
                }
            }
        }
        if let Some(child) = looped {
            let start = stack.iter().position(|f| f.position.eq(&child).unwrap_or(false)).unwrap_or(0);
            let cycle = PyList::empty(py);
            for f in &stack[start..] {
                cycle.append(&f.position)?;
            }
            cycle.append(&child)?;
            return Err(raise(h.loopy.call1((cycle,))?));
        }
        if let Some(child) = pending {
            let (children, groups) = expand(&child, moves, tuple_is_sum, h)?;
            memo.set_item(&child, py.None())?;
            stack.push(Frame { position: child, children, groups, values: Vec::new(), next: 0 });
            expanded = expanded.wrapping_add(1);
            if expanded & 0x3FF == 0 {
                py.check_signals()?;
            }
            continue;
        }
        let value = mex_of(frame, &mut marks);
        memo.set_item(&frame.position, value)?;
        stack.pop();
        match stack.last_mut() {
            Some(parent) => {
                parent.values.push(value);
                parent.next += 1;
            }
            None => return Ok(value),
        }
    }
}

/// The Grundy value of `root`, filling `memo` (a dict) with every position it needs.
/// `helpers` is `(listed, normalize, failure, loopy)` (see [`Helpers`]).
#[pyfunction]
fn impartial_grundy<'py>(
    root: Bound<'py, PyAny>,
    memo: Bound<'py, PyDict>,
    moves: Bound<'py, PyAny>,
    tuple_is_sum: bool,
    helpers: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(v) = memo.get_item(&root)? {
        if !v.is_none() {
            return Ok(v);
        }
        return Err(PyValueError::new_err("ImpartialSolver: a position was asked for while its own value is being computed"));
    }
    let (listed, normalize, failure, loopy) = helpers.extract()?;
    let h = Helpers { listed, normalize, failure, loopy };
    let mut stack: Vec<Frame<'py>> = Vec::new();
    match search(&root, &memo, &moves, tuple_is_sum, &h, &mut stack) {
        Ok(_) => Ok(memo.get_item(&root)?.expect("the root's value is in the memo")),
        Err(e) => {
            // the positions still on the line of play hold None: remove them
            for f in &stack {
                let _ = memo.del_item(&f.position);
            }
            Err(e)
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(impartial_grundy, m)?)?;
    Ok(())
}
