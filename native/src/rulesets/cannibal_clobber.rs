//! Cannibal Clobber (mirrors `cgtkit.rulesets.cannibal_clobber`): a stone moves onto
//! an orthogonally adjacent stone of either colour, removing it.  Empty cells never
//! fill again, so a position splits into its orthogonally connected groups of
//! stones.  Invariant: only groups of two or more stones are kept (each has a move
//! for the owner of either stone of an adjacent pair; a lone stone is 0).

use super::bits::{fill, low, Bits};
use super::stones::{self, StoneGame, StoneKey};

pub struct CannibalClobber;

impl StoneGame for CannibalClobber {
    /// Every capture: the captor moves onto the captured stone, of either colour.
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits)) {
        let stones = mine | theirs;
        let mut take = |a: Bits, b: Bits| {
            if mine & b != 0 {
                out(cells, mine ^ a, theirs);
            } else {
                out(cells, mine ^ a ^ b, theirs ^ b);
            }
        };
        for d in [1, s] {
            let mut up = mine & (stones >> d);
            while up != 0 {
                let a = low(up);
                up ^= a;
                take(a, a << d);
            }
            let mut down = mine & (stones << d);
            while down != 0 {
                let a = low(down);
                down ^= a;
                take(a, a >> d);
            }
        }
    }

    /// The groups of two or more stones.
    fn split(&self, _cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
        let mut rest = black | white;
        while rest != 0 {
            let c = fill(black | white, low(rest), s);
            rest ^= c;
            if c & (c - 1) != 0 {
                out(stones::key(c, black & c, white & c, s));
            }
        }
    }
}
