//! Konane (mirrors `cgtkit.rulesets.konane`): a stone jumps an orthogonally
//! adjacent enemy stone into the empty cell beyond, capturing it, and may go on
//! jumping in the same direction (each number of jumps is a move).  A jumping stone
//! carries play across empty space, so a board is not split: it is solved whole.
//! Invariant: a board where nobody can jump is 0 and has no key.

use super::bits::{low, Bits};
use super::stones::{self, StoneGame, StoneKey};

pub struct Konane;

/// `b` moved `d` cells up the bit order (down for negative `d`); far shifts give 0.
#[inline]
fn shift(b: Bits, d: i32) -> Bits {
    if d > 0 {
        b.checked_shl(d as u32).unwrap_or(0)
    } else {
        b.checked_shr(d.unsigned_abs()).unwrap_or(0)
    }
}

impl Konane {
    /// Whether either side can jump.
    pub fn live(cells: Bits, black: Bits, white: Bits, s: u32) -> bool {
        let empty = cells & !(black | white);
        let d = s as i32;
        [(black, white), (white, black)].iter().any(|&(a, b)| [1, -1, d, -d].iter().any(|&d| a & shift(b, -d) & shift(empty, -2 * d) != 0))
    }
}

impl StoneGame for Konane {
    /// Every jump (single or repeated, one direction).
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits)) {
        let empty = cells & !(mine | theirs);
        let d0 = s as i32;
        for d in [1, -1, d0, -d0] {
            let mut src = mine & shift(theirs, -d) & shift(empty, -2 * d);
            while src != 0 {
                let a = low(src);
                src ^= a;
                let (m, mut t, mut pos) = (mine ^ a, theirs, a);
                // the cell the stone left is empty now: it may not land there again
                // (a straight line never returns), so `empty` need not change
                loop {
                    let over = shift(pos, d);
                    let land = shift(over, d);
                    if t & over == 0 || empty & land == 0 {
                        break;
                    }
                    t ^= over;
                    pos = land;
                    out(cells, m | pos, t);
                }
            }
        }
    }

    /// The whole board, or nothing when nobody can jump.
    fn split(&self, cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
        if Self::live(cells, black, white, s) {
            out(stones::key(cells, black, white, s));
        }
    }
}
