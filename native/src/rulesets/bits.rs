//! Bitboards of rectangular boards (mirrors `cgtkit.rulesets.grid`).
//!
//! A board of `h` rows and `w` columns is one bit per cell, row by row, at a
//! *stride* `s = w + g` with `g >= 1` guard columns that are always off, so the
//! neighbours of a cell are the shifts `<< 1, >> 1, << s, >> s` with no wrap-around.
//! Boards are `u128`; a key keeps the width (and for stone boards the height) in
//! the top byte, so a board fits when `h * s <= KEY_BITS`.
//!
//! Invariant: every function here takes and returns boards whose guard columns are
//! off; images under the symmetries of the square are packed at the stride the
//! caller names.

pub type Bits = u128;

/// Bits a board may use in a key (the top byte holds a dimension).
pub const KEY_BITS: u32 = 120;
pub const KEY_MASK: Bits = (1 << KEY_BITS) - 1;

#[inline]
pub fn low(x: Bits) -> Bits {
    x & x.wrapping_neg()
}

#[inline]
pub fn row_mask(w: u32) -> Bits {
    if w >= 128 {
        Bits::MAX
    } else {
        (1 << w) - 1
    }
}

/// The low `w` bits of `r` in reverse order (a row flipped left to right).
#[inline]
pub fn rev_row(r: Bits, w: u32) -> Bits {
    if w == 0 {
        0
    } else {
        r.reverse_bits() >> (128 - w)
    }
}

/// The orthogonally connected part of `bits` holding `seed`: along a whole run of
/// a row at once (`bits + c` carries up each run from every cell of `c`), then one
/// ring of cells.
#[inline]
pub fn fill(bits: Bits, seed: Bits, s: u32) -> Bits {
    let mut c = seed;
    loop {
        let mut n = c | ((bits.wrapping_add(c) ^ bits) & bits);
        n |= ((n >> 1) | (n << s) | (n >> s)) & bits;
        if n == c {
            return c;
        }
        c = n;
    }
}

/// The part of `bits` holding `seed` under king steps (8 neighbours).
#[inline]
pub fn fill8(bits: Bits, seed: Bits, s: u32) -> Bits {
    let mut c = seed;
    loop {
        let r = c | (c << 1) | (c >> 1);
        let n = (r | (r << s) | (r >> s)) & bits;
        if n == c {
            return c;
        }
        c = n;
    }
}

/// `bits` moved to the top left corner of its bounding box: (shift, h, w), the
/// board being `bits >> shift`.
#[inline]
pub fn corner(bits: Bits, s: u32) -> (u32, u32, u32) {
    debug_assert!(bits != 0);
    let row0 = bits.trailing_zeros() / s;
    let b = bits >> (row0 * s);
    let h = (127 - b.leading_zeros()) / s + 1;
    let m = row_mask(s);
    let mut o = 0;
    for i in 0..h {
        o |= (b >> (i * s)) & m;
    }
    let c0 = o.trailing_zeros();
    let w = 128 - (o >> c0).leading_zeros();
    (row0 * s + c0, h, w)
}

/// The four images that keep rows as rows of an `h x w` board at stride `s`,
/// packed at stride `s2`: identity, rows reversed, each row reversed, both.
#[inline]
pub fn flips(b: Bits, s: u32, h: u32, w: u32, s2: u32) -> [Bits; 4] {
    let m = row_mask(w);
    let mut out = [0; 4];
    for i in 0..h {
        let r = (b >> (i * s)) & m;
        let rr = rev_row(r, w);
        let (up, down) = (i * s2, (h - 1 - i) * s2);
        out[0] |= r << up;
        out[1] |= r << down;
        out[2] |= rr << up;
        out[3] |= rr << down;
    }
    out
}

/// The transpose of an `h x w` board at stride `s`: cell (i, j) goes to (j, i), packed
/// at stride `s2` (a `w x h` board).
#[inline]
pub fn transpose(b: Bits, s: u32, h: u32, w: u32, s2: u32) -> Bits {
    let m = row_mask(w);
    let mut out = 0;
    for i in 0..h {
        let mut r = (b >> (i * s)) & m;
        while r != 0 {
            let j = r.trailing_zeros();
            r &= r - 1;
            out |= 1 << (j * s2 + i);
        }
    }
    out
}

/// The board packed at another stride.
#[inline]
pub fn restride(b: Bits, s: u32, h: u32, w: u32, s2: u32) -> Bits {
    if s == s2 {
        return b;
    }
    let m = row_mask(w);
    let mut out = 0;
    for i in 0..h {
        out |= ((b >> (i * s)) & m) << (i * s2);
    }
    out
}

/// Which images of the square a ruleset's keys are normalised under.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Symmetry {
    None,
    /// identity, both mirror images and the half turn: vertical stays vertical
    Flips,
    /// all 8 symmetries of the square
    Square,
}

/// The least image of a stack of layers (each an `h x w` board at stride `s`, the
/// first holding every cell the others do) under `sym`, as `(h, w, layers)` packed
/// at stride `w + g`.  Images are compared by (height, width, layers in order); a
/// board wider than high only competes with its unturned images.
pub fn normal<const N: usize>(layers: [Bits; N], s: u32, h: u32, w: u32, g: u32, sym: Symmetry) -> (u32, u32, [Bits; N]) {
    let s2 = w + g;
    if sym == Symmetry::None {
        return (h, w, layers.map(|b| restride(b, s, h, w, s2)));
    }
    let unturned = (sym == Symmetry::Flips || h <= w).then(|| least(layers.map(|b| flips(b, s, h, w, s2))));
    if sym == Symmetry::Square && h >= w {
        let st = h + g;
        let t = least(layers.map(|b| flips(transpose(b, s, h, w, st), st, w, h, st)));
        // (height, width) first: the turned images are w high
        match unturned {
            Some(u) if h == w && u <= t => {}
            _ => return (w, h, t),
        }
    }
    (h, w, unturned.expect("an unturned image"))
}

/// The least of four images, each a stack of layers, compared layer by layer.
#[inline]
fn least<const N: usize>(imgs: [[Bits; 4]; N]) -> [Bits; N] {
    let image = |k: usize| -> [Bits; N] { std::array::from_fn(|l| imgs[l][k]) };
    (1..4).map(image).fold(image(0), |a, b| a.min(b))
}

/// A key's 128 bits as two words (8-byte aligned: smaller table entries).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct K128(pub u64, pub u64);

impl K128 {
    #[inline]
    pub fn new(x: Bits) -> K128 {
        K128((x >> 64) as u64, x as u64)
    }
    #[inline]
    pub fn get(self) -> Bits {
        ((self.0 as Bits) << 64) | self.1 as Bits
    }
    /// A board and a dimension in the top byte.
    #[inline]
    pub fn with_dim(bits: Bits, dim: u32) -> K128 {
        K128::new(bits | ((dim as Bits) << KEY_BITS))
    }
    #[inline]
    pub fn bits(self) -> Bits {
        self.get() & KEY_MASK
    }
    #[inline]
    pub fn dim(self) -> u32 {
        (self.0 >> 56) as u32
    }
}

/// The most cells of a strip key: 2 bits a cell below the key's top byte.
pub const STRIP_LEN: usize = KEY_BITS as usize / 2;

/// The key of a strip of cells of 2 bits each (values 0 to 3; at most `STRIP_LEN`):
/// cell `i` at bits `2i`, the length as the key's dimension.
pub fn strip_key(cells: impl Iterator<Item = u8>) -> K128 {
    let mut b: Bits = 0;
    let mut n = 0;
    for (i, c) in cells.enumerate() {
        debug_assert!(c < 4 && i < STRIP_LEN);
        b |= (c as Bits) << (2 * i);
        n += 1;
    }
    K128::with_dim(b, n)
}

/// The cells of a strip key ([`strip_key`]), written into `buf`.
pub fn strip_cells(k: K128, buf: &mut [u8; STRIP_LEN]) -> &[u8] {
    let n = k.dim() as usize;
    let b = k.bits();
    for (i, c) in buf.iter_mut().enumerate().take(n) {
        *c = ((b >> (2 * i)) & 3) as u8;
    }
    &buf[..n]
}

/// A strip written as one character a cell: `cells` pairs each character (a letter in
/// either case) with its cell; an error names the game, a bad character and its column.
pub fn parse_strip(text: &str, game: &str, cells: &[(char, u8)]) -> Result<Vec<u8>, String> {
    text.chars()
        .enumerate()
        .map(|(i, ch)| match cells.iter().find(|&&(c, _)| c == ch.to_ascii_uppercase()) {
            Some(&(_, cell)) => Ok(cell),
            None => {
                let allowed: Vec<String> = cells.iter().map(|(c, _)| format!("{c:?}")).collect();
                Err(format!("{game}: illegal character {ch:?} at column {} (allowed: {})", i + 1, allowed.join(", ")))
            }
        })
        .collect()
}

impl super::codec::KeyBytes for K128 {
    fn put(&self, out: &mut Vec<u8>) {
        self.get().put(out)
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let (x, rest) = Bits::take(b)?;
        Some((K128::new(x), rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_and_corner() {
        // "##.|..#" at stride 4 (rows low first): cells 0,1 and 6
        let b: Bits = 0b100_0011;
        assert_eq!(fill(b, 1, 4), 0b11);
        assert_eq!(fill(b, 1 << 6, 4), 1 << 6);
        // a diagonal joins under king steps
        let d: Bits = 0b100_0010_0001;
        assert_eq!(fill8(d, 1, 4), d);
        assert_eq!(fill(d, 1, 4), 1);
        assert_eq!(corner(1 << 6, 4), (6, 1, 1));
        assert_eq!(corner(0b0110_0000_0011 << 4, 4), (4, 3, 3));
    }

    #[test]
    fn flips_and_transpose() {
        // "xx.|x.." : rows 0b011, 0b001 at stride 4
        let b: Bits = 0b0001_0011;
        let f = flips(b, 4, 2, 3, 4);
        assert_eq!(f[0], b);
        assert_eq!(f[1], 0b0011_0001);
        assert_eq!(f[2], 0b0100_0110);
        assert_eq!(transpose(b, 4, 2, 3, 3), 0b000_001_011);
        // all 8 images of an L tromino normalise to one key
        let l: Bits = 0b0001_0011;
        let want = normal([l], 4, 2, 2, 1, Symmetry::Square);
        for img in flips(l, 4, 2, 2, 4) {
            assert_eq!(normal([img], 4, 2, 2, 1, Symmetry::Square), want);
        }
        // a 1x2 row and a 2x1 column are the same under Square, not under Flips
        let row = normal([0b11], 3, 1, 2, 1, Symmetry::Square);
        let col = normal([0b101], 2, 2, 1, 1, Symmetry::Square);
        assert_eq!(row, col);
        assert_ne!(normal([0b11], 3, 1, 2, 1, Symmetry::Flips), normal([0b101], 2, 2, 1, 1, Symmetry::Flips));
    }

    #[test]
    fn strips_round_trip_and_parse() {
        let mut buf = [0u8; STRIP_LEN];
        for cells in [vec![], vec![3], vec![1, 0, 2, 3, 0], vec![2; STRIP_LEN]] {
            let k = strip_key(cells.iter().copied());
            assert_eq!((k.dim() as usize, strip_cells(k, &mut buf)), (cells.len(), &cells[..]));
        }
        // the length tells a strip from the same cells with empty (0) cells after them
        assert_ne!(strip_key([1, 0].into_iter()), strip_key([1].into_iter()));
        let cells = [('.', 0), ('T', 1), ('F', 2)];
        assert_eq!(parse_strip("t.F", "Toads", &cells), Ok(vec![1, 0, 2]));
        assert_eq!(parse_strip("T.x", "Toads", &cells), Err("Toads: illegal character 'x' at column 3 (allowed: '.', 'T', 'F')".into()));
    }

    #[test]
    fn k128_round_trip() {
        let x: Bits = (5 << 100) | 77;
        let k = K128::with_dim(x, 9);
        assert_eq!(k.bits(), x);
        assert_eq!(k.dim(), 9);
    }
}
