//! The depth-first Grundy search: explicit stack, on-path marks, mex of the options,
//! xor of an option's components.

use super::int_table::IntTable;
use super::{Game, Known};

/// A component of an option on the shared stack: the position until its value is
/// known, then the value (so the stack of components is also the stack of values).
pub enum Slot<P> {
    Pos(P),
    Value(u64),
}

/// Why a search stopped without a value.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop<P, F> {
    /// the game failed (its move function or its memo): passed on as it is
    Game(F),
    /// a line of play returns to a position on it: the cycle, in order, the first
    /// position repeated at the end
    Loop(Vec<P>),
    /// a line of play is longer than the bound without repeating a position: the
    /// position reached
    TooDeep(P),
    /// the root is on the line of play being searched (the move function asked for it)
    Busy,
    /// more than 2^32 options on one line of play
    TooManyOptions,
}

/// Where a game pushes the options of one position.
pub struct Options<'s, P> {
    children: &'s mut Vec<Slot<P>>,
    groups: &'s mut Vec<u32>,
    /// where this position's option sizes start in `groups`, once an option is a sum
    first_group: Option<usize>,
    count: usize,
}

impl<P> Options<'_, P> {
    /// An option that is one position.
    #[inline]
    pub fn single(&mut self, p: P) {
        self.children.push(Slot::Pos(p));
        if self.first_group.is_some() {
            self.groups.push(1);
        }
        self.count += 1;
    }

    /// An option that is a sum of positions (the empty sum is the zero game).
    #[inline]
    pub fn sum<I: IntoIterator<Item = P>>(&mut self, parts: I) {
        if self.first_group.is_none() {
            self.first_group = Some(self.groups.len());
            self.groups.extend(std::iter::repeat_n(1, self.count));
        }
        let before = self.children.len();
        self.children.extend(parts.into_iter().map(Slot::Pos));
        self.groups.push((self.children.len() - before) as u32);
        self.count += 1;
    }
}

struct Frame<P> {
    position: P,
    /// its options' components: `children[first..]` of the shared stack
    first: u32,
    /// the number of components of each option (`groups[first_group..]`), or all 1s
    /// (`NO_GROUPS`)
    first_group: u32,
    /// components whose value is known (they are `Slot::Value`s)
    next: u32,
}

/// `Frame::first_group` of a frame whose options are all single components.
const NO_GROUPS: u32 = u32::MAX;

/// A stack index as a frame field (32 bits keep the line of play compact).
fn index<P, F>(n: usize) -> Result<u32, Stop<P, F>> {
    u32::try_from(n).ok().filter(|&i| i != NO_GROUPS).ok_or(Stop::TooManyOptions)
}

struct Stacks<P> {
    frames: Vec<Frame<P>>,
    children: Vec<Slot<P>>,
    groups: Vec<u32>,
}

/// The state of one game's search, kept across queries: the int table and the bound
/// on the length of a line of play.
pub struct Search {
    table: IntTable,
    /// int positions whose values went to the game's memo (too large for the table):
    /// while 0, an int the table does not know is unknown, with no memo lookup
    host_ints: usize,
    max_depth: usize,
}

impl Search {
    /// A search that stops a line of play longer than `max_depth` moves.
    pub fn new(max_depth: usize) -> Search {
        Search { table: IntTable::default(), host_ints: 0, max_depth }
    }

    /// The bound on the length of a line of play.
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// The memo of plain-int positions.
    pub fn table(&self) -> &IntTable {
        &self.table
    }

    #[inline]
    fn lookup<G: Game>(&self, game: &mut G, p: &G::Position) -> Result<Known, G::Failure> {
        if let Some(i) = G::int_key(p) {
            match self.table.get(i) {
                Known::Unknown if self.host_ints == 0 => return Ok(Known::Unknown),
                Known::Unknown => {}
                k => return Ok(k),
            }
        }
        game.recall(p)
    }

    #[inline]
    fn mark<G: Game>(&mut self, game: &mut G, p: &G::Position, state: Known) -> Result<(), G::Failure> {
        if let Some(i) = G::int_key(p) {
            match state {
                Known::Value(v) if v > IntTable::MAX_VALUE => {
                    self.table.set(i, Known::Unknown);
                    self.host_ints += 1;
                }
                _ => {
                    self.table.set(i, state);
                    return Ok(());
                }
            }
        }
        game.remember(p, state)
    }

    /// Push the options of `p` onto the stacks: the frame's `(first, first_group)`.
    fn expand<G: Game>(game: &mut G, p: &G::Position, st: &mut Stacks<G::Position>) -> Result<(u32, u32), Stop<G::Position, G::Failure>> {
        let first = st.children.len();
        let mut out = Options { children: &mut st.children, groups: &mut st.groups, first_group: None, count: 0 };
        game.options(p, &mut out).map_err(Stop::Game)?;
        let first_group = out.first_group;
        // every index into the stacks fits a frame's 32-bit fields
        index(st.children.len())?;
        index(st.groups.len())?;
        Ok((index(first)?, first_group.map_or(Ok(NO_GROUPS), index)?))
    }

    /// The mex of the options' values of a finished frame.
    fn mex<P>(st: &Stacks<P>, frame: &Frame<P>, marks: &mut Vec<bool>, option_values: &mut Vec<u64>) -> u64 {
        let value = |c: &Slot<P>| match c {
            Slot::Value(v) => *v,
            Slot::Pos(_) => 0, // never: every component of a finished frame is solved
        };
        let mut children = st.children[frame.first as usize..].iter().map(value);
        option_values.clear();
        match frame.first_group {
            NO_GROUPS => option_values.extend(children),
            g0 => {
                for &g in &st.groups[g0 as usize..] {
                    let x = children.by_ref().take(g as usize).fold(0, |x, v| x ^ v);
                    option_values.push(x);
                }
            }
        }
        marks.clear();
        marks.resize(option_values.len() + 1, false);
        for &v in option_values.iter() {
            if (v as usize) < marks.len() {
                marks[v as usize] = true;
            }
        }
        marks.iter().position(|&m| !m).unwrap_or(option_values.len()) as u64
    }

    /// The Grundy value of `root`, storing the value of every position it needs.
    pub fn grundy<G: Game>(&mut self, game: &mut G, root: G::Position) -> Result<u64, Stop<G::Position, G::Failure>> {
        match self.lookup(game, &root).map_err(Stop::Game)? {
            Known::Value(v) => return Ok(v),
            Known::OnPath => return Err(Stop::Busy),
            Known::Unknown => {}
        }
        let mut st = Stacks { frames: Vec::new(), children: Vec::new(), groups: Vec::new() };
        let result = self.walk(game, root, &mut st);
        if result.is_err() {
            // the positions still on the line of play are marked: unmark them
            for f in &st.frames {
                let _ = self.mark(game, &f.position, Known::Unknown);
            }
        }
        result
    }

    fn walk<G: Game>(&mut self, game: &mut G, root: G::Position, st: &mut Stacks<G::Position>) -> Result<u64, Stop<G::Position, G::Failure>> {
        let (first, first_group) = Self::expand(game, &root, st)?;
        self.mark(game, &root, Known::OnPath).map_err(Stop::Game)?;
        st.frames.push(Frame { position: root, first, first_group, next: 0 });
        let (mut marks, mut option_values) = (Vec::new(), Vec::new());
        let mut expanded: u32 = 0;
        loop {
            let top = st.frames.len() - 1;
            let (first, mut next) = (st.frames[top].first as usize, st.frames[top].next as usize);
            let mut pending = None;
            while first + next < st.children.len() {
                let slot = &st.children[first + next];
                let state = match slot {
                    Slot::Value(_) => {
                        next += 1;
                        continue;
                    }
                    Slot::Pos(p) => self.lookup(game, p).map_err(Stop::Game)?,
                };
                match state {
                    Known::Value(v) => {
                        st.children[first + next] = Slot::Value(v);
                        next += 1;
                    }
                    k => {
                        if let Slot::Pos(p) = slot {
                            pending = Some((p.clone(), k == Known::OnPath));
                        }
                        break;
                    }
                }
            }
            st.frames[top].next = next as u32; // at most the frame's children
            match pending {
                Some((child, true)) => {
                    let start = st.frames.iter().position(|f| game.same(&f.position, &child)).unwrap_or(0);
                    let mut cycle: Vec<G::Position> = st.frames[start..].iter().map(|f| f.position.clone()).collect();
                    cycle.push(child);
                    return Err(Stop::Loop(cycle));
                }
                Some((child, false)) => {
                    if st.frames.len() >= self.max_depth {
                        return Err(Stop::TooDeep(child));
                    }
                    let (first, first_group) = Self::expand(game, &child, st)?;
                    self.mark(game, &child, Known::OnPath).map_err(Stop::Game)?;
                    st.frames.push(Frame { position: child, first, first_group, next: 0 });
                    expanded = expanded.wrapping_add(1);
                    if expanded & 0x3FF == 0 {
                        game.poll().map_err(Stop::Game)?;
                    }
                    continue;
                }
                None => {}
            }
            let frame = st.frames.pop().expect("a frame");
            let value = Self::mex(st, &frame, &mut marks, &mut option_values);
            if let Err(e) = self.mark(game, &frame.position, Known::Value(value)) {
                st.frames.push(frame); // still marked on the path: unmarked by the caller
                return Err(Stop::Game(e));
            }
            st.children.truncate(frame.first as usize);
            if frame.first_group != NO_GROUPS {
                st.groups.truncate(frame.first_group as usize);
            }
            match st.frames.last_mut() {
                Some(parent) => {
                    st.children[(parent.first + parent.next) as usize] = Slot::Value(value);
                    parent.next += 1;
                }
                None => return Ok(value),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A subtraction game with splits, in Rust: from a heap of n take any k of
    /// `take` (leaving n - k), or any k of `split` leaving two heaps a + b = n - k
    /// (a, b >= 1).  Even heaps are int positions (the int table); odd heaps are
    /// "objects" kept in this game's own memo, so both memos are exercised.
    struct Heaps {
        take: Vec<u64>,
        split: Vec<u64>,
        /// n -> (n + 1) mod `up.end` for n in this range (a loop, or an endless line)
        up: std::ops::Range<u64>,
        memo: HashMap<u64, Known>,
        calls: usize,
        fail_at: Option<u64>,
    }

    fn heaps(take: &[u64], split: &[u64]) -> Heaps {
        Heaps { take: take.to_vec(), split: split.to_vec(), up: 0..0, memo: HashMap::new(), calls: 0, fail_at: None }
    }

    impl Game for Heaps {
        type Position = u64;
        type Failure = String;

        fn int_key(p: &u64) -> Option<u64> {
            p.is_multiple_of(2).then_some(*p)
        }

        fn options(&mut self, &n: &u64, out: &mut Options<'_, u64>) -> Result<(), String> {
            self.calls += 1;
            if self.fail_at == Some(n) {
                return Err(format!("no moves from {n}"));
            }
            if self.up.contains(&n) {
                out.single((n + 1) % self.up.end.max(1));
                return Ok(());
            }
            for &k in self.take.iter().filter(|&&k| k <= n) {
                out.single(n - k);
            }
            for &k in self.split.iter().filter(|&&k| k < n) {
                for a in 1..=(n - k) / 2 {
                    out.sum([a, n - k - a]);
                }
            }
            Ok(())
        }

        fn recall(&mut self, p: &u64) -> Result<Known, String> {
            Ok(self.memo.get(p).copied().unwrap_or(Known::Unknown))
        }

        fn remember(&mut self, p: &u64, state: Known) -> Result<(), String> {
            match state {
                Known::Unknown => self.memo.remove(p),
                k => self.memo.insert(*p, k),
            };
            Ok(())
        }

        fn same(&self, a: &u64, b: &u64) -> bool {
            a == b
        }
    }

    /// The obviously-right twin: values bottom up by the definition.
    fn slow(take: &[u64], split: &[u64], n: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for m in 0..=n {
            let mut seen: Vec<u64> = take.iter().filter(|&&k| k <= m).map(|&k| g[(m - k) as usize]).collect();
            for &k in split.iter().filter(|&&k| k < m) {
                seen.extend((1..=(m - k) / 2).map(|a| g[a as usize] ^ g[(m - k - a) as usize]));
            }
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    fn no_marks(game: &Heaps, search: &Search) -> bool {
        !game.memo.values().any(|&k| k == Known::OnPath) && (0..64).all(|i| search.table().get(i) != Known::OnPath)
    }

    #[test]
    fn mex_of_a_subtraction_game() {
        // S = {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (Berlekamp, Conway and Guy, Winning
        // Ways, chapter 4, the table of subtraction games)
        let mut game = heaps(&[1, 3, 4], &[]);
        let mut search = Search::new(1000);
        let values: Vec<u64> = (0..14).map(|n| search.grundy(&mut game, n).unwrap()).collect();
        assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(game.calls, 14); // each position asked once
    }

    #[test]
    fn sums_take_the_xor_of_their_components() {
        // Kayles: knock down 1 or 2 adjacent pins, splitting the row (OEIS A002186)
        let mut game = heaps(&[1, 2], &[1, 2]);
        let mut search = Search::new(1000);
        let kayles: Vec<u64> = (0..12).map(|n| search.grundy(&mut game, n).unwrap()).collect();
        assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // against the bottom-up twin, on fresh searches and several rule sets
        for (take, split) in [(&[1u64, 3][..], &[2u64][..]), (&[2, 5], &[1, 3]), (&[], &[1])] {
            let want = slow(take, split, 60);
            let mut game = heaps(take, split);
            let mut search = Search::new(1000);
            for n in [60, 7, 33, 0] {
                assert_eq!(search.grundy(&mut game, n).unwrap(), want[n as usize], "{take:?} {split:?} {n}");
            }
            assert!(no_marks(&game, &search));
        }
    }

    #[test]
    fn a_loop_is_reported_with_its_cycle_and_leaves_no_marks() {
        let mut game = heaps(&[1], &[]);
        game.up = 0..3; // 0 -> 1 -> 2 -> 0
        let mut search = Search::new(1000);
        assert_eq!(search.grundy(&mut game, 1), Err(Stop::Loop(vec![1, 2, 0, 1])));
        assert!(no_marks(&game, &search));
        game.up = 5..6; // 5 -> 0 (5 + 1 wraps modulo 6): not a loop
        assert_eq!(search.grundy(&mut game, 5), Ok(1));
    }

    #[test]
    fn a_deep_line_needs_no_recursion() {
        let n = 1_000_000;
        let mut game = heaps(&[1], &[]);
        let mut search = Search::new(2 * n as usize);
        assert_eq!(search.grundy(&mut game, n), Ok(0));
        assert_eq!(search.grundy(&mut game, n + 1), Ok(1));
        assert_eq!(search.table().stored(), (n as usize + 2) / 2);
    }

    #[test]
    fn an_endless_line_stops_at_the_bound() {
        let mut game = heaps(&[], &[]);
        game.up = 0..u64::MAX; // n -> n + 1
        let mut search = Search::new(1000);
        assert_eq!(search.grundy(&mut game, 0), Err(Stop::TooDeep(1000)));
        assert!(no_marks(&game, &search));
    }

    #[test]
    fn a_failure_is_passed_on_and_leaves_the_values() {
        let mut game = heaps(&[1], &[]);
        game.fail_at = Some(7);
        let mut search = Search::new(1000);
        assert_eq!(search.grundy(&mut game, 10), Err(Stop::Game("no moves from 7".into())));
        assert!(no_marks(&game, &search));
        assert_eq!(search.grundy(&mut game, 6), Ok(0));
        game.fail_at = None;
        assert_eq!(search.grundy(&mut game, 10), Ok(0));
    }
}
