//! Polyominoes: the positions of a Domineering sweep (`cgtkit.sweep.positions`; the
//! Python twin is `cgtkit.backend.python.polyominoes`).
//!
//! **Listing.** Redelmeier's method lists every *fixed* polyomino of `k` cells once:
//! start from the origin, the least cell in row-major order; grow by one cell taken
//! from an "untried" set, and put into that set only the neighbours of the new cell
//! that come after the origin and were never put there before on the way down.  The
//! recursion is kept as an explicit stack (one untried list per depth), so the listing
//! stops after any number of polyominoes and goes on later: a sweep takes it in chunks
//! and memory stays a few kilobytes whatever `k`.
//!
//! **Reduction.** Domineering's value is kept by the two mirror images and the half turn
//! (vertical dominoes stay vertical) but a transpose swaps the players and negates it,
//! so a position is a fixed polyomino up to those four symmetries.  Of the (up to four)
//! images of a polyomino, each moved to start at row 0 and column 0, the one kept is the
//! least as a sorted list of `(row, column)` cells; a fixed polyomino is listed as a
//! position exactly when it is that least image (a symmetric one is listed once: its
//! images coincide).  The images share one bounding box, so with bit `r * w + c` for
//! cell `(r, c)` (w the box's width) the sorted lists compare as the sets: the set
//! holding the lowest cell of the two's difference is the lesser.
//!
//! **Output.** CGSuite's grid notation over the bounding box: rows joined by `|`, `.`
//! for a cell of the polyomino, `#` for a cell outside it.

/// The largest polyomino listed: 16 cells (a bounding box of at most 72 cells fits a `u128`).
pub const MAX_CELLS: usize = 16;

/// The listing of the polyominoes of `k` cells (every fixed one, or one per position).
pub struct Polyominoes {
    k: usize,
    /// cells per row of the board (with a margin): cell (r, c) is `(r + 1) * stride + c + k`
    stride: usize,
    /// a cell before the origin, off the board, or already put in an untried set
    blocked: Vec<bool>,
    /// the untried cells at each depth
    untried: Vec<Vec<u16>>,
    /// the cells blocked when the cell at each depth was added (freed when it is removed)
    marked: Vec<[u16; 4]>,
    marked_len: Vec<u8>,
    cells: Vec<u16>,
    depth: usize,
    reduced: bool,
    done: bool,
}

impl Polyominoes {
    /// The listing of the polyominoes of `k` cells (`1 <= k <= MAX_CELLS`, else
    /// `None`): with `reduced`, one per Domineering position (the least of its images
    /// under the two mirrors and the half turn), else every fixed polyomino.
    pub fn new(k: usize, reduced: bool) -> Option<Polyominoes> {
        if !(1..=MAX_CELLS).contains(&k) {
            return None;
        }
        let stride = 2 * k + 1;
        let rows = k + 2; // row -1 (the margin above), rows 0 .. k - 1, a margin below
        let mut blocked = vec![false; rows * stride];
        for (i, b) in blocked.iter_mut().enumerate() {
            let (r, c) = ((i / stride) as isize - 1, (i % stride) as isize - k as isize);
            let inside = r >= 0 && r < k as isize && c.abs() < k as isize;
            *b = !inside || (r == 0 && c < 0);
        }
        let origin = stride + k;
        blocked[origin] = true;
        let mut untried = vec![Vec::with_capacity(4 * k); k];
        untried[0].push(origin as u16);
        Some(Polyominoes { k, stride, blocked, untried, marked: vec![[0; 4]; k], marked_len: vec![0; k], cells: vec![0; k], depth: 0, reduced, done: false })
    }

    /// Has the listing ended?
    pub fn finished(&self) -> bool {
        self.done
    }

    /// Move to the next fixed polyomino of the listing (its cells in `cells`, the
    /// origin first); false at the end.
    fn advance(&mut self) -> bool {
        if self.done {
            return false;
        }
        loop {
            let d = self.depth;
            let Some(cell) = self.untried[d].pop() else {
                if d == 0 {
                    self.done = true;
                    return false;
                }
                // the cell at depth d - 1 is removed: free the cells its addition blocked
                self.depth = d - 1;
                for &m in &self.marked[d - 1][..self.marked_len[d - 1] as usize] {
                    self.blocked[m as usize] = false;
                }
                continue;
            };
            self.cells[d] = cell;
            if d + 1 == self.k {
                return true;
            }
            let c = cell as usize;
            let mut n = 0;
            for nb in [c + self.stride, c - self.stride, c + 1, c - 1] {
                if !self.blocked[nb] {
                    self.blocked[nb] = true;
                    self.marked[d][n] = nb as u16;
                    n += 1;
                }
            }
            self.marked_len[d] = n as u8;
            let (lower, upper) = self.untried.split_at_mut(d + 1);
            let next = &mut upper[0];
            next.clear();
            next.extend_from_slice(&lower[d]);
            next.extend_from_slice(&self.marked[d][..n]);
            self.depth = d + 1;
        }
    }

    /// The current polyomino, moved to start at row 0, column 0.
    fn shape(&self) -> Shape {
        let k = self.k as isize;
        let at = |i: u16| ((i as usize / self.stride) - 1, (i as usize % self.stride) as isize - k);
        let (mut h, mut c0, mut c1) = (0, k, -k);
        for &i in &self.cells {
            let (r, c) = at(i);
            (h, c0, c1) = (h.max(r + 1), c0.min(c), c1.max(c));
        }
        let w = (c1 - c0) as usize + 1;
        let (mut bits, mut images) = (0u128, [0u128; 3]);
        for &i in &self.cells {
            let (r, c) = at(i);
            let c = (c - c0) as usize;
            let (fr, fc) = (h - 1 - r, w - 1 - c);
            bits |= 1 << (r * w + c);
            images[0] |= 1 << (fr * w + c);
            images[1] |= 1 << (r * w + fc);
            images[2] |= 1 << (fr * w + fc);
        }
        Shape { h, w, bits, images }
    }

    /// Up to `n` more polyominoes in grid notation, appended to `out`; returns how many
    /// (fewer than `n` only at the end of the listing).
    pub fn next_chunk(&mut self, n: usize, out: &mut Vec<String>) -> usize {
        let mut found = 0;
        while found < n && self.advance() {
            let shape = self.shape();
            if !self.reduced || shape.is_least_image() {
                out.push(shape.grid());
                found += 1;
            }
        }
        found
    }

    /// How many polyominoes are left in the listing (runs it to the end).
    pub fn count(&mut self) -> u64 {
        let mut n = 0u64;
        while self.advance() {
            n += (!self.reduced || self.shape().is_least_image()) as u64;
        }
        n
    }
}

/// A polyomino moved to start at row 0, column 0: its box and its cells as bits.
struct Shape {
    h: usize,
    w: usize,
    /// bit `r * w + c` for each cell (r, c)
    bits: u128,
    /// the images by the vertical mirror, the horizontal mirror and the half turn
    images: [u128; 3],
}

impl Shape {
    /// Is the polyomino the least of its images (as sorted lists of cells)?
    fn is_least_image(&self) -> bool {
        self.images.iter().all(|&other| {
            let diff = self.bits ^ other;
            diff == 0 || self.bits & diff & diff.wrapping_neg() != 0
        })
    }

    fn grid(&self) -> String {
        let mut s = String::with_capacity(self.h * (self.w + 1));
        for r in 0..self.h {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.w {
                s.push(if self.bits >> (r * self.w + c) & 1 == 1 { '.' } else { '#' });
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A001168, fixed polyominoes with n cells (tests/data/polyominoes.txt).
    const FIXED: [u64; 11] = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268];

    #[test]
    fn fixed_counts_are_oeis_a001168() {
        for (i, &want) in FIXED.iter().enumerate() {
            assert_eq!(Polyominoes::new(i + 1, false).unwrap().count(), want, "{} cells", i + 1);
        }
    }

    #[test]
    fn chunks_list_the_same_polyominoes_as_one_run() {
        let mut whole = Vec::new();
        Polyominoes::new(7, true).unwrap().next_chunk(usize::MAX, &mut whole);
        let (mut it, mut parts) = (Polyominoes::new(7, true).unwrap(), Vec::new());
        while it.next_chunk(5, &mut parts) == 5 {}
        assert_eq!(whole, parts);
        assert!(it.finished());
        assert_eq!(whole.len() as u64, Polyominoes::new(7, true).unwrap().count());
    }

    #[test]
    fn small_positions() {
        let mut out = Vec::new();
        Polyominoes::new(2, true).unwrap().next_chunk(10, &mut out);
        out.sort();
        assert_eq!(out, ["..", ".|."]);
        out.clear();
        Polyominoes::new(3, true).unwrap().next_chunk(10, &mut out);
        out.sort();
        assert_eq!(out, ["...", "..|.#", ".|.|."]);
        assert!(Polyominoes::new(0, true).is_none() && Polyominoes::new(17, true).is_none());
    }
}
