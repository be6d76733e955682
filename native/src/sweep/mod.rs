//! The native half of the sweeps (`cgtkit.sweep`): the positions a sweep lists.
//!
//! * `polyominoes`: the connected sets of cells of a Domineering sweep, listed by
//!   Redelmeier's method and reduced by the symmetries that keep a value
//!   (`cgtkit.sweep.positions`).

pub mod polyominoes;
