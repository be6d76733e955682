//! Sheep (mirrors `cgtkit.rulesets.sheep`): herds on a hex board in axial
//! coordinates, a positive number Left's herd, a negative one Right's, 0 an empty
//! cell.  A player takes one of his herds of two or more and sends some of it, at
//! least one and not all, in one of six directions: it slides across empty cells
//! until the next cell is off the board or holds a herd, moving at least one cell.
//!
//! A herd of one is a wall: the board splits into the regions of its other cells
//! ([`SheepKey::split`], as MCGS does; the twin splits none), each dropped when
//! neither player can move.  Its key is the board, row by row,
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

    /// Every move of the owner of `sign` (1 Left, -1 Right): the board after it, and
    /// whether the move left a herd of one (a new wall) behind or at its end.
    fn moves(&self, sign: i8, out: &mut impl FnMut(SheepKey, bool)) {
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
                        out(next, herd - k == 1 || k == 1);
                    }
                }
            }
        }
    }

    /// The directions a herd at `(i, j)` can slide in: those whose first cell is
    /// on the board and empty.
    fn free_directions(&self, i: i32, j: i32) -> u32 {
        DIRECTIONS.iter().filter(|&&d| self.step(i, j, d).is_some_and(|(c, e)| self.at(c, e) == 0)).count() as u32
    }

    /// How many moves the owner of `sign` has (as [`SheepKey::moves`] lists them):
    /// a herd of `n` sends 1 to `n - 1` of it in each free direction.
    fn move_count(&self, sign: i8) -> u32 {
        let mut count = 0;
        for i in 0..self.h as i32 {
            for j in 0..self.w as i32 {
                let herd = self.at(i, j) * sign;
                if herd >= 2 {
                    count += (herd as u32 - 1) * self.free_directions(i, j);
                }
            }
        }
        count
    }

    /// Whether the owner of `sign` has a move.
    fn can_move(&self, sign: i8) -> bool {
        (0..self.h as i32).any(|i| (0..self.w as i32).any(|j| self.at(i, j) * sign >= 2 && self.free_directions(i, j) > 0))
    }

    /// The parts of the board: itself unless nobody can move.
    ///
    /// A herd of one never moves again and stops every slide, as the board's edge
    /// does, so the board splits into the regions of the other cells (empty or herds
    /// of two or more) connected through the six directions: a slide stays in its
    /// region.  Each region is cut out to its bounding box, the cells there outside
    /// it (herds of one, or another region's cells, which its slides never reach)
    /// made herds of one of Left's: a part.  Regions where nobody can move go.
    fn split(&self, out: &mut impl FnMut(SheepKey)) {
        let (h, w) = (self.h as i32, self.w as i32);
        let n = (h * w) as usize;
        let open = |c: i8| c.unsigned_abs() != 1;
        let mut region = [u8::MAX; MAX_CELLS];
        let mut stack = Vec::new();
        let mut regions = 0u8;
        for start in 0..n {
            if region[start] != u8::MAX || !open(self.cells[start]) {
                continue;
            }
            region[start] = regions;
            stack.push(start);
            let (mut top, mut bottom, mut left, mut right) = (h, -1, w, -1);
            while let Some(c) = stack.pop() {
                let (i, j) = (c as i32 / w, c as i32 % w);
                (top, bottom, left, right) = (top.min(i), bottom.max(i), left.min(j), right.max(j));
                for d in DIRECTIONS {
                    if let Some((a, b)) = self.step(i, j, d) {
                        let e = (a * w + b) as usize;
                        if region[e] == u8::MAX && open(self.cells[e]) {
                            region[e] = regions;
                            stack.push(e);
                        }
                    }
                }
            }
            let mut part = SheepKey { h: (bottom - top + 1) as u8, w: (right - left + 1) as u8, cells: [0; MAX_CELLS] };
            for i in top..=bottom {
                for j in left..=right {
                    let c = (i * w + j) as usize;
                    let inside = region[c] == regions;
                    part.cells[((i - top) * part.w as i32 + j - left) as usize] = if inside { self.cells[c] } else { 1 };
                }
            }
            regions += 1;
            if part.can_move(1) || part.can_move(-1) {
                out(part.normal());
            }
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

/// The options of the owner of `sign` (1 Left, -1 Right) in `k`, one side of `out`.
fn side(k: SheepKey, sign: i8, out: &mut Options<SheepKey>) {
    k.moves(sign, &mut |b, walled| {
        if walled {
            b.split(&mut |p| out.part(p));
        } else if b.can_move(1) || b.can_move(-1) {
            // no new wall: the board is still one region (a part is one), with the
            // same bounding box
            out.part(b.normal());
        }
        out.done();
    });
    out.end_side();
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
            side(k, sign, out);
        }
    }

    /// One player's options alone (the outcome search's: Left's herds, or Right's).
    fn expand_side(&self, k: SheepKey, left: bool, out: &mut Options<SheepKey>) -> std::ops::Range<usize> {
        side(k, if left { 1 } else { -1 }, out);
        0..out.len()
    }

    /// Every herd of two or more negated (a herd of one is a wall, and the parts'
    /// walls are Left's).
    fn mirror(&self, k: SheepKey) -> Option<SheepKey> {
        Some(SheepKey { cells: k.cells.map(|c| if c.unsigned_abs() == 1 { c } else { -c }), ..k }.normal())
    }

    /// The moves of each player, counted as made (not normalised).
    fn mobility(&self, k: SheepKey) -> (u32, u32) {
        (k.move_count(1), k.move_count(-1))
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

    /// Numbers below `m` drawn by xorshift from `seed` (the random boards' source).
    fn draws(mut x: u64) -> impl FnMut(u64) -> u64 {
        move |m| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        }
    }

    /// A random board of 1..=`max_h` rows and 1..=`max_w` columns, each cell drawn
    /// by `cell` from the same stream.
    fn random_key(next: &mut impl FnMut(u64) -> u64, max_h: u64, max_w: u64, cell: impl Fn(&mut dyn FnMut(u64) -> u64) -> i8) -> SheepKey {
        let (h, w) = (1 + next(max_h) as u8, 1 + next(max_w) as u8);
        let mut k = SheepKey { h, w, cells: [0; MAX_CELLS] };
        for c in k.cells.iter_mut().take(h as usize * w as usize) {
            *c = cell(next);
        }
        k
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
    fn move_counts_match_the_moves() {
        // the counts without making the boards are the boards made, on random boards
        let mut next = draws(0x2545_f491_4f6c_dd1d);
        for _ in 0..2000 {
            let k = random_key(&mut next, 7, 7, |next| if next(3) == 0 { next(9) as i8 - 4 } else { 0 });
            for sign in [1, -1] {
                let mut made = 0;
                k.moves(sign, &mut |_, _| made += 1);
                assert_eq!(k.move_count(sign), made, "{k:?}");
                assert_eq!(k.can_move(sign), made > 0, "{k:?}");
            }
        }
    }

    #[test]
    fn one_side_is_that_side_of_both() {
        // expand_side (the outcome search's) lists exactly expand's options of that
        // side, on random boards
        let mut next = draws(0x51_7cc1_b727_220a);
        let opts = |o: &Options<SheepKey>, r: std::ops::Range<usize>| -> Vec<Vec<SheepKey>> { r.map(|i| o.keys[o.range(i)].to_vec()).collect() };
        let mut moved = 0;
        for _ in 0..1000 {
            let k = random_key(&mut next, 6, 6, |next| if next(3) == 0 { next(11) as i8 - 5 } else { 0 });
            let mut both = Options::default();
            Sheep.expand(k, &mut both);
            for left in [true, false] {
                let mut one = Options::default();
                let r = Sheep.expand_side(k, left, &mut one);
                let whole = if left { 0..both.left_count() } else { both.left_count()..both.len() };
                moved += r.len();
                assert_eq!(opts(&one, r), opts(&both, whole), "{k:?} {left}");
            }
        }
        assert!(moved > 1000, "{moved}");
    }

    /// Sheep without the split into regions: the board is one part (the whole twin).
    struct Unsplit;

    impl Rules for Unsplit {
        type Key = SheepKey;
        fn read(&self, _keys: &[Arg]) -> Result<Option<Vec<SheepKey>>, String> {
            Ok(None)
        }
        fn expand(&self, k: SheepKey, out: &mut Options<SheepKey>) {
            for sign in [1, -1] {
                k.moves(sign, &mut |b, _| {
                    if b.can_move(1) || b.can_move(-1) {
                        out.part(b.normal());
                    }
                    out.done();
                });
                out.end_side();
            }
        }
    }

    #[test]
    fn regions_sum_to_the_whole_board() {
        // the value of a board split into regions is the value of the board unsplit
        let split = Solver::new(Sheep, Some(1 << 16));
        let whole = Solver::new(Unsplit, Some(1 << 16));
        let mut next = draws(0x9e37_79b9_7f4a_7c15);
        let mut splits = 0;
        for _ in 0..150 {
            let k = random_key(&mut next, 3, 4, |next| [0, 0, 1, -1, 2, -2, 3, -3][next(8) as usize]);
            let mut parts = Vec::new();
            k.split(&mut |p| parts.push(p));
            splits += (parts.len() > 1) as u32;
            let mut st = crate::rulesets::search::Stack::new(0, 1);
            let a = split.total(&parts, 1).unwrap();
            let b = if k.can_move(1) || k.can_move(-1) { whole.solve(k.normal(), &mut st, None).unwrap() } else { engine().zero };
            let e = engine();
            assert_eq!(crate::notation::format(&e, a).unwrap(), crate::notation::format(&e, b).unwrap(), "{k:?}");
        }
        assert!(splits > 0, "{splits}");
    }

    #[test]
    fn bad_and_large_boards() {
        assert!(Sheep.read(&[board("1 0|0")]).is_err());
        assert!(Sheep.read(&[Arg::Str("1 0".into())]).is_err());
        assert_eq!(Sheep.read(&[board("200 0")]).unwrap(), None);
        assert_eq!(Sheep.read(&[board(&["0"; 65].join(" "))]).unwrap(), None);
    }
}
