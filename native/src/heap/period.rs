//! The kernels of the period search (`cgtkit.heap.periodicity`).
//!
//! Concept: a sequence has period `p` from `n0` when `S[i + p] - S[i]` is the same for
//! every `i >= n0`.  The Z-function of the reversed sequence tells, for every `p` at
//! once, how far back from the end the sequence agrees with itself shifted by `p`;
//! the last-mismatch scan checks one `p` from the end.  Invariant: both are exact over
//! the whole slice they are given; they allocate only their output.  The Python twins
//! are `Z_FUNCTION_PY` and the numpy scan in `periodicity._last_mismatch`.

use super::{HeapRes, Pulse};

/// `Z[i]` = the length of the longest common prefix of `S` and `S[i..]` (`Z[0] =
/// len(S)`), for every `i` in O(len(S)): the Z-algorithm.
pub fn z_function(s: &[i64]) -> HeapRes<Vec<i64>> {
    let n = s.len();
    let mut z = vec![0i64; n];
    if n == 0 {
        return Ok(z);
    }
    z[0] = n as i64;
    let (mut left, mut right) = (0usize, 0usize);
    let mut pulse = Pulse::new();
    for i in 1..n {
        let mut k = 0usize;
        if i < right {
            k = (right - i).min(z[i - left] as usize);
        }
        while i + k < n && s[k] == s[i + k] {
            k += 1;
        }
        z[i] = k as i64;
        if i + k > right {
            left = i;
            right = i + k;
        }
        if i & 0xFF == 0 {
            pulse.spend(256)?;
        }
    }
    Ok(z)
}

/// 1 + the last `i` with `S[i + p] - S[i] != s` over `S[..n]` (0 if none), scanning
/// back from the end.
pub fn last_mismatch(g: &[i64], n: usize, p: usize, s: i64) -> HeapRes<usize> {
    let n = n.min(g.len());
    if p >= n {
        return Ok(0);
    }
    let mut pulse = Pulse::new();
    let mut i = n - p;
    while i > 0 {
        i -= 1;
        if g[i + p].wrapping_sub(g[i]) != s {
            return Ok(i + 1);
        }
        if i & 0xFFF == 0 {
            pulse.spend(4096)?;
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_of_a_small_string() {
        assert_eq!(z_function(&[1, 1, 2, 1, 1, 2, 1]).unwrap(), vec![7, 1, 0, 4, 1, 0, 1]);
        assert_eq!(z_function(&[]).unwrap(), Vec::<i64>::new());
    }

    #[test]
    fn last_mismatch_finds_the_preperiod() {
        let g = [5, 0, 1, 0, 1, 0, 1];
        assert_eq!(last_mismatch(&g, 7, 2, 0).unwrap(), 1);
        assert_eq!(last_mismatch(&g, 7, 1, 0).unwrap(), 6);
        assert_eq!(last_mismatch(&g, 7, 9, 0).unwrap(), 0);
        let a: Vec<i64> = (0..40).map(|i| i / 4).collect();
        assert_eq!(last_mismatch(&a, 40, 4, 1).unwrap(), 0);
    }
}
