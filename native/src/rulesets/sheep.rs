//! Sheep (mirrors `cgtkit.rulesets.sheep`): herds on a hex board in axial
//! coordinates, a positive number Left's herd, a negative one Right's, 0 an empty
//! cell.  A player takes one of his herds of two or more and sends some of it, at
//! least one and not all, in one of six directions: it slides across empty cells
//! until the next cell is off the board or holds a herd, moving at least one cell.
//!
//! A herd of one is a wall, and so is a herd with no empty neighbour (cells only
//! fill, so it never moves again): the board splits into the regions of its other
//! cells ([`SheepKey::split`]; MCGS splits at herds of one, the twin splits none),
//! each dropped when neither player can move.  Its key is the board, row by row,
//! a byte a cell (herds of at most 127), the lesser of it and the board turned by
//! 180 degrees (which keeps the six directions); every herd negated is the negative.

use super::codec::{Arg, KeyBytes};
use super::search::{Options, Rules, Unmade};

/// The most cells of a native board.
pub const MAX_CELLS: usize = 64;

pub struct Sheep;

/// A board: its height and width, and its cells row by row (the rest 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SheepKey {
    h: u8,
    w: u8,
    cells: [i8; MAX_CELLS],
}

/// The order of `(h, w, cells)` (cells compared as signed numbers, one after
/// another), compared eight cells at a time: the first unequal word names the
/// first unequal cell (the derived order compared cell by cell, and the outcome
/// search sorts and dedups thousands of options).
impl Ord for SheepKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.h, self.w).cmp(&(other.h, other.w)).then_with(|| {
            let word = |k: &SheepKey, i: usize| u64::from_le_bytes(std::array::from_fn(|b| k.cells[8 * i + b] as u8));
            for i in 0..MAX_CELLS / 8 {
                let (a, b) = (word(self, i), word(other, i));
                if a != b {
                    let c = 8 * i + ((a ^ b).trailing_zeros() / 8) as usize;
                    return self.cells[c].cmp(&other.cells[c]);
                }
            }
            std::cmp::Ordering::Equal
        })
    }
}

impl PartialOrd for SheepKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A board's geometry as bit sets of its cells (bit `i * w + j` the cell `(i, j)`):
/// a set moved one step in one of the six directions is a shift.
#[derive(Clone, Copy)]
struct Grid {
    w: u32,
    /// every cell of the board
    full: u64,
    /// the cells not in the first column, not in the last
    not_first: u64,
    not_last: u64,
}

/// The cells of a board by kind, as bit sets of its [`Grid`].
#[derive(Clone, Copy)]
struct Sets {
    empty: u64,
    /// herds of one
    walls: u64,
    /// herds of two or more, Left's and Right's
    left: u64,
    right: u64,
}

impl Grid {
    fn of(h: u8, w: u8) -> Grid {
        let (h, w) = (h as u32, w as u32);
        let full = u64::MAX >> (64 - h * w);
        let first = (0..h).fold(0u64, |m, r| m | 1 << (r * w));
        let last = first << (w - 1);
        Grid { w, full, not_first: full & !first, not_last: full & !last }
    }

    /// The cells one step from those of `s` in direction `d`, on the board: MCGS's
    /// six hex neighbours `(row, column)` up `(-1, 0)`, up-right `(-1, 1)`, right
    /// `(0, 1)`, down `(1, 0)`, down-left `(1, -1)`, left `(0, -1)`; `d + 3` is the
    /// opposite of `d`.
    #[inline]
    fn step(&self, s: u64, d: usize) -> u64 {
        let w = self.w;
        match d {
            0 => s.checked_shr(w).unwrap_or(0),
            1 => (s & self.not_last) >> (w - 1),
            2 => (s & self.not_last) << 1,
            3 => s.checked_shl(w).unwrap_or(0) & self.full,
            4 => ((s & self.not_first) << (w - 1)) & self.full,
            _ => (s & self.not_first) >> 1,
        }
    }

    /// The cells one step from those of `s` in any direction.
    #[inline]
    fn around(&self, s: u64) -> u64 {
        (0..6).fold(0, |m, d| m | self.step(s, d))
    }

    /// The cells of `open` connected to `seed` through `open`.
    fn spread(&self, seed: u64, open: u64) -> u64 {
        let mut r = seed;
        loop {
            let next = (r | self.around(r)) & open;
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// Where the herd at cell `from` slides in direction `d`: the last empty cell
    /// before the edge or a herd, as a bit; 0 when the first cell is not empty.
    #[inline]
    fn slide(&self, from: usize, d: usize, empty: u64) -> u64 {
        let (mut at, mut next) = (0, self.step(1 << from, d) & empty);
        while next != 0 {
            at = next;
            next = self.step(at, d) & empty;
        }
        at
    }

    /// Whether a herd of `herds` can slide: one has an empty neighbour.
    #[inline]
    fn free(&self, herds: u64, empty: u64) -> bool {
        herds != 0 && (0..6).any(|d| self.step(herds, d) & empty != 0)
    }
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
        // the turned board's cell i is cell n - 1 - i: the two orders part at the
        // first cell unequal to its turned one
        let n = self.h as usize * self.w as usize;
        let (mut i, mut j) = (0, n.saturating_sub(1));
        while i < j {
            if self.cells[i] != self.cells[j] {
                if self.cells[j] < self.cells[i] {
                    self.cells[..n].reverse();
                }
                break;
            }
            (i, j) = (i + 1, j - 1);
        }
        self
    }

    fn grid(&self) -> Grid {
        Grid::of(self.h, self.w)
    }

    /// The cells by kind (the cells beyond `h * w` are 0 and left out), eight cells
    /// at a time: each cell a byte of a word, each test a byte's top bit.
    fn sets(&self, g: &Grid) -> Sets {
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const TOP: u64 = 0x8080_8080_8080_8080;
        const ONES: u64 = 0x0101_0101_0101_0101;
        // the top bit of each byte of x that is 0
        let zero = |x: u64| !(((x & LOW).wrapping_add(LOW)) | x | LOW);
        // the top bits of a word's bytes, as 8 bits (byte k to bit k)
        let gather = |m: u64| (m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let (mut empty, mut walls, mut left, mut right) = (0u64, 0u64, 0u64, 0u64);
        for i in 0..MAX_CELLS / 8 {
            let x = u64::from_le_bytes(std::array::from_fn(|b| self.cells[8 * i + b] as u8));
            let (nil, one, minus) = (zero(x), zero(x ^ ONES), zero(!x));
            let negative = x & TOP;
            empty |= gather(nil) << (8 * i);
            walls |= gather(one | minus) << (8 * i);
            left |= gather(!negative & !nil & !one & TOP) << (8 * i);
            right |= gather(negative & !minus) << (8 * i);
        }
        Sets { empty: empty & g.full, walls, left, right }
    }

    /// Every move of the owner of `sign` (1 Left, -1 Right): its token (for
    /// [`SheepKey::play`]), the board after it, its cells by kind (`g` the board's
    /// grid, `s` its cells by kind), and whether the move made a wall ([`SheepKey::send`]:
    /// a herd of one, or a herd with no empty neighbour left).
    fn moves(&self, g: &Grid, s: &Sets, sign: i8, out: &mut impl FnMut(u32, SheepKey, &Sets, bool)) {
        self.slides(g, s, sign, &mut |from, herd, d, at| {
            for k in 1..herd {
                let (b, t, walled) = self.send(g, s, sign, from, at, k);
                out(token(from, d, k), b, &t, walled);
            }
        });
    }

    /// Each slide of a herd of the owner of `sign`: the herd's cell and size, the
    /// direction and the cell (a bit) where it ends; a move sends part of the herd
    /// along it.
    fn slides(&self, g: &Grid, s: &Sets, sign: i8, out: &mut impl FnMut(usize, i8, usize, u64)) {
        let mut herds = if sign > 0 { s.left } else { s.right };
        while herds != 0 {
            let from = herds.trailing_zeros() as usize;
            herds &= herds - 1;
            for d in 0..6 {
                let at = g.slide(from, d, s.empty);
                if at != 0 {
                    out(from, self.cells[from] * sign, d, at);
                }
            }
        }
    }

    /// Each move of the owner of `sign` as [`SheepKey::moves`] lists them: its token
    /// and the moves of its owner and of the other player after it (as
    /// [`SheepKey::move_count_sets`] counts them on the board made), without making
    /// it: only the herd the sheep leave and the herds next to the cell they go to
    /// count otherwise after the move.
    fn scored_moves(&self, g: &Grid, s: &Sets, sign: i8, out: &mut impl FnMut(u32, u32, u32)) {
        let (mine, theirs) = if sign > 0 { (s.left, s.right) } else { (s.right, s.left) };
        let (my_count, their_count) = (self.move_count_sets(g, s, sign) as i64, self.move_count_sets(g, s, -sign) as i64);
        // the directions in which the cell of `bit` has an empty neighbour
        let free = |bit: u64, empty: u64| (0..6).filter(|&d| g.step(bit, d) & empty != 0).count() as i64;
        // the sheep that can still leave the herds of `set`: a herd next to the
        // cell the sheep go to loses its one free direction towards it
        let movable = |mut set: u64| {
            let mut n = 0;
            while set != 0 {
                n += self.cells[set.trailing_zeros() as usize].unsigned_abs() as i64 - 1;
                set &= set - 1;
            }
            n
        };
        self.slides(g, s, sign, &mut |from, herd, d, at| {
            let herd = herd as i64;
            let (empty, around) = (s.empty & !at, g.around(at));
            let theirs_after = their_count - movable(theirs & around);
            // the herd's own sheep, counted in its free directions before the move
            let rest = my_count - movable(mine & around & !(1 << from)) - (herd - 1) * free(1 << from, s.empty);
            let (left_free, at_free) = (free(1 << from, empty), free(at, empty));
            for k in 1..herd {
                let mine_after = rest + (herd - k - 1) * left_free + (k - 1) * at_free;
                out(token(from, d, k as i8), mine_after as u32, theirs_after as u32);
            }
        });
    }

    /// The move of `token` (of [`SheepKey::moves`]) made: the board after it, its
    /// cells by kind, and whether it left a new wall.
    fn play(&self, g: &Grid, s: &Sets, sign: i8, token: u32) -> (SheepKey, Sets, bool) {
        let (from, d, k) = untoken(token);
        let at = g.slide(from, d, s.empty);
        debug_assert!(at != 0 && k >= 1 && k < self.cells[from] * sign, "not a move: {token}");
        self.send(g, s, sign, from, at, k)
    }

    /// `k` sheep of the herd at `from` (its owner's `sign`) sent to the cell `at`
    /// (a bit): the board after it, its cells by kind (`s` this board's), and
    /// whether it made a wall: a herd of one left behind or at the end, or a herd
    /// with no empty neighbour left (only the cells next to `at` lost one).
    #[inline]
    fn send(&self, g: &Grid, s: &Sets, sign: i8, from: usize, at: u64, k: i8) -> (SheepKey, Sets, bool) {
        let herd = self.cells[from] * sign;
        let mut b = *self;
        b.cells[from] = (herd - k) * sign;
        b.cells[at.trailing_zeros() as usize] = k * sign;
        let mut t = Sets { empty: s.empty & !at, ..*s };
        let mine = if sign > 0 { &mut t.left } else { &mut t.right };
        if herd - k == 1 {
            *mine &= !(1 << from);
            t.walls |= 1 << from;
        }
        if k == 1 {
            t.walls |= at;
        } else {
            *mine |= at;
        }
        let died = (g.around(at) | at) & (t.left | t.right) & !g.around(t.empty) != 0;
        (b, t, herd - k == 1 || k == 1 || died)
    }

    /// The parts of the board after a move (`t` its cells by kind, `walled` whether
    /// the move left a new wall): split into regions when it did; else the board is
    /// still one region with the same bounding box, a part unless nobody can move.
    fn parts_after(&self, g: &Grid, t: &Sets, walled: bool, out: &mut impl FnMut(SheepKey)) {
        if walled {
            self.split_sets(g, t, out);
        } else if g.free(t.left, t.empty) || g.free(t.right, t.empty) {
            out(self.normal());
        }
    }

    /// How many moves the owner of `sign` has (as [`SheepKey::moves`] lists them):
    /// a herd of `n` sends 1 to `n - 1` of it in each free direction (a direction
    /// whose first cell is on the board and empty).
    #[cfg(test)]
    fn move_count(&self, sign: i8) -> u32 {
        let g = self.grid();
        self.move_count_sets(&g, &self.sets(&g), sign)
    }

    /// [`SheepKey::move_count`] with the board's cells by kind given.
    fn move_count_sets(&self, g: &Grid, s: &Sets, sign: i8) -> u32 {
        let herds = if sign > 0 { s.left } else { s.right };
        let mut count = 0;
        for d in 0..6 {
            // the herds whose neighbour in direction d is empty
            let mut free = g.step(s.empty, (d + 3) % 6) & herds;
            while free != 0 {
                let c = free.trailing_zeros() as usize;
                free &= free - 1;
                count += (self.cells[c] * sign) as u32 - 1;
            }
        }
        count
    }

    /// Whether the owner of `sign` has a move (the search asks [`Grid::free`]).
    #[cfg(test)]
    fn can_move(&self, sign: i8) -> bool {
        let g = self.grid();
        let s = self.sets(&g);
        g.free(if sign > 0 { s.left } else { s.right }, s.empty)
    }

    /// The parts of the board: itself unless nobody can move.
    ///
    /// A herd of one never moves again and stops every slide, as the board's edge
    /// does, and so does a herd with no empty neighbour (a cell never empties), so
    /// the board splits into the regions of the other cells (empty, or herds that
    /// can move) connected through the six directions: a slide stays in its
    /// region.  Each region is cut out to its bounding box, the cells there outside
    /// it (walls, or another region's cells, which its slides never reach) made
    /// herds of one of Left's: a part.  Regions where nobody can move go.
    fn split(&self, out: &mut impl FnMut(SheepKey)) {
        let g = self.grid();
        self.split_sets(&g, &self.sets(&g), out)
    }

    /// [`SheepKey::split`] with the board's cells by kind given (`s`, `g`): each
    /// region is found by shifts of bit sets.
    fn split_sets(&self, g: &Grid, s: &Sets, out: &mut impl FnMut(SheepKey)) {
        let (h, w) = (self.h as usize, self.w as usize);
        // a herd with no empty neighbour never moves again (cells only fill): a wall
        let dead = (s.left | s.right) & !g.around(s.empty);
        let open = g.full & !s.walls & !dead;
        let mut rest = open;
        while rest != 0 {
            let region = g.spread(rest & rest.wrapping_neg(), open);
            rest &= !region;
            // a herd's empty neighbour is open, so in its region
            let empty = s.empty & region;
            if !g.free(s.left & region, empty) && !g.free(s.right & region, empty) {
                continue;
            }
            let row = |i: usize| (region >> (i * w)) & (u64::MAX >> (64 - w));
            let top = (0..h).find(|&i| row(i) != 0).expect("a region has a cell");
            let bottom = (0..h).rfind(|&i| row(i) != 0).expect("a region has a cell");
            let columns = (top..=bottom).fold(0, |m, i| m | row(i));
            let (left, right) = (columns.trailing_zeros() as usize, 63 - columns.leading_zeros() as usize);
            let pw = right - left + 1;
            if (top, bottom, left, pw) == (0, h - 1, 0, w) {
                // the whole board's box: the cells outside the region made walls
                let mut part = *self;
                let mut outside = g.full & !region;
                while outside != 0 {
                    part.cells[outside.trailing_zeros() as usize] = 1;
                    outside &= outside - 1;
                }
                out(part.normal());
                continue;
            }
            let mut part = SheepKey { h: (bottom - top + 1) as u8, w: pw as u8, cells: [0; MAX_CELLS] };
            for i in top..=bottom {
                for j in left..=right {
                    let c = i * w + j;
                    part.cells[(i - top) * pw + j - left] = if region >> c & 1 == 1 { self.cells[c] } else { 1 };
                }
            }
            out(part.normal());
        }
    }
}

/// The token of the move sending `k` sheep from the cell `from` in direction `d`
/// (cell, direction and count in 6, 3 and 7 bits).
fn token(from: usize, d: usize, k: i8) -> u32 {
    from as u32 | (d as u32) << 6 | (k as u32) << 9
}

/// The cell, direction and count of a move's [`token`].
fn untoken(t: u32) -> (usize, usize, i8) {
    ((t & 63) as usize, (t >> 6 & 7) as usize, (t >> 9) as i8)
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
    let g = k.grid();
    k.moves(&g, &k.sets(&g), sign, &mut |_, b, t, walled| {
        b.parts_after(&g, t, walled, &mut |p| out.part(p));
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

    /// Each move with the moves of each player after it, counted on the board as
    /// made (not split or normalised: a dead region has no moves to count), those
    /// sending fewer sheep first: a sheep sent alone is a wall where it stops, and
    /// the herd left keeps its moves (on MCGS's `sheep3.test` cases this order
    /// searched 10% to 47% fewer positions than the mobility's alone).
    fn scored_side(&self, k: SheepKey, left: bool, out: &mut Vec<Unmade>) -> bool {
        let g = k.grid();
        k.scored_moves(&g, &k.sets(&g), if left { 1 } else { -1 }, &mut |token, mine, theirs| {
            let (l, r) = if left { (mine, theirs) } else { (theirs, mine) };
            out.push(Unmade { token, rank: untoken(token).2 as u32, l, r });
        });
        true
    }

    fn play(&self, k: SheepKey, left: bool, token: u32, out: &mut Vec<SheepKey>) {
        let g = k.grid();
        let (b, t, walled) = k.play(&g, &k.sets(&g), if left { 1 } else { -1 }, token);
        b.parts_after(&g, &t, walled, &mut |p| out.push(p));
    }

    /// The moves of each player, counted as made (not normalised).
    fn mobility(&self, k: SheepKey) -> (u32, u32) {
        let g = k.grid();
        let s = k.sets(&g);
        (k.move_count_sets(&g, &s, 1), k.move_count_sets(&g, &s, -1))
    }

    /// The cubes of the sheep that can still leave each herd: a herd of `n` has
    /// `n - 1` moves left, `n - 1` ways to split in each direction, and the herds
    /// it splits into split again, so the boards a value search meets grow faster
    /// than the square (with the squares, the outcome search valued herds of 3 and
    /// 3, or of 4: on six of MCGS's `sheep3.test` cases the cubes took 5% to 40%
    /// less time on five and 3% more on one, the value searches having cost more
    /// than the positions they saved).
    fn size(&self, k: SheepKey) -> u32 {
        k.cells.iter().map(|&c| (c.unsigned_abs() as u32).saturating_sub(1).pow(3)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::draws;
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

    /// MCGS's six hex neighbours, as `Grid::step` numbers them.
    const DIRECTIONS: [(i32, i32); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

    /// The herds of two or more with no empty neighbour, cell by cell.
    fn slow_dead(k: &SheepKey) -> usize {
        (0..k.h as usize * k.w as usize).filter(|&c| slow_stuck(k, c)).count()
    }

    /// Whether cell `c` holds a herd of two or more with no empty neighbour, cell by cell.
    fn slow_stuck(k: &SheepKey, c: usize) -> bool {
        let (h, w) = (k.h as i32, k.w as i32);
        let (i, j) = (c as i32 / w, c as i32 % w);
        let on = |a: i32, b: i32| 0 <= a && a < h && 0 <= b && b < w;
        k.cells[c].unsigned_abs() >= 2 && !DIRECTIONS.iter().any(|d| on(i + d.0, j + d.1) && k.cells[((i + d.0) * w + j + d.1) as usize] == 0)
    }

    /// The slow twin of [`SheepKey::moves`]: cell by cell, step by step; each board
    /// after a move and whether it left a wall (a herd of one, or a herd with no
    /// empty neighbour that had one).
    fn slow_moves(k: &SheepKey, sign: i8) -> Vec<(SheepKey, bool)> {
        let (h, w) = (k.h as i32, k.w as i32);
        let at = |i: i32, j: i32| k.cells[(i * w + j) as usize];
        let on = |i: i32, j: i32| 0 <= i && i < h && 0 <= j && j < w;
        let mut out = Vec::new();
        for i in 0..h {
            for j in 0..w {
                let herd = at(i, j) * sign;
                if herd < 2 {
                    continue;
                }
                for d in DIRECTIONS {
                    let (mut a, mut b) = (i, j);
                    while on(a + d.0, b + d.1) && at(a + d.0, b + d.1) == 0 {
                        (a, b) = (a + d.0, b + d.1);
                    }
                    if (a, b) == (i, j) {
                        continue;
                    }
                    for n in 1..herd {
                        let mut next = *k;
                        next.cells[(i * w + j) as usize] = (herd - n) * sign;
                        next.cells[(a * w + b) as usize] = n * sign;
                        out.push((next, herd - n == 1 || n == 1 || slow_dead(&next) > slow_dead(k)));
                    }
                }
            }
        }
        out
    }

    /// The slow twin of [`SheepKey::split`]: regions by a flood fill cell by cell,
    /// each cut out to its bounding box (the cells there outside it herds of one of
    /// Left's), those where somebody can move (by [`slow_moves`]) normalised.
    fn slow_split(k: &SheepKey) -> Vec<SheepKey> {
        let (h, w) = (k.h as i32, k.w as i32);
        let on = |a: i32, b: i32| 0 <= a && a < h && 0 <= b && b < w;
        // not a wall: empty, or a herd of two or more with an empty neighbour
        let open = |c: usize| k.cells[c] == 0 || k.cells[c].unsigned_abs() != 1 && !slow_stuck(k, c);
        let mut region = [usize::MAX; MAX_CELLS];
        let mut out = Vec::new();
        for start in 0..(h * w) as usize {
            if region[start] != usize::MAX || !open(start) {
                continue;
            }
            region[start] = start;
            let mut stack = vec![start];
            let (mut top, mut bottom, mut left, mut right) = (h, -1, w, -1);
            while let Some(c) = stack.pop() {
                let (i, j) = (c as i32 / w, c as i32 % w);
                (top, bottom, left, right) = (top.min(i), bottom.max(i), left.min(j), right.max(j));
                for d in DIRECTIONS {
                    let (a, b) = (i + d.0, j + d.1);
                    let e = (a * w + b) as usize;
                    if on(a, b) && region[e] == usize::MAX && open(e) {
                        region[e] = start;
                        stack.push(e);
                    }
                }
            }
            let mut part = SheepKey { h: (bottom - top + 1) as u8, w: (right - left + 1) as u8, cells: [0; MAX_CELLS] };
            for i in top..=bottom {
                for j in left..=right {
                    let c = (i * w + j) as usize;
                    part.cells[((i - top) * part.w as i32 + j - left) as usize] = if region[c] == start { k.cells[c] } else { 1 };
                }
            }
            if !slow_moves(&part, 1).is_empty() || !slow_moves(&part, -1).is_empty() {
                let mut turned = part;
                turned.cells[..(part.h as usize * part.w as usize)].reverse();
                let key = |k: &SheepKey| (k.h, k.w, k.cells.to_vec());
                out.push(if key(&turned) < key(&part) { turned } else { part });
            }
        }
        out
    }

    /// The slow twin of [`SheepKey::sets`]: cell by cell.
    fn slow_sets(k: &SheepKey) -> (u64, u64, u64, u64) {
        let (mut empty, mut walls, mut left, mut right) = (0, 0, 0, 0);
        for (i, &c) in k.cells[..k.h as usize * k.w as usize].iter().enumerate() {
            let bit = 1u64 << i;
            match c {
                0 => empty |= bit,
                1 | -1 => walls |= bit,
                c if c > 0 => left |= bit,
                _ => right |= bit,
            }
        }
        (empty, walls, left, right)
    }

    #[test]
    fn bit_sets_match_the_slow_twins() {
        // on random boards of every shape up to 64 cells: the moves, the cells by kind
        // after each, the counts, the split and the order of keys are the slow twins'
        let mut next = draws(0x0123_4567_89ab_cdef);
        let (mut moved, mut parted) = (0, 0);
        for n in 0..3000 {
            let (max_h, max_w) = [(8, 8), (1, 64), (64, 1), (4, 16), (3, 3)][n % 5];
            let big = n % 7 == 0;
            let k = random_key(&mut next, max_h, max_w, |next| match next(3) {
                0 if big => [127, -127, 126, -126, 2, -2, 1, -1][next(8) as usize],
                0 => next(11) as i8 - 5,
                _ => 0,
            });
            let g = k.grid();
            let s = k.sets(&g);
            assert_eq!((s.empty, s.walls, s.left, s.right), slow_sets(&k), "{k:?}");
            for sign in [1, -1] {
                let mut fast = Vec::new();
                k.moves(&g, &s, sign, &mut |_, b, t, walled| {
                    assert_eq!((t.empty, t.walls, t.left, t.right), slow_sets(&b), "{b:?}");
                    fast.push((b, walled));
                });
                let slow = slow_moves(&k, sign);
                assert_eq!(fast, slow, "{k:?}");
                assert_eq!(k.move_count(sign), slow.len() as u32, "{k:?}");
                assert_eq!(k.can_move(sign), !slow.is_empty(), "{k:?}");
                moved += slow.len();
            }
            let mut parts = Vec::new();
            k.split(&mut |p| parts.push(p));
            assert_eq!(parts, slow_split(&k), "{k:?}");
            parted += parts.len();
            let other = random_key(&mut next, 2, 3, |next| next(5) as i8 - 2);
            let key = |k: &SheepKey| (k.h, k.w, k.cells.to_vec());
            assert_eq!(k.cmp(&other), key(&k).cmp(&key(&other)));
            let mut near = k;
            near.cells[next(MAX_CELLS as u64) as usize] = next(7) as i8 - 3;
            assert_eq!(k.cmp(&near), key(&k).cmp(&key(&near)), "{k:?} {near:?}");
        }
        assert!(moved > 10_000 && parted > 1000, "{moved} {parted}");
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
            let g = k.grid();
            for sign in [1, -1] {
                let mut made = 0;
                k.moves(&g, &k.sets(&g), sign, &mut |_, _, _, _| made += 1);
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

    #[test]
    fn scored_moves_are_the_options_listed_whole() {
        // the moves listed unmade (the outcome search's) make exactly expand_side's
        // options, and each one's counts are its parts' mobility summed, on random
        // boards
        let mut next = draws(0x6a09_e667_f3bc_c908);
        let mut made = 0;
        for _ in 0..1000 {
            let k = random_key(&mut next, 6, 6, |next| if next(3) == 0 { next(11) as i8 - 5 } else { 0 });
            for left in [true, false] {
                let mut whole = Options::default();
                let r = Sheep.expand_side(k, left, &mut whole);
                let mut listed: Vec<Vec<SheepKey>> = r.map(|i| whole.keys[whole.range(i)].to_vec()).collect();
                let mut found = Vec::new();
                assert!(Sheep.scored_side(k, left, &mut found));
                let mut played = Vec::new();
                for &Unmade { token, l, r, .. } in &found {
                    let mut parts = Vec::new();
                    Sheep.play(k, left, token, &mut parts);
                    let sum = parts.iter().map(|&p| Sheep.mobility(p)).fold((0, 0), |a, m| (a.0 + m.0, a.1 + m.1));
                    assert_eq!(sum, (l, r), "{k:?} {token}");
                    parts.sort_unstable();
                    played.push(parts);
                }
                made += played.len();
                // expand_side drops the duplicate options, the moves do not
                played.sort_unstable();
                played.dedup();
                listed.sort_unstable();
                assert_eq!(played, listed, "{k:?} {left}");
            }
        }
        assert!(made > 5000, "{made}");
    }

    /// Sheep with its options listed whole only (the outcome search's twin of the
    /// moves made one at a time).
    struct Whole;

    impl Rules for Whole {
        type Key = SheepKey;
        fn read(&self, keys: &[Arg]) -> Result<Option<Vec<SheepKey>>, String> {
            Sheep.read(keys)
        }
        fn expand(&self, k: SheepKey, out: &mut Options<SheepKey>) {
            Sheep.expand(k, out)
        }
        fn expand_side(&self, k: SheepKey, left: bool, out: &mut Options<SheepKey>) -> std::ops::Range<usize> {
            Sheep.expand_side(k, left, out)
        }
        fn mirror(&self, k: SheepKey) -> Option<SheepKey> {
            Sheep.mirror(k)
        }
        fn mobility(&self, k: SheepKey) -> (u32, u32) {
            Sheep.mobility(k)
        }
        fn size(&self, k: SheepKey) -> u32 {
            Sheep.size(k)
        }
    }

    #[test]
    fn the_search_of_moves_made_one_at_a_time_is_its_twin_s() {
        // who wins V + a random board (and V + two boards), searched with the moves
        // made when tried and with every option made first, both players, with and
        // without small components valued
        use crate::rulesets::sums::{who_wins, Position};
        use crate::rulesets::table::TTable;
        let mut next = draws(0xbb67_ae85_84ca_a73b);
        let cell = |next: &mut dyn FnMut(u64) -> u64| if next(3) == 0 { [1, -1, 2, -2, 3, -3, 4, -4][next(8) as usize] } else { 0 };
        let (mut wins, mut searched) = (0, 0);
        for n in 0..300 {
            let v = {
                let sv = Solver::new(Sheep, Some(1 << 12));
                let k = random_key(&mut next, 2, 2, cell);
                let mut parts = Vec::new();
                k.split(&mut |p| parts.push(p));
                sv.total(&parts, 1).unwrap()
            };
            let mut keys = Vec::new();
            for _ in 0..1 + n % 2 {
                random_key(&mut next, 3, 4, cell).split(&mut |p| keys.push(p));
            }
            for small in [0, 4] {
                for left in [true, false] {
                    let (a, b) = (Solver::new(Sheep, Some(1 << 14)), Solver::new(Whole, Some(1 << 14)));
                    let (ta, tb): (TTable<Position<SheepKey>>, TTable<Position<SheepKey>>) = (TTable::new(1 << 14), TTable::new(1 << 14));
                    let (x, nodes) = who_wins(&a, &ta, small, v, &keys, left).unwrap();
                    let (y, _) = who_wins(&b, &tb, small, v, &keys, left).unwrap();
                    assert_eq!(x, y, "{keys:?} {v} {left} {small}");
                    wins += x as u32;
                    searched += (nodes > 0) as u32;
                }
            }
        }
        assert!(wins > 200 && wins < 1000 && searched > 300, "{wins} {searched}");
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
                for (b, _) in slow_moves(&k, sign) {
                    if b.can_move(1) || b.can_move(-1) {
                        out.part(b.normal());
                    }
                    out.done();
                }
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
