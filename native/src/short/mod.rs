//! Short partizan games in canonical form: the native engine (mirrors
//! `cgtkit.short.pyengine`, its readable reference twin).
//!
//! Every game the engine returns is canonical and interned in one [`Table`], so
//! `==` is an id compare.  Sums, negatives and comparisons follow the textbook
//! recursions with memo tables keyed by ids, and run on explicit stacks: the depth of
//! a game never becomes depth of the machine stack.  All of it may be used from
//! several threads at once.

pub mod arena;
pub mod canonical;
pub mod compare;
pub mod nus;
pub mod sum;
pub mod table;

use crate::numbers::Dyadic;
use nus::Nus;
use std::fmt;
use std::sync::{LazyLock, OnceLock};
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
    pub add_memo: Memo<u64, Id>,
    pub canon_memo: Memo<Box<[Id]>, Id>,
    pub zero: Id,
}

/// Default bound on each memo table (entries).
pub const DEFAULT_MEMO_ENTRIES: usize = 1 << 24;

static INTERRUPT_HOOK: OnceLock<fn() -> bool> = OnceLock::new();

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
        let table = Table::new();
        let zero = table.number(Dyadic::zero());
        Engine {
            table,
            le_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
            add_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
            canon_memo: Memo::new(DEFAULT_MEMO_ENTRIES),
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
        self.add_memo.clear();
        self.canon_memo.clear();
    }

    pub fn set_memo_entries(&self, entries: usize) {
        self.le_memo.set_cap(entries);
        self.add_memo.set_cap(entries);
        self.canon_memo.set_cap(entries);
    }

    /// `(g <= h, h <= g)`.
    pub fn compare(&self, g: Id, h: Id) -> Res<(bool, bool)> {
        Ok((self.le(g, h)?, self.le(h, g)?))
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

/// The engine of the process (what the Python bindings use).
pub static ENGINE: LazyLock<Engine> = LazyLock::new(Engine::new);
