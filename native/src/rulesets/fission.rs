//! Fission (mirrors `cgtkit.rulesets.fission`): a board of empty cells, stones and
//! blocked cells.  Left takes a stone whose cells above and below are both empty and
//! puts a stone on each of them; Right does the same along a row.
//!
//! Invariant of the decomposition (the Python twin's): a move changes a stone and its
//! two neighbours, cells of one 4-connected region of unblocked cells, so the regions
//! are independent parts.  A part where neither player can split a stone is 0 and is
//! dropped (the twin keeps every region with a stone; their sums agree).  A part is
//! coded in two layers at stride `w + 1`, `lo` its cells (with the width in the top
//! byte) and `hi` its stones (with the height), least under the reflections that keep
//! rows rows; the transpose swaps the players, so its key names the negative.

use super::bits::{corner, fill, low, normal, transpose, Bits, Symmetry, K128};
use super::codec::Arg;
use super::search::{Options, Rules};
use super::stones::{fits_board, parse_rows, StoneKey};

pub struct Fission;

/// The key of a part: its unblocked `cells` and its `stones`, at stride `s`.
fn key(cells: Bits, stones: Bits, s: u32) -> StoneKey {
    let (shift, h, w) = corner(cells, s);
    let (h2, w2, [c, x]) = normal([cells >> shift, stones >> shift], s, h, w, 1, Symmetry::Flips);
    StoneKey { lo: K128::with_dim(c, w2), hi: K128::with_dim(x, h2) }
}

/// `(cells, stones, stride, height, width)` of a key.
fn decode(k: StoneKey) -> (Bits, Bits, u32, u32, u32) {
    let (w, h) = (k.lo.dim(), k.hi.dim());
    (k.lo.bits(), k.hi.bits(), w + 1, h, w)
}

/// The stones Left (`vertical`) or Right may split: both neighbours along the
/// player's line are empty cells (the guard column keeps a row's ends apart).
fn splittable(cells: Bits, stones: Bits, s: u32, vertical: bool) -> Bits {
    let empty = cells & !stones;
    let d = if vertical { s } else { 1 };
    stones & (empty << d) & (empty >> d)
}

/// The keys of the regions of `cells` where a stone can still be split.
fn split(cells: Bits, stones: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
    let mut rest = cells;
    while rest != 0 {
        let c = fill(cells, low(rest), s);
        rest &= !c;
        let x = stones & c;
        if splittable(c, x, s, true) | splittable(c, x, s, false) != 0 {
            out(key(c, x, s));
        }
    }
}

impl Rules for Fission {
    type Key = StoneKey;

    /// A position is given as boards, each a tuple of rows of `.`, `X` and `#`.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<StoneKey>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let rows: Option<Vec<&str>> = k.list().and_then(|v| v.iter().map(Arg::str).collect());
            let rows = rows.ok_or_else(|| format!("a Fission board is a tuple of rows, not {k}"))?;
            let Some((_, w, [empty, stones, _])) = parse_rows(&rows, "Fission", ['.', 'X', '#'])? else { return Ok(None) };
            split(empty | stones, stones, w + 1, &mut |p| parts.push(p));
        }
        Ok(Some(parts))
    }

    fn expand(&self, k: StoneKey, out: &mut Options<StoneKey>) {
        let (cells, stones, s, _, _) = decode(k);
        for vertical in [true, false] {
            let d = if vertical { s } else { 1 };
            let mut from = splittable(cells, stones, s, vertical);
            while from != 0 {
                let p = low(from);
                from ^= p;
                split(cells, stones ^ p ^ (p << d) ^ (p >> d), s, &mut |q| out.part(q));
                out.done();
            }
            out.end_side();
        }
    }

    /// The transposed part: the players swapped.
    fn mirror(&self, k: StoneKey) -> Option<StoneKey> {
        let (cells, stones, s, h, w) = decode(k);
        if !fits_board(w, h) {
            return None;
        }
        let st = h + 1;
        Some(key(transpose(cells, s, h, w, st), transpose(stones, s, h, w, st), st))
    }

    /// The stones each player can split.
    fn mobility(&self, k: StoneKey) -> (u32, u32) {
        let (cells, stones, s, _, _) = decode(k);
        (splittable(cells, stones, s, true).count_ones(), splittable(cells, stones, s, false).count_ones())
    }

    /// The empty cells: each move fills one (two stones for one), so no game on the
    /// part lasts longer.
    fn size(&self, k: StoneKey) -> u32 {
        let (cells, stones, ..) = decode(k);
        (cells & !stones).count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::search::Solver;
    use crate::short::engine;

    fn board(text: &str) -> Arg {
        Arg::List(text.split('|').map(|r| Arg::Str(r.into())).collect())
    }

    fn value(text: &str) -> String {
        let sv = Solver::new(Fission, Some(1 << 12));
        let parts = sv.rules.read(&[board(text)]).unwrap().unwrap();
        crate::notation::format(&engine(), sv.total(&parts, 1).unwrap()).unwrap()
    }

    #[test]
    fn small_boards() {
        // as the Python twin's data: X and X.X are dead, .|X|. is 1, .X. its transpose -1
        assert_eq!(value("X"), "0");
        assert_eq!(value("X.X"), "0");
        assert_eq!(value(".|X|."), "1");
        assert_eq!(value(".X."), "-1");
        assert_eq!(value(".|X|.|."), "2");
        assert_eq!(value(".X.."), "-2");
        assert_eq!(value(".|X|.|#|.|X|."), "2");
        assert_eq!(value("...|.X.|..."), "0");
    }

    #[test]
    fn reflections_share_a_key_and_the_transpose_is_the_mirror() {
        let one = |t: &str| Fission.read(&[board(t)]).unwrap().unwrap();
        assert_eq!(one("X..|..."), one("...|..X"));
        let k = one(".X.|...")[0];
        assert_eq!(one(".|X|.|."), one(".|.|X|."));
        assert_eq!(Fission.mirror(k), Some(one("..|X.|..")[0]));
        assert_eq!(Fission.mirror(one(".X..")[0]), Some(one(".|X|.|.")[0]));
    }

    #[test]
    fn bad_boards() {
        assert!(Fission.read(&[board("X.O")]).unwrap_err().contains("column 3"));
        assert!(Fission.read(&[board("X.|.")]).is_err());
        assert!(Fission.read(&[Arg::Str("X.".into())]).is_err());
        assert_eq!(Fission.read(&[board(&".".repeat(120))]).unwrap(), None);
    }
}
