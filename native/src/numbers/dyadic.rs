//! Exact dyadic rationals `p / 2^q`, and the simplest number between two numbers.
//!
//! Invariant: normalised, so `p` is odd unless `q == 0` (and zero is `0/2^0`); equal
//! values have equal fields, so derived `Eq` and `Hash` are value equality.  The
//! twin of `cgtkit.numbers` (same algorithms, same results).

use super::int::Int;
use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    p: Int,
    q: u64,
}

impl Dyadic {
    pub fn zero() -> Dyadic {
        Dyadic { p: Int::ZERO, q: 0 }
    }

    pub fn int(n: Int) -> Dyadic {
        Dyadic { p: n, q: 0 }
    }

    pub fn small(n: i64) -> Dyadic {
        Dyadic::int(Int::from(n))
    }

    /// `p / 2^q`, normalised.
    pub fn new(p: Int, q: u64) -> Dyadic {
        if p.is_zero() || q == 0 {
            return Dyadic { p, q: 0 };
        }
        let tz = p.trailing_zeros();
        if tz == 0 {
            return Dyadic { p, q };
        }
        let shift = tz.min(q);
        Dyadic { p: p.shr(shift), q: q - shift }
    }

    pub fn numerator(&self) -> &Int {
        &self.p
    }

    pub fn exponent(&self) -> u64 {
        self.q
    }

    pub fn is_integer(&self) -> bool {
        self.q == 0
    }

    pub fn is_zero(&self) -> bool {
        self.p.is_zero()
    }

    pub fn signum(&self) -> i32 {
        self.p.signum()
    }

    fn aligned(&self, o: &Dyadic) -> (Int, Int, u64) {
        let q = self.q.max(o.q);
        (self.p.shl(q - self.q), o.p.shl(q - o.q), q)
    }

    pub fn add(&self, o: &Dyadic) -> Dyadic {
        if self.q == 0 && o.q == 0 {
            return Dyadic::int(self.p.add(&o.p));
        }
        let (a, b, q) = self.aligned(o);
        Dyadic::new(a.add(&b), q)
    }

    pub fn sub(&self, o: &Dyadic) -> Dyadic {
        self.add(&o.neg())
    }

    pub fn neg(&self) -> Dyadic {
        Dyadic { p: self.p.neg(), q: self.q }
    }

    /// `self * 2^k` for any integer k.
    pub fn shift(&self, k: i64) -> Dyadic {
        if k >= 0 {
            let k = k as u64;
            if k <= self.q {
                Dyadic { p: self.p.clone(), q: self.q - k }
            } else {
                Dyadic::int(self.p.shl(k - self.q))
            }
        } else {
            Dyadic::new(self.p.clone(), self.q + k.unsigned_abs())
        }
    }

    pub fn half(&self) -> Dyadic {
        self.shift(-1)
    }

    pub fn mul_int(&self, n: &Int) -> Dyadic {
        Dyadic::new(self.p.mul(n), self.q)
    }

    pub fn floor(&self) -> Int {
        self.p.shr(self.q)
    }

    pub fn ceil(&self) -> Int {
        self.p.neg().shr(self.q).neg()
    }

    /// The canonical options of the number: `n = {n-1|}`, `-n = {|-n+1}`,
    /// `p/2^q = {(p-1)/2^q | (p+1)/2^q}`.
    pub fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.q > 0 {
            return (Some(Dyadic::new(self.p.add_small(-1), self.q)), Some(Dyadic::new(self.p.add_small(1), self.q)));
        }
        match self.p.signum() {
            1 => (Some(Dyadic::int(self.p.add_small(-1))), None),
            -1 => (None, Some(Dyadic::int(self.p.add_small(1)))),
            _ => (None, None),
        }
    }

    /// The birthday of the number: `|n|` for an integer, `floor|x| + q + 1` otherwise.
    pub fn birthday(&self) -> Int {
        if self.q == 0 {
            return self.p.abs();
        }
        self.p.abs().shr(self.q).add(&Int::from(self.q as i64 + 1))
    }

    /// A float no further than rounding from the value, monotone in the value
    /// (so it may refute an order, never assert one).
    pub fn to_f64(&self) -> f64 {
        match self.p.as_small() {
            Some(p) if self.q < 1000 => {
                // i64 -> f64 rounds to nearest; dividing by a power of two is exact
                // unless it underflows, which stays monotone
                (p as f64) / 2f64.powi(self.q.min(1023) as i32)
            }
            _ => {
                let big = self.p.to_big();
                let bits = self.p.bit_length() as i64;
                let e = bits - self.q as i64; // value ~ 2^e
                if e > 1100 {
                    return if self.p.is_negative() { f64::NEG_INFINITY } else { f64::INFINITY };
                }
                if e < -1100 {
                    return if self.p.is_negative() { -0.0 } else { 0.0 };
                }
                // keep the top 64 bits: truncation toward zero is monotone
                let drop = (bits - 64).max(0) as u64;
                let top = Int::from_big(big.clone() >> drop);
                let t = top.as_small().map(|v| v as f64).unwrap_or(0.0);
                t * 2f64.powi((drop as i64 - self.q as i64) as i32)
            }
        }
    }
}

impl Ord for Dyadic {
    #[inline]
    fn cmp(&self, o: &Dyadic) -> Ordering {
        if self.q == o.q {
            return self.p.cmp(&o.p);
        }
        let (sa, sb) = (self.p.signum(), o.p.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        if let (Some(a), Some(b)) = (self.p.as_small(), o.p.as_small()) {
            let (qa, qb) = (self.q, o.q);
            let d = qa.abs_diff(qb);
            if d < 60 {
                let (x, y) = if qa <= qb { ((a as i128) << d, b as i128) } else { (a as i128, (b as i128) << d) };
                return x.cmp(&y);
            }
        }
        let (a, b, _) = self.aligned(o);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    #[inline]
    fn partial_cmp(&self, o: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.q == 0 {
            write!(f, "{}", self.p)
        } else {
            write!(f, "{}/{}", self.p, Int::pow2(self.q))
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The simplest number `x` with `lo < x < hi` (`None`: unbounded on that side), or
/// `None` when `lo >= hi`.  A constant number of big-integer steps.
pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
    if let (Some(l), Some(h)) = (lo, hi) {
        if l >= h {
            return None;
        }
    }
    let lo_neg = lo.is_none_or(|l| l.signum() < 0);
    let hi_pos = hi.is_none_or(|h| h.signum() > 0);
    if lo_neg && hi_pos {
        return Some(Dyadic::zero());
    }
    let upward = match (lo, hi) {
        (Some(l), h) => h.is_none() || l.signum() >= 0,
        (None, _) => false,
    };
    if upward {
        // everything is >= 0 here: the least integer above lo, if it fits
        let candidate = Dyadic::int(lo?.floor().add_small(1));
        if hi.is_none_or(|h| &candidate < h) {
            return Some(candidate);
        }
    } else {
        // everything is <= 0 here: the greatest integer below hi, if it fits
        let candidate = Dyadic::int(hi?.ceil().add_small(-1));
        if lo.is_none_or(|l| &candidate > l) {
            return Some(candidate);
        }
    }
    // No integer fits: the dyadic with the least denominator.  In units of 2^-q the
    // answer is the integer of [a, b] divisible by the highest power of two: a itself
    // if a has no bit set at or below the highest bit t where a and b differ, else the
    // common prefix with bit t set.
    let (l, h) = (lo.unwrap(), hi.unwrap());
    let q = l.q.max(h.q);
    let a = l.p.shl(q - l.q).add_small(1);
    let b = h.p.shl(q - h.q).add_small(-1);
    if a > b {
        // neighbours at 2^-q: their midpoint, one level down
        return Some(Dyadic::new(a.shl(1).add_small(-1), q + 1));
    }
    let diff = a.xor(&b);
    let m = if diff.is_zero() {
        a
    } else {
        let top = diff.bit_length() - 1;
        let low_mask = Int::pow2(top + 1).add_small(-1);
        if a.and(&low_mask).is_zero() {
            a
        } else {
            b.shr(top).shl(top)
        }
    };
    let zeros = m.trailing_zeros();
    Some(Dyadic::new(m.shr(zeros), q - zeros.min(q)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(p: i64, q: u64) -> Dyadic {
        Dyadic::new(Int::from(p), q)
    }

    #[test]
    fn normalised() {
        assert_eq!(d(6, 3), d(3, 2));
        assert_eq!(d(0, 5), Dyadic::zero());
        assert_eq!(d(4, 1), Dyadic::small(2));
        assert_eq!(format!("{}", d(-3, 3)), "-3/8");
    }

    #[test]
    fn simplest() {
        let s = |lo: Option<Dyadic>, hi: Option<Dyadic>| simplest_between(lo.as_ref(), hi.as_ref()).unwrap();
        assert_eq!(s(None, None), Dyadic::zero());
        assert_eq!(s(None, Some(Dyadic::small(-2))), Dyadic::small(-3));
        assert_eq!(s(Some(d(5, 3)), Some(d(3, 2))), d(11, 4));
        assert_eq!(s(Some(d(1, 2)), Some(Dyadic::small(1))), d(1, 1));
        assert_eq!(s(Some(Dyadic::small(0)), Some(Dyadic::small(1))), d(1, 1));
        assert!(simplest_between(Some(&Dyadic::small(1)), Some(&Dyadic::small(1))).is_none());
        let big = Dyadic::int(Int::pow2(200));
        assert_eq!(s(Some(big.clone()), None), Dyadic::int(Int::pow2(200).add_small(1)));
        let tiny = Dyadic::new(Int::from(1), 300);
        assert_eq!(s(Some(Dyadic::zero()), Some(tiny.clone())), Dyadic::new(Int::from(1), 301));
    }

    #[test]
    fn order() {
        assert!(d(1, 2) < d(1, 1));
        assert!(d(-1, 300) < Dyadic::zero());
        assert!(Dyadic::int(Int::pow2(200)) > d(3, 1));
        assert!(d(1, 1).to_f64() == 0.5);
    }
}
