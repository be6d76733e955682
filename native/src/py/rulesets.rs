//! The Python face of the native ruleset search (`cgtkit.rulesets.native` uses it).
//!
//! One class, `RulesetSolver`, holds a ruleset and its bounded table; it is made by
//! `placement(...)` (pieces as data), `stones(game)` (Clobber, Konane, Amazons, Col and Snort on grids) or
//! `toads()`; `hackenbush_stalks` needs no table.  `value` takes the component keys
//! of the Python rulesets (so the twin and the native search start from the same
//! split) and returns an engine id, or a nim value for an impartial ruleset, or None
//! when a board is beyond the native limits (the caller then searches in Python).
//! The search runs with the GIL released; a malformed key is a `RulesError`.

use super::{cgt_error, detached};
use crate::rulesets::bits::{row_mask, Bits, Symmetry, K128, KEY_BITS};
use crate::rulesets::graphs::{GraphGame, Graphs};
use crate::rulesets::search::{Rules, Solver};
use crate::rulesets::stones::{self, StoneGame, StoneKey, Stones};
use crate::rulesets::table::{Stats, TTable};
use crate::rulesets::{amazons::Amazons, clobber::Clobber, colouring::Colouring, hackenbush, konane::Konane, outcome, placement::Placement, toads};
use crate::rulesets::{cakes, hackenbush::Graphs as HackenbushGraphs};
use crate::short::engine;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

/// `set_bound(entries=None, bytes=None)` of a solver.
fn set_bound<R: Rules>(py: Python<'_>, sv: &Solver<R>, entries: Option<usize>, bytes: Option<usize>) -> PyResult<()> {
    let n = match (entries, bytes) {
        (Some(e), None) => e,
        (None, Some(b)) => TTable::<R::Key>::entries_in(b),
        (Some(e), Some(b)) => e.min(TTable::<R::Key>::entries_in(b)),
        (None, None) => return Err(rules_error(py, "set_bound needs entries= or bytes=")),
    };
    sv.table.set_bound(n);
    Ok(())
}

/// A board at stride `s` with `h` rows must leave the guard columns (from `w` on) off.
fn guard_clear(bits: Bits, s: u32, h: u32, w: u32) -> bool {
    let row = row_mask(w);
    let mut all = 0;
    for i in 0..h {
        all |= row << (i * s);
    }
    bits & !all == 0
}

/// The native keys of placement regions given as Python keys (`packed rows << 8 |
/// width`, rows at stride width + guard); None when one is too large.
fn placement_parts(py: Python<'_>, rules: &Placement, keys: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<K128>>> {
    let g = rules.guard;
    let mut parts = Vec::new();
    for k in keys {
        let Ok(key) = k.extract::<u128>() else {
            if k.extract::<num_bigint::BigInt>().is_ok_and(|b| b.sign() != num_bigint::Sign::Minus) {
                return Ok(None);
            }
            return Err(rules_error(py, format!("a placement key is a non-negative int, not {k}")));
        };
        let w = (key & 0xFF) as u32;
        let bits = key >> 8;
        if bits == 0 {
            continue;
        }
        if w == 0 {
            return Err(rules_error(py, "a placement key needs a width"));
        }
        let s = w + g;
        let h = (127 - bits.leading_zeros()) / s + 1;
        if !rules.fits_board(h, w) {
            return Ok(None);
        }
        if !guard_clear(bits, s, h, w) {
            return Err(rules_error(py, format!("the key {key} has cells beyond its width {w}")));
        }
        rules.parts(bits, s, &mut |c| parts.push(c));
    }
    Ok(Some(parts))
}

/// The native keys of stone parts given as Python keys `(width, height, cells, black,
/// white)` at stride width + 1; None when one is too large.
fn stone_parts<G: StoneGame>(py: Python<'_>, game: &G, keys: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<StoneKey>>> {
    let mut parts = Vec::new();
    for k in keys {
        let Ok((w, h, cells, black, white)) = k.extract::<(u32, u32, Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>)>() else {
            return Err(rules_error(py, format!("a stone key is (width, height, cells, black, white), not {k}")));
        };
        if w == 0 || h == 0 {
            return Err(rules_error(py, format!("a stone board needs positive sides, not {h}x{w}")));
        }
        if !stones::fits_board(h, w) {
            return Ok(None);
        }
        let as_bits = |x: &Bound<'_, PyAny>| x.extract::<u128>().ok().filter(|&b| b < (1 << KEY_BITS));
        let (Some(cells), Some(black), Some(white)) = (as_bits(&cells), as_bits(&black), as_bits(&white)) else {
            return Err(rules_error(py, format!("the board {k} does not fit its width and height")));
        };
        let s = w + 1;
        if !guard_clear(cells, s, h, w) || (black | white) & !cells != 0 || black & white != 0 {
            return Err(rules_error(py, format!("{k} is not a {h}x{w} board of stones (stones on cells, one colour a cell)")));
        }
        game.split(cells, black, white, s, &mut |c| parts.push(c));
    }
    Ok(Some(parts))
}

/// The native keys of Toads and Frogs strips; None when a part is too long.
fn toads_parts(py: Python<'_>, keys: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<K128>>> {
    let mut parts = Vec::new();
    for k in keys {
        let text: String = k.extract().map_err(|_| rules_error(py, format!("a strip is a string, not {k}")))?;
        let s = toads::parse(&text).map_err(|m| rules_error(py, m))?;
        if toads::Toads::parts(&s, &mut |c| parts.push(c)).is_none() {
            return Ok(None);
        }
    }
    Ok(Some(parts))
}

/// The native keys of graphs given as `(tints, edges)`; None when one has more
/// vertices than the native search takes.
fn graph_parts(py: Python<'_>, rules: &Graphs, keys: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<crate::rulesets::graphs::GraphKey>>> {
    let mut parts = Vec::new();
    for k in keys {
        let Ok((tints, edges)) = k.extract::<(String, Vec<(u32, u32)>)>() else {
            return Err(rules_error(py, format!("a graph is (tints, edges), not {k}")));
        };
        match rules.split(&tints, &edges).map_err(|m| rules_error(py, m))? {
            Some(p) => parts.extend(p),
            None => return Ok(None),
        }
    }
    Ok(Some(parts))
}

/// The native keys of Hackenbush tree and graph components, given as edges `(u, v,
/// colour)`; None when a component is too large.
fn hackenbush_parts(py: Python<'_>, rules: &HackenbushGraphs, keys: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<u128>>> {
    let mut edges = Vec::with_capacity(keys.len());
    for k in keys {
        let e = k.extract::<(String, String, String)>().map_err(|_| rules_error(py, format!("a Hackenbush edge is (u, v, colour), not {k}")))?;
        edges.push(e);
    }
    rules.parts(&edges).map_err(|m| rules_error(py, m))
}

/// The native keys of Eatcake cakes `(w, h)`; None when a side does not fit 32 bits.
fn eatcake_parts(py: Python<'_>, keys: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<u64>>> {
    let mut parts = Vec::with_capacity(keys.len());
    for k in keys {
        let Ok((w, h)) = k.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>() else {
            return Err(rules_error(py, format!("a cake is (w, h), not {k}")));
        };
        let side = |x: &Bound<'_, PyAny>| -> PyResult<Option<u64>> {
            match x.extract::<u64>() {
                Ok(v) if v > 0 => Ok(Some(v)),
                _ if x.extract::<num_bigint::BigInt>().is_ok_and(|b| b.sign() == num_bigint::Sign::Plus) => Ok(None),
                _ => Err(rules_error(py, format!("a cake's sides are positive ints, not {k}"))),
            }
        };
        let (Some(w), Some(h)) = (side(&w)?, side(&h)?) else { return Ok(None) };
        match cakes::key(w, h) {
            Some(c) => parts.push(c),
            None => return Ok(None),
        }
    }
    Ok(Some(parts))
}

/// The value of a sum of components, the GIL released.
fn run<R: Rules>(py: Python<'_>, sv: &Solver<R>, parts: Option<Vec<R::Key>>, workers: usize) -> PyResult<Option<u32>> {
    match parts {
        None => Ok(None),
        Some(parts) => detached(py, move || sv.total(&parts, workers)).map(Some),
    }
}

enum Inner {
    Placement(Solver<Placement>),
    Clobber(Solver<Stones<Clobber>>),
    Konane(Solver<Stones<Konane>>),
    Amazons(Solver<Stones<Amazons>>),
    Colouring(Solver<Stones<Colouring>>),
    Toads(Solver<toads::Toads>),
    Graph(Solver<Graphs>),
    Hackenbush(Solver<HackenbushGraphs>),
    Eatcake(Solver<cakes::Eatcake>),
}

/// `$body` with `$v` bound to the solver, whatever its ruleset.
macro_rules! each {
    ($s:expr, $v:ident => $body:expr) => {
        match $s {
            Inner::Placement($v) => $body,
            Inner::Clobber($v) => $body,
            Inner::Konane($v) => $body,
            Inner::Amazons($v) => $body,
            Inner::Colouring($v) => $body,
            Inner::Toads($v) => $body,
            Inner::Graph($v) => $body,
            Inner::Hackenbush($v) => $body,
            Inner::Eatcake($v) => $body,
        }
    };
}

/// A native ruleset and its transposition table.
#[pyclass(frozen, module = "cgtkit._native")]
pub struct RulesetSolver {
    inner: Inner,
    /// the outcome search's table (games of stones; see `outcome`)
    outcomes: TTable<outcome::State>,
}

impl RulesetSolver {
    fn of(inner: Inner) -> Self {
        RulesetSolver { inner, outcomes: outcome::table(outcome::entries_in(outcome::DEFAULT_BYTES)) }
    }
}

/// Who wins the sum of stone parts (`(Left first, Right first)`), the GIL released.
fn stone_outcome<G: StoneGame>(
    py: Python<'_>,
    sv: &Solver<Stones<G>>,
    table: &TTable<outcome::State>,
    keys: &[Bound<'_, PyAny>],
    workers: usize,
    small: u32,
) -> PyResult<Option<(bool, bool)>> {
    match stone_parts(py, &sv.rules.0, keys)? {
        None => Ok(None),
        Some(parts) => detached(py, move || outcome::outcome(sv, table, small, &parts, workers)).map(Some),
    }
}

#[pymethods]
impl RulesetSolver {
    /// A placement game: Left's and Right's pieces (each a list of (row, col)
    /// cells), the symmetry ("none", "flips" or "square"), whether values are nim
    /// values, the table bound in entries (default: 512 MiB's worth).
    #[staticmethod]
    #[pyo3(signature = (left, right, symmetry = "none", impartial = false, entries = None))]
    fn placement(
        py: Python<'_>,
        left: Vec<Vec<(i64, i64)>>,
        right: Vec<Vec<(i64, i64)>>,
        symmetry: &str,
        impartial: bool,
        entries: Option<usize>,
    ) -> PyResult<Self> {
        let sym = match symmetry {
            "none" => Symmetry::None,
            "flips" => Symmetry::Flips,
            "square" => Symmetry::Square,
            _ => return Err(rules_error(py, format!("unknown symmetry {symmetry:?}"))),
        };
        let rules = Placement::new(&left, &right, sym, impartial).map_err(|m| rules_error(py, m))?;
        Ok(RulesetSolver::of(Inner::Placement(Solver::new(rules, entries))))
    }

    /// A game of stones: "clobber", "konane", "amazons", or "col" and "snort" on grids
    /// (a stone there is a cell only its colour's player may colour).
    #[staticmethod]
    #[pyo3(signature = (game, entries = None))]
    fn stones(py: Python<'_>, game: &str, entries: Option<usize>) -> PyResult<Self> {
        let inner = match game {
            "clobber" => Inner::Clobber(Solver::new(Stones(Clobber), entries)),
            "konane" => Inner::Konane(Solver::new(Stones(Konane), entries)),
            "amazons" => Inner::Amazons(Solver::new(Stones(Amazons), entries)),
            "col" => Inner::Colouring(Solver::new(Stones(Colouring { snort: false }), entries)),
            "snort" => Inner::Colouring(Solver::new(Stones(Colouring { snort: true }), entries)),
            _ => return Err(rules_error(py, format!("no native game of stones {game:?}"))),
        };
        Ok(RulesetSolver::of(inner))
    }

    /// Toads and Frogs.
    #[staticmethod]
    #[pyo3(signature = (entries = None))]
    fn toads(entries: Option<usize>) -> Self {
        RulesetSolver::of(Inner::Toads(Solver::new(toads::Toads, entries)))
    }

    /// A game on graphs: "col", "snort" or "arc-kayles" (keys: see `value`).
    #[staticmethod]
    #[pyo3(signature = (game, entries = None))]
    fn graph(py: Python<'_>, game: &str, entries: Option<usize>) -> PyResult<Self> {
        let game = match game {
            "col" => GraphGame::Col,
            "snort" => GraphGame::Snort,
            "arc-kayles" => GraphGame::ArcKayles,
            _ => return Err(rules_error(py, format!("no native game on graphs {game:?}"))),
        };
        Ok(RulesetSolver::of(Inner::Graph(Solver::new(Graphs::new(game), entries))))
    }

    /// Hackenbush trees and graphs (keys: the edges `(u, v, colour)` of a position).
    #[staticmethod]
    #[pyo3(signature = (entries = None))]
    fn hackenbush(entries: Option<usize>) -> Self {
        RulesetSolver::of(Inner::Hackenbush(Solver::new(HackenbushGraphs::new(), entries)))
    }

    /// Eatcake (keys: the cakes `(w, h)`).
    #[staticmethod]
    #[pyo3(signature = (entries = None))]
    fn eatcake(entries: Option<usize>) -> Self {
        RulesetSolver::of(Inner::Eatcake(Solver::new(cakes::Eatcake, entries)))
    }

    /// The guard columns of a placement game's boards (None for other games).
    #[getter]
    fn guard(&self) -> Option<u32> {
        match &self.inner {
            Inner::Placement(sv) => Some(sv.rules.guard),
            _ => None,
        }
    }

    /// The value of the sum of the components given by their Python keys: a
    /// placement game's ints, a game of stones' `(width, height, cells, black,
    /// white)`, Toads and Frogs' strips, a graph game's `(tints, edges)` (a
    /// character `.`, `L` or `R` a vertex, pairs of vertex indices).  None when one is too large for the native
    /// search.
    #[pyo3(signature = (keys, workers = 1))]
    fn value(&self, py: Python<'_>, keys: Vec<Bound<'_, PyAny>>, workers: usize) -> PyResult<Option<u32>> {
        let workers = check_workers(py, workers)?;
        match &self.inner {
            Inner::Placement(sv) => run(py, sv, placement_parts(py, &sv.rules, &keys)?, workers),
            Inner::Clobber(sv) => run(py, sv, stone_parts(py, &sv.rules.0, &keys)?, workers),
            Inner::Konane(sv) => run(py, sv, stone_parts(py, &sv.rules.0, &keys)?, workers),
            Inner::Amazons(sv) => run(py, sv, stone_parts(py, &sv.rules.0, &keys)?, workers),
            Inner::Colouring(sv) => run(py, sv, stone_parts(py, &sv.rules.0, &keys)?, workers),
            Inner::Toads(sv) => run(py, sv, toads_parts(py, &keys)?, workers),
            Inner::Graph(sv) => run(py, sv, graph_parts(py, &sv.rules, &keys)?, workers),
            Inner::Hackenbush(sv) => run(py, sv, hackenbush_parts(py, &sv.rules, &keys)?, workers),
            Inner::Eatcake(sv) => run(py, sv, eatcake_parts(py, &keys)?, workers),
        }
    }

    /// Who wins the sum of a game of stones' parts, without its value: `(Left wins
    /// moving first, Right wins moving first)`, by the outcome search (parts of at
    /// most `small` stones replaced by their values; `workers > 1`: the two
    /// questions on two threads).  None when a part is too large.
    #[pyo3(signature = (keys, workers = 1, small = 8))]
    fn outcome(&self, py: Python<'_>, keys: Vec<Bound<'_, PyAny>>, workers: usize, small: u32) -> PyResult<Option<(bool, bool)>> {
        let workers = check_workers(py, workers)?;
        let t = &self.outcomes;
        match &self.inner {
            Inner::Clobber(sv) => stone_outcome(py, sv, t, &keys, workers, small),
            Inner::Konane(sv) => stone_outcome(py, sv, t, &keys, workers, small),
            Inner::Amazons(sv) => stone_outcome(py, sv, t, &keys, workers, small),
            Inner::Colouring(sv) => stone_outcome(py, sv, t, &keys, workers, small),
            _ => Err(rules_error(py, "the outcome search is for games of stones")),
        }
    }

    /// The outcome table's counts (as `stats`; its bytes count the map's slots, not
    /// the boxed parts).
    fn outcome_stats(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        stats_dict(py, self.outcomes.stats())
    }

    /// Bound the outcome table, in entries or in bytes (reckoned at
    /// `outcome::ENTRY_BYTES` an entry; the smaller wins when both).
    #[pyo3(signature = (entries = None, bytes = None))]
    fn set_outcome_bound(&self, py: Python<'_>, entries: Option<usize>, bytes: Option<usize>) -> PyResult<()> {
        let n = match (entries, bytes) {
            (Some(e), None) => e,
            (None, Some(b)) => outcome::entries_in(b),
            (Some(e), Some(b)) => e.min(outcome::entries_in(b)),
            (None, None) => return Err(rules_error(py, "set_outcome_bound needs entries= or bytes=")),
        };
        self.outcomes.set_bound(n);
        Ok(())
    }

    /// Forget every value and outcome (the counts stay).
    fn clear(&self) {
        self.outcomes.clear();
        each!(&self.inner, sv => sv.table.clear())
    }

    /// The table's entries, bytes, bound (entries), hits, misses and evictions.
    fn stats(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        stats_dict(py, each!(&self.inner, sv => sv.stats()))
    }

    /// Bound the table, in entries or in bytes (the smaller wins when both).
    #[pyo3(signature = (entries = None, bytes = None))]
    fn set_bound(&self, py: Python<'_>, entries: Option<usize>, bytes: Option<usize>) -> PyResult<()> {
        each!(&self.inner, sv => set_bound(py, sv, entries, bytes))
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
