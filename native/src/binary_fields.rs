//! Arithmetic in GF(2^n) in a polynomial basis (mirrors `cgtkit.binary_fields`; the
//! Python twin is `cgtkit.backend.python.binary_fields`).
//!
//! Concept: an element is a polynomial over GF(2) of degree < n, its coefficients the
//! bits of little-endian 64-bit words; the field is GF(2)[X] modulo an irreducible
//! `m = X^n + (taps)`.  A product is a carry-less product (`pclmulqdq` where the CPU has
//! it, else shifts and xors) followed by the reduction `X^n = taps`, repeated until the
//! degree is below n: each pass lowers the degree as long as every tap is below n, so
//! it ends for any modulus, and in two passes for a sparse one with taps below n/2 (the
//! ones `cgtkit.binary_fields` chooses).  A radical extension `B[K]/(K^r - c)` over such
//! a field multiplies vectors of r coefficients: r^2 unreduced products summed per
//! power of K, each power K^(r+i) folded back as c K^i, so only 2r reductions.
//! Nothing here is specific to nimbers: the embedding of the nim tower is in Python.

/// The carry-less product of two 64-bit words, as (low, high).
#[inline]
fn clmul_soft(a: u64, b: u64) -> (u64, u64) {
    let (mut lo, mut hi) = (0u64, 0u64);
    for i in 0..64 {
        if (b >> i) & 1 == 1 {
            lo ^= a << i;
            if i > 0 {
                hi ^= a >> (64 - i);
            }
        }
    }
    (lo, hi)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn mul_words_clmul(a: &[u64], b: &[u64], out: &mut [u64]) {
    use std::arch::x86_64::*;
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let xa = _mm_set_epi64x(0, x as i64);
        for (j, &y) in b.iter().enumerate() {
            let p = _mm_clmulepi64_si128(xa, _mm_set_epi64x(0, y as i64), 0);
            let lo = _mm_cvtsi128_si64(p) as u64;
            let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64;
            out[i + j] ^= lo;
            out[i + j + 1] ^= hi;
        }
    }
}

fn has_clmul() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("pclmulqdq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `out ^= a * b` (carry-less); `out` has at least `a.len() + b.len()` words.
pub fn mul_words_into(a: &[u64], b: &[u64], out: &mut [u64]) {
    #[cfg(target_arch = "x86_64")]
    if has_clmul() {
        // SAFETY: the CPU has pclmulqdq (checked above); the indices stay below
        // a.len() + b.len() <= out.len().
        unsafe { mul_words_clmul(a, b, out) };
        return;
    }
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            let (lo, hi) = clmul_soft(x, y);
            out[i + j] ^= lo;
            out[i + j + 1] ^= hi;
        }
    }
}

/// A modulus `X^n + Σ X^t` (every tap t < n).
#[derive(Clone, Debug)]
pub struct Modulus {
    pub n: usize,
    pub taps: Vec<usize>,
}

impl Modulus {
    /// The modulus whose bits are `words` (bit n the top one); None unless n >= 1.
    pub fn from_words(words: &[u64]) -> Option<Modulus> {
        let bits = bit_length(words);
        if bits < 2 {
            return None;
        }
        let n = bits - 1;
        let taps = (0..n).filter(|&t| (words[t / 64] >> (t % 64)) & 1 == 1).collect();
        Some(Modulus { n, taps })
    }

    /// The number of words of an element.
    pub fn words(&self) -> usize {
        self.n.div_ceil(64)
    }

    /// Reduce `p` in place (any length) to degree < n; returns the first `words()` words.
    pub fn reduce(&self, p: &mut Vec<u64>) -> Vec<u64> {
        let n = self.n;
        let w = self.words();
        loop {
            let bits = bit_length(p);
            if bits <= n {
                break;
            }
            let hi = shift_right(p, n);
            // clear the bits >= n
            for word in p.iter_mut().skip(n / 64 + 1) {
                *word = 0;
            }
            if !n.is_multiple_of(64) {
                p[n / 64] &= (1u64 << (n % 64)) - 1;
            } else if n / 64 < p.len() {
                p[n / 64] = 0;
            }
            for &t in &self.taps {
                xor_shifted(p, &hi, t);
            }
        }
        let mut out = p[..w.min(p.len())].to_vec();
        out.resize(w, 0);
        out
    }

    pub fn mul(&self, a: &[u64], b: &[u64]) -> Vec<u64> {
        let mut p = vec![0u64; a.len() + b.len() + 1];
        mul_words_into(a, b, &mut p);
        self.reduce(&mut p)
    }

    pub fn square(&self, a: &[u64]) -> Vec<u64> {
        let mut p = vec![0u64; 2 * a.len() + 1];
        for (i, &x) in a.iter().enumerate() {
            let (lo, hi) = spread(x);
            p[2 * i] = lo;
            p[2 * i + 1] = hi;
        }
        self.reduce(&mut p)
    }

    /// `a^(2^k)`.
    pub fn frobenius(&self, a: &[u64], k: u64) -> Vec<u64> {
        let mut x = self.reduce(&mut a.to_vec());
        for _ in 0..k {
            x = self.square(&x);
        }
        x
    }

    /// `a^e`, e given by its little-endian words.
    pub fn power(&self, a: &[u64], e: &[u64]) -> Vec<u64> {
        let base = self.reduce(&mut a.to_vec());
        let mut out = vec![0u64; self.words()];
        out[0] = 1;
        let bits = bit_length(e);
        for i in (0..bits).rev() {
            out = self.square(&out);
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                out = self.mul(&out, &base);
            }
        }
        out
    }

    /// The product of `x` and `y` in `B[K]/(K^r - c)`, r = x.len() = y.len().
    pub fn radical_mul(&self, x: &[Vec<u64>], y: &[Vec<u64>], c: &[u64]) -> Vec<Vec<u64>> {
        let r = x.len();
        let w = self.words();
        let wide = 2 * w + 1;
        let mut acc = vec![vec![0u64; wide]; 2 * r - 1];
        for (i, a) in x.iter().enumerate() {
            if a.iter().all(|&v| v == 0) {
                continue;
            }
            for (j, b) in y.iter().enumerate() {
                mul_words_into(&a[..w], &b[..w], &mut acc[i + j]);
            }
        }
        let mut out: Vec<Vec<u64>> = Vec::with_capacity(r);
        let mut high: Vec<Vec<u64>> = acc.split_off(r);
        for (i, slot) in acc.iter_mut().enumerate() {
            let mut v = self.reduce(slot);
            if i < high.len() {
                let h = self.reduce(&mut high[i]);
                if h.iter().any(|&v| v != 0) {
                    let hc = self.mul(&h, c);
                    for (a, b) in v.iter_mut().zip(hc) {
                        *a ^= b;
                    }
                }
            }
            out.push(v);
        }
        out
    }
}

/// The bits of a word spread to the even positions of two words (its square).
#[inline]
fn spread(x: u64) -> (u64, u64) {
    fn half(mut v: u64) -> u64 {
        v &= 0xffff_ffff;
        v = (v | (v << 16)) & 0x0000_ffff_0000_ffff;
        v = (v | (v << 8)) & 0x00ff_00ff_00ff_00ff;
        v = (v | (v << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        v = (v | (v << 2)) & 0x3333_3333_3333_3333;
        (v | (v << 1)) & 0x5555_5555_5555_5555
    }
    (half(x), half(x >> 32))
}

pub fn bit_length(p: &[u64]) -> usize {
    for i in (0..p.len()).rev() {
        if p[i] != 0 {
            return 64 * i + 64 - p[i].leading_zeros() as usize;
        }
    }
    0
}

/// `p >> s` as a new vector.
fn shift_right(p: &[u64], s: usize) -> Vec<u64> {
    let (ws, bs) = (s / 64, s % 64);
    if ws >= p.len() {
        return Vec::new();
    }
    let mut out = vec![0u64; p.len() - ws];
    for i in 0..out.len() {
        let lo = p[i + ws] >> bs;
        let hi = if bs > 0 && i + ws + 1 < p.len() { p[i + ws + 1] << (64 - bs) } else { 0 };
        out[i] = lo | hi;
    }
    out
}

/// `p ^= v << s`, growing p if needed.
fn xor_shifted(p: &mut Vec<u64>, v: &[u64], s: usize) {
    let (ws, bs) = (s / 64, s % 64);
    let need = v.len() + ws + 1;
    if p.len() < need {
        p.resize(need, 0);
    }
    for (i, &x) in v.iter().enumerate() {
        if x == 0 {
            continue;
        }
        p[i + ws] ^= x << bs;
        if bs > 0 {
            p[i + ws + 1] ^= x >> (64 - bs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_and_hard_clmul_agree() {
        let a = [0x8000_0000_0000_0001u64, 0xdead_beef_1234_5678];
        let b = [0xffff_ffff_ffff_ffffu64, 3];
        let mut hard = vec![0u64; 4];
        mul_words_into(&a, &b, &mut hard);
        let mut soft = vec![0u64; 4];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                let (lo, hi) = clmul_soft(x, y);
                soft[i + j] ^= lo;
                soft[i + j + 1] ^= hi;
            }
        }
        assert_eq!(hard, soft);
    }

    #[test]
    fn gf4_generator_has_order_three() {
        // X^2 + X + 1: X^3 = 1
        let m = Modulus::from_words(&[0b111]).unwrap();
        assert_eq!(m.power(&[0b10], &[3]), vec![1]);
        assert_eq!(m.square(&[0b10]), vec![0b11]);
    }
}
