//! The native position search of the rulesets (mirrors `cgtkit.rulesets`, whose
//! Python search stays as the reference twin).
//!
//! Boards are bitboards (`bits`); a position splits into independent components,
//! each named by a normalised key under the game's symmetries (and the colour swap
//! or transpose that negates it); one bounded transposition table per ruleset
//! (`table`) and one evaluate loop on an explicit stack (`search`) serve every
//! ruleset.  Invariant: values are engine ids of canonical forms (nim values for an
//! impartial ruleset), equal to what the Python search computes.

pub mod amazons;
pub mod bits;
pub mod cakes;
pub mod clobber;
pub mod colouring;
pub mod graphs;
pub mod hackenbush;
pub mod konane;
pub mod outcome;
pub mod placement;
pub mod search;
pub mod stones;
pub mod table;
pub mod toads;
