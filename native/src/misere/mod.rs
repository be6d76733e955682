//! Misère quotients of heap games: finite commutative monoids, the verification of a
//! candidate quotient word by word, and the construction heap by heap.  The python
//! twin is `cgtkit/misere/{monoid,verify,construct}.py`; both number elements the same
//! way, so their results are compared table for table.

pub mod construct;
pub mod monoid;
pub mod verify;

/// Why a construction stopped without a quotient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fail {
    /// the interrupt hook asked to stop (Ctrl-C)
    Interrupted,
    /// a candidate monoid would have this many elements, past the limit
    TooLarge(usize),
    /// no recalibration predicted the failing word (not expected to happen)
    Stuck,
}
