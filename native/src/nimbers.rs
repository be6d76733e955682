//! Nim multiplication of 64-bit nimbers (mirrors `cgtkit.nimbers`).
//!
//! Concept: the nimbers below `F^2`, for a Fermat 2-power `F = 2^(2^k)`, are pairs
//! `a1 F + a0` with `F * F = F + F/2`, so
//! `(a1 F + a0)(b1 F + b0) = ((a0+a1)(b0+b1) - a0 b0) F + (a0 b0 + a1 b1 (F/2))`
//! (addition is xor): three half-width products and one product by `F/2`, down to a
//! 256 x 256 table of 8-bit products, itself built by the same step from 1-bit
//! products (`a & b`).  Invariant: the table is the field's product on 0..256, so every
//! product is exact; the recursion is over the bit width (8 -> 16 -> 32 -> 64, three
//! levels), never over the values.  The Python twin is `nimbers._mul_array` (numpy).

use std::sync::OnceLock;

/// Nim product of `a, b < 2^bits` for `bits` in 1, 2, 4, 8 (the table's base).
fn mul_small(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let lo = mul_small(a0, b0, h);
    let hi = mul_small(a0 ^ a1, b0 ^ b1, h) ^ lo;
    (hi << h) | (lo ^ mul_small(mul_small(a1, b1, h), 1 << (h - 1), h))
}

/// The 8-bit product table, `t[(a << 8) | b]`.
pub fn table8() -> &'static [u8; 65536] {
    static T: OnceLock<Box<[u8; 65536]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([0u8; 65536]);
        for a in 0..256u64 {
            for b in 0..256u64 {
                t[((a << 8) | b) as usize] = mul_small(a, b, 8) as u8;
            }
        }
        t
    })
}

#[inline]
fn mul_width(a: u64, b: u64, bits: u32, t8: &[u8; 65536]) -> u64 {
    if bits == 8 {
        return t8[((a << 8) | b) as usize] as u64;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let lo = mul_width(a0, b0, h, t8);
    let hi = mul_width(a0 ^ a1, b0 ^ b1, h, t8) ^ lo;
    let top = mul_width(a1, b1, h, t8);
    (hi << h) | (lo ^ if top != 0 { mul_width(top, 1 << (h - 1), h, t8) } else { 0 })
}

/// The nim product of two 64-bit nimbers.
pub fn nim_product(a: u64, b: u64) -> u64 {
    let t8 = table8();
    let mut bits = 8;
    let top = a.max(b);
    while bits < 64 && top >> bits != 0 {
        bits *= 2;
    }
    mul_width(a, b, bits, t8)
}

/// `out[i] = a[i] (*) b[i]`.
pub fn nim_product_slices(a: &[u64], b: &[u64], out: &mut [u64]) {
    let t8 = table8();
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        let top = x.max(y);
        let bits = if top >> 32 != 0 {
            64
        } else if top >> 16 != 0 {
            32
        } else if top >> 8 != 0 {
            16
        } else {
            8
        };
        *o = mul_width(x, y, bits, t8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: mex of a'b + ab' + a'b' over a' < a, b' < b.
    fn by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for x in 0..n {
            for y in 0..n {
                let mut seen = vec![false; 1024];
                for x2 in 0..x {
                    for y2 in 0..y {
                        seen[(t[x2][y] ^ t[x][y2] ^ t[x2][y2]) as usize] = true;
                    }
                }
                t[x][y] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        t
    }

    #[test]
    fn small_products_match_the_definition() {
        let t = by_definition(32);
        for (a, row) in t.iter().enumerate() {
            for (b, &want) in row.iter().enumerate() {
                assert_eq!(nim_product(a as u64, b as u64), want);
            }
        }
    }

    #[test]
    fn known_products() {
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(u64::MAX, u64::MAX), 0x9caf97a49cfc97f7);
        assert_eq!(nim_product(1 << 32, 1 << 32), (1 << 32) + (1 << 31));
        let mut out = [0u64; 2];
        nim_product_slices(&[2, u64::MAX], &[2, u64::MAX], &mut out);
        assert_eq!(out, [3, 0x9caf97a49cfc97f7]);
    }
}
