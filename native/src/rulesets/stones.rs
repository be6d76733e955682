//! Boards of black (`x`, Left's) and white (`o`, Right's) stones, with empty cells
//! and, where a game has them, holes (mirrors `grid.StoneRuleset`): the key of a part
//! of such a board, shared by Clobber, Konane and Amazons.
//!
//! A part is coded 2 bits a cell in two layers, `lo` (empty or white) and `hi`
//! (black or white): a hole is neither, so `cells = lo | hi`.  Invariant: a key is
//! the least image of the part's bounding box under the 8 symmetries of the square,
//! packed at stride `width + 1`, `lo` carrying the width and `hi` the height in their
//! top bytes (the height is kept: a part may end in a row of empty cells, whose
//! edge matters in Konane).  Swapping the colours swaps the players, so the key of
//! the colour-swapped part names the negative value.

use super::bits::{corner, normal, row_mask, Bits, Symmetry, K128, KEY_BITS};
use super::codec::{Arg, KeyBytes};
use super::search::{Options, Rules};
use crate::search::strategy::{Boards, Grid};
use crate::short::{Engine, Res};

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct StoneKey {
    pub lo: K128,
    pub hi: K128,
}

/// A part of a stone board, at stride `s` (= `w + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub cells: Bits,
    pub black: Bits,
    pub white: Bits,
    pub s: u32,
    pub h: u32,
    pub w: u32,
}

impl Board {
    pub fn empty(&self) -> Bits {
        self.cells & !(self.black | self.white)
    }
}

impl KeyBytes for StoneKey {
    fn put(&self, out: &mut Vec<u8>) {
        self.lo.put(out);
        self.hi.put(out);
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let (lo, b) = K128::take(b)?;
        let (hi, b) = K128::take(b)?;
        Some((StoneKey { lo, hi }, b))
    }
}

/// Whether `bits` at stride `s` lie in the first `w` columns of `h` rows (the
/// guard columns left empty).
pub fn inside(bits: Bits, s: u32, h: u32, w: u32) -> bool {
    let row = row_mask(w);
    let all = (0..h).fold(0, |all, i| all | row << (i * s));
    bits & !all == 0
}

/// The key of a part: `cells` (every cell of the part, stones included), its
/// `black` and `white` stones, at stride `s`.
pub fn key(cells: Bits, black: Bits, white: Bits, s: u32) -> StoneKey {
    let (shift, h, w) = corner(cells, s);
    let lo = (cells & !black) >> shift;
    let hi = (black | white) >> shift;
    let (h2, w2, [a, b]) = normal([lo, hi], s, h, w, 1, Symmetry::Square);
    StoneKey { lo: K128::with_dim(a, w2), hi: K128::with_dim(b, h2) }
}

pub fn decode(k: StoneKey) -> Board {
    let (lo, hi) = (k.lo.bits(), k.hi.bits());
    let (w, h) = (k.lo.dim(), k.hi.dim());
    Board { cells: lo | hi, black: hi & !lo, white: lo & hi, s: w + 1, h, w }
}

/// The key of the part with the colours swapped (the negative).
pub fn swapped(k: StoneKey) -> StoneKey {
    let b = decode(k);
    key(b.cells, b.white, b.black, b.s)
}

/// Whether a board of `h` rows and `w` columns fits the native search.
pub fn fits_board(h: u32, w: u32) -> bool {
    h >= 1 && w >= 1 && (h as u64) * (w as u64 + 1) <= KEY_BITS as u64
}

/// A board written as rows of characters, one layer a character of `allowed` (a
/// letter in either case): `(h, w, layers)` at stride `w + 1`; `Ok(None)` when it does
/// not fit the native search, `Err` naming the game and a bad character.
pub fn parse_rows<const N: usize>(rows: &[&str], game: &str, allowed: [char; N]) -> Result<Option<(u32, u32, [Bits; N])>, String> {
    let w = rows.first().map_or(0, |r| r.chars().count());
    if w == 0 || rows.iter().any(|r| r.chars().count() != w) {
        return Err(format!("{game}: a board is rows of equal positive length, not {rows:?}"));
    }
    let at = |ch: char| allowed.iter().position(|&c| c == ch.to_ascii_uppercase());
    for (i, r) in rows.iter().enumerate() {
        if let Some((j, ch)) = r.chars().enumerate().find(|&(_, ch)| at(ch).is_none()) {
            let allowed: Vec<String> = allowed.iter().map(|c| format!("{c:?}")).collect();
            return Err(format!("{game}: illegal character {ch:?} at row {}, column {} (allowed: {})", i + 1, j + 1, allowed.join(", ")));
        }
    }
    let (h, w) = (rows.len() as u32, w as u32);
    if !fits_board(h, w) {
        return Ok(None);
    }
    let mut layers = [0; N];
    for (i, r) in rows.iter().enumerate() {
        for (j, ch) in r.chars().enumerate() {
            layers[at(ch).expect("checked")] |= 1 << (i as u32 * (w + 1) + j as u32);
        }
    }
    Ok(Some((h, w, layers)))
}

/// The four orthogonal neighbours of every cell of `b`.
#[inline]
pub fn near(b: Bits, s: u32) -> Bits {
    (b << 1) | (b >> 1) | (b << s) | (b >> s)
}

/// What a game of stones gives; [`Stones`] makes it a [`Rules`].
pub trait StoneGame: Sync + Send {
    /// Every move of the side owning `mine` on `cells` (at stride `s`): `(cells,
    /// mine, theirs)` after it.
    fn play(&self, cells: Bits, mine: Bits, theirs: Bits, s: u32, out: &mut impl FnMut(Bits, Bits, Bits));

    /// The keys of the independent parts of a position (dead parts dropped).
    fn split(&self, cells: Bits, black: Bits, white: Bits, s: u32, out: &mut impl FnMut(StoneKey));

    fn quick(&self, _b: &Board, _e: &Engine) -> Res<Option<u32>> {
        Ok(None)
    }

    /// A part's size for the outcome searches: parts of at most their `small`
    /// are replaced by their values.  By default its stones.
    fn size(&self, b: &Board) -> u32 {
        (b.black | b.white).count_ones()
    }

    /// A one-line reason when a board read from Python is not a position of the
    /// game (checked before it is split).
    fn check(&self, _cells: Bits, _black: Bits, _white: Bits, _s: u32) -> Result<(), String> {
        Ok(())
    }
}

/// A game of stones as a ruleset of the evaluate loop: options of both colours,
/// the colour swap as the mirror (the negative).
pub struct Stones<G>(pub G);

impl<G: StoneGame> Stones<G> {
    /// The options of one colour (`left`: black's) of part `k` listed in `out`,
    /// then `out.end_side()`.
    fn side(&self, k: StoneKey, left: bool, out: &mut Options<StoneKey>) {
        let Board { cells, black, white, s, .. } = decode(k);
        let (mine, theirs) = if left { (black, white) } else { (white, black) };
        self.0.play(cells, mine, theirs, s, &mut |c, m, t| {
            let (b, w) = if left { (m, t) } else { (t, m) };
            self.0.split(c, b, w, s, &mut |p| out.part(p));
            out.done();
        });
        out.end_side();
    }
}

impl<G: StoneGame> Stones<G> {
    /// A whole board `(width, height, cells, black, white)`, bitboards at stride
    /// `width + 1` (rows low first), checked; `Ok(None)` when it does not fit.
    fn grid(&self, k: &Arg) -> Result<Option<Grid>, String> {
        let Some([w, h, cells, black, white]) = k.items(5).map(|v| [&v[0], &v[1], &v[2], &v[3], &v[4]]) else {
            return Err(format!("a stone key is (width, height, cells, black, white), not {k}"));
        };
        let (Some(w), Some(h)) = (w.int::<u32>(), h.int::<u32>()) else {
            return Err(format!("a stone key is (width, height, cells, black, white), not {k}"));
        };
        if w == 0 || h == 0 {
            return Err(format!("a stone board needs positive sides, not {h}x{w}"));
        }
        if !fits_board(h, w) {
            return Ok(None);
        }
        let as_bits = |x: &Arg| x.int::<u128>().filter(|&b| b < (1 << KEY_BITS));
        let (Some(cells), Some(black), Some(white)) = (as_bits(cells), as_bits(black), as_bits(white)) else {
            return Err(format!("the board {k} does not fit its width and height"));
        };
        let s = w + 1;
        if !inside(cells, s, h, w) || (black | white) & !cells != 0 || black & white != 0 {
            return Err(format!("{k} is not a {h}x{w} board of stones (stones on cells, one colour a cell)"));
        }
        self.0.check(cells, black, white, s)?;
        Ok(Some(Grid { h, w, cells, black, white }))
    }
}

/// Whole boards of stones for the certificate writer: the moves in the order the
/// Python position lists them (`StoneRuleset.moves`, the same loops), the text of
/// `StonePosition.__str__`.
impl<G: StoneGame> Boards<StoneKey> for Stones<G> {
    fn board(&self, arg: &Arg) -> Result<Option<Grid>, String> {
        self.grid(arg)
    }

    fn board_moves(&self, g: &Grid, left: bool, out: &mut Vec<Grid>) {
        let (mine, theirs) = if left { (g.black, g.white) } else { (g.white, g.black) };
        self.0.play(g.cells, mine, theirs, g.w + 1, &mut |c, m, t| {
            let (black, white) = if left { (m, t) } else { (t, m) };
            out.push(Grid { cells: c, black, white, ..*g });
        });
    }

    fn board_text(&self, g: &Grid, out: &mut String) {
        let s = g.w + 1;
        for i in 0..g.h {
            if i > 0 {
                out.push('|');
            }
            for j in 0..g.w {
                let bit: Bits = 1 << (i * s + j);
                out.push(if g.black & bit != 0 {
                    'x'
                } else if g.white & bit != 0 {
                    'o'
                } else if g.cells & bit != 0 {
                    '.'
                } else {
                    '#'
                });
            }
        }
    }

    fn board_parts(&self, g: &Grid, out: &mut Vec<StoneKey>) {
        self.0.split(g.cells, g.black, g.white, g.w + 1, &mut |k| out.push(k));
    }
}

impl<G: StoneGame> Rules for Stones<G> {
    type Key = StoneKey;

    /// A position is given as boards `(width, height, cells, black, white)`,
    /// bitboards at stride `width + 1` (rows low first).
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<StoneKey>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let Some(g) = self.grid(k)? else {
                return Ok(None);
            };
            self.0.split(g.cells, g.black, g.white, g.w + 1, &mut |c| parts.push(c));
        }
        Ok(Some(parts))
    }

    fn boards(&self) -> Option<&dyn Boards<StoneKey>> {
        Some(self)
    }

    fn expand(&self, k: StoneKey, out: &mut Options<StoneKey>) {
        self.side(k, true, out);
        self.side(k, false, out);
    }

    /// The mover's moves alone (the outcome search's), the other colour not played.
    fn expand_side(&self, k: StoneKey, left: bool, out: &mut Options<StoneKey>) -> std::ops::Range<usize> {
        self.side(k, left, out);
        0..out.len()
    }

    fn quick(&self, k: StoneKey, e: &Engine) -> Res<Option<u32>> {
        self.0.quick(&decode(k), e)
    }

    fn mirror(&self, k: StoneKey) -> Option<StoneKey> {
        Some(swapped(k))
    }

    /// The moves of each colour, counted as played (no part split or keyed).
    fn mobility(&self, k: StoneKey) -> (u32, u32) {
        let Board { cells, black, white, s, .. } = decode(k);
        let (mut l, mut r) = (0, 0);
        self.0.play(cells, black, white, s, &mut |_, _, _| l += 1);
        self.0.play(cells, white, black, s, &mut |_, _, _| r += 1);
        (l, r)
    }

    /// The game's size of a part (by default its stones).
    fn size(&self, k: StoneKey) -> u32 {
        self.0.size(&decode(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_parts_share_a_key() {
        // "x." as a row and as a column (strides 3 and 2)
        assert_eq!(key(0b11, 0b01, 0, 3), key(0b101, 0b001, 0, 2));
        // an empty cell at the edge is kept: "x." differs from "x"
        assert_ne!(key(0b11, 0b01, 0, 3), key(0b1, 0b1, 0, 2));
        let k = key(0b11, 0b01, 0b10, 3);
        let b = decode(k);
        assert_eq!((b.h, b.w, b.cells.count_ones(), b.black.count_ones(), b.white.count_ones()), (1, 2, 2, 1, 1));
        // "xo" swapped is "ox", the same part flipped
        assert_eq!(swapped(k), k);
        assert_ne!(swapped(key(0b111, 0b011, 0b100, 4)), key(0b111, 0b011, 0b100, 4));
    }

    /// Each player's options of a part as `expand` lists them (both sides).
    fn by_expand<R: Rules>(rules: &R, k: R::Key, left: bool) -> Vec<Vec<R::Key>> {
        let mut o = Options::default();
        rules.expand(k, &mut o);
        let side = if left { 0..o.left_count() } else { o.left_count()..o.len() };
        side.map(|i| o.keys[o.range(i)].to_vec()).collect()
    }

    /// The same by `expand_side` (the outcome search's: one side played).
    fn by_side<R: Rules>(rules: &R, k: R::Key, left: bool) -> Vec<Vec<R::Key>> {
        let mut o = Options::default();
        let side = rules.expand_side(k, left, &mut o);
        side.map(|i| o.keys[o.range(i)].to_vec()).collect()
    }

    /// `expand_side` lists exactly `expand`'s options of that side, in its order, on
    /// random boards of every game of stones (its twin: `expand` and the side picked).
    #[test]
    fn one_side_is_expands_side() {
        fn check<G: StoneGame>(game: G, seed: u64) {
            let rules = Stones(game);
            let mut x = seed;
            let mut next = move || {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 33) as u32
            };
            let mut seen = 0;
            for _ in 0..300 {
                let (h, w) = (1 + next() % 4, 1 + next() % 5);
                let s = w + 1;
                let (mut cells, mut black, mut white) = (0, 0, 0);
                for i in 0..h {
                    for j in 0..w {
                        let bit: Bits = 1 << (i * s + j);
                        match next() % 6 {
                            0 => {}
                            1 | 2 => black |= bit,
                            3 | 4 => white |= bit,
                            _ => cells |= bit,
                        }
                    }
                }
                cells |= black | white;
                if rules.0.check(cells, black, white, s).is_err() {
                    continue;
                }
                let mut parts = Vec::new();
                rules.0.split(cells, black, white, s, &mut |p| parts.push(p));
                for k in parts {
                    for left in [true, false] {
                        assert_eq!(by_side(&rules, k, left), by_expand(&rules, k, left));
                        seen += 1;
                    }
                }
            }
            assert!(seen > 50, "{seen} parts compared");
        }
        check(crate::rulesets::clobber::Clobber, 1);
        check(crate::rulesets::konane::Konane, 2);
        check(crate::rulesets::amazons::Amazons, 3);
        check(crate::rulesets::cannibal_clobber::CannibalClobber, 4);
        check(crate::rulesets::nogo::NoGo, 5);
        check(crate::rulesets::colouring::Colouring { snort: false }, 6);
        check(crate::rulesets::colouring::Colouring { snort: true }, 7);
    }
}
