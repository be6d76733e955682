//! `Int`: an integer of any size, on a machine word while it fits.
//!
//! Invariant: the `Big` variant only ever holds values outside `i64`, so two equal
//! values have equal representations (derived `Eq` and `Hash` are value equality).
//! Every operation checks for overflow and moves to `BigInt` when needed: nothing
//! here wraps around.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Int {
    Small(i64),
    Big(Arc<BigInt>),
}

use Int::{Big, Small};

impl Int {
    pub const ZERO: Int = Small(0);
    pub const ONE: Int = Small(1);

    /// The normalised `Int` of a `BigInt` (small when it fits).
    pub fn from_big(b: BigInt) -> Int {
        match b.to_i64() {
            Some(v) => Small(v),
            None => Big(Arc::new(b)),
        }
    }

    pub fn to_big(&self) -> BigInt {
        match self {
            Small(v) => BigInt::from(*v),
            Big(b) => (**b).clone(),
        }
    }

    pub fn as_small(&self) -> Option<i64> {
        match self {
            Small(v) => Some(*v),
            Big(_) => None,
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, Small(0))
    }

    pub fn signum(&self) -> i32 {
        match self {
            Small(v) => v.signum() as i32,
            Big(b) => match b.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    pub fn is_odd(&self) -> bool {
        match self {
            Small(v) => v & 1 != 0,
            Big(b) => b.is_odd(),
        }
    }

    pub fn add(&self, o: &Int) -> Int {
        if let (Small(a), Small(b)) = (self, o) {
            if let Some(s) = a.checked_add(*b) {
                return Small(s);
            }
        }
        Int::from_big(self.to_big() + o.to_big())
    }

    pub fn sub(&self, o: &Int) -> Int {
        if let (Small(a), Small(b)) = (self, o) {
            if let Some(s) = a.checked_sub(*b) {
                return Small(s);
            }
        }
        Int::from_big(self.to_big() - o.to_big())
    }

    pub fn mul(&self, o: &Int) -> Int {
        if let (Small(a), Small(b)) = (self, o) {
            if let Some(s) = a.checked_mul(*b) {
                return Small(s);
            }
        }
        Int::from_big(self.to_big() * o.to_big())
    }

    pub fn add_small(&self, k: i64) -> Int {
        self.add(&Small(k))
    }

    pub fn neg(&self) -> Int {
        match self {
            Small(v) => match v.checked_neg() {
                Some(n) => Small(n),
                None => Int::from_big(-BigInt::from(*v)),
            },
            Big(b) => Int::from_big(-(**b).clone()),
        }
    }

    pub fn abs(&self) -> Int {
        if self.is_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// `self * 2^k`.
    pub fn shl(&self, k: u64) -> Int {
        if let Small(v) = self {
            if *v == 0 {
                return Small(0);
            }
            if k < 63 {
                let shifted = (*v as i128) << k;
                if let Ok(s) = i64::try_from(shifted) {
                    return Small(s);
                }
            }
        }
        Int::from_big(self.to_big() << k)
    }

    /// `floor(self / 2^k)` (an arithmetic shift).
    pub fn shr(&self, k: u64) -> Int {
        match self {
            Small(v) => Small(if k >= 64 {
                if *v < 0 {
                    -1
                } else {
                    0
                }
            } else {
                v >> k
            }),
            Big(b) => Int::from_big((**b).clone() >> k),
        }
    }

    /// The number of trailing zero bits of a non-zero value (0 for zero).
    pub fn trailing_zeros(&self) -> u64 {
        match self {
            Small(0) => 0,
            Small(v) => v.trailing_zeros() as u64,
            Big(b) => b.trailing_zeros().unwrap_or(0),
        }
    }

    /// The number of bits of `|self|` (0 for zero), like Python's `int.bit_length`.
    pub fn bit_length(&self) -> u64 {
        match self {
            Small(v) => 64 - v.unsigned_abs().leading_zeros() as u64,
            Big(b) => b.bits(),
        }
    }

    /// Bitwise xor with Python's semantics (two's complement, infinite width).
    pub fn xor(&self, o: &Int) -> Int {
        if let (Small(a), Small(b)) = (self, o) {
            return Small(a ^ b);
        }
        Int::from_big(self.to_big() ^ o.to_big())
    }

    pub fn and(&self, o: &Int) -> Int {
        if let (Small(a), Small(b)) = (self, o) {
            return Small(a & b);
        }
        Int::from_big(self.to_big() & o.to_big())
    }

    pub fn is_one(&self) -> bool {
        matches!(self, Small(1))
    }

    pub fn max(self, o: Int) -> Int {
        if self >= o {
            self
        } else {
            o
        }
    }

    /// `self mod m` for a positive machine modulus, in `0..m`.
    pub fn rem_u64(&self, m: u64) -> u64 {
        match self {
            Small(v) => (*v as i128).rem_euclid(m as i128) as u64,
            Big(b) => b.mod_floor(&BigInt::from(m)).to_u64().unwrap_or(0),
        }
    }

    pub fn pow2(k: u64) -> Int {
        Small(1).shl(k)
    }

    /// How a message shows the number (`cgtkit.errors.shown_number`): whole up to
    /// 200 bits, else the first and last ten digits and the count of digits.
    pub fn shown(&self) -> String {
        const EDGE: u32 = 10;
        let bits = self.bit_length();
        if bits <= 200 {
            return self.to_string();
        }
        let sign = if self.is_negative() { "-" } else { "" };
        let n = self.to_big().abs();
        let mut digits = ((bits - 1) as f64 * std::f64::consts::LOG10_2) as u64 + 1; // errors.shown_number's estimate
        let ten = BigInt::from(10u32);
        let low = &n % ten.pow(EDGE);
        if bits > 1 << 22 {
            return format!("{sign}...{low:0>10} ({bits} bits, about {digits} digits)");
        }
        if n >= ten.pow(digits as u32) {
            digits += 1;
        }
        let high = &n / ten.pow((digits - EDGE as u64) as u32);
        format!("{sign}{high}...{low:0>10} ({digits} digits)")
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Int {
        Small(v)
    }
}

impl From<BigInt> for Int {
    fn from(b: BigInt) -> Int {
        Int::from_big(b)
    }
}

impl Ord for Int {
    #[inline]
    fn cmp(&self, o: &Int) -> Ordering {
        match (self, o) {
            (Small(a), Small(b)) => a.cmp(b),
            // a Big value is outside i64, so its sign decides against a Small one
            (Small(_), Big(b)) => {
                if b.is_positive() {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (Big(a), Small(_)) => {
                if a.is_positive() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (Big(a), Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Int {
    #[inline]
    fn partial_cmp(&self, o: &Int) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Small(v) => write!(f, "{v}"),
            Big(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Default for Int {
    fn default() -> Int {
        Small(0)
    }
}

/// Parse a decimal digit string (no sign) of any length.
pub fn parse_decimal(digits: &str) -> Option<Int> {
    if digits.len() <= 18 {
        return digits.parse::<i64>().ok().map(Small);
    }
    digits.parse::<BigInt>().ok().map(Int::from_big)
}

#[allow(dead_code)]
fn _assert_traits() {
    let _ = BigInt::one();
    let _ = BigInt::zero();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_moves_to_big_and_back() {
        let a = Small(i64::MAX);
        let b = a.add(&Small(1));
        assert!(matches!(b, Big(_)));
        assert_eq!(b.sub(&Small(1)), Small(i64::MAX));
        assert_eq!(Small(i64::MIN).neg().neg(), Small(i64::MIN));
        assert_eq!(Small(3).shl(200).shr(200), Small(3));
        assert_eq!(Small(-5).shr(1), Small(-3));
        assert_eq!(Small(1).shl(200).trailing_zeros(), 200);
        assert_eq!(Small(1).shl(200).bit_length(), 201);
    }

    #[test]
    fn order_across_sizes() {
        let big = Small(1).shl(100);
        assert!(Small(i64::MAX) < big);
        assert!(big.neg() < Small(i64::MIN));
        assert!(big.neg() < big);
    }
}
