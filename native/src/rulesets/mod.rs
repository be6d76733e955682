//! The native position search of the rulesets (mirrors `cgtkit.rulesets`, whose
//! Python search stays as the reference twin; the two agree on values, each
//! splitting and keying positions its own way).
//!
//! A ruleset is one file implementing [`search::Rules`]: its moves (each option
//! split into independent parts), the keys of its parts normalised under its
//! symmetries (and the colour swap or transpose that negates them), and its own key
//! codec ([`codec`]).  [`search`] below is the one table from a ruleset's name to
//! its search: the evaluate loop on an explicit stack over a bounded transposition
//! table ([`search::Solver`], [`table`]), and the outcome search of sums
//! ([`sums`]), each written once for every ruleset (a game of stones is one through
//! [`stones::Stones`]).  Invariant: values are engine ids of canonical forms (nim
//! values for an impartial ruleset).

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
pub mod persist;
pub mod placement;
pub mod search;
pub mod sheep;
pub mod stones;
pub mod sums;
pub mod table;
pub mod toads;
pub mod toppling;
pub mod variants;

use codec::Arg;
use search::{Rules, Search, Solver};
use stones::Stones;
use variants::{Impartial, Kind, Unsplit};

/// The search of the ruleset `name`, its table bounded to `entries` (None: the
/// default).  `params` configures the rulesets that take any: a placement game's
/// `(left pieces, right pieces, symmetry, impartial)`, each piece a list of
/// `(row, col)` cells, the symmetry `"none"`, `"flips"` or `"square"`.  A name
/// `VARIANT:NAME` (`impartial:clobber`, `dicotic:toppling-dominoes`,
/// `twisted:nogo`) is that variant of the ruleset ([`variants`]), its positions
/// read as the ruleset's.
pub fn search(name: &str, params: &Arg, entries: Option<usize>) -> Result<Box<dyn Search>, String> {
    let inner = match name.split_once(':') {
        None => rules(name, params, Plain(entries))?,
        Some((v, rest)) => {
            let kind = Kind::named(v).ok_or_else(|| format!("no variant {v:?} (impartial, dicotic or twisted)"))?;
            rules(rest, params, Variant(kind, entries))?
        }
    };
    Ok(Box::new(search::Fresh::new(inner)))
}

/// What is made of a ruleset's rules: its own search, or a variant's.
trait Make {
    fn rules<R: Rules + 'static>(self, rules: R) -> Box<dyn Search>;
}

/// The ruleset's own search.
struct Plain(Option<usize>);

impl Make for Plain {
    fn rules<R: Rules + 'static>(self, rules: R) -> Box<dyn Search> {
        Box::new(Solver::new(rules, self.0))
    }
}

/// The search of a variant of the ruleset.
struct Variant(Kind, Option<usize>);

impl Make for Variant {
    fn rules<R: Rules + 'static>(self, rules: R) -> Box<dyn Search> {
        match self.0 {
            Kind::Impartial => Box::new(Solver::new(Impartial(rules), self.1)),
            kind => Box::new(Solver::new(Unsplit::new(rules, kind), self.1)),
        }
    }
}

/// The one table from a ruleset's name to its rules, made by `m`.
fn rules(name: &str, params: &Arg, m: impl Make) -> Result<Box<dyn Search>, String> {
    use graphs::{GraphGame, Graphs};
    Ok(match name {
        "placement" => m.rules(placement::Placement::from_arg(params)?),
        "clobber" => m.rules(Stones(clobber::Clobber)),
        "konane" => m.rules(Stones(konane::Konane)),
        "amazons" => m.rules(Stones(amazons::Amazons)),
        "cannibal-clobber" => m.rules(Stones(cannibal_clobber::CannibalClobber)),
        "nogo" => m.rules(Stones(nogo::NoGo)),
        "col-grid" => m.rules(Stones(colouring::Colouring { snort: false })),
        "snort-grid" => m.rules(Stones(colouring::Colouring { snort: true })),
        "toads" => m.rules(toads::Toads),
        "col" => m.rules(Graphs::new(GraphGame::Col)),
        "snort" => m.rules(Graphs::new(GraphGame::Snort)),
        "arc-kayles" => m.rules(Graphs::new(GraphGame::ArcKayles)),
        "hackenbush" => m.rules(hackenbush::Graphs::new()),
        "eatcake" => m.rules(cakes::Eatcake),
        "toppling-dominoes" => m.rules(toppling::Toppling),
        "fission" => m.rules(fission::Fission),
        "king-dirt" => m.rules(king_dirt::KingDirt),
        "sheep" => m.rules(sheep::Sheep),
        "gen-toads" => m.rules(gen_toads::GenToads { fixed: None }),
        "elephants" => m.rules(gen_toads::GenToads { fixed: Some(gen_toads::ELEPHANTS) }),
        _ => return Err(format!("no native search {name:?}")),
    })
}

/// Numbers below `m` drawn by xorshift from `seed`: the random cases of the tests.
#[cfg(test)]
pub fn draws(mut x: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    }
}
