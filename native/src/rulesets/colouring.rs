//! Col and Snort on grids (mirrors `cgtkit.rulesets.colouring`): a move colours a
//! cell; in Col orthogonal neighbours never share a colour, in Snort they never
//! differ.  A coloured cell never matters again, so it is removed and its
//! neighbours keep what it forbids: each live cell records whether Left may still
//! colour it and whether Right may.
//!
//! Coded as a board of stones (`stones`): an untinted cell (either player may colour
//! it) is empty, a cell only Left may colour is black, one only Right may colour is
//! white.  Colouring a cell bars the *opponent* from its neighbours in Snort and the
//! *mover* in Col; a cell nobody may colour is dead and removed.  Invariant: every
//! cell of a part is live and the tints live on the cells themselves, so a position
//! splits exactly into the orthogonally connected parts of its live cells; swapping
//! the tints swaps the players (the mirror is the negative).

use super::bits::{fill, low, Bits};
use super::stones::{self, near, StoneGame, StoneKey};

/// Col (`snort = false`) or Snort (`snort = true`).
pub struct Colouring {
    pub snort: bool,
}

impl StoneGame for Colouring {
    /// Every cell the side owning `mine` (the cells only it may colour) may colour:
    /// the untinted cells and its own.
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits)) {
        let untinted = cells & !(mine | theirs);
        let mut can = cells & !theirs;
        while can != 0 {
            let v = low(can);
            can ^= v;
            let n = near(v, s) & cells;
            if self.snort {
                // the neighbours are barred to the opponent: theirs die, untinted are mine
                out(cells & !v & !(n & theirs), (mine & !v) | (n & untinted), theirs & !n);
            } else {
                // the neighbours are barred to the mover: mine die, untinted are theirs
                out(cells & !v & !(n & mine), mine & !v & !n, theirs | (n & untinted));
            }
        }
    }

    /// The orthogonally connected parts of the live cells (each one has a move).
    fn split(&self, cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
        let mut rest = cells;
        while rest != 0 {
            let c = fill(rest, low(rest), s);
            rest ^= c;
            out(stones::key(c, black & c, white & c, s));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::Solver;
    use super::super::stones::Stones;
    use super::*;
    use crate::numbers::{Dyadic, Int};
    use crate::short::engine;

    /// The value of one row of cells: `.` untinted, `L`/`R` only that side may colour.
    fn row(snort: bool, text: &str) -> u32 {
        let (mut cells, mut black, mut white) = (0, 0, 0);
        for (j, ch) in text.chars().enumerate() {
            let b: Bits = 1 << j;
            cells |= b;
            match ch {
                'L' => black |= b,
                'R' => white |= b,
                _ => {}
            }
        }
        let sv = Solver::new(Stones(Colouring { snort }), None);
        let mut keys = Vec::new();
        sv.rules.0.split(cells, black, white, text.len() as u32 + 1, &mut |k| keys.push(k));
        sv.total(&keys, 1).unwrap()
    }

    #[test]
    fn winning_ways_values() {
        let e = &engine();
        let n = |x: i64| e.number(Dyadic::small(x));
        let star = e.canonical(vec![e.zero], vec![e.zero]).unwrap();
        // Col: a cell is *, a tinted cell +-1, two joined cells 0, [L]-. is 1/2
        assert_eq!(row(false, "."), star);
        assert_eq!(row(false, "L"), n(1));
        assert_eq!(row(false, ".."), e.zero);
        assert_eq!(row(false, "L."), e.number(Dyadic::new(Int::from(1i64), 1)));
        // Snort: two joined cells are +-1, three +-2
        assert_eq!(row(true, "."), star);
        assert_eq!(row(true, ".."), e.canonical(vec![n(1)], vec![n(-1)]).unwrap());
        assert_eq!(row(true, "..."), e.canonical(vec![n(2)], vec![n(-2)]).unwrap());
    }
}
