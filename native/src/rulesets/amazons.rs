//! Amazons (mirrors `cgtkit.rulesets.amazons`): an amazon moves like a queen over
//! empty cells, then shoots an arrow like a queen from where it landed; the arrow's
//! cell is burned.  Burned cells never come back, so a position splits into its
//! parts joined by king steps over unburned cells.  Invariants: a part without an
//! amazon that can move is dropped; a part where only one player has amazons is the
//! greatest number of moves that player can make there (each move burns one cell),
//! found by a depth-first search that stops once every empty cell can be burned.

use super::bits::{fill8, low, Bits};
use super::stones::{self, Board, StoneGame, StoneKey};
use crate::numbers::Dyadic;
use crate::short::{tick, Engine, Res};
use hashbrown::HashSet;

pub struct Amazons;

/// Every cell a queen at `p` reaches over `empty` cells.
#[inline]
fn rays(p: Bits, empty: Bits, s: u32) -> Bits {
    let mut out = 0;
    for d in [1, s - 1, s, s + 1] {
        let mut q = p;
        loop {
            q <<= d;
            if q & empty == 0 {
                break;
            }
            out |= q;
        }
        let mut q = p;
        loop {
            q >>= d;
            if q & empty == 0 {
                break;
            }
            out |= q;
        }
    }
    out
}

impl Amazons {
    /// The greatest number of moves amazons `mine` can make alone on `cells`.
    pub fn longest(&self, cells: Bits, mine: Bits, s: u32) -> Res<u32> {
        let bound = (cells & !mine).count_ones();
        let mut best = 0;
        let mut seen: HashSet<(Bits, Bits)> = HashSet::new();
        let mut stack = vec![(cells, mine, 0u32)];
        while let Some((c, m, depth)) = stack.pop() {
            tick()?;
            if depth > best {
                best = depth;
                if best == bound {
                    break;
                }
            }
            self.play(c, m, 0, s, &mut |c2, m2, _| {
                if seen.insert((c2, m2)) {
                    stack.push((c2, m2, depth + 1));
                }
            });
        }
        Ok(best)
    }
}

impl StoneGame for Amazons {
    /// Every (queen move, arrow): the arrow's cell leaves `cells`.
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits)) {
        let empty = cells & !(mine | theirs);
        let mut src = mine;
        while src != 0 {
            let a = low(src);
            src ^= a;
            let free = empty | a;
            let mut dests = rays(a, empty, s);
            while dests != 0 {
                let t = low(dests);
                dests ^= t;
                let m = mine ^ a ^ t;
                let mut arrows = rays(t, free ^ t, s);
                while arrows != 0 {
                    let r = low(arrows);
                    arrows ^= r;
                    out(cells ^ r, m, theirs);
                }
            }
        }
    }

    /// The parts of `cells` (king steps) holding an amazon with a move.
    fn split(&self, cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
        let empty = cells & !(black | white);
        let mut rest = cells;
        while rest != 0 {
            let c = fill8(rest, low(rest), s);
            rest ^= c;
            let (b, w) = (black & c, white & c);
            let a = b | w;
            if a == 0 {
                continue;
            }
            let r = a | (a << 1) | (a >> 1);
            if (r | (r << s) | (r >> s)) & empty == 0 {
                continue;
            }
            out(stones::key(c, b, w, s));
        }
    }

    /// A part where only one player has amazons: the most moves they can make.
    fn quick(&self, b: &Board, e: &Engine) -> Res<Option<u32>> {
        if b.black != 0 && b.white != 0 {
            return Ok(None);
        }
        let n = self.longest(b.cells, b.black | b.white, b.s)? as i64;
        Ok(Some(e.number(Dyadic::small(if b.black != 0 { n } else { -n }))))
    }
}
