//! A ruleset's key codec: how a position reaches the native search and how a
//! component key becomes bytes and back.
//!
//! `py/` marshals whatever Python passes (ints, strings, tuples and lists of them)
//! into an [`Arg`] and nothing more; each ruleset reads its own positions out of
//! `Arg`s (`Rules::read`, in its own file), so no decoder of a ruleset's keys lives
//! outside that ruleset.  A component key is a fixed run of bytes ([`KeyBytes`]):
//! `put` then `take` gives the key back, so keys of different rulesets can be kept
//! side by side as bytes (a later search over sums of several rulesets).

use num_bigint::{BigInt, Sign};
use std::fmt;

/// A value passed to a native ruleset: an int of any size, a string, or a list
/// (a Python tuple or list) of values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Int(BigInt),
    Str(String),
    List(Vec<Arg>),
}

impl Arg {
    /// The int as a `T`, if it is an int that fits one.
    pub fn int<T: for<'a> TryFrom<&'a BigInt>>(&self) -> Option<T> {
        match self {
            Arg::Int(b) => T::try_from(b).ok(),
            _ => None,
        }
    }

    /// Whether it is an int above zero (or at least zero with `zero`), of any size.
    pub fn is_natural(&self, zero: bool) -> bool {
        match self {
            Arg::Int(b) => b.sign() == Sign::Plus || (zero && b.sign() == Sign::NoSign),
            _ => false,
        }
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            Arg::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The items of a list of exactly `n` items.
    pub fn items(&self, n: usize) -> Option<&[Arg]> {
        match self {
            Arg::List(v) if v.len() == n => Some(v),
            _ => None,
        }
    }

    pub fn list(&self) -> Option<&[Arg]> {
        match self {
            Arg::List(v) => Some(v),
            _ => None,
        }
    }
}

/// As Python writes it (`3`, `'T.F'`, `(1, 2)`), for error messages.
impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(b) => write!(f, "{b}"),
            Arg::Str(s) => write!(f, "{s:?}"),
            Arg::List(v) => {
                write!(f, "(")?;
                for (i, a) in v.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, ")")
            }
        }
    }
}

/// A component key as a fixed number of bytes (little-endian words).
pub trait KeyBytes: Sized {
    fn put(&self, out: &mut Vec<u8>);
    /// The key whose bytes begin `b` and the bytes after it; None when too short.
    fn take(b: &[u8]) -> Option<(Self, &[u8])>;
}

impl KeyBytes for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let (head, rest) = b.split_first_chunk::<8>()?;
        Some((u64::from_le_bytes(*head), rest))
    }
}

impl KeyBytes for u128 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let (head, rest) = b.split_first_chunk::<16>()?;
        Some((u128::from_le_bytes(*head), rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        let mut b = Vec::new();
        7u64.put(&mut b);
        (u128::MAX - 3).put(&mut b);
        let (x, rest) = u64::take(&b).unwrap();
        let (y, rest) = u128::take(rest).unwrap();
        assert_eq!((x, y, rest.len()), (7, u128::MAX - 3, 0));
        assert!(u128::take(&b[..10]).is_none());
    }

    #[test]
    fn shown_as_python_writes_it() {
        let a = Arg::List(vec![Arg::Int(3.into()), Arg::Str("T.F".into())]);
        assert_eq!(a.to_string(), "(3, \"T.F\")");
        assert_eq!(a.items(2).unwrap()[0].int::<u32>(), Some(3));
        assert!(Arg::Int((-1).into()).int::<u32>().is_none() && !Arg::Int(0.into()).is_natural(false));
    }
}
