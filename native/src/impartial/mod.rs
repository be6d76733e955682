//! Impartial games (mirrors `cgtkit.impartial`): the Grundy search over a move
//! function.
//!
//! Concept: the Grundy value of a position is the mex of its options' values, an
//! option being a sum of components whose value is the xor of theirs.  [`Search`]
//! walks the graph depth first with an explicit stack (a line of play 10^6 moves long
//! needs no recursion), asks the game for the options of each new position once, and
//! reports a line of play that returns to a position on it as [`Stop::Loop`] with the
//! cycle, and one longer than its bound as [`Stop::TooDeep`].
//!
//! The search is generic over [`Game`]: the positions, their move function and the
//! memo of the positions that are not plain ints (for Python, the solver's own dict:
//! `py/impartial.rs`; for the tests below, subtraction games in Rust).  Plain
//! non-negative ints below 2^63 (heap sizes) live in the search's own
//! [`int_table::IntTable`] instead.
//!
//! Invariant: a position on the current line of play is marked [`Known::OnPath`] in
//! its memo, so one lookup per option answers both "known?" and "a loop?"; every other
//! entry is its exact value; any stop removes the marks, so the memo holds only values
//! again.
//!
//! * [`search`]: the walk, the mex and the xor of components;
//! * [`int_table`]: the memo of plain-int positions.

pub mod int_table;
pub mod search;

pub use search::{Options, Search, Stop};

/// What a memo knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    Unknown,
    /// on the current line of play: its value is being computed
    OnPath,
    Value(u64),
}

/// The positions of one impartial game, their move function and the memo of the
/// positions the int table does not keep.
pub trait Game {
    type Position: Clone;
    /// why the move function (or the memo) failed, passed on by the search as it is
    type Failure;

    /// `p` as a key of the int table, when it is a plain int below 2^63.
    fn int_key(p: &Self::Position) -> Option<u64>;

    /// Push the options of `p` (each a single position or a sum of components).
    fn options(&mut self, p: &Self::Position, out: &mut Options<'_, Self::Position>) -> Result<(), Self::Failure>;

    /// The memo's entry for `p` (an int position comes here only when its value may be
    /// too large for the int table).
    fn recall(&mut self, p: &Self::Position) -> Result<Known, Self::Failure>;

    /// Set the memo's entry for `p` ([`Known::Unknown`]: forget it).
    fn remember(&mut self, p: &Self::Position, state: Known) -> Result<(), Self::Failure>;

    /// Whether `a` and `b` are the same position (to find where a cycle starts).
    fn same(&self, a: &Self::Position, b: &Self::Position) -> bool;

    /// Called every 1024 new positions: a failure stops the search (Ctrl-C).
    fn poll(&mut self) -> Result<(), Self::Failure> {
        Ok(())
    }
}
