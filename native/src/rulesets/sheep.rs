//! Sheep (mirrors `cgtkit.rulesets.sheep`): herds on a hex board in axial
//! coordinates, a positive number Left's herd, a negative one Right's, 0 an empty
//! cell.  A player takes one of his herds of two or more and sends some of it, at
//! least one and not all, in one of six directions: it slides across empty cells
//! until the next cell is off the board or holds a herd, moving at least one cell.
//!
//! A position is one part (the twin splits none: a sliding herd crosses the whole
//! board), dropped when neither player can move.  Its key is the board, row by row,
//! a byte a cell (herds of at most 127), the lesser of it and the board turned by
//! 180 degrees (which keeps the six directions); every herd negated is the negative.

use super::codec::{Arg, KeyBytes};
use super::search::{Options, Rules};

/// The most cells of a native board.
pub const MAX_CELLS: usize = 64;

/// MCGS's six hex neighbours: up, up-right, right, down, down-left, left.
const DIRECTIONS: [(i32, i32); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

pub struct Sheep;

/// A board: its height and width, and its cells row by row (the rest 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SheepKey {
    h: u8,
    w: u8,
    cells: [i8; MAX_CELLS],
}

impl KeyBytes for SheepKey {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend([self.h, self.w]);
        out.extend(self.cells.iter().map(|&c| c as u8));
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let ([h, w], b) = b.split_first_chunk::<2>().map(|(a, b)| (*a, b))?;
        let (cells, b) = b.split_first_chunk::<MAX_CELLS>()?;
        Some((SheepKey { h, w, cells: cells.map(|c| c as i8) }, b))
    }
}

impl SheepKey {
    /// The key of a board (`cells` beyond `h * w` are 0): the lesser of it and its
    /// half turn.
    fn normal(mut self) -> SheepKey {
        let n = self.h as usize * self.w as usize;
        let mut turned = self;
        turned.cells[..n].reverse();
        if turned < self {
            self = turned;
        }
        self
    }

    /// The cell `(i, j)` moved one step in direction `d`, if on the board.
    fn step(&self, i: i32, j: i32, d: (i32, i32)) -> Option<(i32, i32)> {
        let (a, b) = (i + d.0, j + d.1);
        (0 <= a && a < self.h as i32 && 0 <= b && b < self.w as i32).then_some((a, b))
    }

    fn at(&self, i: i32, j: i32) -> i8 {
        self.cells[(i * self.w as i32 + j) as usize]
    }

    /// Every move of the owner of `sign` (1 Left, -1 Right): the board after it.
    fn moves(&self, sign: i8, out: &mut impl FnMut(SheepKey)) {
        for i in 0..self.h as i32 {
            for j in 0..self.w as i32 {
                let herd = self.at(i, j) * sign;
                if herd < 2 {
                    continue;
                }
                for d in DIRECTIONS {
                    let (mut a, mut b) = (i, j);
                    while let Some((c, e)) = self.step(a, b, d).filter(|&(c, e)| self.at(c, e) == 0) {
                        (a, b) = (c, e);
                    }
                    if (a, b) == (i, j) {
                        continue;
                    }
                    for k in 1..herd {
                        let mut next = *self;
                        next.cells[(i * self.w as i32 + j) as usize] = (herd - k) * sign;
                        next.cells[(a * self.w as i32 + b) as usize] = k * sign;
                        out(next);
                    }
                }
            }
        }
    }

    /// Whether the owner of `sign` has a move.
    fn can_move(&self, sign: i8) -> bool {
        let mut any = false;
        self.moves(sign, &mut |_| any = true);
        any
    }

    /// The parts of the board: itself unless nobody can move.
    fn split(&self, out: &mut impl FnMut(SheepKey)) {
        if self.can_move(1) || self.can_move(-1) {
            out(self.normal());
        }
    }
}

/// A board read from Python: rows of ints; `Ok(None)` when it is beyond the native
/// limits (more than `MAX_CELLS` cells or a herd of more than 127).
fn read_board(k: &Arg) -> Result<Option<SheepKey>, String> {
    let bad = || format!("a Sheep board is a tuple of rows of ints, not {k}");
    let rows = k.list().ok_or_else(bad)?;
    let w = rows.first().and_then(Arg::list).map_or(0, |r| r.len());
    if w == 0 || rows.iter().any(|r| r.list().is_none_or(|r| r.len() != w)) {
        return Err(format!("Sheep: the rows of {k} must be non-empty and of equal length"));
    }
    let mut cells = Vec::with_capacity(rows.len() * w);
    let mut fits = rows.len() * w <= MAX_CELLS;
    for r in rows {
        for c in r.list().expect("checked") {
            if !matches!(c, Arg::Int(_)) {
                return Err(bad());
            }
            match c.int::<i8>().filter(|&n| n != i8::MIN) {
                Some(n) => cells.push(n),
                None => fits = false,
            }
        }
    }
    if !fits {
        return Ok(None);
    }
    let mut key = SheepKey { h: rows.len() as u8, w: w as u8, cells: [0; MAX_CELLS] };
    key.cells[..cells.len()].copy_from_slice(&cells);
    Ok(Some(key))
}

impl Rules for Sheep {
    type Key = SheepKey;

    /// A position is given as boards, each a tuple of rows of ints.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<SheepKey>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let Some(board) = read_board(k)? else { return Ok(None) };
            board.split(&mut |p| parts.push(p));
        }
        Ok(Some(parts))
    }

    fn expand(&self, k: SheepKey, out: &mut Options<SheepKey>) {
        for sign in [1, -1] {
            k.moves(sign, &mut |b| {
                b.split(&mut |p| out.part(p));
                out.done();
            });
            out.end_side();
        }
    }

    /// Every herd negated.
    fn mirror(&self, k: SheepKey) -> Option<SheepKey> {
        Some(SheepKey { cells: k.cells.map(|c| -c), ..k }.normal())
    }

    /// The moves of each player, counted as made (not normalised).
    fn mobility(&self, k: SheepKey) -> (u32, u32) {
        let (mut l, mut r) = (0, 0);
        k.moves(1, &mut |_| l += 1);
        k.moves(-1, &mut |_| r += 1);
        (l, r)
    }

    /// The squares of the sheep that can still leave each herd: a herd of `n` has
    /// `n - 1` moves left and `n - 1` ways to split in each direction, so the
    /// boards a value search meets grow with the square.
    fn size(&self, k: SheepKey) -> u32 {
        k.cells.iter().map(|&c| (c.unsigned_abs() as u32).saturating_sub(1).pow(2)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::search::Solver;
    use crate::short::engine;

    fn board(text: &str) -> Arg {
        let row = |r: &str| Arg::List(r.split_whitespace().map(|n| Arg::Int(n.parse::<i64>().unwrap().into())).collect());
        Arg::List(text.split('|').map(row).collect())
    }

    fn value(text: &str) -> String {
        let sv = Solver::new(Sheep, Some(1 << 12));
        let parts = sv.rules.read(&[board(text)]).unwrap().unwrap();
        crate::notation::format(&engine(), sv.total(&parts, 1).unwrap()).unwrap()
    }

    #[test]
    fn small_boards() {
        // as the Python twin's doctests
        assert_eq!(value("2 0"), "1");
        assert_eq!(value("0 -2"), "-1");
        assert_eq!(value("3 0 0"), "2");
        assert_eq!(value("2 0|0 -2"), "0");
        assert_eq!(value("1 0|0 -1"), "0");
    }

    #[test]
    fn half_turn_and_negation() {
        let one = |t: &str| Sheep.read(&[board(t)]).unwrap().unwrap()[0];
        assert_eq!(one("3 0|0 -1"), one("-1 0|0 3"));
        assert_eq!(Sheep.mirror(one("3 0|0 -2")), Some(one("-3 0|0 2")));
    }

    #[test]
    fn bad_and_large_boards() {
        assert!(Sheep.read(&[board("1 0|0")]).is_err());
        assert!(Sheep.read(&[Arg::Str("1 0".into())]).is_err());
        assert_eq!(Sheep.read(&[board("200 0")]).unwrap(), None);
        assert_eq!(Sheep.read(&[board(&["0"; 65].join(" "))]).unwrap(), None);
    }
}
