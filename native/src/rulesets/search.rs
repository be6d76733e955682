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
//! With `workers > 1` every thread searches from the root, sharing the table, each
//! looking at a component's parts from its own starting point; a thread claims the
//! components it expands, and leaves a part another thread has claimed until its
//! other parts are done, then takes the value if it is there, else enters the part
//! anyway (meeting its owner from the other end), so no thread ever waits.  The
//! answer and any error are the calling thread's (it also notices Ctrl-C); the
//! helpers only fill the table, and stop when it is done.

use super::codec::{Arg, KeyBytes};
use super::persist;
use super::sums::{self, Position};
use super::table::{Stats, TTable};
use crate::search::strategy::{self, Boards, WriteFail};
use crate::short::{engine, tick, Engine, EngineError, Id, Res};
use hashbrown::HashSet;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

/// A move listed by [`Rules::scored_side`], not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unmade {
    /// names the move for [`Rules::play`]
    pub token: u32,
    /// the ruleset's own order of its moves, lower tried first, before the
    /// mobility's (0 for every move: the mobility's alone)
    pub rank: u32,
    /// the [`Rules::mobility`] of the component after the move
    pub l: u32,
    pub r: u32,
}

/// What a ruleset gives the evaluate loop: its moves (`expand`, each option already
/// split into its independent parts), the keys of its parts (normalised under its
/// symmetries, so one key names every image of a part) and its own key codec
/// (`read` from what Python passes; `encode`/`decode` as bytes).
pub trait Rules: Sync + Send {
    type Key: Copy + Eq + Hash + Ord + Send + Sync + KeyBytes;

    /// The keys of the parts of a position given as marshalled values (the same
    /// form the Python ruleset passes), dead parts dropped; `Ok(None)` when a part
    /// is beyond the native limits (the Python search then runs), `Err` a one-line
    /// reason when the input is malformed.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<Self::Key>>, String>;

    /// The key's bytes (appended to `out`).
    fn encode(&self, key: Self::Key, out: &mut Vec<u8>) {
        key.put(out)
    }

    /// The key whose bytes are exactly `bytes`.
    fn decode(&self, bytes: &[u8]) -> Option<Self::Key> {
        match Self::Key::take(bytes)? {
            (k, []) => Some(k),
            _ => None,
        }
    }

    /// The guard columns the keys read by `read` are packed with (placement games).
    fn guard(&self) -> Option<u32> {
        None
    }

    /// Values are nim values (the mex of the options' xors) instead of game ids.
    fn impartial(&self) -> bool {
        false
    }

    /// The options of component `key`: Left's, then `out.end_side()`, then Right's
    /// (an impartial ruleset lists one side).
    fn expand(&self, key: Self::Key, out: &mut Options<Self::Key>);

    /// The options of one player (`left`: Left) in component `key`, for the outcome
    /// search ([`super::sums`]), which moves for one player at a time: `out` (empty
    /// on entry) filled and the range of its options that are that player's.  By
    /// default [`Rules::expand`]'s, the other side's skipped; a ruleset that can list
    /// one side alone does (a game of stones then keys half the options).
    fn expand_side(&self, key: Self::Key, left: bool, out: &mut Options<Self::Key>) -> std::ops::Range<usize> {
        self.expand(key, out);
        if self.impartial() || left {
            0..out.left_count()
        } else {
            out.left_count()..out.len()
        }
    }

    /// One player's moves in component `key` not yet made, for the outcome search
    /// ([`super::sums`]), which then makes only those it tries (a winning node
    /// mostly tries one), in the order of their [`Unmade::rank`], then of the
    /// mobility after each.  False (the default, `out` left empty): the ruleset
    /// lists its options whole, by [`Rules::expand_side`].
    fn scored_side(&self, _key: Self::Key, _left: bool, _out: &mut Vec<Unmade>) -> bool {
        false
    }

    /// The parts of the option that move `token` of [`Rules::scored_side`] leads to
    /// (`left`: a move of Left's), appended to `out` in any order, the parts where
    /// nobody can move dropped, as [`Rules::expand_side`] lists that option's.
    fn play(&self, _key: Self::Key, _left: bool, _token: u32, _out: &mut Vec<Self::Key>) {
        unreachable!("play is asked only of a ruleset whose scored_side lists moves")
    }

    /// The value of a component known without search, if any.
    fn quick(&self, _key: Self::Key, _e: &Engine) -> Res<Option<u32>> {
        Ok(None)
    }

    /// The key of the component with the players' roles swapped (its value is the
    /// negative), when it is worth looking up.
    fn mirror(&self, _key: Self::Key) -> Option<Self::Key> {
        None
    }

    /// The moves of each side in component `key`, `(Left's, Right's)` (an impartial
    /// ruleset: its moves, twice), to order the moves of the outcome search
    /// ([`super::sums`]): any count that grows with the true one will do.  By default
    /// `(0, 0)`, no order: counting by [`Rules::expand`] made Elephants' search three
    /// times slower for the same positions; a ruleset that can count fast says so.
    fn mobility(&self, _key: Self::Key) -> (u32, u32) {
        (0, 0)
    }

    /// The whole boards of this ruleset as its Python positions hold them, for the
    /// native writer of certificates ([`crate::search::strategy`]); None (the
    /// default): the Python writer writes them.
    fn boards(&self) -> Option<&dyn Boards<Self::Key>> {
        None
    }

    /// A component's size for the outcome search ([`super::sums`]): components of
    /// at most its `small` are replaced by their values.  By default the set bits of
    /// the key's bytes (the cells or stones of a bitboard key).
    fn size(&self, key: Self::Key) -> u32 {
        thread_local! {
            /// the bytes of the key being sized (room reused: the value search sizes
            /// every key it keeps)
            static BYTES: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        BYTES.with_borrow_mut(|b| {
            b.clear();
            self.encode(key, b);
            b.iter().map(|x| x.count_ones()).sum()
        })
    }
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
    /// the hashes of a side's options (to see that none is alike without sorting)
    hashes: Vec<u64>,
    hasher: hashbrown::DefaultHashBuilder,
}

impl<K: Copy + Ord + Hash> Default for Options<K> {
    fn default() -> Self {
        Options {
            keys: Vec::new(),
            ends: Vec::new(),
            lefts: usize::MAX,
            start: 0,
            side_start: 0,
            ranges: Vec::new(),
            spare: Vec::new(),
            hashes: Vec::new(),
            hasher: Default::default(),
        }
    }
}

impl<K: Copy + Ord + Hash> Options<K> {
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
        // options of unequal hashes are unequal: when no two hashes are alike (as
        // usual) there is nothing to drop, and no options to sort
        self.hashes.clear();
        self.hashes.extend(self.ranges.iter().map(|r| self.hasher.hash_one(slice(r))));
        self.hashes.sort_unstable();
        if self.hashes.windows(2).all(|h| h[0] != h[1]) {
            return;
        }
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

    /// Every option listed so far becomes one side (an impartial listing: either
    /// player may make any of them), duplicates dropped.
    pub fn one_side(&mut self) {
        self.side_start = 0;
        self.dedup_side();
        self.lefts = self.ends.len();
        self.side_start = self.ends.len();
    }

    /// Replace every key listed so far by `f` of it (each option's run sorted again).
    pub fn map_keys(&mut self, f: impl Fn(K) -> K) {
        for i in 0..self.ends.len() {
            let r = self.range(i);
            let run = &mut self.keys[r];
            for k in run.iter_mut() {
                *k = f(*k);
            }
            run.sort_unstable();
        }
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
    /// the next part to look at
    next: usize,
    /// the part whose value the frame above will deliver
    child: usize,
    /// where this thread starts among the parts (threads start apart)
    turn: usize,
    /// parts another thread is solving, looked at again once the others are done
    deferred: Vec<usize>,
    /// this frame holds the claim on its key
    claimed: bool,
}

/// What the threads of one parallel search share: the stop flag (set when one of
/// them fails or Ctrl-C is pressed) and the claims, the keys of the components
/// being solved now, so that a thread leaves those to their owner while it has
/// other work.
pub struct Team<K> {
    stop: AtomicBool,
    claims: Box<[Mutex<HashSet<K>>]>,
    hasher: hashbrown::DefaultHashBuilder,
}

impl<K: Hash + Eq + Copy> Team<K> {
    fn new() -> Self {
        Team { stop: AtomicBool::new(false), claims: (0..64).map(|_| Mutex::new(HashSet::new())).collect(), hasher: Default::default() }
    }

    fn shard(&self, k: &K) -> std::sync::MutexGuard<'_, HashSet<K>> {
        let i = (self.hasher.hash_one(k) >> 58) as usize % self.claims.len();
        self.claims[i].lock().unwrap_or_else(|p| p.into_inner())
    }

    fn held(&self, k: &K) -> bool {
        self.shard(k).contains(k)
    }

    fn claim(&self, k: K) -> bool {
        self.shard(&k).insert(k)
    }

    fn release(&self, k: &K) {
        self.shard(k).remove(k);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One thread's stack of frames (kept between calls: allocations are reused);
/// thread `turn` of `threads` looks at the parts of a component starting
/// `turn / threads` of the way along.
pub struct Stack<K> {
    frames: Vec<Frame<K>>,
    depth: usize,
    turn: usize,
    threads: usize,
    /// components this stack may still expand ([`Solver::solve_within`])
    budget: u64,
}

impl<K: Copy + Ord> Stack<K> {
    pub fn new(turn: usize, threads: usize) -> Self {
        Stack { frames: Vec::new(), depth: 0, turn, threads: threads.max(1), budget: u64::MAX }
    }
}

/// A ruleset and its transposition table.
pub struct Solver<R: Rules> {
    pub rules: R,
    /// the values found (insert through [`Solver::keep`], which keeps `largest`)
    pub table: TTable<R::Key>,
    /// no key in `table` is of a larger [`Rules::size`] (never lowered, so an upper
    /// bound whatever is evicted): a larger component is not looked up (the outcome
    /// search probes every option's parts, most of them new and large)
    largest: AtomicU32,
    /// the outcome search's table ([`super::sums`])
    pub sums: TTable<Position<R::Key>>,
}

/// Default bound of a table, in bytes (512 MiB).
pub const DEFAULT_BYTES: usize = 512 << 20;

impl<R: Rules> Solver<R> {
    /// A solver whose table holds at most `entries` values (None: what fits in
    /// [`DEFAULT_BYTES`]).
    pub fn new(rules: R, entries: Option<usize>) -> Self {
        let entries = entries.unwrap_or_else(|| TTable::<R::Key>::entries_in(DEFAULT_BYTES));
        Solver { rules, table: TTable::new(entries), largest: AtomicU32::new(0), sums: TTable::new(sums::DEFAULT_BYTES / sums::ENTRY_BYTES) }
    }

    pub fn stats(&self) -> Stats {
        self.table.stats()
    }

    fn engine(&self) -> std::sync::Arc<Engine> {
        engine()
    }

    /// The value of `k` if it needs no search (the table, a closed form, or the
    /// negative of its mirror image).
    #[inline]
    pub fn known(&self, k: R::Key) -> Res<Option<u32>> {
        if let Some(v) = self.table.get(&k) {
            return Ok(Some(v));
        }
        self.known_past(k, &self.engine())
    }

    /// [`Solver::known`] in the engine `e` (the outcome search holds its engine:
    /// taking the process's one at every option cost a tenth of generalized Toads'
    /// search), a key larger than any in the table not looked up (the outcome search
    /// asks for every option's parts, most of them new; the value search's
    /// [`Solver::known`] mostly finds what it asks for, and does not size it).
    #[inline]
    pub fn known_in(&self, k: R::Key, e: &Engine) -> Res<Option<u32>> {
        if let Some(v) = self.get(k) {
            return Ok(Some(v));
        }
        self.known_past(k, e)
    }

    /// `k`'s value in the table (not looked up when larger than any key there).
    #[inline]
    fn get(&self, k: R::Key) -> Option<u32> {
        if self.rules.size(k) > self.largest.load(Ordering::Relaxed) {
            return None;
        }
        self.table.get(&k)
    }

    /// [`Solver::known`] once `k` is not in the table.
    fn known_past(&self, k: R::Key, e: &Engine) -> Res<Option<u32>> {
        if let Some(v) = self.quick(k, e)? {
            return Ok(Some(v));
        }
        if let Some(m) = self.rules.mirror(k) {
            if let Some(v) = self.get(m) {
                let n = e.neg(v)?;
                self.keep(k, n);
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The ruleset's closed form of `k`'s value, if it has one (kept in the table).
    fn quick(&self, k: R::Key, e: &Engine) -> Res<Option<u32>> {
        let got = self.rules.quick(k, e)?;
        if let Some(v) = got {
            self.keep(k, v);
        }
        Ok(got)
    }

    /// `v` the value of `k` in the table.
    fn keep(&self, k: R::Key, v: u32) {
        let size = self.rules.size(k);
        if size > self.largest.load(Ordering::Relaxed) {
            // written only when it grows (threads share it: no write at every insert)
            self.largest.fetch_max(size, Ordering::Relaxed);
        }
        self.table.insert(k, v);
    }

    fn push(&self, st: &mut Stack<R::Key>, k: R::Key, team: Option<&Team<R::Key>>) {
        if st.depth == st.frames.len() {
            let opts = Options::default();
            st.frames.push(Frame { key: k, opts, vals: Vec::new(), next: 0, child: 0, turn: 0, deferred: Vec::new(), claimed: false });
        }
        let (turn, threads) = (st.turn, st.threads);
        let f = &mut st.frames[st.depth];
        st.depth += 1;
        f.key = k;
        f.next = 0;
        f.deferred.clear();
        f.claimed = team.is_some_and(|t| t.claim(k));
        f.opts.clear();
        self.rules.expand(k, &mut f.opts);
        f.vals.clear();
        f.vals.resize(f.opts.keys.len(), 0);
        f.turn = turn * f.vals.len() / threads;
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

    /// The value of component `root`, solved on `st`; `team` when threads share
    /// the work.
    pub fn solve(&self, root: R::Key, st: &mut Stack<R::Key>, team: Option<&Team<R::Key>>) -> Res<u32> {
        st.budget = u64::MAX;
        Ok(self.run(root, st, team)?.expect("an unbounded search answers"))
    }

    /// The value of component `root` if finding it expands at most `budget`
    /// components (those already in the table are free), else None; the values
    /// found on the way stay in the table either way, so a later try goes further.
    pub fn solve_within(&self, root: R::Key, st: &mut Stack<R::Key>, budget: u64) -> Res<Option<u32>> {
        st.budget = budget;
        let got = self.run(root, st, None);
        st.budget = u64::MAX;
        got
    }

    /// [`Solver::solve`] within the stack's budget (None: past it).
    fn run(&self, root: R::Key, st: &mut Stack<R::Key>, team: Option<&Team<R::Key>>) -> Res<Option<u32>> {
        if let Some(v) = self.known(root)? {
            return Ok(Some(v));
        }
        st.depth = 0;
        self.push(st, root, team);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        'outer: loop {
            let f = &mut st.frames[st.depth - 1];
            let n = f.vals.len();
            // the parts in this thread's order, then those deferred because another
            // thread was solving them
            while f.next < n {
                let i = (f.next + f.turn) % n;
                f.next += 1;
                let k = f.opts.keys[i];
                if let Some(v) = self.known(k)? {
                    f.vals[i] = v;
                    continue;
                }
                if let Some(t) = team {
                    if t.stopped() {
                        return Err(EngineError::Interrupted);
                    }
                    if t.held(&k) {
                        f.deferred.push(i);
                        continue;
                    }
                }
                tick()?;
                if st.budget == 0 {
                    // past the budget (never with a team: no claims to release)
                    st.depth = 0;
                    return Ok(None);
                }
                st.budget -= 1;
                f.child = i;
                self.push(st, k, team);
                continue 'outer;
            }
            if let Some(t) = team {
                // the deferred parts: their values if solved by now, else one still
                // unclaimed; when all are claimed, the last one anyway (meeting its
                // owner from the other end of its parts, not waiting)
                let mut j = 0;
                let mut free = None;
                while j < f.deferred.len() {
                    let i = f.deferred[j];
                    if let Some(v) = self.known(f.opts.keys[i])? {
                        f.vals[i] = v;
                        f.deferred.swap_remove(j);
                    } else {
                        if free.is_none() && !t.held(&f.opts.keys[i]) {
                            free = Some(j);
                        }
                        j += 1;
                    }
                }
                if !f.deferred.is_empty() {
                    let i = f.deferred.swap_remove(free.unwrap_or(f.deferred.len() - 1));
                    tick()?;
                    f.child = i;
                    let k = f.opts.keys[i];
                    self.push(st, k, team);
                    continue 'outer;
                }
            }
            let v = self.combine(f, &mut left, &mut right)?;
            self.keep(f.key, v);
            if f.claimed {
                if let Some(t) = team {
                    t.release(&f.key);
                }
            }
            st.depth -= 1;
            if st.depth == 0 {
                return Ok(Some(v));
            }
            let p = &mut st.frames[st.depth - 1];
            p.vals[p.child] = v;
        }
    }

    /// The value of the sum of components `keys` (xor of nim values when
    /// impartial), on `workers` threads sharing the table.
    pub fn total(&self, keys: &[R::Key], workers: usize) -> Res<u32> {
        if workers > 1 {
            if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(workers - 1).build() {
                let team = Team::new();
                return pool.in_place_scope(|s| {
                    for t in 1..workers {
                        let team = &team;
                        s.spawn(move |_| {
                            // a helper only fills the table: the calling thread's
                            // answer is the answer, and its errors are the errors
                            let _ = self.sum(keys, &mut Stack::new(t, workers), Some(team));
                        });
                    }
                    let got = self.sum(keys, &mut Stack::new(0, workers), Some(&team));
                    team.stop.store(true, Ordering::Relaxed);
                    got
                });
            }
        }
        self.sum(keys, &mut Stack::new(0, 1), None)
    }

    fn sum(&self, keys: &[R::Key], st: &mut Stack<R::Key>, team: Option<&Team<R::Key>>) -> Res<u32> {
        let e = self.engine();
        let mut total = if self.rules.impartial() { 0 } else { e.zero };
        for &k in keys {
            let v = self.solve(k, st, team)?;
            total = if self.rules.impartial() { total ^ v } else { e.add(total, v)? };
        }
        Ok(total)
    }
}

/// Why a search did not answer: malformed input (a `RulesError`) or the engine's
/// own failure (Ctrl-C, a resource limit).
#[derive(Debug)]
pub enum Fail {
    Bad(String),
    Engine(EngineError),
}

impl From<EngineError> for Fail {
    fn from(e: EngineError) -> Self {
        Fail::Engine(e)
    }
}

/// A ruleset's search as the table of searches by name hands it out (object-safe:
/// the key type stays inside).
pub trait Search: Send + Sync {
    /// The value of the sum of the parts `keys` (see [`Rules::read`]): an engine id,
    /// or a nim value for an impartial ruleset; None when beyond the native limits.
    fn value(&self, keys: &[Arg], workers: usize) -> Result<Option<u32>, Fail>;

    /// `(Left wins moving first, Right wins moving first)` on the sum of the parts
    /// `keys`, without its value, by the outcome search of [`super::sums`] and its
    /// table (the one of [`Search::wins`]); `workers > 1`: the two questions on two
    /// threads ([`sums::outcome`]).  None when beyond the native limits.
    fn outcome(&self, keys: &[Arg], workers: usize, small: u32) -> Result<Option<(bool, bool)>, Fail>;

    /// Whether the player to move (`left`: Left) wins the explicit value `v` (an
    /// engine id) plus the sum of the parts `keys`, by the outcome search of
    /// [`super::sums`] (components of size at most `small` replaced by their
    /// values), and the positions it searched; None when beyond the native limits.
    fn wins(&self, keys: &[Arg], v: Id, left: bool, small: u32) -> Result<Option<(bool, u64)>, Fail>;

    /// Write the body of the compact certificate of the job's whole boards
    /// ([`strategy::write`]); the number of nodes, or None when the ruleset has no
    /// native writer or a board is beyond the native limits.
    fn write_compact(&self, job: &mut strategy::Job<'_>) -> Result<Option<u64>, WriteFail>;

    /// The counts of the table of [`Search::wins`].
    fn sum_stats(&self) -> Stats;

    /// Bound the table of [`Search::wins`] (entries).
    fn set_sum_bound(&self, entries: usize);

    /// The table of [`Search::wins`], packed for a file ([`persist::pack`]).
    fn sum_export(&self) -> persist::Packed;

    /// Put `entries` entries packed by [`Search::sum_export`] in the table of
    /// [`Search::wins`], `values` the engine ids of the values they name: all, or
    /// none and a one-line reason ([`persist::unpack`]).
    fn sum_preload(&self, values: &[Id], bytes: &[u8], entries: usize) -> Result<(), String>;

    /// The value table's entries: each key's bytes (the ruleset's codec,
    /// [`Rules::encode`]) and its value (an engine id, or a nim value).
    fn export(&self) -> Vec<(Vec<u8>, u32)>;

    /// Put `entries` (as [`Search::export`] gives them) in the value table, after
    /// checking them all: each key's bytes decode to a key of this ruleset, each value
    /// is a game of the running engine (a nim value when impartial).  `Err`: a one-line
    /// reason, and nothing was put.  The table's bound still holds (a table too small
    /// for them all keeps the last ones).
    fn preload(&self, entries: &[(Vec<u8>, u32)]) -> Result<(), String>;

    fn impartial(&self) -> bool;
    fn guard(&self) -> Option<u32>;
    fn stats(&self) -> Stats;
    fn clear(&self);
    fn set_bound(&self, entries: usize);
    /// The entries of the value table that fit in `bytes`.
    fn entries_in(&self, bytes: usize) -> usize;
}

impl<R: Rules> Search for Solver<R> {
    fn value(&self, keys: &[Arg], workers: usize) -> Result<Option<u32>, Fail> {
        match self.rules.read(keys).map_err(Fail::Bad)? {
            None => Ok(None),
            Some(parts) => Ok(Some(self.total(&parts, workers)?)),
        }
    }

    fn outcome(&self, keys: &[Arg], workers: usize, small: u32) -> Result<Option<(bool, bool)>, Fail> {
        match self.rules.read(keys).map_err(Fail::Bad)? {
            None => Ok(None),
            Some(parts) => Ok(Some(sums::outcome(self, &self.sums, small, &parts, workers)?)),
        }
    }

    fn wins(&self, keys: &[Arg], v: Id, left: bool, small: u32) -> Result<Option<(bool, u64)>, Fail> {
        match self.rules.read(keys).map_err(Fail::Bad)? {
            None => Ok(None),
            Some(parts) => Ok(Some(sums::who_wins(self, &self.sums, small, v, &parts, left)?)),
        }
    }

    fn write_compact(&self, job: &mut strategy::Job<'_>) -> Result<Option<u64>, WriteFail> {
        strategy::write(self, job)
    }

    fn sum_stats(&self) -> Stats {
        self.sums.stats()
    }

    fn export(&self) -> Vec<(Vec<u8>, u32)> {
        self.table
            .entries()
            .into_iter()
            .map(|(k, v)| {
                let mut b = Vec::new();
                self.rules.encode(k, &mut b);
                (b, v)
            })
            .collect()
    }

    fn preload(&self, entries: &[(Vec<u8>, u32)]) -> Result<(), String> {
        let e = self.engine();
        let mut keys = Vec::with_capacity(entries.len());
        for (i, (b, v)) in entries.iter().enumerate() {
            let Some(k) = self.rules.decode(b) else {
                return Err(format!("entry {i}: {} bytes are not a key of this ruleset", b.len()));
            };
            if !self.rules.impartial() && (e.table.is_stale(*v) || u64::from(*v) >= e.table.end()) {
                return Err(format!("entry {i}: no game of the running engine has id {v}"));
            }
            keys.push(k);
        }
        for (k, (_, v)) in keys.into_iter().zip(entries) {
            self.keep(k, *v);
        }
        Ok(())
    }

    fn set_sum_bound(&self, entries: usize) {
        self.sums.set_bound(entries)
    }

    fn sum_export(&self) -> persist::Packed {
        persist::pack(&self.rules, &self.sums)
    }

    fn sum_preload(&self, values: &[Id], bytes: &[u8], entries: usize) -> Result<(), String> {
        persist::unpack(&self.rules, &self.sums, values, bytes, entries)
    }

    fn impartial(&self) -> bool {
        self.rules.impartial()
    }

    fn guard(&self) -> Option<u32> {
        self.rules.guard()
    }

    fn stats(&self) -> Stats {
        self.table.stats()
    }

    fn clear(&self) {
        self.table.clear();
        self.sums.clear();
    }

    fn set_bound(&self, entries: usize) {
        self.table.set_bound(entries)
    }

    fn entries_in(&self, bytes: usize) -> usize {
        TTable::<R::Key>::entries_in(bytes)
    }
}

/// A search whose tables hold the ids of one engine: when `cgtkit.reset()` has
/// replaced the engine (its ids start at a new base), the tables are emptied before
/// the next question, so an answer never names a game of the old engine.  (Ids are
/// never reused, so a search running across a reset in another thread can at worst
/// answer a stale id, which the engine refuses with a clear error.)
pub struct Fresh {
    inner: Box<dyn Search>,
    base: std::sync::atomic::AtomicU32,
}

impl Fresh {
    pub fn new(inner: Box<dyn Search>) -> Fresh {
        Fresh { inner, base: std::sync::atomic::AtomicU32::new(crate::short::engine().table.base()) }
    }

    /// The inner search, its tables emptied first if the engine changed.
    fn fresh(&self) -> &dyn Search {
        use std::sync::atomic::Ordering;
        let now = crate::short::engine().table.base();
        if self.base.swap(now, Ordering::AcqRel) != now {
            self.inner.clear();
        }
        &*self.inner
    }
}

impl Search for Fresh {
    fn value(&self, keys: &[Arg], workers: usize) -> Result<Option<u32>, Fail> {
        self.fresh().value(keys, workers)
    }
    fn outcome(&self, keys: &[Arg], workers: usize, small: u32) -> Result<Option<(bool, bool)>, Fail> {
        self.fresh().outcome(keys, workers, small)
    }
    fn wins(&self, keys: &[Arg], v: Id, left: bool, small: u32) -> Result<Option<(bool, u64)>, Fail> {
        self.fresh().wins(keys, v, left, small)
    }
    fn write_compact(&self, job: &mut strategy::Job<'_>) -> Result<Option<u64>, WriteFail> {
        self.fresh().write_compact(job)
    }
    fn sum_stats(&self) -> Stats {
        self.inner.sum_stats()
    }
    fn export(&self) -> Vec<(Vec<u8>, u32)> {
        self.fresh().export()
    }
    fn preload(&self, entries: &[(Vec<u8>, u32)]) -> Result<(), String> {
        self.fresh().preload(entries)
    }
    fn set_sum_bound(&self, entries: usize) {
        self.inner.set_sum_bound(entries)
    }
    fn sum_export(&self) -> persist::Packed {
        self.fresh().sum_export()
    }
    fn sum_preload(&self, values: &[Id], bytes: &[u8], entries: usize) -> Result<(), String> {
        self.fresh().sum_preload(values, bytes, entries)
    }
    fn impartial(&self) -> bool {
        self.inner.impartial()
    }
    fn guard(&self) -> Option<u32> {
        self.inner.guard()
    }
    fn stats(&self) -> Stats {
        self.inner.stats()
    }
    fn clear(&self) {
        self.inner.clear()
    }
    fn set_bound(&self, entries: usize) {
        self.inner.set_bound(entries)
    }
    fn entries_in(&self, bytes: usize) -> usize {
        self.inner.entries_in(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::draws;

    #[test]
    fn the_largest_key_hides_no_value() {
        // the table is looked up only for keys no larger than the largest kept; the
        // slow twin, the table itself, agrees on every strip met and its options
        use super::super::gen_toads::{GenToads, ELEPHANTS};
        let sv = Solver::new(GenToads { fixed: Some(ELEPHANTS) }, None);
        let mut next = draws(0x2545_f491_4f6c_dd1du64);
        let (mut met, mut opts) = (Vec::new(), Options::default());
        for round in 0..300 {
            let strip: String = (0..1 + next(12)).map(|_| ['X', 'O', '.', '.'][next(4) as usize]).collect();
            for p in sv.rules.read(&[Arg::Str(strip)]).unwrap().unwrap() {
                // the values of the small strips first, then of some larger ones
                if sv.rules.size(p) <= 4 + round / 60 && next(2) == 0 {
                    sv.total(&[p], 1).unwrap();
                }
                opts.clear();
                sv.rules.expand(p, &mut opts);
                met.push(p);
                met.extend_from_slice(&opts.keys);
            }
        }
        let largest = sv.largest.load(Ordering::Relaxed);
        // nothing was evicted: the largest is the size of a key in the table
        assert_eq!(Some(largest), sv.table.entries().iter().map(|&(k, _)| sv.rules.size(k)).max());
        assert!(met.iter().any(|&k| sv.rules.size(k) > largest) && met.iter().any(|&k| sv.table.get(&k).is_some()));
        for k in met {
            assert_eq!(sv.get(k), sv.table.get(&k), "{k:?}");
        }
    }

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

    #[test]
    fn options_dedup_as_the_slow_twin() {
        // on random sides, some with options alike: the options kept are the distinct
        // ones, in the order listed when none was alike (the slow twin: a set)
        let mut next = draws(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..2000 {
            let (n, spread) = (next(12), 1 + next(40));
            let listed: Vec<Vec<u32>> = (0..n).map(|_| (0..next(3)).map(|_| next(spread) as u32).collect()).collect();
            let mut o: Options<u32> = Options::default();
            for opt in &listed {
                for &k in opt {
                    o.part(k);
                }
                o.done();
            }
            o.end_side();
            let got: Vec<Vec<u32>> = (0..o.len()).map(|i| o.keys[o.range(i)].to_vec()).collect();
            let sorted: Vec<Vec<u32>> = listed
                .iter()
                .map(|opt| {
                    let mut opt = opt.clone();
                    opt.sort_unstable();
                    opt
                })
                .collect();
            let distinct: std::collections::BTreeSet<Vec<u32>> = sorted.iter().cloned().collect();
            assert_eq!(got.iter().cloned().collect::<std::collections::BTreeSet<_>>(), distinct, "{listed:?}");
            assert_eq!(got.len(), distinct.len(), "{listed:?}");
            if distinct.len() == sorted.len() {
                assert_eq!(got, sorted, "{listed:?}");
            }
        }
    }

    fn strips(keys: &[&str]) -> Vec<Arg> {
        keys.iter().map(|k| Arg::Str(k.to_string())).collect()
    }

    /// A table exported and preloaded into a fresh search answers from the table: the
    /// same value, hits and no new entry; bad bytes and unknown ids put nothing.
    #[test]
    fn export_then_preload() {
        for name in ["toads", "nogo"] {
            let pos =
                if name == "toads" { strips(&["TT..F.T.FF", "T..F"]) } else { vec![Arg::List([9, 1, 0x1ff, 0b10, 0].map(|x| Arg::Int(x.into())).to_vec())] };
            let a = crate::rulesets::search(name, &Arg::List(vec![]), None).unwrap();
            let v = a.value(&pos, 1).unwrap().unwrap();
            let got = a.export();
            assert_eq!(got.len(), a.stats().entries);
            let b = crate::rulesets::search(name, &Arg::List(vec![]), None).unwrap();
            b.preload(&got).unwrap();
            assert_eq!(b.stats().entries, got.len());
            let before = b.stats();
            assert_eq!(b.value(&pos, 1).unwrap(), Some(v));
            let after = b.stats();
            assert_eq!((after.entries, after.misses), (before.entries, before.misses), "{name}: answered from the table");
            assert!(after.hits > before.hits);
            let mut again = b.export();
            let mut first = got.clone();
            again.sort_unstable();
            first.sort_unstable();
            assert_eq!(again, first);
            // bad entries: nothing is put
            let c = crate::rulesets::search(name, &Arg::List(vec![]), None).unwrap();
            let mut short = got.clone();
            short[0].0.pop();
            assert!(c.preload(&short).unwrap_err().contains("not a key"));
            if name == "toads" {
                let mut bad = got.clone();
                bad[0].1 = u32::MAX;
                assert!(c.preload(&bad).unwrap_err().contains("no game"));
            }
            assert_eq!(c.stats().entries, 0);
        }
    }
}
