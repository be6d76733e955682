//! Exact numbers: integers of any size and dyadic rationals (mirrors `cgtkit.numbers`).

pub mod dyadic;
pub mod int;

pub use dyadic::{simplest_between, Dyadic};
pub use int::Int;
