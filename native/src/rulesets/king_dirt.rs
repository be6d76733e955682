//! King Dirt (mirrors `cgtkit.rulesets.king_dirt`): Left's stones `X`, Right's `O`,
//! empty cells and dirt (no cell), with `b` and `w` stones still to place and a
//! must-place flag `m`.  A player places a stone on an empty cell (while he has one
//! to place), or, unless he must place, steps one of his stones like a chess king
//! onto an empty cell, leaving dirt where it stood.
//!
//! Invariants of the decomposition (the Python twin's): the counts are cut to the
//! empty cells, and `m` is 0 when neither player has a stone to place.  While stones
//! remain to be placed the board is one part; after that a move changes only cells of
//! one 8-connected region of cells, so the regions holding a stone and an empty cell
//! (where a step is always possible) are the parts.  A part is a stone board
//! ([`stones::key`], least under the 8 symmetries of the square: a king steps the
//! same way in each) with the counts; the colours swapped with the counts swapped is
//! the negative.

use super::bits::{fill8, low, Bits};
use super::codec::{Arg, KeyBytes};
use super::search::{Options, Rules};
use super::stones::{self, parse_rows, StoneKey};

pub struct KingDirt;

/// A part: its board and the counts, `b | w << 8 | m << 16` (each count at most the
/// board's 120 cells).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct DirtKey {
    board: StoneKey,
    counts: u64,
}

impl KeyBytes for DirtKey {
    fn put(&self, out: &mut Vec<u8>) {
        self.board.put(out);
        self.counts.put(out);
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let (board, b) = StoneKey::take(b)?;
        let (counts, b) = u64::take(b)?;
        Some((DirtKey { board, counts }, b))
    }
}

/// A position: its cells (not dirt), stones and counts, at stride `s`.
#[derive(Clone, Copy)]
struct Dirt {
    cells: Bits,
    black: Bits,
    white: Bits,
    s: u32,
    b: u64,
    w: u64,
    m: u64,
}

impl Dirt {
    fn empty(&self) -> Bits {
        self.cells & !(self.black | self.white)
    }

    /// The counts cut to the empty cells (and `m` 0 with nothing to place).
    fn normal(mut self) -> Dirt {
        let e = self.empty().count_ones() as u64;
        (self.b, self.w) = (self.b.min(e), self.w.min(e));
        if self.b == 0 && self.w == 0 {
            self.m = 0;
        }
        self
    }

    fn key(&self, cells: Bits) -> DirtKey {
        let board = stones::key(cells, self.black & cells, self.white & cells, self.s);
        DirtKey { board, counts: self.b | self.w << 8 | self.m << 16 }
    }

    /// The keys of the independent parts of a normalised position.
    fn split(&self, out: &mut impl FnMut(DirtKey)) {
        let empty = self.empty();
        if empty == 0 {
            return;
        }
        if self.b != 0 || self.w != 0 {
            return out(self.key(self.cells));
        }
        let mut rest = self.cells;
        while rest != 0 {
            let c = fill8(self.cells, low(rest), self.s);
            rest &= !c;
            if c & empty != 0 && c & (self.black | self.white) != 0 {
                out(self.key(c));
            }
        }
    }

    fn of(k: DirtKey) -> Dirt {
        let b = stones::decode(k.board);
        let (n, m) = (k.counts & 0xff, k.counts >> 16);
        Dirt { cells: b.cells, black: b.black, white: b.white, s: b.s, b: n, w: (k.counts >> 8) & 0xff, m }
    }

    /// The position after each move of Left (`left`) or Right, normalised.
    fn moves(&self, left: bool, out: &mut impl FnMut(Dirt)) {
        let (mine, count) = if left { (self.black, self.b) } else { (self.white, self.w) };
        let empty = self.empty();
        let put = |d: &mut Dirt, from: Bits, to: Bits| {
            let stones = if left { &mut d.black } else { &mut d.white };
            *stones = (*stones & !from) | to;
        };
        if count > 0 {
            let mut to = empty;
            while to != 0 {
                let p = low(to);
                to ^= p;
                let mut d = *self;
                put(&mut d, 0, p);
                if left {
                    d.b -= 1;
                } else {
                    d.w -= 1;
                }
                out(d.normal());
            }
            if self.m != 0 {
                return;
            }
        }
        let s = self.s;
        let mut from = mine;
        while from != 0 {
            let p = low(from);
            from ^= p;
            let row = p | p << 1 | p >> 1;
            let mut to = (row | row << s | row >> s) & empty;
            while to != 0 {
                let q = low(to);
                to ^= q;
                let mut d = *self;
                d.cells ^= p;
                put(&mut d, p, q);
                out(d.normal());
            }
        }
    }
}

/// A count read from Python: a natural of any size (cut to the board later).
fn count(a: &Arg) -> Option<u64> {
    a.is_natural(true).then(|| a.int::<u64>().unwrap_or(u64::MAX))
}

impl Rules for KingDirt {
    type Key = DirtKey;

    /// A position is given as `(b, w, m, rows)`, the rows strings of `X`, `O`, `.`
    /// and `#`.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<DirtKey>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let bad = || format!("a King Dirt key is (black, white, must-place, rows), not {k}");
            let v = k.items(4).ok_or_else(bad)?;
            let (Some(b), Some(w), Some(m)) = (count(&v[0]), count(&v[1]), count(&v[2])) else { return Err(bad()) };
            if m > 1 {
                return Err(format!("KingDirt: must-place is 0 or 1, not {m}"));
            }
            let rows: Option<Vec<&str>> = v[3].list().and_then(|r| r.iter().map(Arg::str).collect());
            let Some((_, wd, [empty, black, white, _])) = parse_rows(&rows.ok_or_else(bad)?, "KingDirt", ['.', 'X', 'O', '#'])? else {
                return Ok(None);
            };
            let d = Dirt { cells: empty | black | white, black, white, s: wd + 1, b, w, m };
            d.normal().split(&mut |p| parts.push(p));
        }
        Ok(Some(parts))
    }

    fn expand(&self, k: DirtKey, out: &mut Options<DirtKey>) {
        let d = Dirt::of(k);
        for left in [true, false] {
            d.moves(left, &mut |o| {
                o.split(&mut |p| out.part(p));
                out.done();
            });
            out.end_side();
        }
    }

    /// The colours swapped, with the counts.
    fn mirror(&self, k: DirtKey) -> Option<DirtKey> {
        let d = Dirt::of(k);
        let swapped = Dirt { black: d.white, white: d.black, b: d.w, w: d.b, ..d };
        Some(swapped.key(d.cells))
    }

    /// The empty cells: every move fills one, so no game on the part lasts longer.
    fn size(&self, k: DirtKey) -> u32 {
        Dirt::of(k).empty().count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::search::Solver;
    use crate::short::engine;

    fn position(text: &str) -> Arg {
        let (head, board) = text.split_once(':').unwrap();
        let mut v: Vec<Arg> = head.split(',').map(|n| Arg::Int(n.parse::<i64>().unwrap().into())).collect();
        v.push(Arg::List(board.split('|').map(|r| Arg::Str(r.into())).collect()));
        Arg::List(v)
    }

    fn value(text: &str) -> String {
        let sv = Solver::new(KingDirt, Some(1 << 12));
        let parts = sv.rules.read(&[position(text)]).unwrap().unwrap();
        crate::notation::format(&engine(), sv.total(&parts, 1).unwrap()).unwrap()
    }

    #[test]
    fn small_positions() {
        // as the Python twin's doctests
        assert_eq!(value("0,0,0:X."), "1");
        assert_eq!(value("1,0,0:.."), "2");
        assert_eq!(value("1,1,0:."), "*");
        assert_eq!(value("0,0,0:X.|.O"), value("0,0,0:O.|.X"));
        assert_eq!(value("5,0,0:X#"), "0");
    }

    #[test]
    fn bad_positions() {
        assert!(KingDirt.read(&[position("0,0,0:X.Q")]).unwrap_err().contains("column 3"));
        assert!(KingDirt.read(&[position("0,0,2:X.")]).unwrap_err().contains("must-place"));
        assert!(KingDirt.read(&[position("0,-1,0:X.")]).is_err());
        assert!(KingDirt.read(&[Arg::Str("X.".into())]).is_err());
    }
}
