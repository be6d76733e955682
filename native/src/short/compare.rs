//! `g <= h`: no Left option of g is >= h and no Right option of h is <= g.
//!
//! Fast answers first: the same game; two packed values compared arithmetically;
//! the stops (`g <= h` needs `L(g) <= L(h)` and `R(g) <= R(h)`); the memo.  Number
//! avoidance: when one side is a number and the other a canonical non-number, that
//! number's options never matter.  The rest runs on an explicit stack.
//!
//! While a game is being reduced (see `canonical`), it is compared as the *raw*
//! game `RAW`, whose options are not yet reduced: no shortcut that needs to know
//! whether it is a number applies to it, only bounds on its stops, and its answers
//! are kept in a local memo that ends with the reduction.

use super::table::{Id, Kind};
use super::{pair, tick, Engine, Res};
use crate::numbers::Dyadic;
use hashbrown::HashMap;

/// The id that stands for the raw game of a [`Cmp`].
pub const RAW: Id = u32::MAX - 1;

/// A number or an infinity, to bound stops.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Ext {
    NegInf,
    Fin(Dyadic),
    PosInf,
}

/// A game `{left | right}` whose options are canonical but which is not reduced.
pub struct Raw<'a> {
    pub left: &'a [Id],
    pub right: &'a [Id],
    /// bounds on its Left stop and its Right stop
    pub ls_lo: Ext,
    pub ls_hi: Ext,
    pub rs_lo: Ext,
    pub rs_hi: Ext,
}

impl<'a> Raw<'a> {
    /// With `lf = max R(G^L)` and `rf = min L(G^R)`: a non-number G has stops
    /// exactly (lf, rf); a number x has lf <= x <= rf.  So L(G) is in
    /// [lf, max(lf, rf)] and R(G) in [min(lf, rf), rf].
    pub fn new(e: &Engine, left: &'a [Id], right: &'a [Id]) -> Raw<'a> {
        let lf = left.iter().map(|&o| Ext::Fin(e.table.node(o).rstop.clone())).max().unwrap_or(Ext::NegInf);
        let rf = right.iter().map(|&o| Ext::Fin(e.table.node(o).lstop.clone())).min().unwrap_or(Ext::PosInf);
        if lf <= rf {
            Raw { left, right, ls_lo: lf.clone(), ls_hi: rf.clone(), rs_lo: lf, rs_hi: rf }
        } else {
            Raw { left, right, ls_lo: lf.clone(), ls_hi: lf, rs_lo: rf.clone(), rs_hi: rf }
        }
    }
}

thread_local! {
    static STACK: std::cell::RefCell<Vec<Frame>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[derive(Clone, Copy)]
struct Frame {
    g: Id,
    h: Id,
    phase: u8,
    idx: u32,
}

/// A comparison context: the engine, and the raw game under reduction, if any.
pub struct Cmp<'e, 'r> {
    e: &'e Engine,
    raw: Option<&'r Raw<'r>>,
    raw_memo: HashMap<u64, bool>,
}

impl<'e, 'r> Cmp<'e, 'r> {
    pub fn new(e: &'e Engine) -> Self {
        Cmp { e, raw: None, raw_memo: HashMap::new() }
    }

    pub fn with_raw(e: &'e Engine, raw: &'r Raw<'r>) -> Self {
        Cmp { e, raw: Some(raw), raw_memo: HashMap::new() }
    }

    #[inline]
    fn kind(&self, g: Id) -> Option<Kind> {
        if g == RAW {
            None
        } else {
            Some(self.e.table.node(g).kind)
        }
    }

    #[inline]
    fn lefts(&self, g: Id) -> Res<&[Id]> {
        if g == RAW {
            Ok(self.raw.expect("raw game").left)
        } else {
            self.e.table.lefts(g)
        }
    }

    #[inline]
    fn rights(&self, g: Id) -> Res<&[Id]> {
        if g == RAW {
            Ok(self.raw.expect("raw game").right)
        } else {
            self.e.table.rights(g)
        }
    }

    /// The answer when it is known at once.
    #[inline]
    pub fn fast(&self, g: Id, h: Id) -> Option<bool> {
        let t = &self.e.table;
        if g != RAW && h != RAW {
            if g == h {
                return Some(true);
            }
            let (ng, nh) = (t.node(g), t.node(h));
            if let (Some(a), Some(b)) = (ng.nus(), nh.nus()) {
                return Some(a.le(b));
            }
            if ng.lstop > nh.lstop || ng.rstop > nh.rstop {
                return Some(false);
            }
            return self.e.le_memo.get(&pair(g, h));
        }
        let raw = self.raw.expect("raw game");
        if g == RAW {
            let nh = t.node(h);
            if raw.ls_lo > Ext::Fin(nh.lstop.clone()) || raw.rs_lo > Ext::Fin(nh.rstop.clone()) {
                return Some(false);
            }
        } else {
            let ng = t.node(g);
            if Ext::Fin(ng.lstop.clone()) > raw.ls_hi || Ext::Fin(ng.rstop.clone()) > raw.rs_hi {
                return Some(false);
            }
        }
        self.raw_memo.get(&pair(g, h)).copied()
    }

    fn remember(&mut self, g: Id, h: Id, v: bool) {
        if g == RAW || h == RAW {
            self.raw_memo.insert(pair(g, h), v);
        } else {
            self.e.le_memo.insert(pair(g, h), v);
        }
    }

    /// Number avoidance: skip g's Left options when g is a number and h a
    /// canonical non-number (and symmetrically for h's Right options).
    #[inline]
    fn avoids(&self, number: Id, other: Id) -> bool {
        self.kind(number) == Some(Kind::Number) && matches!(self.kind(other), Some(Kind::Nus) | Some(Kind::General))
    }

    /// `g <= h`.
    pub fn le(&mut self, g: Id, h: Id) -> Res<bool> {
        if let Some(v) = self.fast(g, h) {
            return Ok(v);
        }
        // a stack kept per thread, so a comparison allocates nothing
        let mut stack = STACK.with(|s| std::mem::take(&mut *s.borrow_mut()));
        stack.clear();
        stack.push(Frame { g, h, phase: 0, idx: 0 });
        let out = self.run(&mut stack);
        STACK.with(|s| *s.borrow_mut() = stack);
        out
    }

    fn run(&mut self, stack: &mut Vec<Frame>) -> Res<bool> {
        loop {
            tick()?;
            let top = stack.len() - 1;
            let f = stack[top];
            let (mut phase, mut idx) = (f.phase, f.idx as usize);
            let mut done: Option<bool> = None;
            let mut ask: Option<(Id, Id)> = None;
            while done.is_none() && ask.is_none() {
                if phase == 0 {
                    if self.avoids(f.g, f.h) {
                        phase = 1;
                        idx = 0;
                        continue;
                    }
                    let gl = self.lefts(f.g)?;
                    if idx >= gl.len() {
                        phase = 1;
                        idx = 0;
                        continue;
                    }
                    // g <= h fails if h <= g^L
                    match self.fast(f.h, gl[idx]) {
                        Some(true) => done = Some(false),
                        Some(false) => idx += 1,
                        None => ask = Some((f.h, gl[idx])),
                    }
                } else {
                    if self.avoids(f.h, f.g) {
                        done = Some(true);
                        continue;
                    }
                    let hr = self.rights(f.h)?;
                    if idx >= hr.len() {
                        done = Some(true);
                        continue;
                    }
                    // g <= h fails if h^R <= g
                    match self.fast(hr[idx], f.g) {
                        Some(true) => done = Some(false),
                        Some(false) => idx += 1,
                        None => ask = Some((hr[idx], f.g)),
                    }
                }
            }
            stack[top].phase = phase;
            stack[top].idx = idx as u32;
            if let Some((a, b)) = ask {
                stack.push(Frame { g: a, h: b, phase: 0, idx: 0 });
                continue;
            }
            // the top frame is answered; a "true" below makes its parent "false"
            let mut v = done.unwrap();
            loop {
                let f = stack.pop().unwrap();
                self.remember(f.g, f.h, v);
                match stack.last_mut() {
                    None => return Ok(v),
                    Some(parent) => {
                        if v {
                            v = false;
                        } else {
                            parent.idx += 1;
                            break;
                        }
                    }
                }
            }
        }
    }
}

impl Engine {
    /// `g <= h` for interned games.
    pub fn le(&self, g: Id, h: Id) -> Res<bool> {
        Cmp::new(self).le(g, h)
    }

    /// `g <= h` when it is known at once (no search), else None.
    pub fn le_fast(&self, g: Id, h: Id) -> Option<bool> {
        Cmp::new(self).fast(g, h)
    }
}

/// A frame of [`Engine::sum_sign`]: whether `a + b <= 0` (`le`) or `a + b >= 0`,
/// and the next option of the sum to try (`a`'s options, then `b`'s).
#[derive(Clone, Copy)]
struct SumFrame {
    a: Id,
    b: Id,
    le: bool,
    next: u32,
}

/// What a frame of [`Engine::sum_sign`] needs next.
enum Step {
    /// its answer
    Answer(bool),
    /// the answer of `a + b` against 0 the other way
    Ask(Id, Id),
}

impl Engine {
    /// Whether `a + b <= 0` (`le`) or `a + b >= 0` (not `le`), without the canonical
    /// form of the sum or the negative of either: `a + b <= 0` fails exactly when a
    /// Left option of the sum, `a^L + b` or `a + b^L`, is `>= 0` (and `a + b >= 0`
    /// when a Right option is `<= 0`).  `g <= -h` ([`Engine::le`]) is its slow twin.
    pub fn sum_sign(&self, a: Id, b: Id, le: bool) -> Res<bool> {
        if let Some(v) = self.sum_sign_fast(a, b, le)? {
            return Ok(v);
        }
        let mut stack = vec![SumFrame { a, b, le, next: 0 }];
        loop {
            tick()?;
            let top = stack.len() - 1;
            match self.sum_step(&mut stack[top])? {
                Step::Ask(a, b) => {
                    let le = !stack[top].le;
                    stack.push(SumFrame { a, b, le, next: 0 });
                }
                // an answered frame is remembered; "true" refutes the frame below it
                // (answered "false" in turn), "false" sends it on to its next option
                Step::Answer(mut v) => loop {
                    let f = stack.pop().expect("a frame");
                    self.sum_memo.insert(sum_key(f.a, f.b, f.le), v);
                    let Some(below) = stack.last_mut() else {
                        return Ok(v);
                    };
                    if !v {
                        below.next += 1;
                        break;
                    }
                    v = false;
                },
            }
        }
    }

    /// The frame's options tried from `f.next` on, each answered at once if it can
    /// be, until one refutes the frame, one needs a search, or none is left.
    fn sum_step(&self, f: &mut SumFrame) -> Res<Step> {
        let side = |g: Id| if f.le { self.table.lefts(g) } else { self.table.rights(g) };
        let (of_a, of_b) = (side(f.a)?, side(f.b)?);
        while (f.next as usize) < of_a.len() + of_b.len() {
            let i = f.next as usize;
            let (o, other) = if i < of_a.len() { (of_a[i], f.b) } else { (of_b[i - of_a.len()], f.a) };
            // a Left option of the sum that is >= 0 (a Right one <= 0) refutes it
            match self.sum_sign_fast(o, other, !f.le)? {
                Some(true) => return Ok(Step::Answer(false)),
                Some(false) => f.next += 1,
                None => return Ok(Step::Ask(o, other)),
            }
        }
        Ok(Step::Answer(true))
    }

    /// [`Engine::sum_sign`] when it is known at once: by a comparison when the
    /// negative of either game is at hand (a number-up-star's always is), by the
    /// stops (`L(a) + R(b) <= L(a + b)`, `R(a + b) <= R(a) + L(b)` and the mirrors),
    /// or remembered.
    fn sum_sign_fast(&self, a: Id, b: Id, le: bool) -> Res<Option<bool>> {
        for (g, h) in [(a, b), (b, a)] {
            if let Some(minus) = self.neg_fast(h) {
                return Ok(Some(if le { self.le(g, minus)? } else { self.le(minus, g)? }));
            }
        }
        let (na, nb) = (self.table.node(a), self.table.node(b));
        let zero = Dyadic::zero();
        let off = if le {
            na.lstop.add(&nb.rstop) > zero || na.rstop.add(&nb.lstop) > zero
        } else {
            na.rstop.add(&nb.lstop) < zero || na.lstop.add(&nb.rstop) < zero
        };
        if off {
            return Ok(Some(false));
        }
        Ok(self.sum_memo.get(&sum_key(a, b, le)))
    }
}

/// The memo key of `a + b <= 0` (`le`) or `>= 0`: the sum is the same in either order.
fn sum_key(a: Id, b: Id, le: bool) -> (u64, bool) {
    (if a <= b { pair(a, b) } else { pair(b, a) }, le)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games born by day 2 and sums of pairs of them (hot, tepid and cold).
    fn games(e: &Engine) -> Vec<Id> {
        let star = e.canonical(vec![e.zero], vec![e.zero]).unwrap();
        let day1 = [e.zero, star, e.number(Dyadic::small(1)), e.number(Dyadic::small(-1))];
        let subsets = |m: usize| -> Vec<Id> { (0..4).filter(|i| m >> i & 1 == 1).map(|i| day1[i]).collect() };
        let mut out: Vec<Id> = Vec::new();
        for l in 0..16 {
            for r in 0..16 {
                let g = e.canonical(subsets(l), subsets(r)).unwrap();
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
        let n = out.len();
        for i in 0..n {
            for j in [(i * 7 + 3) % n, (i * 11 + 5) % n] {
                let s = e.add(out[i], out[j]).unwrap();
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    #[test]
    fn the_sign_of_a_sum_is_its_comparison_with_a_negative() {
        let e = Engine::new();
        let gs = games(&e);
        assert!(gs.len() > 40);
        // every sign first (no negative made yet), then the slow twin: g <= -h
        let mut signs = Vec::new();
        for &a in &gs {
            for &b in &gs {
                signs.push((e.sum_sign(a, b, true).unwrap(), e.sum_sign(a, b, false).unwrap()));
            }
        }
        let mut k = 0;
        for &a in &gs {
            for &b in &gs {
                let minus = e.neg(b).unwrap();
                assert_eq!(signs[k], (e.le(a, minus).unwrap(), e.le(minus, a).unwrap()), "{a} + {b}");
                k += 1;
            }
        }
    }
}
