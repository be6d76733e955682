//! The memo of plain-int positions (heap sizes, the common case): a flat array
//! indexed by the int while it stays within a few times the number of values it holds,
//! and a hash map of `u64` for the ints beyond it, so looking up or storing such a
//! position costs no hashing of a host object and no growth of a host dictionary.
//!
//! Invariant: an entry is [`Known::Unknown`], [`Known::OnPath`] or the exact value;
//! values above [`IntTable::MAX_VALUE`] do not fit the coding (`v + 2` in 32 bits) and
//! are kept by the caller elsewhere.

use super::Known;

/// Int positions below this may be kept in the flat array (4 bytes each).
pub const ARRAY_LIMIT: u64 = 1 << 26;
/// The array may always grow to hold int positions below this (its untouched pages
/// cost no memory); beyond it, to a few times the values it holds.
const ARRAY_FREE: usize = 1 << 20;
const UNKNOWN: u32 = 0;
const ON_PATH: u32 = 1;
// a value v is stored as v + 2

/// The int table: its array, its map and how many values they hold.
#[derive(Default)]
pub struct IntTable {
    ints: Vec<u32>,
    /// the int positions beyond `ints` (same coding)
    big: hashbrown::HashMap<u64, u32>,
    /// values stored: the array grows only to a few times this, so sparse large ints
    /// cost memory in proportion to the positions solved
    stored: usize,
}

fn decode(v: u32) -> Known {
    match v {
        UNKNOWN => Known::Unknown,
        ON_PATH => Known::OnPath,
        v => Known::Value(v as u64 - 2),
    }
}

impl IntTable {
    /// The largest value the table can hold.
    pub const MAX_VALUE: u64 = u32::MAX as u64 - 2;

    /// The state of int position `i`.
    #[inline]
    pub fn get(&self, i: u64) -> Known {
        match usize::try_from(i).ok().and_then(|j| self.ints.get(j)) {
            Some(&v) if v != UNKNOWN || self.big.is_empty() => decode(v),
            _ if self.big.is_empty() => Known::Unknown,
            _ => self.big.get(&i).copied().map_or(Known::Unknown, decode),
        }
    }

    /// Set the state of int position `i` (a value at most [`Self::MAX_VALUE`]): in the
    /// array, grown to hold it when that costs at most a few times the values already
    /// stored (the entries of the map it then covers move into it), else in the map.
    pub fn set(&mut self, i: u64, state: Known) {
        let code = match state {
            Known::Unknown => UNKNOWN,
            Known::OnPath => ON_PATH,
            Known::Value(v) => {
                debug_assert!(v <= Self::MAX_VALUE);
                (v + 2) as u32
            }
        };
        if i as usize >= self.ints.len() && i < ARRAY_LIMIT && (i as usize) < ARRAY_FREE.max(8 * self.stored) {
            let size = (i as usize + 1).max(2 * self.ints.len()).min(ARRAY_LIMIT as usize);
            // zeroed memory from the allocator: the pages never touched cost nothing
            let mut grown = vec![UNKNOWN; size];
            grown[..self.ints.len()].copy_from_slice(&self.ints);
            self.ints = grown;
            if !self.big.is_empty() {
                let moved: Vec<(u64, u32)> = self.big.iter().filter(|(&k, _)| (k as usize) < size).map(|(&k, &v)| (k, v)).collect();
                for (k, v) in moved {
                    self.big.remove(&k);
                    self.ints[k as usize] = v;
                }
            }
        }
        match usize::try_from(i).ok().and_then(|j| self.ints.get_mut(j)) {
            Some(slot) => *slot = code,
            None if code == UNKNOWN => {
                self.big.remove(&i);
            }
            None => {
                self.big.insert(i, code);
            }
        }
        if let Known::Value(_) = state {
            self.stored += 1;
        }
    }

    /// How many values have been stored.
    pub fn stored(&self) -> usize {
        self.stored
    }

    /// Every `(position, value)` the table holds.
    pub fn items(&self) -> Vec<(u64, u64)> {
        let array = self.ints.iter().enumerate().map(|(i, &v)| (i as u64, v));
        let map = self.big.iter().map(|(&i, &v)| (i, v));
        array.chain(map).filter(|&(_, v)| v >= 2).map(|(i, v)| (i, v as u64 - 2)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_ints_go_to_the_map_and_move_into_the_grown_array() {
        let mut t = IntTable::default();
        let far = ARRAY_FREE as u64 + 1000;
        t.set(far, Known::Value(3));
        assert_eq!(t.get(far), Known::Value(3));
        assert_eq!(t.get(far - 1), Known::Unknown);
        t.set(5, Known::OnPath);
        assert_eq!(t.get(5), Known::OnPath);
        t.set(5, Known::Unknown);
        assert_eq!(t.get(5), Known::Unknown);
        // enough values stored: the array grows over `far` and takes it in
        for i in 0..(ARRAY_FREE as u64 / 8 + 200) {
            t.set(i, Known::Value(i % 7));
        }
        t.set(far + 1, Known::Value(1));
        assert!(t.big.is_empty());
        assert_eq!(t.get(far), Known::Value(3));
        assert_eq!(t.items().len(), ARRAY_FREE / 8 + 200 + 2);
        assert_eq!(t.get(u64::MAX), Known::Unknown);
    }
}
