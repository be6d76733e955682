//! Packed number-up-star values `x + n.^ + *m` (mirrors `cgtkit.short.nus`).
//!
//! They form a group closed under sum and negative, ordered by a few integer tests,
//! so the engine adds and compares them without options.  Canonical forms (Siegel,
//! *Combinatorial Game Theory* (2013), II.4), for n >= 1 with `^` the nim-sum:
//! `*m = {*0..*(m-1) | *0..*(m-1)}`, `^* = {0,* | 0}`, otherwise
//! `n.^*m = {0 | (n-1).^*(m^1)}`; `x + G = {x + G^L | x + G^R}`; negatives by symmetry.

use crate::numbers::{Dyadic, Int};

#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Nus {
    pub x: Dyadic,
    pub n: Int,
    pub m: Int,
}

impl Nus {
    pub fn number(x: Dyadic) -> Nus {
        Nus { x, n: Int::ZERO, m: Int::ZERO }
    }

    pub fn is_number(&self) -> bool {
        self.n.is_zero() && self.m.is_zero()
    }

    pub fn add(&self, o: &Nus) -> Nus {
        Nus { x: self.x.add(&o.x), n: self.n.add(&o.n), m: self.m.xor(&o.m) }
    }

    pub fn neg(&self) -> Nus {
        Nus { x: self.x.neg(), n: self.n.neg(), m: self.m.clone() }
    }

    /// `self <= o` in game order, without building `o - self`.
    pub fn le(&self, o: &Nus) -> bool {
        if self.x != o.x {
            return self.x < o.x;
        }
        let n = o.n.sub(&self.n);
        let m = self.m.xor(&o.m);
        if n.is_zero() {
            return m.is_zero();
        }
        if m.is_one() && (n.is_one() || n == Int::from(-1)) {
            return false; // ^* and v* are fuzzy with 0
        }
        !n.is_negative()
    }

    /// The canonical options, as packed values; `None` when a nimber has too many
    /// options to list (more than `limit`).
    pub fn options(&self, limit: u64) -> Option<(Vec<Nus>, Vec<Nus>)> {
        let x = &self.x;
        let at = |n: Int, m: Int| Nus { x: x.clone(), n, m };
        if self.n.is_zero() {
            if self.m.is_zero() {
                let (lo, hi) = x.options();
                return Some((lo.into_iter().map(Nus::number).collect(), hi.into_iter().map(Nus::number).collect()));
            }
            let m = self.m.as_small().filter(|&m| (m as u64) <= limit)?;
            let opts: Vec<Nus> = (0..m).map(|k| at(Int::ZERO, Int::from(k))).collect();
            return Some((opts.clone(), opts));
        }
        let one = Int::ONE;
        if self.m.is_one() && self.n.is_one() {
            return Some((vec![at(Int::ZERO, Int::ZERO), at(Int::ZERO, one.clone())], vec![at(Int::ZERO, Int::ZERO)]));
        }
        if self.m.is_one() && self.n == Int::from(-1) {
            return Some((vec![at(Int::ZERO, Int::ZERO)], vec![at(Int::ZERO, Int::ZERO), at(Int::ZERO, one)]));
        }
        let flipped = self.m.xor(&Int::ONE);
        if !self.n.is_negative() {
            Some((vec![at(Int::ZERO, Int::ZERO)], vec![at(self.n.add_small(-1), flipped)]))
        } else {
            Some((vec![at(self.n.add_small(1), flipped)], vec![at(Int::ZERO, Int::ZERO)]))
        }
    }

    /// The birthday, in closed form.  `b(x + *m) = b(x) + m`; for n >= 1,
    /// `b(x + ^*) = b(x) + 2`, `b(x + ^*m) = b(x) + 1 + (m^1)` otherwise, and
    /// `b(x + n.^*m) = 1 + b(x + (n-1).^*(m^1))` for n >= 2 (its Right option is
    /// born after x); `b(-G) = b(G)`.
    pub fn birthday(&self) -> Int {
        let bx = self.x.birthday();
        if self.n.is_zero() {
            return bx.add(&self.m);
        }
        let n = self.n.abs();
        let extra = n.add_small(-1); // the steps from n down to 1
        let m1 = if extra.is_odd() { self.m.xor(&Int::ONE) } else { self.m.clone() };
        let at_one = if m1.is_one() { bx.add_small(2) } else { bx.add_small(1).add(&m1.xor(&Int::ONE)) };
        at_one.add(&extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(x: i64, n: i64, m: i64) -> Nus {
        Nus { x: Dyadic::small(x), n: Int::from(n), m: Int::from(m) }
    }

    #[test]
    fn order_and_sum() {
        let up = nus(0, 1, 0);
        let star = nus(0, 0, 1);
        assert!(!star.le(&up) && !up.le(&star));
        assert!(nus(0, 0, 0).le(&up));
        assert!(up.add(&star).le(&up.add(&star)));
        assert_eq!(up.add(&up.neg()), nus(0, 0, 0));
    }

    #[test]
    fn birthdays_follow_the_options() {
        // b = 1 + max over options, checked against the closed form for small values
        fn by_options(v: &Nus) -> Int {
            let (l, r) = v.options(1000).unwrap();
            let mut best = Int::from(-1);
            for o in l.iter().chain(r.iter()) {
                best = best.max(by_options(o));
            }
            best.add_small(1)
        }
        for x in [-2i64, 0, 1, 3] {
            for n in -5..=5 {
                for m in 0..6 {
                    let v = nus(x, n, m);
                    assert_eq!(v.birthday(), by_options(&v), "{x} {n} {m}");
                }
            }
        }
    }
}
