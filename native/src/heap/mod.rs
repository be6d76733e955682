//! Heap games (mirrors `cgtkit.heap`): the kernels that fill Grundy sequences of
//! take-and-break games and search them for periods.
//!
//! Concept: the Grundy value of heap `n` is the mex of the values of its options, each
//! option a multiset of smaller heaps whose value is the xor of theirs.  Every kernel
//! here fills a table `G[start..end]` bottom up from `G[0..start]`, so a table grows on
//! demand without recomputing.  Invariant: when a kernel returns `Ok`, every entry it
//! reports as done holds the exact value of its heap (computed in `i64`, and the values
//! never exceed the number of options, far below `i64::MAX`); when it returns `Err`
//! (Ctrl-C, a limit) the caller throws the table away.  Loops run over heap sizes,
//! never recursion.
//!
//! * [`split`]: moves that take `k` and leave 0, 1 or 2 heaps (octal codes, finite
//!   subtraction games, Grundy's game), by the rare/common method, and the plain mex
//!   baseline;
//! * [`allbut`]: "subtract anything except a finite set";
//! * [`triple`]: hexadecimal codes whose moves may leave three heaps;
//! * [`period`]: the Z-function and last-mismatch kernels of the period search.

pub mod allbut;
pub mod period;
pub mod split;
pub mod triple;

use crate::short::EngineError;

/// Why a kernel stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapError {
    /// Ctrl-C (the interrupt hook said stop).
    Interrupted,
    /// The work would need more memory than allowed or available (the message says why).
    TooLarge(String),
    /// The arguments break a kernel's precondition (a bug in the caller).
    BadInput(String),
}

impl From<EngineError> for HeapError {
    fn from(e: EngineError) -> HeapError {
        match e {
            EngineError::Interrupted => HeapError::Interrupted,
            EngineError::TooManyOptions(m) => HeapError::TooLarge(m),
        }
    }
}

pub type HeapRes<T> = Result<T, HeapError>;

/// Counts work and asks the interrupt hook now and then: `crate::short::tick()` asks
/// every 2^15 calls, and a pulse calls it once per 2^10 units of work, so the hook is
/// asked about every 2^25 units (a few hundredths of a second).
pub(crate) struct Pulse {
    left: i64,
}

impl Pulse {
    pub(crate) fn new() -> Pulse {
        Pulse { left: 1 << 10 }
    }

    #[inline]
    pub(crate) fn spend(&mut self, units: i64) -> HeapRes<()> {
        self.left -= units;
        if self.left < 0 {
            self.left = 1 << 10;
            crate::short::tick()?;
        }
        Ok(())
    }
}

/// `k` as an index, or an error for a negative take.
pub(crate) fn takes(ks: &[i64], what: &str) -> HeapRes<Vec<usize>> {
    ks.iter().map(|&k| usize::try_from(k).map_err(|_| HeapError::BadInput(format!("{what}: a take must be >= 0, got {k}")))).collect()
}
