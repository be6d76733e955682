//! Take-and-break games whose moves may leave three heaps (hexadecimal digits 8-F).
//!
//! Concept: keep, for every heap `m`, the set `P[m]` of the values of splitting it into
//! two non-empty heaps, as a bitset over values `0..W` (`W` a power of two above every
//! value so far).  The values of leaving three heaps `a + b + c = m` (smallest part
//! `a`, so `a <= m/3`) are `G[a] ^ x` for `x` in `P[m - a]`; the pairs of `P[m - a]`
//! whose smaller part is below `a` are triples too (counted again at their own smallest
//! part), so the union over `a = 1 ..= m/3` is exactly the set of three-heap values.
//! `x -> G[a] ^ x` permutes a bitset: whole words by the high bits of `G[a]`, bits
//! inside a word by its low six bits (a butterfly of at most six swaps), so one heap
//! costs O(m W / 64).
//!
//! Invariant: `values[0..n]` are exact, `pairs` holds `P[0..n]` at width `words * 64 > max
//! value`, and the table grows (never recomputes) on demand; an allocation that does not
//! fit is an error before any value changes.  The Python twin is
//! `cgtkit.heap.sequences.grundy_values_vectorised`.

use super::{HeapError, HeapRes, Pulse};

/// The engine of one game: its moves and the values found so far.
pub struct TripleEngine {
    zero_k: Vec<usize>,
    single_k: Vec<usize>,
    split_k: Vec<usize>,
    triple_k: Vec<usize>,
    /// `values[h]`: the Grundy value of heap `h`, for `h < values.len()`
    pub values: Vec<i64>,
    /// bitset words per heap in `pairs`
    words: usize,
    /// `pairs[m * words ..][..words]`: the set `P[m]`
    pairs: Vec<u64>,
}

const SWAP_MASKS: [u64; 6] =
    [0x5555_5555_5555_5555, 0x3333_3333_3333_3333, 0x0F0F_0F0F_0F0F_0F0F, 0x00FF_00FF_00FF_00FF, 0x0000_FFFF_0000_FFFF, 0x0000_0000_FFFF_FFFF];

/// The bit at position `i` of `w` moved to position `i ^ c` (`c < 64`).
#[inline]
fn xor_permute_word(mut w: u64, c: usize) -> u64 {
    for (j, &mask) in SWAP_MASKS.iter().enumerate() {
        if c >> j & 1 == 1 {
            let s = 1u32 << j;
            w = ((w & mask) << s) | ((w >> s) & mask);
        }
    }
    w
}

/// Most bytes the pair table may take (a larger one is refused before it is built).
pub const MAX_PAIR_BYTES: usize = 8 << 30;

impl TripleEngine {
    pub fn new(zero_k: Vec<usize>, single_k: Vec<usize>, split_k: Vec<usize>, triple_k: Vec<usize>) -> TripleEngine {
        TripleEngine { zero_k, single_k, split_k, triple_k, values: vec![0], words: 1, pairs: vec![0] }
    }

    /// Heaps computed so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn reserve(&mut self, n: usize, words: usize) -> HeapRes<()> {
        let cells = n.checked_mul(words).filter(|c| c.saturating_mul(8) <= MAX_PAIR_BYTES).ok_or_else(|| {
            HeapError::TooLarge(format!("the three-heap table for {n} heaps at {} values each needs more than {} GiB", words * 64, MAX_PAIR_BYTES >> 30))
        })?;
        let too_large = |_| HeapError::TooLarge(format!("out of memory: {n} heaps need {} MB for the three-heap table", (cells * 8) >> 20));
        self.pairs.try_reserve_exact(cells.saturating_sub(self.pairs.len())).map_err(too_large)?;
        self.values.try_reserve_exact(n.saturating_sub(self.values.len())).map_err(|_| HeapError::TooLarge(format!("out of memory: {n} heaps")))?;
        Ok(())
    }

    /// Double the bitset width until every value below `top + 1` fits.
    fn widen(&mut self, top: usize, n_target: usize) -> HeapRes<()> {
        let mut words = self.words;
        while words * 64 <= top {
            words *= 2;
        }
        if words == self.words {
            return Ok(());
        }
        let mut grown: Vec<u64> = Vec::new();
        let heaps = self.values.len();
        let cells = n_target
            .max(heaps)
            .checked_mul(words)
            .filter(|c| c.saturating_mul(8) <= MAX_PAIR_BYTES)
            .ok_or_else(|| HeapError::TooLarge(format!("the three-heap table needs more than {} GiB", MAX_PAIR_BYTES >> 30)))?;
        grown.try_reserve_exact(cells).map_err(|_| HeapError::TooLarge("out of memory for the three-heap table".into()))?;
        for m in 0..heaps {
            grown.extend_from_slice(&self.pairs[m * self.words..(m + 1) * self.words]);
            grown.extend(std::iter::repeat_n(0, words - self.words));
        }
        self.pairs = grown;
        self.words = words;
        Ok(())
    }

    /// Compute heaps up to `n - 1` (nothing if they are known).
    pub fn extend(&mut self, n: usize) -> HeapRes<()> {
        if n <= self.values.len() {
            return Ok(());
        }
        self.reserve(n, self.words)?;
        let mut pulse = Pulse::new();
        let mut seen: Vec<u64> = vec![0; 64];
        let mut reach: Vec<u64> = vec![0; self.words];
        for h in self.values.len()..n {
            let tag = h as u64 + 1;
            let mark = |seen: &mut Vec<u64>, v: usize| {
                if v >= seen.len() {
                    seen.resize(2 * v + 2, 0);
                }
                seen[v] = tag;
            };
            let g = &self.values;
            for &k in &self.zero_k {
                if h == k {
                    mark(&mut seen, 0);
                }
            }
            for &k in &self.single_k {
                if h > k {
                    mark(&mut seen, g[h - k] as usize);
                }
            }
            for &k in &self.split_k {
                if h >= k + 2 {
                    let m = h - k;
                    for a in 1..=m / 2 {
                        mark(&mut seen, (g[a] ^ g[m - a]) as usize);
                    }
                    pulse.spend(m as i64 / 2)?;
                }
            }
            let words = self.words;
            reach.clear();
            reach.resize(words, 0);
            for &k in &self.triple_k {
                if h < k + 3 {
                    continue;
                }
                let m = h - k;
                for (a, &ga) in g.iter().enumerate().take(m / 3 + 1).skip(1) {
                    let c = ga as usize;
                    let row = &self.pairs[(m - a) * words..(m - a + 1) * words];
                    let (high, low) = (c >> 6, c & 63);
                    for (i, &w) in row.iter().enumerate() {
                        if w != 0 {
                            reach[i ^ high] |= xor_permute_word(w, low);
                        }
                    }
                }
                pulse.spend((m / 3 * words) as i64)?;
            }
            let mut v = 0usize;
            while (v < seen.len() && seen[v] == tag) || (v < words * 64 && reach[v >> 6] >> (v & 63) & 1 == 1) {
                v += 1;
            }
            // the pairs of heap h (needs only smaller heaps), at a width that holds v
            if !self.triple_k.is_empty() {
                self.widen(v, n)?;
                if reach.len() < self.words {
                    reach.resize(self.words, 0);
                }
                let words = self.words;
                let start = self.pairs.len();
                self.pairs.extend(std::iter::repeat_n(0, words));
                let g = &self.values;
                for a in 1..=h / 2 {
                    let x = (g[a] ^ g[h - a]) as usize;
                    self.pairs[start + (x >> 6)] |= 1 << (x & 63);
                }
                pulse.spend(h as i64 / 2)?;
            }
            self.values.push(v as i64);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow(n: usize, zero: &[usize], single: &[usize], split: &[usize], triple: &[usize]) -> Vec<i64> {
        let mut g = vec![0i64; n];
        for h in 1..n {
            let mut opts = Vec::new();
            if zero.contains(&h) {
                opts.push(0);
            }
            for &k in single {
                if h > k {
                    opts.push(g[h - k]);
                }
            }
            for &k in split {
                if h >= k + 2 {
                    for a in 1..=(h - k) / 2 {
                        opts.push(g[a] ^ g[h - k - a]);
                    }
                }
            }
            for &k in triple {
                if h >= k + 3 {
                    let m = h - k;
                    for a in 1..m {
                        for b in a..m {
                            if m > a + b && m - a - b >= b {
                                opts.push(g[a] ^ g[b] ^ g[m - a - b]);
                            }
                        }
                    }
                }
            }
            g[h] = (0..).find(|v| !opts.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn permute_word_is_xor_on_positions() {
        for c in 0..64 {
            for i in 0..64 {
                assert_eq!(xor_permute_word(1 << i, c), 1 << (i ^ c));
            }
        }
    }

    #[test]
    fn hex_codes_against_a_cubic_mex() {
        let cases: [[&[usize]; 4]; 4] = [[&[], &[], &[], &[0]], [&[1], &[1], &[1], &[1]], [&[], &[1, 2], &[0, 2], &[0, 1, 2]], [&[2], &[], &[1], &[0, 3]]];
        for [z, s, p, t] in cases {
            let want = slow(150, z, s, p, t);
            let mut e = TripleEngine::new(z.to_vec(), s.to_vec(), p.to_vec(), t.to_vec());
            e.extend(40).unwrap();
            e.extend(150).unwrap();
            assert_eq!(e.values, want, "{z:?} {s:?} {p:?} {t:?}");
        }
    }
}
