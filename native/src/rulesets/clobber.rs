//! Clobber (mirrors `cgtkit.rulesets.clobber`): a stone captures an orthogonally
//! adjacent enemy stone by moving onto it.  Empty cells never fill again, so a
//! position splits into its orthogonally connected groups of stones.  Invariant:
//! only groups where some capture is possible are kept (the others are 0).

use super::bits::{fill, low, Bits};
use super::stones::{self, near, StoneGame, StoneKey};

pub struct Clobber;

impl StoneGame for Clobber {
    /// Every capture: the captor moves onto the captured stone.
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits)) {
        for d in [1, s] {
            let mut up = mine & (theirs >> d);
            while up != 0 {
                let a = low(up);
                up ^= a;
                let b = a << d;
                out(cells, mine ^ a ^ b, theirs ^ b);
            }
            let mut down = mine & (theirs << d);
            while down != 0 {
                let a = low(down);
                down ^= a;
                let b = a >> d;
                out(cells, mine ^ a ^ b, theirs ^ b);
            }
        }
    }

    /// The groups of stones with a capture (the cells of a group are its stones).
    fn split(&self, _cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
        let mut rest = black | white;
        while rest != 0 {
            let c = fill(rest, low(rest), s);
            rest ^= c;
            let (b, w) = (black & c, white & c);
            if b & near(w, s) != 0 {
                out(stones::key(c, b, w, s));
            }
        }
    }
}
