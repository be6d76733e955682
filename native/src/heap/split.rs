//! The rare/common ("sparse space") kernel after Gangolli and Plambeck, for games whose
//! moves take `k` tokens and leave nothing, one heap or two heaps.
//!
//! Concept: a mask `M` splits values into *common* (`popcount(v & M)` odd) and *rare*
//! (even).  Parity is additive under xor, so a split's value `G(a) ^ G(b)` is common
//! only when exactly one part is rare: every common option value of heap `n` comes
//! from the few splits with a rare part (the list `rare` of heaps with a rare value).
//! Only the rare values below the least missing common value `c` need the long scan
//! over all splits, which stops as soon as all of them are found.
//!
//! Invariant: any mask gives the exact value (the scans only decide *where* to look);
//! `rare[0..nrare]` lists, ascending, every heap `1 <= h < n` whose value is rare; every
//! value in `G[0..n]` is below `vlimit` (a power of two) except possibly the last one
//! computed, where the kernel stops so the caller can widen `seen` and `par`.  The
//! Python twin is `cgtkit.heap._kernels.FILL_SPLIT_PY`, line for line, except that
//! without a mask the kernel runs [`fill_split_full`] (each split set once) where the
//! twin scans every heap as rare: the same values.

use super::{HeapError, HeapRes, Pulse};

/// The moves of a split game and the scratch tables the kernel works in.
pub struct SplitGame<'a> {
    /// takes that leave nothing (only from a heap of exactly `k`)
    pub zero_k: &'a [usize],
    /// takes that leave one non-empty heap
    pub single_k: &'a [usize],
    /// takes that leave two non-empty heaps
    pub split_k: &'a [usize],
    /// splits into two equal heaps are not allowed (Grundy's game)
    pub distinct: bool,
    /// takes that may leave two *equal* heaps even when `distinct` (a code whose
    /// two-heap digits mix `!` with free ones, or an `=` digit, whose only split is
    /// the halves): the halves' value is `G(a) ^ G(a) = 0`, so such an option is
    /// marked with the simple ones
    pub halves_k: &'a [usize],
    /// use the rare/common split (`par` set by a non-zero mask)
    pub use_common: bool,
    /// `par[v]` is 1 for common values
    pub par: &'a [i8],
}

impl SplitGame<'_> {
    /// The values of heap `n`'s options that leave at most one heap, or two equal
    /// ones: 0 for a take of exactly `n`, `G[n - k]` for each take `k < n` that leaves
    /// one heap, 0 for each take in `halves_k` that leaves two equal heaps.  Every
    /// kernel marks these the same way, before the split options that tell them apart.
    #[inline]
    fn simple_options<'g>(&'g self, g: &'g [i64], n: usize) -> impl Iterator<Item = usize> + 'g {
        let none_left = self.zero_k.iter().filter(move |&&k| n == k).map(|_| 0);
        let one_left = self.single_k.iter().filter(move |&&k| n > k).map(move |&k| g[n - k] as usize);
        let halves = self.halves_k.iter().filter(move |&&k| n >= k + 2 && (n - k).is_multiple_of(2)).map(|_| 0);
        none_left.chain(one_left).chain(halves)
    }
}

fn check(g: &[i64], start: usize, end: usize, game: &SplitGame, rare: &[i64], seen: &[i64], vlimit: i64) -> HeapRes<()> {
    let bad = |m: String| Err(HeapError::BadInput(m));
    if vlimit < 1 || (vlimit & (vlimit - 1)) != 0 {
        return bad(format!("vlimit must be a power of two, got {vlimit}"));
    }
    let v = vlimit as usize;
    if start < 1 || start > end || end > g.len() {
        return bad(format!("heaps {start}..{end} do not fit a table of {}", g.len()));
    }
    if seen.len() < 2 * v || game.par.len() < 2 * v {
        return bad("seen and par need 2 * vlimit entries".into());
    }
    if !game.split_k.is_empty() && rare.len() < end {
        return bad("rare needs one entry per heap".into());
    }
    if g[..start].iter().any(|&x| x < 0 || x >= vlimit) {
        return bad("the values already computed must lie in 0..vlimit".into());
    }
    Ok(())
}

/// Fill `G[start..end]`; returns `(next heap to compute, nrare)`.  Stops early, after
/// storing it, at the first value `>= vlimit`.
#[allow(clippy::too_many_arguments)]
pub fn fill_split(
    g: &mut [i64],
    start: usize,
    end: usize,
    game: &SplitGame,
    rare: &mut [i64],
    mut nrare: usize,
    seen: &mut [i64],
    vlimit: i64,
) -> HeapRes<(usize, usize)> {
    check(g, start, end, game, rare, seen, vlimit)?;
    if nrare > start {
        return Err(HeapError::BadInput("nrare exceeds the heaps computed".into()));
    }
    if !game.use_common && !game.split_k.is_empty() && ring_words(game, vlimit) <= RING_WORDS {
        return fill_split_full(g, start, end, game, rare, nrare, vlimit);
    }
    if 2 * vlimit <= 64 {
        return fill_split_narrow(g, start, end, game, rare, nrare, vlimit);
    }
    if game.use_common && !game.split_k.is_empty() && 2 * vlimit <= 64 * BATCH_WORDS as i64 {
        return fill_split_batched(g, start, end, game, rare, nrare, vlimit);
    }
    let mut pulse = Pulse::new();
    let mut need: Vec<u64> = Vec::new();
    for n in start..end {
        let tag = n as i64 + 1;
        for v in game.simple_options(g, n) {
            seen[v] = tag;
        }
        // every split with a rare part: all common option values come from these
        for &k in game.split_k {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for &a in &rare[..nrare] {
                let a = a as usize;
                if a >= m {
                    break;
                }
                if game.distinct && a + a == m {
                    continue;
                }
                seen[(g[a] ^ g[m - a]) as usize] = tag;
            }
        }
        pulse.spend(1 + (game.split_k.len() * nrare) as i64)?;
        let value;
        if game.use_common {
            let mut c = 0usize;
            while game.par[c] == 0 || seen[c] == tag {
                c += 1;
            }
            // the rare values below c not reached yet, as a bitset (bits >= c stay 0,
            // so a value found twice or a value >= c clears nothing)
            need.clear();
            need.resize(c / 64 + 1, 0);
            let mut missing = false;
            for r in 0..c {
                if seen[r] != tag {
                    need[r >> 6] |= 1 << (r & 63);
                    missing = true;
                }
            }
            if missing {
                long_scan(g, n, game, 1, &mut need, &mut pulse)?;
            }
            let mut v = c;
            for (i, &w) in need.iter().enumerate() {
                if w != 0 {
                    v = i * 64 + w.trailing_zeros() as usize;
                    break;
                }
            }
            value = v;
        } else {
            let mut v = 0usize;
            while seen[v] == tag {
                v += 1;
            }
            value = v;
        }
        g[n] = value as i64;
        if n >= 1 && game.par[value] == 0 && !game.split_k.is_empty() {
            rare[nrare] = n as i64; // only splits read the rare heaps
            nrare += 1;
        }
        if value as i64 >= vlimit {
            return Ok((n + 1, nrare));
        }
    }
    Ok((end, nrare))
}

/// [`fill_split`] when every value so far is below `vlimit <= 32`: the option values
/// seen, the common values and the missing rare ones are each one 64-bit word, so a
/// heap costs a few dozen branch-free instructions (Kayles, Dawson's chess and most
/// octal games stay in this path).  The same algorithm, and the same result.
fn fill_split_narrow(g: &mut [i64], start: usize, end: usize, game: &SplitGame, rare: &mut [i64], mut nrare: usize, vlimit: i64) -> HeapRes<(usize, usize)> {
    let mut common = 0u64; // bit v: v is common
    for (v, &p) in game.par.iter().take(64).enumerate() {
        if p != 0 {
            common |= 1 << v;
        }
    }
    let mut pulse = Pulse::new();
    let mut need = [0u64; 1];
    for n in start..end {
        let mut seen = 0u64;
        for v in game.simple_options(g, n) {
            seen |= 1 << v;
        }
        for &k in game.split_k {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for &a in &rare[..nrare] {
                let a = a as usize;
                if a >= m {
                    break;
                }
                if !(game.distinct && a + a == m) {
                    seen |= 1 << (g[a] ^ g[m - a]);
                }
            }
        }
        pulse.spend(1 + (game.split_k.len() * nrare) as i64)?;
        let value = if game.use_common {
            // some common value is unseen below 2 * vlimit <= 64: the mask is below
            // vlimit, so vlimit + x is common for some x < vlimit, and is never seen
            let c = (common & !seen).trailing_zeros() as usize;
            need[0] = !seen & !common & ((1u64 << c) - 1);
            if need[0] != 0 {
                // the long scan's first splits inline (values below 32: a shift is
                // enough), which settles most heaps; the rest from there
                for &k in game.split_k {
                    if n < k + 2 {
                        continue;
                    }
                    let m = n - k;
                    let top = if game.distinct && m.is_multiple_of(2) { m / 2 - 1 } else { m / 2 };
                    for a in 1..=top.min(FIRST_SPLITS) {
                        need[0] &= !(1u64 << (g[a] ^ g[m - a]));
                    }
                }
                if need[0] != 0 {
                    long_scan(g, n, game, FIRST_SPLITS + 1, &mut need, &mut pulse)?;
                }
            }
            if need[0] == 0 {
                c
            } else {
                need[0].trailing_zeros() as usize
            }
        } else {
            (!seen).trailing_zeros() as usize
        };
        g[n] = value as i64;
        if n >= 1 && game.par[value] == 0 && !game.split_k.is_empty() {
            rare[nrare] = n as i64;
            nrare += 1;
        }
        if value as i64 >= vlimit {
            return Ok((n + 1, nrare));
        }
    }
    Ok((end, nrare))
}

/// [`fill_split`] without a mask (every value rare): the plain mex over every split.
/// The values a split of `m` into two heaps reaches, `S(m) = {G(a) ^ G(m - a)}`, depend
/// on `m` only, and heap `n` reaches `S(n - k)` for each split take `k`: so each
/// `S(m)` is computed once, as a bitset (two runs of `G`, left parts up, right parts
/// down), and kept in a ring of the last `kmax - kmin + 1`; a heap ORs the few it
/// needs.  With takes 1, 2, 3 (0.766) that is a third of the reads of one scan per
/// take.  For games whose values grow, where a third or more of the heaps are rare
/// whatever the mask, this beats the rare/common split (docs/benchmarks.md), and the
/// engine picks it.  The same values; `rare` still lists every heap whose value is rare.
/// Most words of the ring of split sets in [`fill_split_full`] (8 MiB); past it (takes
/// spread far apart, or huge values) the general path runs instead.
const RING_WORDS: usize = 1 << 20;

/// Words of a bitset of option values below `2 * vlimit` (one bit a value).
fn value_words(vlimit: i64) -> usize {
    (2 * vlimit as usize).div_ceil(64)
}

/// `(kmin, kmax)`: the least and the greatest take of the splitting moves (0 if none).
fn split_takes(game: &SplitGame) -> (usize, usize) {
    (game.split_k.iter().min().copied().unwrap_or(0), game.split_k.iter().max().copied().unwrap_or(0))
}

fn ring_words(game: &SplitGame, vlimit: i64) -> usize {
    let (kmin, kmax) = split_takes(game);
    (kmax - kmin + 1).saturating_mul(value_words(vlimit))
}

#[allow(clippy::too_many_arguments)]
fn fill_split_full(g: &mut [i64], start: usize, end: usize, game: &SplitGame, rare: &mut [i64], mut nrare: usize, vlimit: i64) -> HeapRes<(usize, usize)> {
    let words = value_words(vlimit);
    let (kmin, kmax) = split_takes(game);
    let slots = kmax - kmin + 1;
    // ring[(m % slots) * words ..]: S(m) for the last `slots` values of m
    let mut ring = vec![0u64; slots * words];
    let mut pulse = Pulse::new();
    let mut lanes = vec![0u64; 4 * words];
    let split_set = |g: &[i64], m: usize, out: &mut [u64], lanes: &mut [u64]| {
        out.fill(0);
        if m < 2 {
            return;
        }
        let top = if game.distinct && m.is_multiple_of(2) { m / 2 - 1 } else { m / 2 };
        let (left, right) = (&g[1..top + 1], &g[m - top..m]);
        if words == 1 {
            let mut b = 0u64;
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                b |= 1 << (x ^ y);
            }
            out[0] = b;
        } else {
            // four lanes (the splits in turn), so a value met twice in a row
            // does not chain one read-modify-write on the word before
            lanes.fill(0);
            let (w0, rest) = lanes.split_at_mut(words);
            let (w1, rest) = rest.split_at_mut(words);
            let (w2, w3) = rest.split_at_mut(words);
            let parts = left.chunks_exact(4).zip(right.rchunks_exact(4));
            for (x, y) in parts {
                let (a, b, c, d) = ((x[0] ^ y[3]) as usize, (x[1] ^ y[2]) as usize, (x[2] ^ y[1]) as usize, (x[3] ^ y[0]) as usize);
                w0[a >> 6] |= 1 << (a & 63);
                w1[b >> 6] |= 1 << (b & 63);
                w2[c >> 6] |= 1 << (c & 63);
                w3[d >> 6] |= 1 << (d & 63);
            }
            let done = left.len() / 4 * 4;
            for (&x, &y) in left[done..].iter().zip(right[..right.len() - done].iter().rev()) {
                let v = (x ^ y) as usize;
                w0[v >> 6] |= 1 << (v & 63);
            }
            for (i, o) in out.iter_mut().enumerate() {
                *o = w0[i] | w1[i] | w2[i] | w3[i];
            }
        }
    };
    // the sets the first heap reads that earlier heaps made
    for m in start.saturating_sub(kmax)..start.saturating_sub(kmin) {
        split_set(g, m, &mut ring[(m % slots) * words..(m % slots + 1) * words], &mut lanes);
        pulse.spend(1 + m as i64 / 2)?;
    }
    let mut seen = vec![0u64; words];
    for n in start..end {
        if n >= kmin {
            let m = n - kmin;
            split_set(g, m, &mut ring[(m % slots) * words..(m % slots + 1) * words], &mut lanes);
            pulse.spend(1 + m as i64 / 2)?;
        }
        seen.fill(0);
        for &k in game.split_k {
            if n >= k + 2 {
                let m = n - k;
                let set = &ring[(m % slots) * words..(m % slots + 1) * words];
                for (w, &b) in seen.iter_mut().zip(set) {
                    *w |= b;
                }
            }
        }
        for v in game.simple_options(g, n) {
            seen[v >> 6] |= 1 << (v & 63);
        }
        // the least value not reached (one exists below 2 * vlimit)
        let mut value = 64 * words;
        for (w, &b) in seen.iter().enumerate() {
            if b != !0 {
                value = w * 64 + (!b).trailing_zeros() as usize;
                break;
            }
        }
        g[n] = value as i64;
        if game.par[value] == 0 {
            rare[nrare] = n as i64;
            nrare += 1;
        }
        if value as i64 >= vlimit {
            return Ok((n + 1, nrare));
        }
    }
    Ok((end, nrare))
}

/// Most bitset words per heap in [`fill_split_batched`] (values below 4096: the marks of
/// a batch stay within 128 KiB, and games whose values grow, such as 0.76, keep
/// batching; 16 words, values below 512, was 1.2x slower on 0.76 and 0.766 to 2^15).
const BATCH_WORDS: usize = 128;
/// Heaps per batch in [`fill_split_batched`].
const BATCH: usize = 128;

/// [`fill_split`] in batches of [`BATCH`] heaps, for values below 4096: the splits
/// whose rare part `a` is at least the batch's length read only heaps computed before
/// the batch, so they are marked for the whole batch first, rare heap by rare heap,
/// reading `G` in runs (rather than one scattered read per rare heap and heap); the
/// small rare heaps, and those found inside the batch, are marked heap by heap.  Each
/// heap's option values are a bitset of `2 * vlimit` bits.  The same algorithm, and
/// the same result.
fn fill_split_batched(g: &mut [i64], start: usize, end: usize, game: &SplitGame, rare: &mut [i64], mut nrare: usize, vlimit: i64) -> HeapRes<(usize, usize)> {
    let words = value_words(vlimit);
    let mut common = vec![0u64; words]; // bit v: v is common
    for (v, &p) in game.par.iter().take(64 * words).enumerate() {
        if p != 0 {
            common[v >> 6] |= 1 << (v & 63);
        }
    }
    let mut pulse = Pulse::new();
    let mut marks = vec![0u64; BATCH * words];
    let mut need = vec![0u64; words];
    let mut n0 = start;
    while n0 < end {
        let nb = BATCH.min(end - n0);
        marks[..nb * words].fill(0);
        // far rare heaps: a >= nb, so m - a < n0 for every heap m of the batch
        let far = rare[..nrare].partition_point(|&a| (a as usize) < nb);
        let known = nrare;
        for &a in &rare[far..known] {
            let a = a as usize;
            let ga = g[a];
            for &k in game.split_k {
                // heap n = n0 + j splits m = n - k into (a, m - a): needs a < m
                let j0 = (a + k + 1).saturating_sub(n0);
                if j0 >= nb {
                    continue;
                }
                let base = n0 + j0 - k - a; // m - a for j = j0
                for (j, &y) in (j0..nb).zip(&g[base..base + nb - j0]) {
                    if game.distinct && a + a == n0 + j - k {
                        continue;
                    }
                    let x = (ga ^ y) as usize;
                    marks[j * words + (x >> 6)] |= 1 << (x & 63);
                }
            }
            pulse.spend((nb * game.split_k.len()) as i64)?;
        }
        for j in 0..nb {
            let n = n0 + j;
            let seen = &mut marks[j * words..(j + 1) * words];
            let mut set = |x: usize| seen[x >> 6] |= 1 << (x & 63);
            for v in game.simple_options(g, n) {
                set(v);
            }
            // the small rare heaps and those found in this batch, heap by heap
            for &k in game.split_k {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                for &a in rare[..far].iter().chain(&rare[known..nrare]) {
                    let a = a as usize;
                    if a >= m {
                        continue;
                    }
                    if !(game.distinct && a + a == m) {
                        set((g[a] ^ g[m - a]) as usize);
                    }
                }
            }
            pulse.spend(1 + (game.split_k.len() * (far + nrare - known)) as i64)?;
            // c: the least common value not seen (one exists below 2 * vlimit)
            let mut c = 64 * words;
            for (w, (&cm, &sn)) in common.iter().zip(seen.iter()).enumerate() {
                let free = cm & !sn;
                if free != 0 {
                    c = w * 64 + free.trailing_zeros() as usize;
                    break;
                }
            }
            // the rare values below c not seen
            let cw = c / 64 + 1;
            let mut missing = false;
            for w in 0..cw {
                let below = if w < c / 64 { !0 } else { (1u64 << (c % 64)) - 1 };
                need[w] = !seen[w] & !common[w] & below;
                missing |= need[w] != 0;
            }
            if missing {
                long_scan(g, n, game, 1, &mut need[..cw], &mut pulse)?;
            }
            let mut value = c;
            for (w, &bits) in need[..cw].iter().enumerate() {
                if bits != 0 {
                    value = w * 64 + bits.trailing_zeros() as usize;
                    break;
                }
            }
            g[n] = value as i64;
            if game.par[value] == 0 {
                rare[nrare] = n as i64;
                nrare += 1;
            }
            if value as i64 >= vlimit {
                return Ok((n + 1, nrare));
            }
        }
        n0 += nb;
    }
    Ok((end, nrare))
}

/// Splits the narrow path tries inline before the long scan.
const FIRST_SPLITS: usize = 6;

/// The long scan over every split of heap `n` from small part `from` on (the smaller
/// ones are done), small part `a` outermost in blocks of 4, 8, ... 512 for every take at once: clears from `need` (the rare values below
/// `c` not reached yet) every value a split reaches, and stops after the first block
/// by which all of them are found (which values are reached, not where, fixes the
/// value of the heap).
fn long_scan(g: &[i64], n: usize, game: &SplitGame, from: usize, need: &mut [u64], pulse: &mut Pulse) -> HeapRes<()> {
    let (mut a, mut block) = (from, 4usize);
    while a + a <= n {
        let stop = (a + block).min(n / 2 + 1);
        block = (2 * block).min(512);
        for &k in game.split_k {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            // splits (b, m - b) with b <= m - b, and b < m - b if distinct
            let top = if game.distinct && m.is_multiple_of(2) { m / 2 - 1 } else { m / 2 };
            let hi = stop.min(top + 1);
            if hi > a {
                scan(g, m, a, hi, need);
            }
        }
        pulse.spend(((stop - a) * game.split_k.len()) as i64)?;
        a = stop;
        if need.iter().all(|&w| w == 0) {
            break;
        }
    }
    Ok(())
}

/// Clear from `need` (a bitset) the values `G[b] ^ G[m - b]` for `b` in `lo..hi`
/// (`hi <= m - hi + 1`, so the right parts are `m - lo` down to `m + 1 - hi`).  Only
/// the words up to the last non-zero one matter; up to four of them gather the values
/// found in registers (no store-to-load chain through memory), which lets the compiler
/// vectorise the loop.
#[inline]
fn scan(g: &[i64], m: usize, lo: usize, hi: usize, need: &mut [u64]) {
    let left = &g[lo..hi];
    let right = &g[m + 1 - hi..m + 1 - lo];
    let top = need.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    match top {
        0 => {}
        1 => scan_words::<1>(left, right, need),
        2 => scan_words::<2>(left, right, need),
        3 | 4 => scan_words::<4>(left, right, need),
        _ => {
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                let v = (x ^ y) as usize;
                if let Some(w) = need.get_mut(v >> 6) {
                    *w &= !(1u64 << (v & 63));
                }
            }
        }
    }
}

#[inline]
fn scan_words<const W: usize>(left: &[i64], right: &[i64], need: &mut [u64]) {
    let mut found = [0u64; W];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        let v = (x ^ y) as u64;
        for (w, f) in found.iter_mut().enumerate() {
            *f |= (((v >> 6) == w as u64) as u64) << (v & 63);
        }
    }
    for (word, f) in need.iter_mut().zip(found) {
        *word &= !f;
    }
}

/// The baseline: `G[start..end]` by a plain mex over every option, O(n) per heap
/// (same moves as [`fill_split`]; `seen` longer than any value + 1: `end + 1` is enough).
pub fn fill_plain(g: &mut [i64], start: usize, end: usize, game: &SplitGame, seen: &mut [i64]) -> HeapRes<usize> {
    if start > end || end > g.len() || seen.len() < end + 1 {
        return Err(HeapError::BadInput(format!("heaps {start}..{end} do not fit the tables")));
    }
    let mut pulse = Pulse::new();
    for n in start..end {
        let tag = n as i64 + 1;
        for v in game.simple_options(g, n) {
            seen[v] = tag;
        }
        for &k in game.split_k {
            if n < k {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                if game.distinct && a + a == m {
                    continue;
                }
                let x = (g[a] ^ g[m - a]) as usize;
                if x < seen.len() {
                    seen[x] = tag;
                }
            }
            pulse.spend(1 + m as i64 / 2)?;
        }
        let mut v = 0usize;
        while seen[v] == tag {
            v += 1;
        }
        g[n] = v as i64;
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles(n: usize, use_common: bool, mask: i64) -> Vec<i64> {
        let ks = [1usize, 2];
        let mut vlimit = 8i64;
        let mut g = vec![0i64; n];
        let mut rare = vec![0i64; n];
        let mut nrare = 0;
        let mut done = 1;
        while done < n {
            let par: Vec<i8> = (0..2 * vlimit).map(|v| ((v & mask).count_ones() & 1) as i8).collect();
            let mut seen = vec![0i64; 2 * vlimit as usize];
            let game = SplitGame { zero_k: &ks, single_k: &ks, split_k: &ks, distinct: false, halves_k: &[], use_common, par: &par };
            // recompute the rare list for the mask, as the Python engine does
            let list: Vec<i64> = (1..done).filter(|&h| par[g[h] as usize] == 0).map(|h| h as i64).collect();
            rare[..list.len()].copy_from_slice(&list);
            nrare = list.len();
            let (d, r) = fill_split(&mut g, done, n, &game, &mut rare, nrare, &mut seen, vlimit).unwrap();
            done = d;
            nrare = r;
            if g[done - 1] >= vlimit {
                vlimit *= 2;
            }
        }
        let _ = nrare;
        g
    }

    fn plain(n: usize, zero: &[usize], single: &[usize], split: &[usize], distinct: bool) -> Vec<i64> {
        let mut g = vec![0i64; n];
        let mut seen = vec![0i64; n + 1];
        let game = SplitGame { zero_k: zero, single_k: single, split_k: split, distinct, halves_k: &[], use_common: false, par: &[] };
        fill_plain(&mut g, 1, n, &game, &mut seen).unwrap();
        g
    }

    #[test]
    fn kayles_by_both_kernels() {
        let want = plain(3000, &[1, 2], &[1, 2], &[1, 2], false);
        assert_eq!(&want[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(kayles(3000, false, 0), want);
        for mask in 1..16 {
            assert_eq!(kayles(3000, true, mask), want, "mask {mask}");
        }
    }

    /// Grundy's game (split into two unequal heaps) by the kernel, growing `vlimit` and
    /// choosing the mask `mask & (vlimit - 1)` as it goes, against the plain mex.
    fn grundys_game(n: usize, mask: i64) -> Vec<i64> {
        let split = [0usize];
        let mut vlimit = 4i64;
        let (mut g, mut rare) = (vec![0i64; n], vec![0i64; n]);
        let mut done = 1;
        while done < n {
            let m = mask & (vlimit - 1);
            let par: Vec<i8> = (0..2 * vlimit).map(|v| ((v & m).count_ones() & 1) as i8).collect();
            let list: Vec<i64> = (1..done).filter(|&h| par[g[h] as usize] == 0).map(|h| h as i64).collect();
            rare[..list.len()].copy_from_slice(&list);
            let mut seen = vec![0i64; 2 * vlimit as usize];
            let game = SplitGame { zero_k: &[], single_k: &[], split_k: &split, distinct: true, halves_k: &[], use_common: m != 0, par: &par };
            let (d, _) = fill_split(&mut g, done, n, &game, &mut rare, list.len(), &mut seen, vlimit).unwrap();
            done = d;
            if g[done - 1] >= vlimit {
                vlimit *= 2;
            }
        }
        g
    }

    #[test]
    fn grundys_game_by_every_path() {
        // values reach past 64: the narrow, batched and general paths all run
        let want = plain(6000, &[], &[], &[0], true);
        assert!(want.iter().max().unwrap() >= &64);
        for mask in [0b1111_1110, 0b1111_1111, 0b101, 1 << 9] {
            assert_eq!(grundys_game(6000, mask), want, "mask {mask:b}");
        }
    }

    /// Every option listed one by one: `free` takes split any way, `unequal` ones
    /// only into unequal heaps, `equal` ones only into the halves.
    fn brute(n: usize, free: &[usize], unequal: &[usize], equal: &[usize]) -> Vec<i64> {
        let mut g = vec![0i64; n];
        for h in 1..n {
            let mut opts = Vec::new();
            for (ks, rule) in [(free, 0), (unequal, 1), (equal, 2)] {
                for &k in ks {
                    if h < k + 2 {
                        continue;
                    }
                    let m = h - k;
                    for a in 1..=m / 2 {
                        let ok = match rule {
                            0 => true,
                            1 => a + a != m,
                            _ => a + a == m,
                        };
                        if ok {
                            opts.push(g[a] ^ g[m - a]);
                        }
                    }
                }
            }
            g[h] = (0..).find(|v| !opts.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn mixed_and_equal_splits_by_every_kernel() {
        // 0: split unequal only; 1: split freely; 2: halves only (a `=` digit)
        let (free, unequal, equal) = ([1usize], [0usize], [2usize]);
        let want = brute(700, &free, &unequal, &equal);
        let split = [0usize, 1];
        let halves = [1usize, 2];
        let mut g = vec![0i64; 700];
        let mut seen = vec![0i64; 701];
        let plain = SplitGame { zero_k: &[], single_k: &[], split_k: &split, distinct: true, halves_k: &halves, use_common: false, par: &[] };
        fill_plain(&mut g, 1, 700, &plain, &mut seen).unwrap();
        assert_eq!(g, want);
        for mask in [0i64, 0b1, 0b110, 0b1111] {
            let mut vlimit = 4i64;
            let (mut g, mut rare) = (vec![0i64; 700], vec![0i64; 700]);
            let mut done = 1;
            while done < 700 {
                let m = mask & (vlimit - 1);
                let par: Vec<i8> = (0..2 * vlimit).map(|v| ((v & m).count_ones() & 1) as i8).collect();
                let list: Vec<i64> = (1..done).filter(|&h| par[g[h] as usize] == 0).map(|h| h as i64).collect();
                rare[..list.len()].copy_from_slice(&list);
                let mut seen = vec![0i64; 2 * vlimit as usize];
                let game = SplitGame { zero_k: &[], single_k: &[], split_k: &split, distinct: true, halves_k: &halves, use_common: m != 0, par: &par };
                let (d, _) = fill_split(&mut g, done, 700, &game, &mut rare, list.len(), &mut seen, vlimit).unwrap();
                done = d;
                if g[done - 1] >= vlimit {
                    vlimit *= 2;
                }
            }
            assert_eq!(g, want, "mask {mask:b}");
        }
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut g = vec![0i64; 4];
        let game = SplitGame { zero_k: &[], single_k: &[1], split_k: &[], distinct: false, halves_k: &[], use_common: false, par: &[0; 4] };
        let r = fill_split(&mut g, 1, 8, &game, &mut [], 0, &mut [0; 4], 2);
        assert!(matches!(r, Err(HeapError::BadInput(_))));
    }
}
