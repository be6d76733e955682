//! The native position search of the rulesets (mirrors `cgtkit.rulesets`, whose
//! Python search stays as the reference twin; the two agree on values, each
//! splitting and keying positions its own way).
//!
//! A ruleset is one file implementing [`search::Rules`]: its moves (each option
//! split into independent parts), the keys of its parts normalised under its
//! symmetries (and the colour swap or transpose that negates them), and its own key
//! codec ([`codec`]).  [`search`] below is the one table from a ruleset's name to
//! its search: the evaluate loop on an explicit stack over a bounded transposition
//! table ([`search::Solver`], [`table`]), written once for every ruleset, and for
//! games of stones the outcome search too ([`outcome`]).  Invariant: values are
//! engine ids of canonical forms (nim values for an impartial ruleset).

pub mod amazons;
pub mod bits;
pub mod cakes;
pub mod cannibal_clobber;
pub mod clobber;
pub mod codec;
pub mod colouring;
pub mod fission;
pub mod gen_toads;
pub mod graphs;
pub mod hackenbush;
pub mod king_dirt;
pub mod konane;
pub mod nogo;
pub mod outcome;
pub mod persist;
pub mod placement;
pub mod search;
pub mod sheep;
pub mod stones;
pub mod sums;
pub mod table;
pub mod toads;
pub mod toppling;

use codec::Arg;
use outcome::StoneSearch;
use search::{Search, Solver};

/// The search of the ruleset `name`, its table bounded to `entries` (None: the
/// default).  `params` configures the rulesets that take any: a placement game's
/// `(left pieces, right pieces, symmetry, impartial)`, each piece a list of
/// `(row, col)` cells, the symmetry `"none"`, `"flips"` or `"square"`.
pub fn search(name: &str, params: &Arg, entries: Option<usize>) -> Result<Box<dyn Search>, String> {
    use graphs::{GraphGame, Graphs};
    let inner: Box<dyn Search> = match name {
        "placement" => Box::new(Solver::new(placement::Placement::from_arg(params)?, entries)),
        "clobber" => Box::new(StoneSearch::new(clobber::Clobber, entries)),
        "konane" => Box::new(StoneSearch::new(konane::Konane, entries)),
        "amazons" => Box::new(StoneSearch::new(amazons::Amazons, entries)),
        "cannibal-clobber" => Box::new(StoneSearch::new(cannibal_clobber::CannibalClobber, entries)),
        "nogo" => Box::new(StoneSearch::new(nogo::NoGo, entries)),
        "col-grid" => Box::new(StoneSearch::new(colouring::Colouring { snort: false }, entries)),
        "snort-grid" => Box::new(StoneSearch::new(colouring::Colouring { snort: true }, entries)),
        "toads" => Box::new(Solver::new(toads::Toads, entries)),
        "col" => Box::new(Solver::new(Graphs::new(GraphGame::Col), entries)),
        "snort" => Box::new(Solver::new(Graphs::new(GraphGame::Snort), entries)),
        "arc-kayles" => Box::new(Solver::new(Graphs::new(GraphGame::ArcKayles), entries)),
        "hackenbush" => Box::new(Solver::new(hackenbush::Graphs::new(), entries)),
        "eatcake" => Box::new(Solver::new(cakes::Eatcake, entries)),
        "toppling-dominoes" => Box::new(Solver::new(toppling::Toppling, entries)),
        "fission" => Box::new(Solver::new(fission::Fission, entries)),
        "king-dirt" => Box::new(Solver::new(king_dirt::KingDirt, entries)),
        "sheep" => Box::new(Solver::new(sheep::Sheep, entries)),
        "gen-toads" => Box::new(Solver::new(gen_toads::GenToads { fixed: None }, entries)),
        "elephants" => Box::new(Solver::new(gen_toads::GenToads { fixed: Some(gen_toads::ELEPHANTS) }, entries)),
        _ => return Err(format!("no native search {name:?}")),
    };
    Ok(Box::new(search::Fresh::new(inner)))
}
