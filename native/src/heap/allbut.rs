//! "Subtract any positive amount except those in a finite set `E`".
//!
//! Concept: heap `n`'s options are all smaller heaps except `n - e` for `e` in `E`, so
//! its value is `mex_all` (the least value no smaller heap has) unless removing the
//! excluded heaps empties the count of a smaller value: O(|E|^2) per heap.
//! Invariant: on entry `count[v]` is how many of `G[0..start]` equal `v` and `mex_all`
//! the least `v` with count 0; both are kept true heap by heap.  The Python twin is
//! `cgtkit.heap._kernels.FILL_ALL_BUT_PY`.

use super::{HeapError, HeapRes, Pulse};

/// Fill `G[start..end]`; returns the new `mex_all`.
pub fn fill_all_but(g: &mut [i64], start: usize, end: usize, excluded: &[usize], count: &mut [i64], mut mex_all: usize) -> HeapRes<usize> {
    // values are below n, so the counts need end + 1 slots
    if start > end || end > g.len() || count.len() < end + 2 || mex_all > start {
        return Err(HeapError::BadInput(format!("heaps {start}..{end} do not fit the tables")));
    }
    if g[..start].iter().any(|&x| x < 0 || x as usize > start) {
        return Err(HeapError::BadInput("the values already computed must lie in 0..=start".into()));
    }
    let mut pulse = Pulse::new();
    for n in start..end {
        let mut best = mex_all;
        for &e in excluded {
            if e <= n {
                let v = g[n - e] as usize;
                if v < best {
                    let c = excluded.iter().filter(|&&e2| e2 <= n && g[n - e2] as usize == v).count();
                    if c as i64 == count[v] {
                        best = v;
                    }
                }
            }
        }
        g[n] = best as i64;
        count[best] += 1;
        while count[mex_all] > 0 {
            mex_all += 1;
        }
        pulse.spend(1 + excluded.len() as i64)?;
    }
    Ok(mex_all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_but_one_is_half() {
        let n = 200;
        let mut g = vec![0i64; n];
        let mut count = vec![0i64; n + 2];
        fill_all_but(&mut g, 0, n, &[1], &mut count, 0).unwrap();
        assert!((0..n).all(|i| g[i] == (i / 2) as i64));
    }

    #[test]
    fn against_a_plain_mex() {
        for excluded in [vec![2usize, 3, 7], vec![1, 2, 3], vec![4], vec![]] {
            let n = 300;
            let mut g = vec![0i64; n];
            let mut count = vec![0i64; n + 2];
            // in two pieces: the table grows without recomputing
            let m = fill_all_but(&mut g, 0, 100, &excluded, &mut count, 0).unwrap();
            fill_all_but(&mut g, 100, n, &excluded, &mut count, m).unwrap();
            for h in 0..n {
                let opts: Vec<i64> = (1..=h).filter(|k| !excluded.contains(k)).map(|k| g[h - k]).collect();
                let want = (0..).find(|v| !opts.contains(v)).unwrap();
                assert_eq!(g[h], want, "{excluded:?} heap {h}");
            }
        }
    }
}
