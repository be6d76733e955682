//! Who wins a sum, without its value: the one outcome search of every ruleset with
//! a native search (mirrors `cgtkit.search`, whose twin is the outcome of the summed
//! canonical value).
//!
//! A position is `V + G1 + ... + Gk` with a player to move: `V` an explicit canonical
//! value (an engine id) and the `Gi` components of one ruleset (its keys).  The
//! search is boolean negamax ("does the player to move win?") that uses the theory
//! to keep positions small:
//!
//! * a *cheap* component (its value already in the ruleset's value table, known by
//!   the ruleset's `quick`, or of [`Rules::size`] at most `small` and not alone in
//!   the position, its value found within [`BUDGET`]) is replaced by its value (the
//!   ruleset's [`Solver`]), summed into `V`, and leaves the search;
//! * in a sum of two or more components each one's value is first tried within the
//!   budget too (searching a sum multiplies its components' positions, finding
//!   their values adds them); a component past the budget is not tried again (not
//!   at every position searched: there the many components of a Clobber board
//!   made the tries cost more than they saved);
//! * a component next to its negative (the ruleset's `mirror`; any duplicate when
//!   the ruleset is impartial) cancels with it: `G + -G = 0`;
//! * with no component left the answer is `V`'s outcome (Left moving first wins iff
//!   not `V <= 0`, Right iff not `V >= 0`);
//! * a move is in a component (replaced by its option's parts, absorbed as above;
//!   only the mover's options are listed, [`Rules::expand_side`]) or in `V` (to
//!   one of `V`'s canonical options: as good as the best move in the components
//!   summed into it, since `V` equals their sum); the moves in `V` come
//!   after the moves in the components (number avoidance as an order: when `V` is
//!   a number a move in it can win only if the components sum to a number, e.g.
//!   `{ | 1} + 1`, which the search does not know without their values);
//! * a move to a position the table already knows lost for the opponent ends the
//!   search at once, and one it knows won for the opponent is dropped;
//! * the other moves are tried best first, each position reached once: by the
//!   opponent's moves left in the components less the mover's (the ruleset's
//!   [`Rules::mobility`]; fewer replies and more of one's own moves is the usual
//!   sign of a winning move), the moves in `V` after them all;
//! * a ruleset that can list a player's moves unmade, each with the mobility after
//!   it and a rank of its own ([`Rules::scored_side`]: Sheep, the sheep sent), has
//!   them sorted by rank, then mobility, and made one at a time
//!   as they are tried ([`Sums::search_scored`]): a winning node mostly tries its
//!   first move, so its other options are never made, keyed, valued or probed (the
//!   two steps above are then left to the probe of each move tried);
//! * answers are kept in a bounded transposition table ([`TTable`]) keyed by the
//!   whole normalised position (`V`, the sorted keys, the player to move): exact,
//!   no hash collision can mislead it.
//!
//! [`outcome`] asks both questions (Left first, Right first), on two threads sharing
//! the tables when given two workers: `position.outcome` of a game of stones.
//!
//! Invariant: [`Sums::wins`] answers exactly "the player to move wins `V + sum of
//! parts`".  The recursion is as deep as the game is long (each move removes a
//! component's move or lowers `V`'s birthday); Ctrl-C is noticed by `tick`.

use super::search::{Options, Rules, Solver, Stack, Unmade};
use super::table::TTable;
use crate::numbers::Int;
use crate::short::nus::Nus;
use crate::short::{engine, tick, Engine, EngineError, Id, Res};
use hashbrown::{Equivalent, HashMap, HashSet};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A whole position with the player to move.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position<K> {
    v: Id,
    left: bool,
    parts: Box<[K]>,
}

/// A [`Position`] with its parts borrowed: a table probe that allocates nothing
/// (it hashes as the position does: the derived hashes of `v`, `left` and the
/// parts' slice).
#[derive(Hash)]
struct Probe<'a, K> {
    v: Id,
    left: bool,
    parts: &'a [K],
}

impl<K: Eq> Equivalent<Position<K>> for Probe<'_, K> {
    fn equivalent(&self, p: &Position<K>) -> bool {
        self.v == p.v && self.left == p.left && *self.parts == *p.parts
    }
}

impl<K> Position<K> {
    /// The position `v + sum of parts` with Left to move iff `left` (`parts` sorted,
    /// none cheap: as the search makes them; [`super::persist`] reads them back).
    pub fn new(v: Id, left: bool, parts: Box<[K]>) -> Self {
        Position { v, left, parts }
    }

    /// `(V, Left to move, the parts)`.
    pub fn split(&self) -> (Id, bool, &[K]) {
        (self.v, self.left, &self.parts)
    }
}

/// A move in a position: where it is played and the position after it.
pub struct Move {
    /// the component moved in (None: a move in `V`)
    pub part: Option<usize>,
    /// the option taken, counted on the mover's side
    pub option: usize,
    /// `V` after the move
    pub v: Id,
    /// where the components after the move (sorted, none cheap) are in their
    /// node's [`Kids::keys`]
    pub parts: std::ops::Range<usize>,
    /// the order of the move ([`Sums::order`]): lower first
    score: i64,
}

/// The moves of a node and the keys of the positions they lead to, one buffer for
/// all (a node's moves made no allocation each; the buffers are reused by the
/// nodes that come after, [`Sums::spare`]).
pub struct Kids<K> {
    pub moves: Vec<Move>,
    pub keys: Vec<K>,
    /// the moves not yet made ([`Sums::search_scored`]): `(rank, score,
    /// component, token)`, and a component's as [`Rules::scored_side`] lists them
    scored: Vec<(u32, i64, u32, u32)>,
    found: Vec<Unmade>,
    /// the parts of the option being made, and the values that leave the position
    pieces: Vec<K>,
    cheap: Vec<Id>,
}

impl<K> Default for Kids<K> {
    fn default() -> Self {
        Kids { moves: Vec::new(), keys: Vec::new(), scored: Vec::new(), found: Vec::new(), pieces: Vec::new(), cheap: Vec::new() }
    }
}

impl<K> Kids<K> {
    /// The components after move `m`.
    pub fn parts(&self, m: &Move) -> &[K] {
        &self.keys[m.parts.clone()]
    }

    fn push(&mut self, part: Option<usize>, option: usize, v: Id, parts: &[K])
    where
        K: Copy,
    {
        let start = self.keys.len();
        self.keys.extend_from_slice(parts);
        self.moves.push(Move { part, option, v, parts: start..self.keys.len(), score: 0 });
    }
}

/// Where a move leads ([`Sums::after`]).
enum After {
    /// no component is left: whether the opponent, to move, wins the values left
    Ends(bool),
    /// `V` after the move (its components are the caller's `rest`)
    Goes(Id),
}

/// How a search starts ([`Sums::start_or_values`]): `V` and the components to
/// search, or (every component cheap) the values of the components, none summed.
pub enum Start<K> {
    Search(Id, Vec<K>),
    Values(Vec<Id>),
}

/// Bytes one entry of an outcome table is reckoned to take.
pub const ENTRY_BYTES: usize = 192;

/// Default bound of an outcome table, in bytes (1 GiB; the table grows to it as
/// entries come: a small search takes little).
pub const DEFAULT_BYTES: usize = 1 << 30;

/// The outcome search of one ruleset over its value solver (shared) and an
/// outcome table.
pub struct Sums<'a, R: Rules> {
    pub values: &'a Solver<R>,
    pub table: &'a TTable<Position<R::Key>>,
    /// components of at most this size are replaced by their values
    pub small: u32,
    /// the components (expanded) the value of a small component, or of one in a
    /// sum of two or more, may take to find before the search gives up on it
    /// (and searches it move by move); with `small` 0 no value is searched for
    pub budget: u64,
    /// positions searched (not answered by the table)
    pub nodes: Cell<u64>,
    /// components whose value was not found within the budget
    failed: RefCell<HashSet<R::Key>>,
    /// set when the other thread of an [`outcome`] failed: stop at once
    stop: Option<&'a AtomicBool>,
    /// the options of a component, kept between [`Sums::moves`] (its room reused)
    opts: RefCell<Options<R::Key>>,
    /// [`Sums::moves`]' room for the components after a move and the values that
    /// leave them (reused)
    scratch: RefCell<(Vec<R::Key>, Vec<Id>)>,
    /// [`Sums::order`]'s scores of the components met (reused)
    seen: RefCell<HashMap<R::Key, i64>>,
    /// the nodes' buffers of moves not in use (a node takes one and gives it back)
    spare: RefCell<Vec<Kids<R::Key>>>,
    /// the engine of the search (the process's when it started)
    e: Arc<Engine>,
}

/// The default [`Sums::budget`].
pub const BUDGET: u64 = 512;

/// How many times [`Sums::budget`] each component's value in a sum of two or more
/// may take at the start of a search ([`Sums::start`], once per search): there the
/// search would multiply the components' positions (`G + G` of a 17-square
/// generalized Toads strip ran for minutes move by move; its value takes some
/// 46,000 expansions).
pub const ROOT_FACTOR: u64 = 128;

/// The most components [`Sums`] remembers as past the budget (then it forgets them).
const FAILED_MAX: usize = 1 << 20;

impl<'a, R: Rules> Sums<'a, R> {
    pub fn new(values: &'a Solver<R>, table: &'a TTable<Position<R::Key>>, small: u32) -> Self {
        Sums {
            values,
            table,
            small,
            budget: BUDGET,
            nodes: Cell::new(0),
            failed: RefCell::new(HashSet::new()),
            stop: None,
            opts: RefCell::new(Options::default()),
            scratch: RefCell::new((Vec::new(), Vec::new())),
            seen: RefCell::new(HashMap::new()),
            spare: RefCell::new(Vec::new()),
            e: engine(),
        }
    }

    /// The search stopping (an `Interrupted` error) once `stop` is set.
    pub fn stopped_by(self, stop: &'a AtomicBool) -> Self {
        Sums { stop: Some(stop), ..self }
    }

    /// `v` and `parts` with the components whose values are found within the budget
    /// summed into `v` (None: none was), for a sum of two or more components:
    /// the search of a sum multiplies the positions of its components, the value
    /// search adds them.
    fn values_within(&self, v: Id, parts: &[R::Key], st: &mut Stack<R::Key>) -> Res<Option<(Id, Vec<R::Key>)>> {
        if parts.len() < 2 {
            return Ok(None);
        }
        let (mut found, mut rest) = (Vec::new(), Vec::with_capacity(parts.len()));
        for &p in parts {
            match self.within_budget(p, st, self.budget.saturating_mul(ROOT_FACTOR))? {
                Some(x) => found.push(x),
                None => rest.push(p),
            }
        }
        if found.is_empty() {
            return Ok(None);
        }
        Ok(Some((self.e.add_all(v, &found)?, rest)))
    }

    /// A component's value as an engine id (a nim value made a nimber).
    pub fn as_game(&self, v: u32) -> Id {
        if self.values.rules.impartial() {
            if v == 0 {
                return engine().zero;
            }
            return engine().nus(Nus { m: Int::from(v as i64), ..Nus::default() });
        }
        v
    }

    /// The value of a component if it is cheap (known, or small and found within the
    /// budget, unless it is `alone` in the position: a game of one component is
    /// searched as it is, its value would not be met again), else None.
    fn cheap(&self, k: R::Key, alone: bool, st: &mut Stack<R::Key>) -> Res<Option<Id>> {
        if let Some(v) = self.values.known_in(k, &self.e)? {
            return Ok(Some(self.as_game(v)));
        }
        if !alone && self.values.rules.size(k) <= self.small {
            return self.within(k, st);
        }
        Ok(None)
    }

    /// The value of component `k` if the value search finds it within the budget
    /// (None at once if it did not before: a small size does not make a value
    /// cheap, a Sheep herd of 9 has hundreds of ways to split).
    fn within(&self, k: R::Key, st: &mut Stack<R::Key>) -> Res<Option<Id>> {
        self.within_budget(k, st, self.budget)
    }

    /// [`Sums::within`] with `budget` expansions.
    fn within_budget(&self, k: R::Key, st: &mut Stack<R::Key>, budget: u64) -> Res<Option<Id>> {
        if budget == 0 || self.small == 0 || self.failed.borrow().contains(&k) {
            return Ok(None);
        }
        match self.values.solve_within(k, st, budget)? {
            Some(x) => Ok(Some(self.as_game(x))),
            None => {
                let mut failed = self.failed.borrow_mut();
                if failed.len() >= FAILED_MAX {
                    failed.clear();
                }
                failed.insert(k);
                Ok(None)
            }
        }
    }

    /// `parts` with the components `pieces` added: the cheap ones' values pushed to
    /// `cheap` (for the caller to sum into `v`, or, when no component is left, to
    /// compare: [`Sums::sum_wins`]), the others into `parts` unless their negative
    /// is there (then both go); `parts` comes back sorted.
    fn sort_in(&self, v: Id, parts: &mut Vec<R::Key>, pieces: &[R::Key], cheap: &mut Vec<Id>, st: &mut Stack<R::Key>) -> Res<()> {
        let impartial = self.values.rules.impartial();
        let zero = self.e.zero;
        for &p in pieces {
            // alone: the only piece, in nothing else (no value found before it)
            let alone = parts.is_empty() && pieces.len() == 1 && v == zero;
            if let Some(x) = self.cheap(p, alone, st)? {
                cheap.push(x);
                continue;
            }
            let neg = if parts.is_empty() {
                None
            } else if impartial {
                Some(p)
            } else {
                self.values.rules.mirror(p)
            };
            if let Some(m) = neg {
                if let Some(i) = parts.iter().position(|&q| q == m) {
                    parts.swap_remove(i);
                    continue;
                }
            }
            parts.push(p);
        }
        parts.sort_unstable();
        Ok(())
    }

    /// Whether the player to move (`left`) wins `v + sum of xs`: with `S` the sum
    /// of all but the last value and `X` the last, by the sign of `S + X`
    /// ([`crate::short::Engine::sum_sign`]: no canonical form of `S + X`, no `-X`;
    /// [`Sums::value_wins`] of the sum is its slow twin).
    pub fn sum_wins(v: Id, xs: &[Id], left: bool) -> Res<bool> {
        let e = &engine();
        let Some((&last, init)) = xs.split_last() else {
            return Self::value_wins(v, left);
        };
        let s = e.add_all(v, init)?;
        // Left wins iff not S + X <= 0, Right iff not S + X >= 0
        Ok(!e.sum_sign(s, last, left)?)
    }

    /// Whether the player to move wins `v` alone.
    pub fn value_wins(v: Id, left: bool) -> Res<bool> {
        let e = &engine();
        if left {
            Ok(!e.le(v, e.zero)?)
        } else {
            Ok(!e.le(e.zero, v)?)
        }
    }

    /// The position after a move in component `i` of `parts` to an option of parts
    /// `pieces`, the `opponent` to move: its components into `rest` (sorted, none
    /// cheap; `cheap` gets the values that left) and `V` after it, or, when no
    /// component is left, whether the opponent wins the values.
    #[allow(clippy::too_many_arguments)]
    fn after(
        &self,
        v: Id,
        parts: &[R::Key],
        i: usize,
        pieces: &[R::Key],
        opponent: bool,
        rest: &mut Vec<R::Key>,
        cheap: &mut Vec<Id>,
        st: &mut Stack<R::Key>,
    ) -> Res<After> {
        rest.clear();
        rest.extend_from_slice(&parts[..i]);
        rest.extend_from_slice(&parts[i + 1..]);
        cheap.clear();
        self.sort_in(v, rest, pieces, cheap, st)?;
        if rest.is_empty() {
            return Ok(After::Ends(Self::sum_wins(v, cheap, opponent)?));
        }
        Ok(After::Goes(self.e.add_all(v, cheap)?))
    }

    /// Each move of the side to move (`left`) into `kids`, or `true` at once when a
    /// move leaves no component and the opponent loses the values left (a move
    /// that leaves no component and that the opponent wins is dropped: it loses);
    /// a component equal to the one before is skipped (the same moves).
    pub fn moves(&self, v: Id, parts: &[R::Key], left: bool, kids: &mut Kids<R::Key>, st: &mut Stack<R::Key>) -> Res<bool> {
        let mut opts = self.opts.borrow_mut();
        let mut scratch = self.scratch.borrow_mut();
        let (rest, cheap) = &mut *scratch;
        for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            opts.clear();
            let side = self.values.rules.expand_side(parts[i], left, &mut opts);
            for (n, j) in side.enumerate() {
                match self.after(v, parts, i, &opts.keys[opts.range(j)], !left, rest, cheap, st)? {
                    After::Ends(false) => return Ok(true),
                    After::Ends(true) => {}
                    After::Goes(w) => kids.push(Some(i), n, w, rest),
                }
            }
        }
        // the moves in `V` last: when `V` is a number they win only if the
        // components' sum is a number too (number avoidance), which the search cannot
        // know without its value, so they are tried, after every other
        let (l, r) = self.e.table.options(v)?;
        for (n, &o) in (if left { l } else { r }).iter().enumerate() {
            kids.push(None, n, o, parts);
        }
        Ok(false)
    }

    /// Whether the player to move (`to_move`) wins the position after a move, when
    /// the table knows it (a move leaves a component: [`Sums::moves`] answers the
    /// others).
    fn known(&self, w: Id, parts: &[R::Key], to_move: bool) -> Option<bool> {
        self.table.get(&Probe { v: w, left: to_move, parts }).map(|r| r != 0)
    }

    /// The order score, lower first, of a component whose players have `(l, r)`
    /// moves ([`Rules::mobility`]), after a move of `left`: the opponent's moves less
    /// the mover's (impartial: the moves left, fewer being better for the mover).
    fn score(&self, (l, r): (u32, u32), left: bool) -> i64 {
        if self.values.rules.impartial() {
            l as i64
        } else if left {
            r as i64 - l as i64
        } else {
            l as i64 - r as i64
        }
    }

    /// `kids` deduplicated (two moves of one kind to one position are one) and sorted best first
    /// for the player `left` who made them: by the opponent's moves in the
    /// components less the mover's, the moves in `V` last (see [`Sums::moves`]).
    fn order(&self, kids: &mut Kids<R::Key>, left: bool) {
        let mut seen = self.seen.borrow_mut();
        seen.clear();
        let Kids { moves, keys, .. } = kids;
        for m in moves.iter_mut() {
            let mut score = 0i64;
            for &k in &keys[m.parts.clone()] {
                let s = match seen.get(&k) {
                    Some(&s) => s,
                    None => {
                        let s = self.score(self.values.rules.mobility(k), left);
                        seen.insert(k, s);
                        s
                    }
                };
                score += s;
            }
            m.score = score;
        }
        // one sort: equal scores in the order of the positions (`V`, then the
        // parts), so two moves to one position are next to each other
        let at = |m: &Move| (m.part.is_none(), m.score, m.v, &keys[m.parts.clone()]);
        moves.sort_unstable_by(|a, b| at(a).cmp(&at(b)));
        moves.dedup_by(|a, b| a.v == b.v && keys[a.parts.clone()] == keys[b.parts.clone()]);
    }

    /// Whether the player to move (`left`: Left) wins `v + sum of parts` (`parts`
    /// sorted, none cheap).
    pub fn wins(&self, v: Id, parts: &[R::Key], left: bool, st: &mut Stack<R::Key>) -> Res<bool> {
        tick()?;
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(EngineError::Interrupted);
        }
        if parts.is_empty() {
            return Self::value_wins(v, left);
        }
        let hash = match self.table.find(&Probe { v, left, parts }) {
            Ok(r) => return Ok(r != 0),
            Err(hash) => hash,
        };
        self.nodes.set(self.nodes.get() + 1);
        let mut kids = self.spare.borrow_mut().pop().unwrap_or_default();
        let won = self.search(v, parts, left, &mut kids, st);
        kids.moves.clear();
        kids.keys.clear();
        kids.scored.clear();
        self.spare.borrow_mut().push(kids);
        let (won, keep) = won?;
        if keep {
            // the probe's hash is the position's (they hash alike)
            self.table.insert_missed(hash, Position { v, left, parts: parts.into() }, won as u32);
        }
        Ok(won)
    }

    /// [`Sums::wins`] of a position not in the table, its moves made in `kids`, and
    /// whether the answer is worth keeping in the table (not when the player to
    /// move has no move to list: the next time costs no more than a probe).
    fn search(&self, v: Id, parts: &[R::Key], left: bool, kids: &mut Kids<R::Key>, st: &mut Stack<R::Key>) -> Res<(bool, bool)> {
        if self.scored(parts, left, kids) {
            if kids.scored.is_empty() && v == self.e.zero {
                return Ok((false, false));
            }
            return Ok((self.search_scored(v, parts, left, kids, st)?, true));
        }
        Ok((self.search_listed(v, parts, left, kids, st)?, true))
    }

    /// [`Sums::search`] of the moves listed made ([`Sums::moves`]).
    fn search_listed(&self, v: Id, parts: &[R::Key], left: bool, kids: &mut Kids<R::Key>, st: &mut Stack<R::Key>) -> Res<bool> {
        if self.moves(v, parts, left, kids, st)? {
            return Ok(true);
        }
        // a move the table knows the opponent loses wins at once; one it knows the
        // opponent wins loses, and is dropped (not probed again below)
        let mut open = 0;
        for i in 0..kids.moves.len() {
            match self.known(kids.moves[i].v, kids.parts(&kids.moves[i]), !left) {
                Some(false) => return Ok(true),
                Some(true) => {}
                None => {
                    kids.moves.swap(open, i);
                    open += 1;
                }
            }
        }
        kids.moves.truncate(open);
        self.order(kids, left);
        for m in &kids.moves {
            if !self.wins(m.v, kids.parts(m), !left, st)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The moves of `left` in the components into `kids.scored`, not made, when
    /// the ruleset lists them so ([`Rules::scored_side`]), with the keys of their
    /// order ([`Sums::search_scored`] sorts them): the order
    /// of the ruleset's ranks, then of [`Sums::order`]'s scores of the positions
    /// they lead to, which is the order of the moved component's score after the
    /// move less its score before (the other components' scores are the same for
    /// every move in it).  False: it does not list them so.
    fn scored(&self, parts: &[R::Key], left: bool, kids: &mut Kids<R::Key>) -> bool {
        let rules = &self.values.rules;
        let Kids { scored, found, .. } = kids;
        for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            found.clear();
            if !rules.scored_side(parts[i], left, found) {
                return false;
            }
            let before = if parts.len() > 1 { self.score(rules.mobility(parts[i]), left) } else { 0 };
            scored.extend(found.iter().map(|m| (m.rank, self.score((m.l, m.r), left) - before, i as u32, m.token)));
        }
        true
    }

    /// [`Sums::search`] of the moves scored in `kids.scored` ([`Sums::scored`]):
    /// each made when its turn comes, in that order (a winning node mostly tries
    /// one, so its other options are never made), then the moves in `V`.  A move
    /// the table knows is answered by [`Sums::wins`]' probe; two moves to one
    /// position are tried twice, the second answered by the table.
    fn search_scored(&self, v: Id, parts: &[R::Key], left: bool, kids: &mut Kids<R::Key>, st: &mut Stack<R::Key>) -> Res<bool> {
        let Kids { scored, keys: rest, pieces, cheap, .. } = kids;
        for n in 0..scored.len() {
            // sorted as they are needed: the best first, the rest once it lost (a
            // winning node mostly tries one move)
            if n == 0 {
                let best = (0..scored.len()).min_by_key(|&j| scored[j]).expect("a move");
                scored.swap(0, best);
            } else if n == 1 {
                scored[1..].sort_unstable();
            }
            let (_, _, i, token) = scored[n];
            pieces.clear();
            self.values.rules.play(parts[i as usize], left, token, pieces);
            match self.after(v, parts, i as usize, pieces, !left, rest, cheap, st)? {
                After::Ends(false) => return Ok(true),
                After::Ends(true) => {}
                After::Goes(w) => {
                    if !self.wins(w, rest, !left, st)? {
                        return Ok(true);
                    }
                }
            }
        }
        // the moves in `V` last (see [`Sums::moves`])
        let (l, r) = self.e.table.options(v)?;
        for &w in if left { l } else { r } {
            if !self.wins(w, parts, !left, st)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The components and the value of the cheap ones of `v` plus the sum of `keys`.
    pub fn start(&self, v: Id, keys: &[R::Key], st: &mut Stack<R::Key>) -> Res<(Id, Vec<R::Key>)> {
        match self.start_or_values(v, keys, st)? {
            Start::Search(w, parts) => Ok((w, parts)),
            Start::Values(xs) => Ok((engine().add_all(v, &xs)?, Vec::new())),
        }
    }

    /// [`Sums::start`], or the values of the components when every one is cheap:
    /// then [`Sums::sum_wins`] answers each player without the search and without
    /// the canonical form of the whole sum.
    pub fn start_or_values(&self, v: Id, keys: &[R::Key], st: &mut Stack<R::Key>) -> Res<Start<R::Key>> {
        let (mut parts, mut cheap) = (Vec::new(), Vec::new());
        self.sort_in(v, &mut parts, keys, &mut cheap, st)?;
        if parts.is_empty() {
            return Ok(Start::Values(cheap));
        }
        let w = self.e.add_all(v, &cheap)?;
        let (w, parts) = self.values_within(w, &parts, st)?.unwrap_or((w, parts));
        Ok(Start::Search(w, parts))
    }
}

/// Whether the player to move (`left`) wins `v` plus the sum of `keys`, and how many
/// positions were searched.
pub fn who_wins<R: Rules>(values: &Solver<R>, table: &TTable<Position<R::Key>>, small: u32, v: Id, keys: &[R::Key], left: bool) -> Res<(bool, u64)> {
    let s = Sums::new(values, table, small);
    let mut st = Stack::new(0, 1);
    let (v, parts) = match s.start_or_values(v, keys, &mut st)? {
        Start::Search(w, parts) => (w, parts),
        Start::Values(xs) => return Ok((Sums::<R>::sum_wins(v, &xs, left)?, 0)),
    };
    let won = s.wins(v, &parts, left, &mut st)?;
    Ok((won, s.nodes.get()))
}

/// `(Left wins moving first, Right wins moving first)` on the sum of `keys` (one
/// question when the ruleset is impartial: the two are the same).  With `workers > 1`
/// Right's question is answered on a second thread sharing the tables while the
/// calling thread answers Left's and notices Ctrl-C (more threads add nothing); the
/// first failure stops both.
pub fn outcome<R: Rules>(values: &Solver<R>, table: &TTable<Position<R::Key>>, small: u32, keys: &[R::Key], workers: usize) -> Res<(bool, bool)> {
    let stop = AtomicBool::new(false);
    let s = Sums::new(values, table, small).stopped_by(&stop);
    let mut st = Stack::new(0, 1);
    let zero = engine().zero;
    let (v, parts) = match s.start_or_values(zero, keys, &mut st)? {
        Start::Search(w, parts) => (w, parts),
        Start::Values(xs) => return Ok((Sums::<R>::sum_wins(zero, &xs, true)?, Sums::<R>::sum_wins(zero, &xs, false)?)),
    };
    if values.rules.impartial() {
        let won = s.wins(v, &parts, true, &mut st)?;
        return Ok((won, won));
    }
    if workers < 2 || parts.is_empty() {
        let l = s.wins(v, &parts, true, &mut st)?;
        return Ok((l, s.wins(v, &parts, false, &mut st)?));
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let helper = std::thread::Builder::new().stack_size(64 << 20).spawn_scoped(scope, || {
            let got = Sums::new(values, table, small).stopped_by(&stop).wins(v, &parts, false, &mut Stack::new(1, 2));
            done.store(true, Ordering::Release);
            got
        });
        let Ok(helper) = helper else {
            // no second thread: both questions here
            let l = s.wins(v, &parts, true, &mut st)?;
            return Ok((l, s.wins(v, &parts, false, &mut st)?));
        };
        let mine = s.wins(v, &parts, true, &mut st);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_probe_finds_its_position() {
        // the borrowed probe hashes and compares as the position it stands for
        let t: TTable<Position<u64>> = TTable::new(1 << 10);
        for (v, left, parts) in [(3, true, vec![1u64, 2]), (3, false, vec![1, 2]), (4, true, vec![]), (3, true, vec![1, 2, 2])] {
            t.insert(Position::new(v, left, parts.clone().into()), v + left as u32 + parts.len() as u32);
        }
        assert_eq!(t.get(&Probe { v: 3, left: true, parts: &[1, 2] }), Some(6));
        assert_eq!(t.get(&Probe { v: 3, left: false, parts: &[1, 2] }), Some(5));
        assert_eq!(t.get(&Probe { v: 4, left: true, parts: &[] }), Some(5));
        assert_eq!(t.get(&Probe { v: 3, left: true, parts: &[1, 2, 2] }), Some(7));
        assert_eq!(t.get(&Probe { v: 3, left: true, parts: &[2, 1] }), None);
        assert_eq!(t.get(&Probe { v: 4, left: false, parts: &[] }), None);
    }
}
