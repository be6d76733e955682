//! The variants of any ruleset (mirrors `cgtkit.rulesets.variants`, whose Python
//! wrappers stay as the reference twin), each written once over any [`Rules`]:
//!
//! * [`Impartial`]: either player may make either player's moves.  The impartial
//!   variant of a sum is the sum of the parts' variants, so it keeps the ruleset's
//!   parts and keys; its values are nim values.  The variant of `-G` is the variant
//!   of `G` (the two sides swapped), so a part and its mirror share one key.
//! * the dicotic variant ([`Unsplit`], [`Kind::Dicotic`]): D(G) is 0 when either
//!   player has no move in G, else each side's options are D of G's.
//! * the twisted variant ([`Unsplit`], [`Kind::Twisted`]): T(G)'s options are
//!   -T(G') for G's options G'.
//!
//! Neither the dicotic nor the twisted variant splits over a sum, so their key is
//! the whole position: the sorted run of its parts' keys, numbered the first time it
//! is met ([`Whole`]); the twisted variant's key also says whether it is negated.
//! The numbering grows with the positions met (it is not bounded with the table).
//! A key's bytes are its parts' bytes (each after its length), so a table exported
//! by one search loads in another.

use super::codec::{Arg, KeyBytes};
use super::search::{Options, Rules};
use crate::search::strategy::{Boards, Grid};
use hashbrown::HashMap;
use std::sync::Mutex;

/// Which variant (`impartial:NAME`, `dicotic:NAME`, `twisted:NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Impartial,
    Dicotic,
    Twisted,
}

impl Kind {
    pub fn named(name: &str) -> Option<Kind> {
        match name {
            "impartial" => Some(Kind::Impartial),
            "dicotic" => Some(Kind::Dicotic),
            "twisted" => Some(Kind::Twisted),
            _ => None,
        }
    }
}

/// The impartial variant of the ruleset `R`.
pub struct Impartial<R>(pub R);

impl<R: Rules> Impartial<R> {
    /// A part's key, the lesser of it and its mirror (the same variant).
    fn norm(&self, k: R::Key) -> R::Key {
        self.0.mirror(k).map_or(k, |m| m.min(k))
    }
}

impl<R: Rules> Rules for Impartial<R> {
    type Key = R::Key;

    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<R::Key>>, String> {
        Ok(self.0.read(keys)?.map(|v| v.into_iter().map(|k| self.norm(k)).collect()))
    }

    fn encode(&self, key: R::Key, out: &mut Vec<u8>) {
        self.0.encode(key, out)
    }

    fn decode(&self, bytes: &[u8]) -> Option<R::Key> {
        self.0.decode(bytes)
    }

    fn guard(&self) -> Option<u32> {
        self.0.guard()
    }

    fn impartial(&self) -> bool {
        true
    }

    fn expand(&self, key: R::Key, out: &mut Options<R::Key>) {
        self.0.expand(key, out);
        out.map_keys(|k| self.norm(k));
        out.one_side();
    }

    fn size(&self, key: R::Key) -> u32 {
        self.0.size(key)
    }

    fn boards(&self) -> Option<&dyn Boards<R::Key>> {
        self.0.boards().map(|_| self as &dyn Boards<R::Key>)
    }
}

/// The impartial variant's whole boards, for the native writer of certificates: the
/// ruleset's boards and texts; a board's moves either player's, each once, Left's
/// first (as `ImpartialVariant.moves()` lists them); its parts' keys normalised as
/// [`Rules::read`] normalises them.
impl<R: Rules> Boards<R::Key> for Impartial<R> {
    fn board(&self, arg: &Arg) -> Result<Option<Grid>, String> {
        self.inner_boards().board(arg)
    }

    fn board_moves(&self, g: &Grid, _left: bool, out: &mut Vec<Grid>) {
        let b = self.inner_boards();
        let mut both = Vec::new();
        b.board_moves(g, true, &mut both);
        b.board_moves(g, false, &mut both);
        for o in both {
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }

    fn board_text(&self, g: &Grid, out: &mut String) {
        self.inner_boards().board_text(g, out)
    }

    fn board_parts(&self, g: &Grid, out: &mut Vec<R::Key>) {
        let from = out.len();
        self.inner_boards().board_parts(g, out);
        for k in &mut out[from..] {
            *k = self.norm(*k);
        }
    }
}

impl<R: Rules> Impartial<R> {
    /// The boards of the ruleset (called only when it has some: [`Rules::boards`]).
    fn inner_boards(&self) -> &dyn Boards<R::Key> {
        self.0.boards().expect("the impartial variant's boards are its ruleset's")
    }
}

/// A whole position of a variant that does not split: the number of the sorted run
/// of its parts' keys (in its [`Wholes`]), and for the twisted variant whether it is
/// negated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Whole {
    id: u32,
    neg: bool,
}

impl KeyBytes for Whole {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.id.to_le_bytes());
        out.push(self.neg as u8);
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let (id, rest) = b.split_first_chunk::<4>()?;
        let (&neg, rest) = rest.split_first()?;
        Some((Whole { id: u32::from_le_bytes(*id), neg: neg != 0 }, rest))
    }
}

/// The numbering of whole positions, each a sorted run of part keys.
struct Wholes<K> {
    ids: HashMap<Box<[K]>, u32>,
    runs: Vec<Box<[K]>>,
}

/// The dicotic or twisted variant of the ruleset `R`: its keys are whole positions.
pub struct Unsplit<R: Rules> {
    rules: R,
    kind: Kind,
    wholes: Mutex<Wholes<R::Key>>,
}

impl<R: Rules> Unsplit<R> {
    /// The dicotic (`kind` Dicotic) or twisted (Twisted) variant of `rules`.
    pub fn new(rules: R, kind: Kind) -> Self {
        assert!(kind != Kind::Impartial, "the impartial variant splits: it is Impartial");
        Unsplit { rules, kind, wholes: Mutex::new(Wholes { ids: HashMap::new(), runs: Vec::new() }) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Wholes<R::Key>> {
        self.wholes.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The number of the whole position whose parts are `run` (sorted).
    fn number(&self, run: &[R::Key]) -> u32 {
        let mut w = self.lock();
        if let Some(&id) = w.ids.get(run) {
            return id;
        }
        let id = u32::try_from(w.runs.len()).expect("fewer than 2^32 positions");
        w.runs.push(run.into());
        w.ids.insert(run.into(), id);
        id
    }

    /// The parts of whole position `id`.
    fn parts(&self, id: u32) -> Vec<R::Key> {
        self.lock().runs[id as usize].to_vec()
    }

    /// Each side's options of the whole position `parts` (Left's, then Right's),
    /// each the number of the sorted run of its parts: a move in one part.
    fn sides(&self, parts: &[R::Key]) -> [Vec<u32>; 2] {
        let mut sides = [Vec::new(), Vec::new()];
        let mut o = Options::default();
        let mut run = Vec::new();
        for (i, &p) in parts.iter().enumerate() {
            o.clear();
            self.rules.expand(p, &mut o);
            let impartial = self.rules.impartial();
            for j in 0..o.len() {
                run.clear();
                run.extend_from_slice(&parts[..i]);
                run.extend_from_slice(&parts[i + 1..]);
                run.extend_from_slice(&o.keys[o.range(j)]);
                run.sort_unstable();
                let id = self.number(&run);
                if impartial || j < o.left_count() {
                    sides[0].push(id);
                }
                if impartial || j >= o.left_count() {
                    sides[1].push(id);
                }
            }
        }
        sides
    }
}

impl<R: Rules> Rules for Unsplit<R> {
    type Key = Whole;

    /// The whole position of the parts the ruleset reads.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<Whole>>, String> {
        let Some(mut parts) = self.rules.read(keys)? else {
            return Ok(None);
        };
        parts.sort_unstable();
        Ok(Some(vec![Whole { id: self.number(&parts), neg: false }]))
    }

    /// The parts' bytes, each after its length (a `u16`), then the negation byte.
    fn encode(&self, key: Whole, out: &mut Vec<u8>) {
        let mut b = Vec::new();
        for p in self.parts(key.id) {
            b.clear();
            self.rules.encode(p, &mut b);
            out.extend_from_slice(&(b.len() as u16).to_le_bytes());
            out.extend_from_slice(&b);
        }
        out.push(key.neg as u8);
    }

    fn decode(&self, bytes: &[u8]) -> Option<Whole> {
        let (&neg, mut rest) = bytes.split_last()?;
        if neg > 1 || (neg == 1 && self.kind != Kind::Twisted) {
            return None;
        }
        let mut parts = Vec::new();
        while !rest.is_empty() {
            let (n, r) = rest.split_first_chunk::<2>()?;
            let n = u16::from_le_bytes(*n) as usize;
            if r.len() < n {
                return None;
            }
            parts.push(self.rules.decode(&r[..n])?);
            rest = &r[n..];
        }
        parts.sort_unstable();
        Some(Whole { id: self.number(&parts), neg: neg == 1 })
    }

    fn guard(&self) -> Option<u32> {
        self.rules.guard()
    }

    fn expand(&self, key: Whole, out: &mut Options<Whole>) {
        let [left, right] = self.sides(&self.parts(key.id));
        match self.kind {
            Kind::Dicotic => {
                if !left.is_empty() && !right.is_empty() {
                    for side in [left, right] {
                        for id in side {
                            out.part(Whole { id, neg: false });
                            out.done();
                        }
                        out.end_side();
                    }
                }
            }
            // T(G)'s options are -T(G'); -T(G)'s Left options are -(T(G)'s Right
            // options), that is T(G^R), and its Right options T(G^L)
            _ => {
                let sides = if key.neg { [right, left] } else { [left, right] };
                for side in sides {
                    for id in side {
                        out.part(Whole { id, neg: !key.neg });
                        out.done();
                    }
                    out.end_side();
                }
            }
        }
    }

    /// -T(G) is the negative of T(G).
    fn mirror(&self, key: Whole) -> Option<Whole> {
        (self.kind == Kind::Twisted).then_some(Whole { id: key.id, neg: !key.neg })
    }

    fn size(&self, key: Whole) -> u32 {
        self.parts(key.id).into_iter().map(|p| self.rules.size(p)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format;
    use crate::rulesets::search::Solver;
    use crate::rulesets::toppling::Toppling;
    use crate::short::engine;

    fn rows(r: &[&str]) -> Vec<Arg> {
        r.iter().map(|k| Arg::Str(k.to_string())).collect()
    }

    fn shown<R: Rules>(rules: R, r: &[&str]) -> String {
        let sv = Solver::new(rules, Some(1 << 12));
        let parts = sv.rules.read(&rows(r)).unwrap().unwrap();
        let v = sv.total(&parts, 1).unwrap();
        if sv.rules.impartial() {
            format!("*{v}")
        } else {
            format(&engine(), v).unwrap()
        }
    }

    #[test]
    fn small_variants() {
        // the impartial variant of a row of n dominoes toppled either way is *n
        assert_eq!(shown(Impartial(Toppling), &["XXO"]), "*3");
        assert_eq!(shown(Impartial(Toppling), &["XO", "X"]), "*3");
        // X alone is 1 = {0|}: its dicotic variant is 0, its twisted variant {-0|} = 1
        assert_eq!(shown(Unsplit::new(Toppling, Kind::Dicotic), &["X"]), "0");
        assert_eq!(shown(Unsplit::new(Toppling, Kind::Twisted), &["X"]), "1");
        // XO = {0, -1 | 0, 1}: dicotic {0, D(O) | 0, D(X)} = {0|0} = *
        assert_eq!(shown(Unsplit::new(Toppling, Kind::Dicotic), &["XO"]), "*");
        // a sum is one whole position: D(X + O) = {D(O) | D(X)} = {0|0} = *, not 0 + 0
        assert_eq!(shown(Unsplit::new(Toppling, Kind::Dicotic), &["X", "O"]), "*");
    }

    #[test]
    fn whole_keys_round_trip() {
        let d = Unsplit::new(Toppling, Kind::Twisted);
        let k = d.read(&rows(&["XO#", "X"])).unwrap().unwrap()[0];
        let k = Whole { id: k.id, neg: true };
        let mut b = Vec::new();
        d.encode(k, &mut b);
        assert_eq!(d.decode(&b), Some(k));
        assert_eq!(d.decode(&b[..b.len() - 2]), None);
        let dic = Unsplit::new(Toppling, Kind::Dicotic);
        assert_eq!(dic.decode(&b), None, "a dicotic key is never negated");
    }
}
