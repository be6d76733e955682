//! Placement games (mirrors `cgtkit.rulesets.placement`): Domineering, Cram and any
//! game in which a move puts a polyomino on empty cells.  A ruleset is data: each
//! side's pieces and the symmetries of the board that keep every piece its owner's.
//!
//! Only empty cells matter, so a component is a connected region of empty cells,
//! keyed by its least image under the symmetries, packed at stride `width + guard`
//! with the width in the top byte.  Invariant: a region that no piece of either side
//! fits is dropped (it is 0).  When transposing the board swaps the players'
//! pieces (Domineering), the transposed region is the negative (the mirror), looked
//! up only once a region of the transposed height and width has been keyed.

use super::bits::{corner, fill, flips, low, normal, transpose, Bits, Symmetry, K128, KEY_BITS};
use super::codec::Arg;
use super::search::{Options, Rules};
use super::stones::inside;
use crate::numbers::Dyadic;
use crate::short::{Engine, Res};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

pub type Shape = Vec<(u32, u32)>;

/// A piece at one stride: the offsets of its cells from its first cell (top row,
/// leftmost), and its mask.
struct ShapeAt {
    offs: Vec<u32>,
    mask: Bits,
}

pub struct Placement {
    pieces: [Vec<Shape>; 2],
    pub sym: Symmetry,
    pub impartial: bool,
    pub guard: u32,
    min_cells: u32,
    transpose_swaps: bool,
    /// per side: Some(1) if its only piece is a horizontal domino, Some(0) vertical
    domino: [Option<u8>; 2],
    at: Vec<OnceLock<[Vec<ShapeAt>; 2]>>,
    /// (height, width) of every region keyed, as bits of a 128 x 128 grid
    dims: Box<[AtomicU64]>,
}

fn normal_shape(cells: &[(i64, i64)]) -> Option<Shape> {
    let r0 = cells.iter().map(|c| c.0).min()?;
    let c0 = cells.iter().map(|c| c.1).min()?;
    let mut v: Shape = cells.iter().map(|&(r, c)| ((r - r0) as u32, (c - c0) as u32)).collect();
    v.sort_unstable();
    v.dedup();
    Some(v)
}

const VERTICAL: [(u32, u32); 2] = [(0, 0), (1, 0)];
const HORIZONTAL: [(u32, u32); 2] = [(0, 0), (0, 1)];

impl Placement {
    /// A placement ruleset from `(left pieces, right pieces, symmetry, impartial)`
    /// (see [`super::search`]).
    pub fn from_arg(params: &Arg) -> Result<Placement, String> {
        let bad = || format!("a placement game is (left pieces, right pieces, symmetry, impartial), not {params}");
        let [left, right, sym, impartial] = params.items(4).ok_or_else(bad)? else { unreachable!() };
        let pieces = |side: &Arg| -> Result<Vec<Vec<(i64, i64)>>, String> {
            let cell = |c: &Arg| Some((c.items(2)?[0].int::<i64>()?, c.items(2)?[1].int::<i64>()?));
            let piece = |p: &Arg| p.list()?.iter().map(cell).collect::<Option<Vec<_>>>();
            side.list().and_then(|v| v.iter().map(piece).collect::<Option<Vec<_>>>()).ok_or_else(bad)
        };
        let sym = match sym.str() {
            Some("none") => Symmetry::None,
            Some("flips") => Symmetry::Flips,
            Some("square") => Symmetry::Square,
            _ => return Err(format!("unknown symmetry {sym}")),
        };
        let impartial = impartial.int::<u8>().ok_or_else(bad)? != 0;
        Placement::new(&pieces(left)?, &pieces(right)?, sym, impartial)
    }

    /// A placement ruleset; an error names what is wrong with the pieces.
    pub fn new(left: &[Vec<(i64, i64)>], right: &[Vec<(i64, i64)>], sym: Symmetry, impartial: bool) -> Result<Placement, String> {
        let side = |v: &[Vec<(i64, i64)>]| -> Result<Vec<Shape>, String> {
            let mut out = Vec::new();
            for s in v {
                let n = normal_shape(s).ok_or("a piece needs at least one cell")?;
                if n.iter().any(|&(r, c)| r > 8 || c > 8) {
                    return Err("a piece may span at most 9 rows and 9 columns".into());
                }
                out.push(n);
            }
            Ok(out)
        };
        let (left, right) = (side(left)?, side(right)?);
        if left.is_empty() && right.is_empty() {
            return Err("a placement game needs at least one piece".into());
        }
        let all = || left.iter().chain(right.iter());
        let guard = all().flat_map(|s| s.iter().map(|c| c.1)).max().unwrap_or(0).max(1);
        let min_cells = all().map(|s| s.len() as u32).min().unwrap_or(1);
        let mut swapped: Vec<Shape> = left
            .iter()
            .map(|s| {
                let t: Vec<(i64, i64)> = s.iter().map(|&(r, c)| (c as i64, r as i64)).collect();
                normal_shape(&t).unwrap()
            })
            .collect();
        let mut r2 = right.clone();
        swapped.sort();
        swapped.dedup();
        r2.sort();
        r2.dedup();
        let transpose_swaps = !impartial && swapped == r2 && sym != Symmetry::Square;
        let domino_step = |v: &[Shape]| -> Option<u8> {
            match v {
                [s] if s[..] == HORIZONTAL => Some(1),
                [s] if s[..] == VERTICAL => Some(0),
                _ => None,
            }
        };
        let domino = [domino_step(&left), domino_step(&right)];
        Ok(Placement {
            pieces: [left, right],
            sym,
            impartial,
            guard,
            min_cells,
            transpose_swaps,
            domino,
            at: (0..=KEY_BITS as usize + 16).map(|_| OnceLock::new()).collect(),
            dims: (0..256).map(|_| AtomicU64::new(0)).collect(),
        })
    }

    pub fn domineering() -> Placement {
        let v = vec![vec![(0, 0), (1, 0)]];
        let h = vec![vec![(0, 0), (0, 1)]];
        Placement::new(&v, &h, Symmetry::Flips, false).unwrap()
    }

    pub fn cram() -> Placement {
        let both = vec![vec![(0, 0), (1, 0)], vec![(0, 0), (0, 1)]];
        Placement::new(&both, &both, Symmetry::Square, true).unwrap()
    }

    fn shapes(&self, s: u32) -> &[Vec<ShapeAt>; 2] {
        self.at[s as usize].get_or_init(|| {
            self.pieces.clone().map(|side| {
                side.iter()
                    .map(|shape| {
                        let (ar, ac) = shape[0];
                        let offs: Vec<u32> = shape.iter().map(|&(r, c)| (r - ar) * s + c - ac).collect();
                        if offs.iter().any(|&o| o >= 128) {
                            // taller than any board at this stride: it never fits
                            return ShapeAt { offs: Vec::new(), mask: 0 };
                        }
                        let mask = offs.iter().fold(0, |m, &o| m | (1 << o));
                        ShapeAt { offs: offs.into_iter().filter(|&o| o > 0).collect(), mask }
                    })
                    .collect()
            })
        })
    }

    /// Where each piece of `side` fits in `e` (its first cell), per piece.
    #[inline]
    fn fits_at(e: Bits, p: &ShapeAt) -> Bits {
        if p.mask == 0 {
            return 0;
        }
        let mut avail = e;
        for &o in &p.offs {
            avail &= e >> o;
        }
        avail
    }

    fn any_fits(&self, c: Bits, s: u32) -> bool {
        let sh = self.shapes(s);
        sh.iter().flatten().any(|p| Self::fits_at(c, p) != 0)
    }

    /// The stride and height of a key's region.
    #[inline]
    pub fn dims(&self, k: K128) -> (Bits, u32, u32, u32) {
        let w = k.dim();
        let b = k.bits();
        let s = w + self.guard;
        let h = (127 - b.leading_zeros()) / s + 1;
        (b, s, h, w)
    }

    fn seen(&self, h: u32, w: u32) -> bool {
        let i = (h.min(127) * 128 + w.min(127)) as usize;
        self.dims[i / 64].load(Ordering::Relaxed) >> (i % 64) & 1 == 1
    }

    fn mark(&self, h: u32, w: u32) {
        let i = (h.min(127) * 128 + w.min(127)) as usize;
        let a = &self.dims[i / 64];
        let bit = 1u64 << (i % 64);
        if a.load(Ordering::Relaxed) & bit == 0 {
            a.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// The key of a connected region `c` of a board at stride `s`.
    pub fn key(&self, c: Bits, s: u32) -> K128 {
        let (shift, h, w) = corner(c, s);
        let (h2, w2, [b]) = normal([c >> shift], s, h, w, self.guard, self.sym);
        self.mark(h2, w2);
        K128::with_dim(b, w2)
    }

    /// The keys of the regions of `e` (at stride `s`) that some piece fits.
    pub fn parts(&self, mut e: Bits, s: u32, out: &mut impl FnMut(K128)) {
        while e != 0 {
            let c = fill(e, low(e), s);
            e ^= c;
            if c.count_ones() >= self.min_cells && self.any_fits(c, s) {
                out(self.key(c, s));
            }
        }
    }

    /// Every placement of `side` on `e` (at stride `s`), as the cells it covers.
    pub fn placements(&self, e: Bits, s: u32, side: usize, out: &mut impl FnMut(Bits)) {
        for p in &self.shapes(s)[side] {
            let mut avail = Self::fits_at(e, p);
            while avail != 0 {
                let b = avail.trailing_zeros();
                avail &= avail - 1;
                out(p.mask << b);
            }
        }
    }

    /// Whether the impartial region `b` (an `h x w` box at stride `s`) is 0 by
    /// symmetry: a mirror or the half turn of its box maps it onto itself, and no
    /// placement meets its own image.  The second player then answers each placement
    /// with its image, which is still empty (Tweedledum and Tweedledee), and every
    /// later position keeps both properties.
    pub fn symmetric_zero(&self, b: Bits, s: u32, h: u32, w: u32) -> bool {
        if !self.impartial || self.sym == Symmetry::None {
            return false;
        }
        let images = flips(b, s, h, w, s);
        (1..4).any(|k| {
            if images[k] != b {
                return false;
            }
            let mut apart = true;
            self.placements(b, s, 0, &mut |p| apart &= flips(p, s, h, w, s)[k] & p == 0);
            apart
        })
    }

    /// Whether a board of `h` rows and `w` columns fits the native search.
    pub fn fits_board(&self, h: u32, w: u32) -> bool {
        h >= 1 && w >= 1 && (h as u64) * ((w + self.guard) as u64) <= KEY_BITS as u64
    }
}

impl Rules for Placement {
    type Key = K128;

    /// A position is given as regions, each an int `packed rows << 8 | width`, the
    /// rows at stride `width + guard` (low bits first).
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<K128>>, String> {
        let g = self.guard;
        let mut parts = Vec::new();
        for k in keys {
            let Some(key) = k.int::<u128>() else {
                if k.is_natural(false) {
                    return Ok(None);
                }
                return Err(format!("a placement key is a non-negative int, not {k}"));
            };
            let w = (key & 0xFF) as u32;
            let bits = key >> 8;
            if bits == 0 {
                continue;
            }
            if w == 0 {
                return Err("a placement key needs a width".into());
            }
            let s = w + g;
            let h = (127 - bits.leading_zeros()) / s + 1;
            if !self.fits_board(h, w) {
                return Ok(None);
            }
            if !inside(bits, s, h, w) {
                return Err(format!("the key {key} has cells beyond its width {w}"));
            }
            self.parts(bits, s, &mut |c| parts.push(c));
        }
        Ok(Some(parts))
    }

    fn guard(&self) -> Option<u32> {
        Some(self.guard)
    }

    fn impartial(&self) -> bool {
        self.impartial
    }

    fn expand(&self, k: K128, out: &mut Options<K128>) {
        let (e, s, _, _) = self.dims(k);
        let sides = if self.impartial { 1 } else { 2 };
        for side in 0..sides {
            self.placements(e, s, side, &mut |p| {
                self.parts(e ^ p, s, &mut |c| out.part(c));
                out.done();
            });
            out.end_side();
        }
    }

    /// A region where only one player can move, whose only piece is a straight
    /// domino, is the number of dominoes that fit, run by run; an impartial region
    /// that is 0 by symmetry ([`Placement::symmetric_zero`]) is 0.
    fn quick(&self, k: K128, e: &Engine) -> Res<Option<u32>> {
        if self.impartial {
            // an impartial ruleset's values are nim values, not engine ids
            let (b, s, h, w) = self.dims(k);
            return Ok(self.symmetric_zero(b, s, h, w).then_some(0));
        }
        let [Some(_), Some(_)] = self.domino else { return Ok(None) };
        let (mut b, s, _, _) = self.dims(k);
        let can = [b & (b >> s) != 0, b & (b >> 1) != 0];
        if can[0] && can[1] {
            return Ok(None);
        }
        for (side, sign) in [(0usize, 1i64), (1, -1)] {
            let (Some(step), Some(other)) = (self.domino[side], self.domino[1 - side]) else { continue };
            if other == step || can[other as usize] {
                continue;
            }
            let d = if step == 1 { 1 } else { s };
            let mut n = 0i64;
            while b != 0 {
                let start = b & !(b << d);
                let pair = start & (b >> d);
                n += pair.count_ones() as i64;
                b &= !(start | (pair << d));
            }
            return Ok(Some(e.number(Dyadic::small(sign * n))));
        }
        Ok(None)
    }

    fn mirror(&self, k: K128) -> Option<K128> {
        if !self.transpose_swaps {
            return None;
        }
        let (b, s, h, w) = self.dims(k);
        if !self.seen(w, h) || (w as u64) * ((h + self.guard) as u64) > KEY_BITS as u64 {
            return None;
        }
        let st = h + self.guard;
        Some(self.key(transpose(b, s, h, w, st), st))
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::Solver;
    use super::*;
    use crate::short::engine;

    /// A board from rows of '.' (empty) and '#', at stride w + guard.
    fn board(p: &Placement, text: &str) -> (Bits, u32) {
        let rows: Vec<&str> = text.split('|').collect();
        let s = rows[0].len() as u32 + p.guard;
        let mut b = 0;
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().enumerate() {
                if ch == '.' {
                    b |= 1 << (i as u32 * s + j as u32);
                }
            }
        }
        (b, s)
    }

    fn value(sv: &Solver<Placement>, text: &str) -> u32 {
        let (b, s) = board(&sv.rules, text);
        let mut keys = Vec::new();
        sv.rules.parts(b, s, &mut |k| keys.push(k));
        sv.total(&keys, 1).unwrap()
    }

    #[test]
    fn domineering_small_values() {
        let sv = Solver::new(Placement::domineering(), None);
        let e = &engine();
        let n = |x: i64| e.number(Dyadic::small(x));
        assert_eq!(value(&sv, ".|."), n(1));
        assert_eq!(value(&sv, ".."), n(-1));
        assert_eq!(value(&sv, "..|.."), e.canonical(vec![n(1)], vec![n(-1)]).unwrap());
        // the L tromino is *
        let star = e.canonical(vec![e.zero], vec![e.zero]).unwrap();
        assert_eq!(value(&sv, ".#|.."), star);
        // transposing negates
        let t = value(&sv, "...|.#.|.#.");
        let tt = value(&sv, "...|.##|...");
        assert_eq!(t, e.neg(tt).unwrap());
    }

    #[test]
    fn threads_and_a_tiny_table_agree() {
        let one = Solver::new(Placement::domineering(), None);
        let want = value(&one, "....|....|....|...#");
        for (workers, entries) in [(2, None), (3, Some(1)), (1, Some(1))] {
            let sv = Solver::new(Placement::domineering(), entries);
            let (b, s) = board(&sv.rules, "....|....|....|...#");
            let mut keys = Vec::new();
            sv.rules.parts(b, s, &mut |k| keys.push(k));
            assert_eq!(sv.total(&keys, workers).unwrap(), want, "{workers} threads, {entries:?} entries");
        }
    }

    #[test]
    fn cram_grundy() {
        let sv = Solver::new(Placement::cram(), None);
        assert_eq!([".", "..", "...", "....", "..|.."].map(|t| value(&sv, t)), [0, 1, 1, 2, 0]);
    }

    #[test]
    fn cram_zero_by_symmetry() {
        let p = Placement::cram();
        let zero = |t: &str| {
            let (b, s) = board(&p, t);
            let (shift, h, w) = corner(b, s);
            p.symmetric_zero(b >> shift, s, h, w)
        };
        // even by even: the half turn pairs every domino with one apart from it
        assert!(zero("..|..") && zero("......|......|......|......|......|......"));
        // a domino across the centre (or on the centre cell) is its own image's neighbour
        assert!(!zero("....") && !zero("...|...|...") && !zero("....|....|...."));
        assert!(!zero(".........|.........|.........|........."));
        // the centre blocked: the half turn works again
        assert!(zero("...|.#.|..."), "ring");
        assert!(zero("..#..|.#.#.|..#.."), "blocked");
        // not symmetric
        assert!(!zero("..|.#") && !zero("...|..#"));
        // the rule against the search without it (no symmetries, so no rule) on the
        // same regions: every board of up to 3 x 4 cells that the rule calls 0 is 0
        let plain_both = vec![vec![(0, 0), (1, 0)], vec![(0, 0), (0, 1)]];
        let plain = Solver::new(Placement::new(&plain_both, &plain_both, Symmetry::None, true).unwrap(), None);
        let mut fired = 0;
        for (h, w) in [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4)] {
            for mask in 0u32..1 << (h * w) {
                let t: Vec<String> = (0..h).map(|i| (0..w).map(|j| if mask >> (i * w + j) & 1 == 1 { '.' } else { '#' }).collect()).collect();
                let t = t.join("|");
                let (b, s) = board(&p, &t);
                if b == 0 || fill(b, low(b), s) != b || !zero(&t) {
                    continue;
                }
                fired += 1;
                assert_eq!(value(&plain, &t), 0, "{t}");
            }
        }
        assert!(fired > 100, "the rule fired on {fired} boards");
        // through `quick`, as a nim value (0), not as an engine id
        let e = engine();
        let (b, s) = board(&p, "..|..");
        let mut keys = Vec::new();
        p.parts(b, s, &mut |k| keys.push(k));
        assert_eq!(p.quick(keys[0], &e).unwrap(), Some(0));
    }
}
