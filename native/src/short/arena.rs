//! An append-only vector that many threads may read while one appends: entries
//! never move, so a reference to an entry stays valid for the life of the table.
//!
//! Chunk k holds `BASE << k` slots, allocated when first needed; a slot is written
//! once (`OnceLock`), before its index is handed to anyone, so readers never see a
//! slot half-written.  No unsafe code.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

const BASE_BITS: u32 = 10;
const CHUNKS: usize = 33;

pub struct Arena<T> {
    chunks: [OnceLock<Box<[OnceLock<T>]>>; CHUNKS],
    len: AtomicUsize,
}

fn locate(i: usize) -> (usize, usize) {
    let v = (i >> BASE_BITS) + 1;
    let k = (usize::BITS - 1 - v.leading_zeros()) as usize;
    let start = ((1usize << k) - 1) << BASE_BITS;
    (k, i - start)
}

impl<T> Arena<T> {
    pub fn new() -> Arena<T> {
        Arena { chunks: std::array::from_fn(|_| OnceLock::new()), len: AtomicUsize::new(0) }
    }

    pub fn len(&self) -> usize {
        self.len.load(Ordering::Acquire)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Append a value; its index.
    pub fn push(&self, value: T) -> usize {
        let i = self.len.fetch_add(1, Ordering::AcqRel);
        let (k, off) = locate(i);
        assert!(k < CHUNKS, "the game table is full");
        let chunk = self.chunks[k].get_or_init(|| (0..(1usize << (k as u32 + BASE_BITS))).map(|_| OnceLock::new()).collect());
        if chunk[off].set(value).is_err() {
            unreachable!("arena slot written twice");
        }
        i
    }

    /// The entry at `i` (which must have been returned by `push`).
    #[inline]
    pub fn get(&self, i: usize) -> &T {
        let (k, off) = locate(i);
        self.chunks[k].get().and_then(|c| c[off].get()).expect("no such game id")
    }

    /// Bytes held by the allocated chunks (slots, not what entries point to).
    pub fn slot_bytes(&self) -> usize {
        let mut total = 0;
        for (k, c) in self.chunks.iter().enumerate() {
            if c.get().is_some() {
                total += (1usize << (k as u32 + BASE_BITS)) * std::mem::size_of::<OnceLock<T>>();
            }
        }
        total
    }
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_and_get_across_chunks() {
        let a = Arena::new();
        for i in 0..5000usize {
            assert_eq!(a.push(i * 3), i);
        }
        for i in 0..5000usize {
            assert_eq!(*a.get(i), i * 3);
        }
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(1023), (0, 1023));
        assert_eq!(locate(1024), (1, 0));
        assert_eq!(locate(3072), (2, 0));
    }
}
