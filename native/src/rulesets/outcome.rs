//! Who wins a game of stones, without its full canonical value (mirrors
//! `Clobber(...).value.outcome`, the twin; used for Clobber).
//!
//! The value search computes the canonical form of every component, and those of
//! large Clobber boards grow beyond reach (the 5x5 checkerboard).  The outcome
//! needs only two yes/no answers (does Left win moving first? does Right?), found
//! by a boolean search over whole positions that uses the theory to keep them small,
//! as Clobber solvers do (Griebel and Uiterwijk 2016; Albert, Grossman, Nowakowski
//! and Wolfe 2005):
//!
//! * a position is `V + G1 + ... + Gk`: the parts where no move is left are dropped
//!   (the game's `split`), every *small* part (of the game's `size` at most
//!   `small`: its stones, NoGo's empty points; or one whose value the value table
//!   already holds) is replaced by its canonical value, and those values are summed
//!   into one canonical game `V`; only the large parts `Gi` are searched move by
//!   move;
//! * a part next to its colour-swapped twin is a pair `G + -G = 0`, and both go;
//! * with no large part left the answer is `V`'s outcome (`V <= 0`, `0 <= V`);
//! * a move is in a large part (its pieces sorted into `V` and large parts again) or
//!   in `V` (to one of its canonical options: the same as the best move in the
//!   small parts, since `V` equals their sum);
//! * moves are tried best first: a move to a position the table already knows lost
//!   for the opponent ends the search at once; the others are ordered by the
//!   opponent's mobility left in the large parts less the mover's;
//! * the answers are kept in a bounded transposition table ([`TTable`]) keyed by the
//!   whole normalised position (`V`, the sorted keys of the large parts, who moves):
//!   exact, no hash collisions can mislead it.
//!
//! Invariant: `wins` answers exactly "the player to move wins `V + sum of parts`".
//! The recursion is as deep as the game is long (every move removes a stone from a
//! large part or lowers `V`'s birthday, itself at most the stones of the small
//! parts), at most the 120 cells of a key, so it stays on the machine stack.

use super::codec::Arg;
use super::search::{Fail, Rules, Search, Solver, Stack};
use super::stones::{decode, swapped, StoneGame, StoneKey, Stones};
use super::table::Stats;
use super::table::TTable;
use crate::short::{engine, tick, EngineError, Id, Res};
use std::sync::atomic::{AtomicBool, Ordering};

/// A whole position with the player to move: the sum `v` of its small parts and the
/// sorted keys of its large parts.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct State {
    v: Id,
    left: bool,
    parts: Box<[StoneKey]>,
}

/// Bytes one table entry is reckoned to take (a few large parts of 32 bytes, the
/// box, the map's own slot), to turn a bound in bytes into entries.
pub const ENTRY_BYTES: usize = 192;

/// Default bound of an outcome table, in bytes (1 GiB).
pub const DEFAULT_BYTES: usize = 1 << 30;

/// The entries of an outcome table that fit in `bytes`.
pub fn entries_in(bytes: usize) -> usize {
    bytes / ENTRY_BYTES
}

/// A new outcome table holding at most `entries` answers.
pub fn table(entries: usize) -> TTable<State> {
    TTable::new(entries)
}

/// One position after a move, before it is searched.
struct Child {
    v: Id,
    parts: Vec<StoneKey>,
    score: i64,
}

/// The outcome search of a game of stones: the value solver (for the small parts,
/// its table shared) and the outcome table.
pub struct Outcomes<'a, G: StoneGame> {
    pub values: &'a Solver<Stones<G>>,
    pub table: &'a TTable<State>,
    /// parts of at most this many stones are replaced by their values
    pub small: u32,
    /// set when another thread failed: stop at once
    pub stop: &'a AtomicBool,
}

impl<G: StoneGame> Outcomes<'_, G> {
    /// The value of a part if it is small (solving it if need be), else None.
    fn small_value(&self, k: StoneKey, st: &mut Stack<StoneKey>) -> Res<Option<Id>> {
        if let Some(v) = self.values.table.get(&k) {
            return Ok(Some(v));
        }
        if self.values.rules.size(k) <= self.small {
            return self.values.solve(k, st, None).map(Some);
        }
        if let Some(v) = self.values.table.get(&swapped(k)) {
            return engine().neg(v).map(Some);
        }
        Ok(None)
    }

    /// `v` and `parts` with the pieces `pieces` added: small ones into `v`, large
    /// ones into `parts` unless their negative is there (then both go); `parts`
    /// comes back sorted.
    fn absorb(&self, mut v: Id, parts: &mut Vec<StoneKey>, pieces: &[StoneKey], st: &mut Stack<StoneKey>) -> Res<Id> {
        for &p in pieces {
            match self.small_value(p, st)? {
                Some(x) => v = engine().add(v, x)?,
                None => {
                    let m = swapped(p);
                    if m != p {
                        if let Some(i) = parts.iter().position(|&q| q == m) {
                            parts.swap_remove(i);
                            continue;
                        }
                    } else if let Some(i) = parts.iter().position(|&q| q == p) {
                        // a part equal to its own negative: G + G = G - G = 0
                        parts.swap_remove(i);
                        continue;
                    }
                    parts.push(p);
                }
            }
        }
        parts.sort_unstable();
        Ok(v)
    }

    /// The moves of the side to move (`left`) in part `k`: `(mover's, opponent's)`.
    fn mobility(&self, parts: &[StoneKey], left: bool) -> i64 {
        let mut n = 0i64;
        for &k in parts {
            let b = decode(k);
            let (mine, theirs) = if left { (b.black, b.white) } else { (b.white, b.black) };
            self.values.rules.0.play(b.cells, mine, theirs, b.s, &mut |_, _, _| n += 1);
            self.values.rules.0.play(b.cells, theirs, mine, b.s, &mut |_, _, _| n -= 1);
        }
        n
    }

    /// Whether the player to move wins with no large part left: `V`'s outcome.
    fn value_wins(v: Id, left: bool) -> Res<bool> {
        let e = &engine();
        if left {
            Ok(!e.le(v, e.zero)?)
        } else {
            Ok(!e.le(e.zero, v)?)
        }
    }

    /// Every position the player to move (`left`) can reach, best first by the
    /// heuristic (deduplicated).
    fn children(&self, v: Id, parts: &[StoneKey], left: bool, st: &mut Stack<StoneKey>) -> Res<Vec<Child>> {
        let mut kids = Vec::new();
        let mut pieces = Vec::new();
        for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue; // the same moves as the part before
            }
            let b = decode(parts[i]);
            let (mine, theirs) = if left { (b.black, b.white) } else { (b.white, b.black) };
            let mut after = Vec::new();
            self.values.rules.0.play(b.cells, mine, theirs, b.s, &mut |c, m, t| after.push((c, m, t)));
            for (c, m, t) in after {
                let (black, white) = if left { (m, t) } else { (t, m) };
                pieces.clear();
                self.values.rules.0.split(c, black, white, b.s, &mut |p| pieces.push(p));
                let mut rest: Vec<StoneKey> = parts[..i].iter().chain(&parts[i + 1..]).copied().collect();
                let w = self.absorb(v, &mut rest, &pieces, st)?;
                kids.push(Child { v: w, parts: rest, score: 0 });
            }
        }
        let e = engine();
        let (l, r) = e.table.options(v)?;
        for &o in if left { l } else { r } {
            kids.push(Child { v: o, parts: parts.to_vec(), score: 0 });
        }
        kids.sort_unstable_by(|a, b| (a.v, &a.parts).cmp(&(b.v, &b.parts)));
        kids.dedup_by(|a, b| a.v == b.v && a.parts == b.parts);
        for k in kids.iter_mut() {
            // the opponent moves next: fewer moves for them, more for the mover
            k.score = self.mobility(&k.parts, !left);
        }
        kids.sort_by_key(|k| k.score);
        Ok(kids)
    }

    /// Whether the player to move (`left`: Left) wins `v + sum of parts` (`parts`
    /// sorted, none small).
    pub fn wins(&self, v: Id, parts: &[StoneKey], left: bool, st: &mut Stack<StoneKey>) -> Res<bool> {
        tick()?;
        if self.stop.load(Ordering::Relaxed) {
            return Err(EngineError::Interrupted);
        }
        if parts.is_empty() {
            return Self::value_wins(v, left);
        }
        let key = State { v, left, parts: parts.into() };
        if let Some(r) = self.table.get(&key) {
            return Ok(r != 0);
        }
        let kids = self.children(v, parts, left, st)?;
        // a move to a position already known lost for the opponent wins at once
        let mut won = false;
        for k in &kids {
            let lost = if k.parts.is_empty() {
                !Self::value_wins(k.v, !left)?
            } else {
                let probe = State { v: k.v, left: !left, parts: k.parts.as_slice().into() };
                self.table.get(&probe) == Some(0)
            };
            if lost {
                won = true;
                break;
            }
        }
        if !won {
            for k in &kids {
                if !self.wins(k.v, &k.parts, !left, st)? {
                    won = true;
                    break;
                }
            }
        }
        self.table.insert(key, won as u32);
        Ok(won)
    }

    /// The large parts and the value of the small ones of the sum of `keys`.
    pub fn start(&self, keys: &[StoneKey], st: &mut Stack<StoneKey>) -> Res<(Id, Vec<StoneKey>)> {
        let mut parts = Vec::new();
        let v = self.absorb(engine().zero, &mut parts, keys, st)?;
        Ok((v, parts))
    }
}

/// A game of stones with both searches: its value table and its outcome table.
pub struct StoneSearch<G: StoneGame> {
    pub values: Solver<Stones<G>>,
    pub outcomes: TTable<State>,
}

impl<G: StoneGame + Send> StoneSearch<G> {
    pub fn new(game: G, entries: Option<usize>) -> Self {
        StoneSearch { values: Solver::new(Stones(game), entries), outcomes: table(entries_in(DEFAULT_BYTES)) }
    }
}

impl<G: StoneGame + Send> Search for StoneSearch<G> {
    fn value(&self, keys: &[Arg], workers: usize) -> Result<Option<u32>, Fail> {
        self.values.value(keys, workers)
    }

    fn outcome(&self, keys: &[Arg], workers: usize, small: u32) -> Result<Option<(bool, bool)>, Fail> {
        match self.values.rules.read(keys).map_err(Fail::Bad)? {
            None => Ok(None),
            Some(parts) => Ok(Some(outcome(&self.values, &self.outcomes, small, &parts, workers)?)),
        }
    }

    fn outcomes(&self) -> Option<&TTable<State>> {
        Some(&self.outcomes)
    }

    fn wins(&self, keys: &[Arg], v: Id, left: bool, small: u32) -> Result<Option<(bool, u64)>, Fail> {
        self.values.wins(keys, v, left, small)
    }

    fn sum_stats(&self) -> Stats {
        self.values.sum_stats()
    }

    fn set_sum_bound(&self, entries: usize) {
        self.values.set_sum_bound(entries)
    }

    fn sum_export(&self) -> super::persist::Packed {
        self.values.sum_export()
    }

    fn sum_preload(&self, values: &[Id], bytes: &[u8], entries: usize) -> Result<(), String> {
        self.values.sum_preload(values, bytes, entries)
    }

    fn export(&self) -> Vec<(Vec<u8>, u32)> {
        self.values.export()
    }

    fn preload(&self, entries: &[(Vec<u8>, u32)]) -> Result<(), String> {
        self.values.preload(entries)
    }

    fn impartial(&self) -> bool {
        false
    }

    fn guard(&self) -> Option<u32> {
        None
    }

    fn stats(&self) -> Stats {
        self.values.stats()
    }

    fn clear(&self) {
        self.outcomes.clear();
        Search::clear(&self.values);
    }

    fn set_bound(&self, entries: usize) {
        self.values.table.set_bound(entries)
    }

    fn entries_in(&self, bytes: usize) -> usize {
        Search::entries_in(&self.values, bytes)
    }
}

/// `(Left wins moving first, Right wins moving first)` on the sum of `keys`; with
/// `workers > 1` the second question is answered on a second thread sharing the
/// tables (the calling thread answers the first and notices Ctrl-C).
pub fn outcome<G: StoneGame>(values: &Solver<Stones<G>>, table: &TTable<State>, small: u32, keys: &[StoneKey], workers: usize) -> Res<(bool, bool)> {
    let stop = AtomicBool::new(false);
    let o = Outcomes { values, table, small, stop: &stop };
    let mut st = Stack::new(0, 1);
    let (v, parts) = o.start(keys, &mut st)?;
    if workers < 2 || parts.is_empty() {
        let l = o.wins(v, &parts, true, &mut st)?;
        let r = o.wins(v, &parts, false, &mut st)?;
        return Ok((l, r));
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        let helper = std::thread::Builder::new().stack_size(64 << 20).spawn_scoped(s, || {
            let got = o.wins(v, &parts, false, &mut Stack::new(1, 2));
            done.store(true, Ordering::Release);
            got
        });
        let Ok(helper) = helper else {
            // no second thread: both questions here
            let l = o.wins(v, &parts, true, &mut st)?;
            return Ok((l, o.wins(v, &parts, false, &mut st)?));
        };
        let mine = o.wins(v, &parts, true, &mut st);
        // while the helper works, keep noticing Ctrl-C (tick asks every 2^15 calls)
        let mut waited: Res<()> = Ok(());
        if mine.is_ok() {
            while !done.load(Ordering::Acquire) {
                if let Err(e) = (0..0x8000).try_for_each(|_| tick()) {
                    waited = Err(e);
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        if mine.is_err() || waited.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        let theirs = helper.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        let l = mine?;
        waited?;
        Ok((l, theirs?))
    })
}
