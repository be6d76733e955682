//! Short partizan games in canonical form: the native engine (mirrors
//! `cgtkit.short.pyengine`, its readable reference twin).
//!
//! Every game the engine returns is canonical and interned in one [`Table`], so
//! `==` is an id compare.  Sums, negatives and comparisons follow the textbook
//! recursions with memo tables keyed by ids, and run on explicit stacks: the depth of
//! a game never becomes depth of the machine stack.  All of it may be used from
//! several threads at once.
//!
//! The engine of the process is [`engine()`]; [`reset`] replaces it by a fresh one
//! that holds copies of the games still wanted (what live Python `Game`s name), and
//! the old one's memory is released when the last computation using it ends.

pub mod arena;
pub mod canonical;
pub mod compare;
pub mod nus;
pub mod sum;
pub mod table;
pub mod thermograph;

use crate::numbers::Dyadic;
use nus::Nus;
use std::fmt;
use std::sync::{Arc, LazyLock, OnceLock, PoisonError, RwLock};
pub use table::{Id, Kind, Memo, Table, NONE};

/// Why an engine operation stopped without an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// the interrupt hook asked to stop (Ctrl-C in Python)
    Interrupted,
    /// a nimber too large to list its options
    TooManyOptions(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Interrupted => write!(f, "interrupted"),
            EngineError::TooManyOptions(s) => write!(f, "{s}"),
        }
    }
}

pub type Res<T> = Result<T, EngineError>;

/// The engine: the table of games and the memo tables of its operations.
pub struct Engine {
    pub table: Table,
    pub le_memo: Memo<u64, bool>,
    /// whether `a + b <= 0` (true) or `>= 0` (false), keyed by the pair (see `sum_sign`)
    pub sum_memo: Memo<(u64, bool), bool>,
    pub add_memo: Memo<u64, Id>,
    pub canon_memo: Memo<Box<[Id]>, Id>,
    pub thermo_memo: Memo<Id, std::sync::Arc<thermograph::Thermograph>>,
    pub zero: Id,
}

/// Default bound on each memo table (entries).
pub const DEFAULT_MEMO_ENTRIES: usize = 1 << 24;

static INTERRUPT_HOOK: OnceLock<fn() -> bool> = OnceLock::new();

/// Set to stop every native call on every thread at its next check (a search split
/// over threads that Python drives: only the main thread sees Ctrl-C).
static CANCELLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Ask every running native call to stop (`true`), or let calls run again (`false`).
pub fn set_cancelled(on: bool) {
    CANCELLED.store(on, std::sync::atomic::Ordering::SeqCst);
}

thread_local! {
    static TICKS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Install the function that long loops call now and then; it returns true to stop.
pub fn set_interrupt_hook(hook: fn() -> bool) {
    let _ = INTERRUPT_HOOK.set(hook);
}

/// Called from inner loops: every 2^15 calls (per thread) asks the hook.
#[inline]
pub fn tick() -> Res<()> {
    let t = TICKS.with(|c| {
        let t = c.get().wrapping_add(1);
        c.set(t);
        t
    });
    if t & 0x7FFF == 0 {
        if CANCELLED.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(EngineError::Interrupted);
        }
        if let Some(hook) = INTERRUPT_HOOK.get() {
            if hook() {
                return Err(EngineError::Interrupted);
            }
        }
    }
    Ok(())
}

#[inline]
pub fn pair(a: Id, b: Id) -> u64 {
    ((a as u64) << 32) | b as u64
}

impl Engine {
    pub fn new() -> Engine {
        Engine::with_base(0)
    }

    /// An empty engine whose ids start at `base` (see [`reset`]).
    pub fn with_base(base: Id) -> Engine {
        let table = Table::with_base(base);
        let zero = table.number(Dyadic::zero());
        Engine {
            table,
            le_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
            sum_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
            add_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
            canon_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
            thermo_memo: Memo::new(DEFAULT_MEMO_ENTRIES / 4),
            zero,
        }
    }

    pub fn nus(&self, v: Nus) -> Id {
        self.table.nus(v)
    }

    pub fn number(&self, x: Dyadic) -> Id {
        self.table.number(x)
    }

    pub fn kind(&self, g: Id) -> Kind {
        self.table.kind(g)
    }

    /// Forget every memoised sum, comparison and canonical form (the games stay).
    pub fn clear_caches(&self) {
        self.le_memo.clear();
        self.sum_memo.clear();
        self.add_memo.clear();
        self.canon_memo.clear();
        self.thermo_memo.clear();
    }

    pub fn set_memo_entries(&self, entries: usize) {
        self.le_memo.set_cap(entries);
        self.sum_memo.set_cap(entries);
        self.add_memo.set_cap(entries);
        self.canon_memo.set_cap(entries);
    }

    /// `(g <= h, h <= g)`.
    pub fn compare(&self, g: Id, h: Id) -> Res<(bool, bool)> {
        Ok((self.le(g, h)?, self.le(h, g)?))
    }

    /// Options in the order the Python API lists them (`Game.left_options`): the
    /// number-up-stars first, by value, then the others by birthday, shape and id.
    pub fn api_order(&self, ids: &[Id]) -> Vec<Id> {
        let t = &self.table;
        let mut v = ids.to_vec();
        v.sort_by(|&a, &b| {
            let (na, nb) = (t.node(a), t.node(b));
            match (na.nus(), nb.nus()) {
                (Some(x), Some(y)) => x.cmp(y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => (&na.birthday, na.shape, a).cmp(&(&nb.birthday, nb.shape, b)),
            }
        });
        v
    }

    pub fn sub(&self, g: Id, h: Id) -> Res<Id> {
        let n = self.neg(h)?;
        self.add(g, n)
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

static CURRENT: LazyLock<RwLock<Arc<Engine>>> = LazyLock::new(|| RwLock::new(Arc::new(Engine::new())));

/// The engine of the process (what the Python bindings use): the one [`reset`] made
/// last.  A computation holds the engine it started with until it ends.
pub fn engine() -> Arc<Engine> {
    CURRENT.read().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Ids a reset keeps in reserve at the top of the id space, so that a table never
/// starts too close to its end to hold anything.
const RESERVE: u64 = 1 << 24;

/// Replace the engine of the process by an empty one (same memo bounds) whose ids
/// start after the old one's, holding copies of the games `keep`; their new ids, in
/// order.  The old engine is dropped (its memory released) when the last
/// computation holding it ends.  An error when the id space is used up.
pub fn reset(keep: &[Id]) -> Result<Vec<Id>, String> {
    let old = engine();
    let base = old.table.end();
    if base + RESERVE >= u64::from(NONE) {
        return Err(format!("cgtkit.reset(): the engine has given out {base} game ids, too near the 2^32 it can name; restart the process"));
    }
    let new = Engine::with_base(base as Id);
    new.le_memo.set_cap(old.le_memo.cap());
    new.sum_memo.set_cap(old.sum_memo.cap());
    new.add_memo.set_cap(old.add_memo.cap());
    new.canon_memo.set_cap(old.canon_memo.cap());
    new.thermo_memo.set_cap(old.thermo_memo.cap());
    let ids = copy_games(&old, &new, keep);
    *CURRENT.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(new);
    Ok(ids)
}

/// Intern the games `roots` of `from` in `to` (options first, on an explicit stack);
/// their ids there, in order.  Canonical forms stay canonical, so each general game
/// is interned from its options' new ids.
fn copy_games(from: &Engine, to: &Engine, roots: &[Id]) -> Vec<Id> {
    let mut new_id: hashbrown::HashMap<Id, Id> = hashbrown::HashMap::with_capacity(roots.len());
    let mut stack: Vec<(Id, bool)> = roots.iter().map(|&r| (r, false)).collect();
    while let Some((g, ready)) = stack.pop() {
        if new_id.contains_key(&g) {
            continue;
        }
        match &from.table.node(g).body {
            table::Body::Nus(n) => {
                new_id.insert(g, to.table.nus(n.v.clone()));
            }
            table::Body::General { left, right } => {
                if ready {
                    let side = |opts: &[Id]| -> Vec<Id> {
                        let mut v: Vec<Id> = opts.iter().map(|o| new_id[o]).collect();
                        v.sort_unstable();
                        v
                    };
                    let id = to.table.general(&side(left), &side(right));
                    new_id.insert(g, id);
                } else {
                    stack.push((g, true));
                    stack.extend(left.iter().chain(right.iter()).filter(|o| !new_id.contains_key(*o)).map(|&o| (o, false)));
                }
            }
        }
    }
    roots.iter().map(|r| new_id[r]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `{3||2|1}`, `{1|0}` and `^` in `e`; their ids.
    fn some_games(e: &Engine) -> Vec<Id> {
        let n = |k: i64| e.number(Dyadic::small(k));
        let two_one = e.canonical(vec![n(2)], vec![n(1)]).unwrap();
        let g = e.canonical(vec![n(3)], vec![two_one]).unwrap();
        let star = e.canonical(vec![e.zero], vec![e.zero]).unwrap();
        let up = e.canonical(vec![e.zero], vec![star]).unwrap();
        vec![g, e.canonical(vec![n(1)], vec![e.zero]).unwrap(), up, e.add(g, up).unwrap()]
    }

    #[test]
    fn copied_games_keep_their_values_and_old_ids_are_stale() {
        let old = Engine::new();
        let ids = some_games(&old);
        let new = Engine::with_base(old.table.end() as Id);
        let copied = copy_games(&old, &new, &ids);
        assert!(copied.iter().all(|&c| c >= new.table.base()) && ids.iter().all(|&g| new.table.is_stale(g)));
        let again = some_games(&new); // made afresh in the new engine: the same games
        assert_eq!(copied, again);
        for (&g, &c) in ids.iter().zip(&copied) {
            let (a, b) = (old.table.node(g), new.table.node(c));
            assert_eq!((&a.lstop, &a.rstop, &a.birthday, a.shape), (&b.lstop, &b.rstop, &b.birthday, b.shape));
        }
    }
}
