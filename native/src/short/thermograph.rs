//! Thermographs of canonical games (mirrors `cgtkit.short.thermography`).
//!
//! A wall is a continuous piecewise-linear function of the temperature t on
//! [-1, oo) with dyadic breakpoints.  The scaffold recursion (Berlekamp; Siegel,
//! *Combinatorial Game Theory* (2013), II.5): `LS(t) = max RW(G^L)(t) - t`,
//! `RS(t) = min LW(G^R)(t) + t`; the temperature is the least t >= -1 where the
//! scaffolds meet, the mast value m = LS(T); below T the walls are the scaffolds,
//! above it the mast.  An integer n has constant walls and temperature -1 (CGSuite's
//! subzero convention).  Computed bottom up over the followers (an explicit stack) and
//! remembered per game.

use super::table::{Id, Kind};
use super::{tick, Engine, Res};
use crate::numbers::{Dyadic, Int};
use std::sync::Arc;

/// A continuous piecewise-linear function on [-1, oo): breakpoints strictly
/// decreasing and > -1; segment i runs from `points[i]` up to `points[i-1]` (segment 0
/// up to infinity, the last one down to -1), with value `intercepts[i] + slopes[i] * t`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pub points: Vec<Dyadic>,
    pub slopes: Vec<i64>,
    pub intercepts: Vec<Dyadic>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    pub left: Trajectory,
    pub right: Trajectory,
    pub mast: Dyadic,
    pub temperature: Dyadic,
}

fn minus_one() -> Dyadic {
    Dyadic::small(-1)
}

fn line(s: i64, c: &Dyadic, t: &Dyadic) -> Dyadic {
    c.add(&t.mul_int(&Int::from(s)))
}

/// `x / d` for a small non-zero d, when it is dyadic.
fn div_small(x: &Dyadic, d: i64) -> Option<Dyadic> {
    let a = d.unsigned_abs();
    if !a.is_power_of_two() {
        return None;
    }
    let q = x.shift(-(a.trailing_zeros() as i64));
    Some(if d < 0 { q.neg() } else { q })
}

impl Trajectory {
    pub fn constant(v: Dyadic) -> Trajectory {
        Trajectory { points: vec![], slopes: vec![0], intercepts: vec![v] }
    }

    /// Built from raw segments, merging neighbours that continue the same line.
    fn new(points: Vec<Dyadic>, slopes: Vec<i64>, intercepts: Vec<Dyadic>) -> Trajectory {
        let mut p2 = Vec::with_capacity(points.len());
        let mut s2 = vec![slopes[0]];
        let mut c2 = vec![intercepts[0].clone()];
        for (i, p) in points.into_iter().enumerate() {
            if slopes[i + 1] == *s2.last().unwrap() && intercepts[i + 1] == *c2.last().unwrap() {
                continue;
            }
            p2.push(p);
            s2.push(slopes[i + 1]);
            c2.push(intercepts[i + 1].clone());
        }
        Trajectory { points: p2, slopes: s2, intercepts: c2 }
    }

    /// The segment holding t (the upper one at a breakpoint).
    fn index(&self, t: &Dyadic) -> usize {
        self.points.iter().position(|p| t >= p).unwrap_or(self.points.len())
    }

    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let i = self.index(t);
        line(self.slopes[i], &self.intercepts[i], t)
    }

    /// `(lo, hi, slope, intercept)` from the top down; hi is None for the top.
    fn segments(&self) -> Vec<(Dyadic, Option<Dyadic>, i64, Dyadic)> {
        let n = self.slopes.len();
        (0..n)
            .map(|i| {
                let lo = if i < self.points.len() { self.points[i].clone() } else { minus_one() };
                let hi = if i == 0 { None } else { Some(self.points[i - 1].clone()) };
                (lo, hi, self.slopes[i], self.intercepts[i].clone())
            })
            .collect()
    }

    /// This trajectory plus `shift + slope * t`.
    pub fn tilt(&self, slope: i64, shift: &Dyadic) -> Trajectory {
        Trajectory::new(self.points.clone(), self.slopes.iter().map(|s| s + slope).collect(), self.intercepts.iter().map(|c| c.add(shift)).collect())
    }

    fn line_on(&self, lo: &Dyadic) -> (i64, Dyadic) {
        let i = self.index(lo);
        (self.slopes[i], self.intercepts[i].clone())
    }

    /// The common refinement: (lo, hi, line of self, line of other), top down.
    #[allow(clippy::type_complexity)]
    fn pieces(&self, other: &Trajectory) -> Vec<(Dyadic, Option<Dyadic>, (i64, Dyadic), (i64, Dyadic))> {
        let mut pts: Vec<Dyadic> = self.points.iter().chain(other.points.iter()).cloned().collect();
        pts.sort_by(|a, b| b.cmp(a));
        pts.dedup();
        let mut out = Vec::with_capacity(pts.len() + 1);
        let mut hi: Option<Dyadic> = None;
        for lo in pts.into_iter().chain(std::iter::once(minus_one())) {
            let a = self.line_on(&lo);
            let b = other.line_on(&lo);
            out.push((lo.clone(), hi.clone(), a, b));
            hi = Some(lo);
        }
        out
    }

    fn extreme(&self, other: &Trajectory, larger: bool) -> Res<Trajectory> {
        let mut out: Vec<(Dyadic, i64, Dyadic)> = Vec::new();
        for (lo, hi, (sa, ca), (sb, cb)) in self.pieces(other) {
            let mut cuts = vec![lo.clone()];
            if sa != sb {
                let x = div_small(&cb.sub(&ca), sa - sb).expect("thermograph slopes differ by 1 or 2");
                if x > lo && hi.as_ref().is_none_or(|h| &x < h) {
                    cuts = vec![x, lo.clone()];
                }
            }
            let mut top = hi.clone();
            for cut in cuts {
                let a_wins = match &top {
                    None => {
                        if larger {
                            (sa, &ca) >= (sb, &cb)
                        } else {
                            (sa, &ca) <= (sb, &cb)
                        }
                    }
                    Some(t) => {
                        let mid = cut.add(t).half();
                        let (va, vb) = (line(sa, &ca, &mid), line(sb, &cb, &mid));
                        if larger {
                            va >= vb
                        } else {
                            va <= vb
                        }
                    }
                };
                let (s, c) = if a_wins { (sa, ca.clone()) } else { (sb, cb.clone()) };
                out.push((cut.clone(), s, c));
                top = Some(cut);
            }
        }
        Ok(from_pieces(out))
    }

    pub fn max(&self, other: &Trajectory) -> Res<Trajectory> {
        self.extreme(other, true)
    }

    pub fn min(&self, other: &Trajectory) -> Res<Trajectory> {
        self.extreme(other, false)
    }

    pub fn minus(&self, other: &Trajectory) -> Trajectory {
        from_pieces(self.pieces(other).into_iter().map(|(lo, _, (sa, ca), (sb, cb))| (lo, sa - sb, ca.sub(&cb))).collect())
    }

    /// This trajectory below t, and the constant `value` from t up.
    pub fn capped(&self, t: &Dyadic, value: &Dyadic) -> Trajectory {
        if *t <= minus_one() {
            return Trajectory::constant(value.clone());
        }
        let mut pieces = vec![(t.clone(), 0, value.clone())];
        pieces.extend(self.segments().into_iter().filter(|(lo, ..)| lo < t).map(|(lo, _, s, c)| (lo, s, c)));
        from_pieces(pieces)
    }
}

/// Build from (lo, slope, intercept) pieces listed top down (the last lo is -1).
fn from_pieces(pieces: Vec<(Dyadic, i64, Dyadic)>) -> Trajectory {
    let mut pts: Vec<Dyadic> = Vec::new();
    let mut s = vec![pieces[0].1];
    let mut c = vec![pieces[0].2.clone()];
    for i in 0..pieces.len() - 1 {
        let p = &pieces[i].0;
        if pts.last().is_some_and(|last| p >= last) {
            continue;
        }
        pts.push(p.clone());
        s.push(pieces[i + 1].1);
        c.push(pieces[i + 1].2.clone());
    }
    Trajectory::new(pts, s, c)
}

/// The least t >= -1 with d(t) <= 0 (d = LS - RS is continuous and non-increasing).
fn meeting_point(d: &Trajectory) -> Dyadic {
    for (lo, hi, s, c) in d.segments().into_iter().rev() {
        if line(s, &c, &lo).signum() <= 0 {
            return lo;
        }
        if s < 0 {
            let root = div_small(&c.neg(), s).expect("scaffold slopes are -1 or -2");
            if hi.as_ref().is_none_or(|h| &root <= h) {
                return root;
            }
        }
    }
    unreachable!("the scaffolds of a short game meet")
}

type Known = hashbrown::HashMap<Id, Arc<Thermograph>>;

impl Engine {
    fn integer_of(&self, g: Id) -> Option<&Dyadic> {
        let n = self.table.node(g);
        n.nus().map(|v| &v.x).filter(|x| n.kind == Kind::Number && x.is_integer())
    }

    fn known(&self, known: &Known, g: Id) -> Arc<Thermograph> {
        match self.integer_of(g) {
            Some(n) => {
                let wall = Trajectory::constant(n.clone());
                Arc::new(Thermograph { left: wall.clone(), right: wall, mast: n.clone(), temperature: minus_one() })
            }
            None => known.get(&g).cloned().expect("options first"),
        }
    }

    fn thermograph_of(&self, g: Id, known: &Known) -> Res<Thermograph> {
        if self.integer_of(g).is_some() {
            return Ok((*self.known(known, g)).clone());
        }
        let node = self.table.node(g);
        if let (Kind::Nus, Some(v)) = (node.kind, node.nus()) {
            return Ok(self.nus_thermograph(v, known));
        }
        let (left, right) = self.table.options(g)?;
        let mut ls: Option<Trajectory> = None;
        for &gl in left {
            let w = self.known(known, gl).right.tilt(-1, &Dyadic::zero());
            ls = Some(match ls {
                None => w,
                Some(prev) => prev.max(&w)?,
            });
        }
        let mut rs: Option<Trajectory> = None;
        for &gr in right {
            let w = self.known(known, gr).left.tilt(1, &Dyadic::zero());
            rs = Some(match rs {
                None => w,
                Some(prev) => prev.min(&w)?,
            });
        }
        let (ls, rs) = (ls.expect("a non-integer has Left options"), rs.expect("and Right options"));
        let t = meeting_point(&ls.minus(&rs));
        let m = ls.at(&t);
        Ok(Thermograph { left: ls.capped(&t, &m), right: rs.capped(&t, &m), temperature: t, mast: m })
    }

    /// The thermograph of a non-number `x + n.^ + *m` from that of the number x (the
    /// closed form derived in `cgtkit.short.thermography._nus_thermograph`): mast x
    /// from t = 0 up; below 0 the left wall is `RW_x(t) - t` when x is a Left option
    /// (n >= 0, or v*) and `LW_x(t)` otherwise, the right wall `LW_x(t) + t` when x is
    /// a Right option (n <= 0, or ^*) and `RW_x(t)` otherwise.
    fn nus_thermograph(&self, v: &super::nus::Nus, known: &Known) -> Thermograph {
        let xt = self.known(known, self.number(v.x.clone()));
        let zero = Dyadic::zero();
        let minus_one_int = Int::from(-1);
        let x_left = !v.n.is_negative() || (v.n == minus_one_int && v.m.is_one());
        let x_right = v.n.signum() <= 0 || (v.n.is_one() && v.m.is_one());
        let left = if x_left { xt.right.tilt(-1, &zero) } else { xt.left.clone() };
        let right = if x_right { xt.left.tilt(1, &zero) } else { xt.right.clone() };
        Thermograph { left: left.capped(&zero, &v.x), right: right.capped(&zero, &v.x), mast: v.x.clone(), temperature: zero }
    }

    /// What the thermograph of `g` is computed from: its options, or for a packed
    /// non-number the number x alone.
    fn thermo_children(&self, g: Id) -> Res<Vec<Id>> {
        if self.integer_of(g).is_some() {
            return Ok(vec![]);
        }
        let node = self.table.node(g);
        if let (Kind::Nus, Some(v)) = (node.kind, node.nus()) {
            return Ok(vec![self.number(v.x.clone())]);
        }
        let (l, r) = self.table.options(g)?;
        Ok(l.iter().chain(r.iter()).copied().collect())
    }

    /// The thermograph of `g` (computed once per game, followers first).
    pub fn thermograph(&self, g: Id) -> Res<Arc<Thermograph>> {
        if let Some(th) = self.thermo_memo.get(&g) {
            return Ok(th);
        }
        // the followers not yet known, each after its options (integers are leaves);
        // those already remembered are copied, so an eviction meanwhile does no harm
        let mut known = Known::new();
        let mut order: Vec<Id> = Vec::new();
        let mut seen = hashbrown::HashSet::new();
        seen.insert(g);
        let mut stack: Vec<(Id, Vec<Id>)> = vec![(g, self.thermo_children(g)?)];
        while let Some((h, children)) = stack.last_mut() {
            tick()?;
            match children.pop() {
                Some(c) => {
                    if seen.insert(c) {
                        match self.thermo_memo.get(&c) {
                            Some(th) => {
                                known.insert(c, th);
                            }
                            None => {
                                let cc = self.thermo_children(c)?;
                                stack.push((c, cc));
                            }
                        }
                    }
                }
                None => {
                    order.push(*h);
                    stack.pop();
                }
            }
        }
        let mut last = None;
        for h in order {
            let th = Arc::new(self.thermograph_of(h, &known)?);
            self.thermo_memo.insert(h, th.clone());
            known.insert(h, th.clone());
            last = Some(th);
        }
        Ok(last.expect("g itself"))
    }

    /// The mean (the mast value); a number's mean is itself.
    pub fn mean(&self, g: Id) -> Res<Dyadic> {
        let node = self.table.node(g);
        if node.kind == Kind::Number {
            return Ok(node.nus().unwrap().x.clone());
        }
        Ok(self.thermograph(g)?.mast.clone())
    }
}
