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
