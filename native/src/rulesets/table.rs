//! The transposition table of a ruleset: normalised component keys to values
//! (engine ids, or nim values for impartial rulesets).
//!
//! Invariant: bounded.  The table is split into shards behind their own locks
//! (threads share it); each shard keeps two generations, and when the young one
//! reaches half the shard's share of the bound, the old one is dropped and the young
//! one becomes old.  A hit in the old generation moves the entry to the young one,
//! so what is used stays.  An evicted value is recomputed when next needed: answers
//! never change, only the time.  Hits, misses and evictions are counted.

use hashbrown::hash_table::Entry;
use hashbrown::{Equivalent, HashTable};
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

const SHARDS: usize = 64;

/// One generation of a shard: its entries placed by the hash the caller gives, so a
/// key is hashed once per probe (for its shard and its place in both generations;
/// an entry is hashed again only when its generation grows).
type Generation<K> = HashTable<(K, u32)>;

struct Shard<K> {
    young: Generation<K>,
    old: Generation<K>,
    hits: u64,
    misses: u64,
    evicted: u64,
}

pub struct TTable<K> {
    shards: Box<[Mutex<Shard<K>>]>,
    /// the bound, in entries
    cap: AtomicUsize,
    hasher: hashbrown::DefaultHashBuilder,
}

/// Counts of a table (see [`TTable::stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub entries: usize,
    pub bytes: usize,
    pub bound: usize,
    pub hits: u64,
    pub misses: u64,
    pub evicted: u64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<K: Hash + Eq> TTable<K> {
    /// A table holding at most `entries` values.
    pub fn new(entries: usize) -> Self {
        TTable {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard { young: HashTable::new(), old: HashTable::new(), hits: 0, misses: 0, evicted: 0 })).collect(),
            cap: AtomicUsize::new(entries.max(SHARDS * 2)),
            hasher: Default::default(),
        }
    }

    /// Bytes one entry takes in a hash map (key, value, control byte), before the
    /// maps' spare room.
    pub const fn entry_bytes() -> usize {
        std::mem::size_of::<(K, u32)>() + 1
    }

    /// The entries that fit in `bytes` (a hash map may hold up to twice its
    /// entries' bytes: spare room, capacities rounded up to powers of two).
    pub const fn entries_in(bytes: usize) -> usize {
        bytes / (2 * Self::entry_bytes())
    }

    /// The hash of `k` and its shard: bits 32 to 37 of the hash pick the shard, as
    /// a generation places an entry by the low bits and tags it by the top 7 (so
    /// neither is the same for every entry of a shard).
    #[inline]
    fn shard<Q: Hash + ?Sized>(&self, k: &Q) -> (&Mutex<Shard<K>>, u64) {
        let h = self.hasher.hash_one(k);
        (&self.shards[(h >> 32) as usize % SHARDS], h)
    }

    /// The value of `k`, or of the key `k` stands for (a borrowed form that hashes
    /// as the key does, [`Equivalent`]).
    #[inline]
    pub fn get<Q: Hash + Equivalent<K> + ?Sized>(&self, k: &Q) -> Option<u32> {
        self.find(k).ok()
    }

    /// [`TTable::get`], a miss giving the hash of `k` (for [`TTable::insert_missed`]).
    #[inline]
    pub fn find<Q: Hash + Equivalent<K> + ?Sized>(&self, k: &Q) -> Result<u32, u64> {
        let (m, h) = self.shard(k);
        let mut s = lock(m);
        if let Some(&(_, v)) = s.young.find(h, |e| k.equivalent(&e.0)) {
            s.hits += 1;
            return Ok(v);
        }
        if let Ok(found) = s.old.find_entry(h, |e| k.equivalent(&e.0)) {
            let ((k, v), _) = found.remove();
            s.hits += 1;
            self.put(&mut s, h, k, v);
            return Ok(v);
        }
        s.misses += 1;
        Err(h)
    }

    #[inline]
    pub fn insert(&self, k: K, v: u32) {
        let (m, h) = self.shard(&k);
        let mut s = lock(m);
        self.put(&mut s, h, k, v);
    }

    /// `k` to `v` where [`TTable::find`] of `k` missed with hash `h`: placed without
    /// hashing `k` again.  It is still looked for in the young generation, as
    /// [`TTable::insert`] does: another thread may have placed `k` since, and a key
    /// placed twice would be counted, saved and loaded twice.
    #[inline]
    pub fn insert_missed(&self, h: u64, k: K, v: u32) {
        let mut s = lock(&self.shards[(h >> 32) as usize % SHARDS]);
        self.put(&mut s, h, k, v);
    }

    /// `k` (of hash `h`) to `v` in the young generation, which, when full, first
    /// becomes the old one (the old one dropped).
    fn put(&self, s: &mut Shard<K>, h: u64, k: K, v: u32) {
        self.turn(s);
        let rehash = |e: &(K, u32)| self.hasher.hash_one(&e.0);
        match s.young.entry(h, |e| e.0 == k, rehash) {
            Entry::Occupied(mut o) => o.get_mut().1 = v,
            Entry::Vacant(at) => {
                at.insert((k, v));
            }
        }
    }

    /// The young generation made the old one (the old one dropped) when it is full.
    #[inline]
    fn turn(&self, s: &mut Shard<K>) {
        let half = (self.cap.load(Ordering::Relaxed) / SHARDS / 2).max(1);
        if s.young.len() >= half {
            s.evicted += s.old.len() as u64;
            std::mem::swap(&mut s.young, &mut s.old);
            s.young.clear();
            if s.young.capacity() > 2 * half {
                s.young.shrink_to(half, |e: &(K, u32)| self.hasher.hash_one(&e.0));
            }
        }
    }

    /// Forget every value (the counts stay).
    pub fn clear(&self) {
        for m in self.shards.iter() {
            let mut s = lock(m);
            s.young = HashTable::new();
            s.old = HashTable::new();
        }
    }

    /// Bound the table to `entries` values (a table over it is trimmed at once).
    pub fn set_bound(&self, entries: usize) {
        let cap = entries.max(SHARDS * 2);
        self.cap.store(cap, Ordering::Relaxed);
        let half = cap / SHARDS / 2;
        for m in self.shards.iter() {
            let mut s = lock(m);
            if s.young.len() + s.old.len() > 2 * half {
                let dropped = s.old.len() + s.young.len().saturating_sub(half);
                s.evicted += dropped as u64;
                s.old = HashTable::new();
                if s.young.len() > half {
                    s.young = HashTable::new();
                }
            }
        }
    }

    /// Every entry, both generations (for saving a table; the counts do not change).
    pub fn entries(&self) -> Vec<(K, u32)>
    where
        K: Clone,
    {
        let mut out = Vec::with_capacity(self.len());
        for m in self.shards.iter() {
            let s = lock(m);
            out.extend(s.old.iter().chain(s.young.iter()).map(|(k, v)| (k.clone(), *v)));
        }
        out
    }

    /// `f` on every entry, both generations, shard by shard (each shard locked while
    /// its entries are handed over; the counts do not change).
    pub fn for_each(&self, mut f: impl FnMut(&K, u32)) {
        for m in self.shards.iter() {
            let s = lock(m);
            for (k, v) in s.old.iter().chain(s.young.iter()) {
                f(k, *v);
            }
        }
    }

    pub fn bound(&self) -> usize {
        self.cap.load(Ordering::Relaxed)
    }

    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|m| {
                let s = lock(m);
                s.young.len() + s.old.len()
            })
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn stats(&self) -> Stats {
        let mut st = Stats { bound: self.bound(), ..Stats::default() };
        for m in self.shards.iter() {
            let s = lock(m);
            st.entries += s.young.len() + s.old.len();
            st.bytes += (s.young.capacity() + s.old.capacity()) * Self::entry_bytes();
            st.hits += s.hits;
            st.misses += s.misses;
            st.evicted += s.evicted;
        }
        st
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_and_counted() {
        let t: TTable<u64> = TTable::new(256);
        for k in 0..10_000u64 {
            t.insert(k, k as u32);
            assert!(t.len() <= t.bound(), "{} > {}", t.len(), t.bound());
        }
        let st = t.stats();
        assert!(st.evicted > 0);
        // the latest entries are still there
        assert_eq!(t.get(&9_999), Some(9_999));
        assert_eq!(t.get(&123_456), None);
        let st2 = t.stats();
        assert_eq!((st2.hits, st2.misses), (st.hits + 1, st.misses + 1));
        let mut all = t.entries();
        all.sort_unstable();
        assert_eq!(all.len(), t.len());
        assert!(all.iter().all(|&(k, v)| v == k as u32) && all.last() == Some(&(9_999, 9_999)));
        t.clear();
        assert!(t.is_empty());
        t.insert(1, 2);
        t.set_bound(1);
        assert!(t.len() <= t.bound());
    }

    #[test]
    fn a_miss_placed_by_its_hash_is_found() {
        // insert_missed with find's hash: as insert, bounded, its generations turning
        let t: TTable<u64> = TTable::new(256);
        for k in 0..10_000u64 {
            let h = t.find(&k).expect_err("not there yet");
            t.insert_missed(h, k, k as u32 + 1);
            assert_eq!(t.get(&k), Some(k as u32 + 1));
            assert!(t.len() <= t.bound(), "{} > {}", t.len(), t.bound());
        }
        assert!(t.stats().evicted > 0);
        assert_eq!(t.find(&9_998), Ok(9_999));
        assert!(t.entries().iter().all(|&(k, v)| v == k as u32 + 1));
    }
}
