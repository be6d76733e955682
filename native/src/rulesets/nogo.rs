//! NoGo (mirrors `cgtkit.rulesets.nogo`): Left places a black stone, Right a white
//! one, on an empty point; a placement that leaves any group (an orthogonally
//! connected block of one colour), the mover's or the opponent's, without a liberty
//! is illegal, so nothing is ever captured.  Strips are boards of one row.
//!
//! Invariant of the decomposition (the Python twin's): a stone placed at an empty
//! point changes only the liberties of the groups next to it, and the new group's
//! liberties are theirs and the point's empty neighbours.  So empty points are
//! joined when they are neighbours or liberties of one group; each class of joined
//! points with the groups next to it is a part no move outside it reaches.  Parts
//! where nobody can move are dropped.  The key is the part's bounding box (the other
//! cells are holes, never liberties) under the 8 symmetries of the square; the
//! colour swap is the negative ([`stones::Stones`]).

use super::bits::{fill, low, Bits};
use super::stones::{self, near, StoneGame, StoneKey};

pub struct NoGo;

/// What the groups of one colour forbid: `single` the liberty of each group that
/// has only one (the opponent may not fill it), `weak` the stones of those groups
/// (joining only them gives no liberty).
struct Groups {
    single: Bits,
    weak: Bits,
}

/// The groups of `stones` with `empty` points around them; `Err` holds a group with
/// no liberty.
fn groups(stones: Bits, empty: Bits, s: u32) -> Result<Groups, Bits> {
    let mut g = Groups { single: 0, weak: 0 };
    let mut rest = stones;
    while rest != 0 {
        let c = fill(stones, low(rest), s);
        rest &= !c;
        let libs = near(c, s) & empty;
        if libs == 0 {
            return Err(c);
        }
        if libs & (libs - 1) == 0 {
            g.single |= libs;
            g.weak |= c;
        }
    }
    Ok(g)
}

/// The points where the owner of `mine` may place a stone: not the last liberty of
/// an opponent's group, and the new group keeps a liberty (an empty neighbour, or a
/// neighbouring group of its own with a liberty besides this point).  None when some
/// group has no liberty (not a NoGo position).
fn legal(cells: Bits, mine: Bits, theirs: Bits, s: u32) -> Option<Bits> {
    let empty = cells & !(mine | theirs);
    let me = groups(mine, empty, s).ok()?;
    let them = groups(theirs, empty, s).ok()?;
    Some(empty & !them.single & (near(empty, s) | near(mine & !me.weak, s)))
}

/// A part that is one run of cells of a row (a strip) with each run of stones of
/// one colour made one stone; any other part as it is.  On a strip such a run is one
/// group whose liberties are the points at its two ends, as a single stone's are, and
/// no point is inside it, so the two parts are the same game (the block
/// simplification of 1xn NoGo, Henry's): fewer keys, and a strip that gets shorter
/// may be in a database of short strips.
fn runs_merged(cells: Bits, black: Bits, white: Bits) -> (Bits, Bits, Bits) {
    let dup = (black & (black << 1)) | (white & (white << 1));
    let at = cells.trailing_zeros();
    let run = cells >> at;
    // one run of set bits: one row (the stride's gap column is never a cell)
    if dup == 0 || run & run.wrapping_add(1) != 0 {
        return (cells, black, white);
    }
    let (mut c, mut b, mut w, mut j) = (0, 0, 0, at);
    for i in at..at + run.count_ones() {
        let bit: Bits = 1 << i;
        if dup & bit != 0 {
            continue;
        }
        let to: Bits = 1 << j;
        c |= to;
        b |= if black & bit != 0 { to } else { 0 };
        w |= if white & bit != 0 { to } else { 0 };
        j += 1;
    }
    (c, b, w)
}

/// A one-line reason when some group of the board has no liberty.
pub fn check(cells: Bits, black: Bits, white: Bits, s: u32) -> Result<(), String> {
    let empty = cells & !(black | white);
    for (stones, name) in [(black, "black"), (white, "white")] {
        if let Err(c) = groups(stones, empty, s) {
            let at = c.trailing_zeros();
            return Err(format!("NoGo: the {name} group at row {}, column {} has no liberty", at / s + 1, at % s + 1));
        }
    }
    Ok(())
}

impl StoneGame for NoGo {
    /// Every legal placement.
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits)) {
        let mut to = legal(cells, mine, theirs, s).unwrap_or(0);
        while to != 0 {
            let p = low(to);
            to ^= p;
            out(cells, mine | p, theirs);
        }
    }

    /// The classes of joined empty points with the groups next to them, where a
    /// move is possible.
    fn split(&self, cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey)) {
        let empty = cells & !(black | white);
        let mut rest = empty;
        while rest != 0 {
            let mut points = fill(empty, low(rest), s);
            let stones = loop {
                let next = near(points, s);
                let stones = fill(black, next & black, s) | fill(white, next & white, s);
                let more = fill(empty, points | (near(stones, s) & empty), s);
                if more == points {
                    break stones;
                }
                points = more;
            };
            rest &= !points;
            let (c, b, w) = (points | stones, black & stones, white & stones);
            let movable = |m, t| legal(c, m, t, s).is_some_and(|p| p != 0);
            if movable(b, w) || movable(w, b) {
                let (c, b, w) = runs_merged(c, b, w);
                out(stones::key(c, b, w, s));
            }
        }
    }

    /// The empty points: no game on the part lasts longer (its stones only make
    /// it shorter).
    fn size(&self, b: &stones::Board) -> u32 {
        b.empty().count_ones()
    }

    fn check(&self, cells: Bits, black: Bits, white: Bits, s: u32) -> Result<(), String> {
        check(cells, black, white, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::codec::Arg;
    use crate::rulesets::search::{Rules, Solver};
    use crate::rulesets::stones::Stones;
    use crate::short::engine;

    /// `(width, height, cells, black, white)` of rows of `X`, `O` and `.`.
    fn board(text: &str) -> Arg {
        let rows: Vec<&str> = text.split('|').collect();
        let (h, w) = (rows.len(), rows[0].len());
        let (mut cells, mut black, mut white) = (0u128, 0u128, 0u128);
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().enumerate() {
                let bit = 1u128 << (i * (w + 1) + j);
                cells |= bit;
                match ch {
                    'X' => black |= bit,
                    'O' => white |= bit,
                    _ => {}
                }
            }
        }
        Arg::List(vec![Arg::Int(w.into()), Arg::Int(h.into()), Arg::Int(cells.into()), Arg::Int(black.into()), Arg::Int(white.into())])
    }

    fn value(text: &str) -> String {
        let sv = Solver::new(Stones(NoGo), Some(1 << 12));
        let parts = sv.rules.read(&[board(text)]).unwrap().unwrap();
        crate::notation::format(&engine(), sv.total(&parts, 1).unwrap()).unwrap()
    }

    #[test]
    fn small_boards() {
        // as the Python twin's doctests: strips of 1..4, a blocked strip, two stars
        assert_eq!(["."; 4].iter().enumerate().map(|(n, _)| value(&".".repeat(n + 1))).collect::<Vec<_>>(), ["0", "*", "+-1", "0"]);
        assert_eq!(value("X.O"), "0");
        assert_eq!(value("X.|.O"), "*");
        assert_eq!(value("X.OX..O.."), value("..O..X"));
    }

    /// A run of stones of one colour on a strip is keyed as one stone (the same
    /// key, so the same value); runs off a strip and lone stones stay.
    #[test]
    fn runs_of_stones_on_a_strip_are_one_stone() {
        let rows = |text: &str| {
            let Arg::List(v) = board(text) else { unreachable!() };
            let int = |a: &Arg| a.int::<u128>().unwrap();
            (int(&v[2]), int(&v[3]), int(&v[4]))
        };
        let merged = |text: &str| {
            let (c, b, w) = rows(text);
            runs_merged(c, b, w)
        };
        assert_eq!(merged("..XXX.OO.X"), rows("..X.O.X"));
        assert_eq!(merged(".X.O."), rows(".X.O."));
        // two rows: not a strip, as it is
        let (c, b, w) = rows("XX.|...");
        assert_eq!(runs_merged(c, b, w), (c, b, w));
        assert_eq!(value("..XXX..OO."), value("..X..O."));
        assert_eq!(value("XX...OOO.X"), value("X...O.X"));
    }

    #[test]
    fn a_group_without_liberty_is_an_error() {
        let sv = Solver::new(Stones(NoGo), Some(1 << 12));
        let err = sv.rules.read(&[board("XO")]).unwrap_err();
        assert!(err.contains("row 1, column 1"), "{err}");
        assert!(sv.rules.read(&[board("X.|OX")]).unwrap_err().contains("white group at row 2, column 1"));
    }
}
