//! The one evaluate loop of every native ruleset (mirrors `grid.evaluate`).
//!
//! A ruleset ([`Rules`]) names its components by normalised keys and lists the
//! options of a component: each option is a sorted list of component keys (their
//! sum).  [`Solver`] owns the transposition table and finds the value of a key on an
//! explicit stack of frames: a frame holds the options of one component and the
//! values of their parts as they come in, so nothing a frame still needs lives
//! only in the (bounded, evicting) table, and board size never becomes machine-stack
//! depth.  Values are engine ids (sums by `Engine::add`, the canonical form of
//! `{left | right}` by `Engine::canonical`); for an impartial ruleset they are nim
//! values (sums by xor, the value of a component the mex of its options').
//!
//! With `workers > 1` the components under the root (one or two levels down) are
//! solved by that many threads sharing the table, largest first; the calling thread
//! takes part and is the one that notices Ctrl-C, then stops the others.

use super::table::{Stats, TTable};
use crate::short::{tick, Engine, EngineError, Id, Res, ENGINE};
use hashbrown::HashSet;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// What a ruleset gives the evaluate loop.
pub trait Rules: Sync {
    type Key: Copy + Eq + Hash + Ord + Send + Sync;

    /// Values are nim values (the mex of the options' xors) instead of game ids.
    fn impartial(&self) -> bool {
        false
    }

    /// The options of component `key`: Left's, then `out.end_side()`, then Right's
    /// (an impartial ruleset lists one side).
    fn expand(&self, key: Self::Key, out: &mut Options<Self::Key>);

    /// The value of a component known without search, if any.
    fn quick(&self, _key: Self::Key, _e: &Engine) -> Res<Option<u32>> {
        Ok(None)
    }

    /// The key of the component with the players' roles swapped (its value is the
    /// negative), when it is worth looking up.
    fn mirror(&self, _key: Self::Key) -> Option<Self::Key> {
        None
    }

    /// A measure of the work a component takes (its cells): bigger goes first.
    fn weight(&self, key: Self::Key) -> u32;
}

/// The options of one component, each a sorted run of component keys; Left's first.
pub struct Options<K> {
    pub keys: Vec<K>,
    ends: Vec<u32>,
    lefts: usize,
    start: usize,
    side_start: usize,
    ranges: Vec<(u32, u32)>,
    spare: Vec<K>,
}

impl<K: Copy + Ord> Default for Options<K> {
    fn default() -> Self {
        Options { keys: Vec::new(), ends: Vec::new(), lefts: usize::MAX, start: 0, side_start: 0, ranges: Vec::new(), spare: Vec::new() }
    }
}

impl<K: Copy + Ord> Options<K> {
    pub fn clear(&mut self) {
        self.keys.clear();
        self.ends.clear();
        self.lefts = usize::MAX;
        self.start = 0;
        self.side_start = 0;
    }

    /// A component of the option being listed.
    #[inline]
    pub fn part(&mut self, k: K) {
        self.keys.push(k);
    }

    /// The option being listed is complete.
    #[inline]
    pub fn done(&mut self) {
        let s = self.start;
        if self.keys.len() - s > 1 {
            self.keys[s..].sort_unstable();
        }
        self.start = self.keys.len();
        self.ends.push(self.start as u32);
    }

    /// Left's options are complete (the next ones are Right's); drops duplicates.
    pub fn end_side(&mut self) {
        self.dedup_side();
        if self.lefts == usize::MAX {
            self.lefts = self.ends.len();
        }
        self.side_start = self.ends.len();
    }

    /// Drop duplicate options of the side being listed.
    fn dedup_side(&mut self) {
        let first = self.side_start;
        let n = self.ends.len() - first;
        if n < 2 {
            return;
        }
        let base = if first == 0 { 0 } else { self.ends[first - 1] };
        self.ranges.clear();
        let mut a = base;
        for &e in &self.ends[first..] {
            self.ranges.push((a, e));
            a = e;
        }
        let keys = &self.keys;
        let slice = |r: &(u32, u32)| &keys[r.0 as usize..r.1 as usize];
        self.ranges.sort_unstable_by(|x, y| slice(x).cmp(slice(y)));
        self.ranges.dedup_by(|x, y| slice(x) == slice(y));
        if self.ranges.len() == n {
            return;
        }
        self.spare.clear();
        self.ends.truncate(first);
        for &(a, e) in &self.ranges {
            self.spare.extend_from_slice(&self.keys[a as usize..e as usize]);
            self.ends.push(base + self.spare.len() as u32);
        }
        self.keys.truncate(base as usize);
        self.keys.extend_from_slice(&self.spare);
        self.start = self.keys.len();
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Left's options (all of them for an impartial listing).
    pub fn left_count(&self) -> usize {
        self.lefts.min(self.ends.len())
    }

    /// The key range of option `i`.
    #[inline]
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        let a = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        a..self.ends[i] as usize
    }
}

struct Frame<K> {
    key: K,
    opts: Options<K>,
    vals: Vec<u32>,
    next: usize,
}

/// One thread's stack of frames (kept between calls: allocations are reused).
pub struct Stack<K> {
    frames: Vec<Frame<K>>,
    depth: usize,
    ticks: u32,
}

impl<K: Copy + Ord> Default for Stack<K> {
    fn default() -> Self {
        Stack { frames: Vec::new(), depth: 0, ticks: 0 }
    }
}

/// A ruleset and its transposition table.
pub struct Solver<R: Rules> {
    pub rules: R,
    pub table: TTable<R::Key>,
}

/// Default bound of a table, in entries.
pub const DEFAULT_ENTRIES: usize = 1 << 24;

impl<R: Rules> Solver<R> {
    pub fn new(rules: R, entries: usize) -> Self {
        Solver { rules, table: TTable::new(entries) }
    }

    pub fn stats(&self) -> Stats {
        self.table.stats()
    }

    fn engine(&self) -> &'static Engine {
        &ENGINE
    }

    /// The value of `k` if it needs no search (the table, a closed form, or the
    /// negative of its mirror image).
    #[inline]
    fn known(&self, k: R::Key) -> Res<Option<u32>> {
        if let Some(v) = self.table.get(&k) {
            return Ok(Some(v));
        }
        let e = self.engine();
        if let Some(v) = self.rules.quick(k, e)? {
            self.table.insert(k, v);
            return Ok(Some(v));
        }
        if let Some(m) = self.rules.mirror(k) {
            if let Some(v) = self.table.get(&m) {
                let n = e.neg(v)?;
                self.table.insert(k, n);
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    fn push(&self, st: &mut Stack<R::Key>, k: R::Key) {
        if st.depth == st.frames.len() {
            st.frames.push(Frame { key: k, opts: Options::default(), vals: Vec::new(), next: 0 });
        }
        let f = &mut st.frames[st.depth];
        st.depth += 1;
        f.key = k;
        f.next = 0;
        f.opts.clear();
        self.rules.expand(k, &mut f.opts);
        f.vals.clear();
        f.vals.resize(f.opts.keys.len(), 0);
    }

    /// The value of a frame whose parts are all known.
    fn combine(&self, f: &Frame<R::Key>, left: &mut Vec<Id>, right: &mut Vec<Id>) -> Res<u32> {
        let o = &f.opts;
        if self.rules.impartial() {
            let mut seen: u128 = 0;
            let mut more: Vec<u32> = Vec::new();
            for i in 0..o.len() {
                let x = o.range(i).fold(0, |x, j| x ^ f.vals[j]);
                if x < 128 {
                    seen |= 1 << x;
                } else {
                    more.push(x);
                }
            }
            let mut m = (!seen).trailing_zeros();
            if m == 128 {
                more.sort_unstable();
                for x in more {
                    if x == m {
                        m += 1;
                    }
                }
            }
            return Ok(m);
        }
        let e = self.engine();
        left.clear();
        right.clear();
        for i in 0..o.len() {
            let r = o.range(i);
            let mut v = if r.is_empty() { e.zero } else { f.vals[r.start] };
            for j in r.start + 1..r.end {
                v = e.add(v, f.vals[j])?;
            }
            if i < o.left_count() {
                left.push(v);
            } else {
                right.push(v);
            }
        }
        e.canonical(std::mem::take(left), std::mem::take(right))
    }

    /// The value of component `root`, solved on `st`.  `stop` is checked now and
    /// then (another thread asks this one to give up).
    pub fn solve(&self, root: R::Key, st: &mut Stack<R::Key>, stop: Option<&AtomicBool>) -> Res<u32> {
        if let Some(v) = self.known(root)? {
            return Ok(v);
        }
        st.depth = 0;
        self.push(st, root);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        'outer: loop {
            let f = &mut st.frames[st.depth - 1];
            while f.next < f.vals.len() {
                let k = f.opts.keys[f.next];
                match self.known(k)? {
                    Some(v) => {
                        f.vals[f.next] = v;
                        f.next += 1;
                    }
                    None => {
                        tick()?;
                        st.ticks = st.ticks.wrapping_add(1);
                        if st.ticks & 0xFF == 0 && stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                            return Err(EngineError::Interrupted);
                        }
                        self.push(st, k);
                        continue 'outer;
                    }
                }
            }
            let v = self.combine(f, &mut left, &mut right)?;
            self.table.insert(f.key, v);
            st.depth -= 1;
            if st.depth == 0 {
                return Ok(v);
            }
            let p = &mut st.frames[st.depth - 1];
            p.vals[p.next] = v;
            p.next += 1;
        }
    }

    /// The value of the sum of components `keys` (xor of nim values when impartial).
    pub fn total(&self, keys: &[R::Key], workers: usize) -> Res<u32> {
        if workers > 1 {
            self.prepare(keys, workers)?;
        }
        let mut st = Stack::default();
        let e = self.engine();
        let mut total = if self.rules.impartial() { 0 } else { e.zero };
        for &k in keys {
            let v = self.solve(k, &mut st, None)?;
            total = if self.rules.impartial() { total ^ v } else { e.add(total, v)? };
        }
        Ok(total)
    }

    /// Solve the components one or two levels under `keys` on `workers` threads,
    /// so that what is left for one thread is mostly table hits.
    fn prepare(&self, keys: &[R::Key], workers: usize) -> Res<()> {
        let mut level: Vec<R::Key> = Vec::new();
        let mut seen = HashSet::new();
        for &k in keys {
            if self.known(k)?.is_none() && seen.insert(k) {
                level.push(k);
            }
        }
        let mut opts = Options::default();
        for _ in 0..2 {
            if level.is_empty() || level.len() >= 4 * workers {
                break;
            }
            let mut next = Vec::new();
            for &k in &level {
                opts.clear();
                self.rules.expand(k, &mut opts);
                for &c in &opts.keys {
                    if seen.insert(c) && self.known(c)?.is_none() {
                        next.push(c);
                    }
                }
            }
            level = next;
        }
        level.sort_by_key(|&k| std::cmp::Reverse(self.rules.weight(k)));
        self.parallel(&level, workers)
    }

    /// Solve each of `work` (largest first) on `workers` threads sharing the table.
    fn parallel(&self, work: &[R::Key], workers: usize) -> Res<()> {
        if work.is_empty() {
            return Ok(());
        }
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let running = AtomicUsize::new(workers - 1);
        let failure: std::sync::Mutex<Option<EngineError>> = std::sync::Mutex::new(None);
        let run = |main: bool| {
            let mut st = Stack::default();
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= work.len() {
                    break;
                }
                if let Err(err) = self.solve(work[i], &mut st, Some(&stop)) {
                    stop.store(true, Ordering::Relaxed);
                    // the main thread's error (Ctrl-C) wins over a helper's "stopped"
                    let mut f = failure.lock().unwrap_or_else(|p| p.into_inner());
                    if main || f.is_none() {
                        *f = Some(err);
                    }
                    break;
                }
            }
        };
        let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(workers - 1).build() else {
            return Ok(()); // no threads to be had: the caller's single pass does the work
        };
        pool.in_place_scope(|s| {
            for _ in 1..workers {
                s.spawn(|_| {
                    run(false);
                    running.fetch_sub(1, Ordering::Release);
                });
            }
            run(true);
            // wait for the helpers, asking now and then whether Ctrl-C was pressed
            while running.load(Ordering::Acquire) > 0 {
                std::thread::sleep(Duration::from_millis(5));
                if !stop.load(Ordering::Relaxed) {
                    if let Err(err) = crate::short::check_interrupt() {
                        stop.store(true, Ordering::Relaxed);
                        *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(err);
                    }
                }
            }
        });
        match failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_dedup_per_side() {
        let mut o: Options<u32> = Options::default();
        for opt in [[2, 1], [1, 2], [3, 3]] {
            o.part(opt[0]);
            o.part(opt[1]);
            o.done();
        }
        o.end_side();
        o.part(1);
        o.part(2);
        o.done();
        o.done();
        o.done();
        o.end_side();
        assert_eq!(o.left_count(), 2);
        assert_eq!(o.len(), 4);
        let opts: Vec<Vec<u32>> = (0..o.len()).map(|i| o.keys[o.range(i)].to_vec()).collect();
        assert_eq!(opts, vec![vec![1, 2], vec![3, 3], vec![], vec![1, 2]]);
    }
}
