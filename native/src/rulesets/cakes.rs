//! Eatcake (mirrors `Eatcake` in `cgtkit.rulesets.cakes`): Left eats one whole column
//! of a `w x h` cake, Right one whole row; eating a column in the middle leaves two
//! cakes.  A cake is keyed `w << 32 | h`; turned a quarter it is the negative (the
//! mirror).  The proved shortcuts of `eatcake_known`, used the same way as the
//! Python search uses them (for every cake met): both sides odd is `*`, an even
//! `w x 1` strip is `v` and an even `1 x h` strip `^`.

use super::codec::Arg;
use super::search::{Options, Rules};
use crate::short::{Engine, Res};

pub struct Eatcake;

/// The key of a cake, or None when a side is 0 or does not fit 32 bits.
pub fn key(w: u64, h: u64) -> Option<u64> {
    (w > 0 && h > 0 && w <= u32::MAX as u64 && h <= u32::MAX as u64).then_some(w << 32 | h)
}

impl Rules for Eatcake {
    type Key = u64;

    /// A position is given as cakes `(w, h)`, positive ints.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<u64>>, String> {
        let mut parts = Vec::with_capacity(keys.len());
        for k in keys {
            let sides = k.items(2).filter(|v| v.iter().all(|x| x.is_natural(false)));
            let Some([w, h]) = sides else { return Err(format!("a cake's sides are positive ints, not {k}")) };
            match w.int::<u64>().zip(h.int::<u64>()).and_then(|(w, h)| key(w, h)) {
                Some(c) => parts.push(c),
                None => return Ok(None),
            }
        }
        Ok(Some(parts))
    }

    fn expand(&self, k: u64, out: &mut Options<u64>) {
        let (w, h) = (k >> 32, k & 0xFFFF_FFFF);
        for i in 0..w.div_ceil(2) {
            for a in [i, w - 1 - i] {
                if a > 0 {
                    out.part(a << 32 | h);
                }
            }
            out.done();
        }
        out.end_side();
        for j in 0..h.div_ceil(2) {
            for b in [j, h - 1 - j] {
                if b > 0 {
                    out.part(w << 32 | b);
                }
            }
            out.done();
        }
        out.end_side();
    }

    fn quick(&self, k: u64, e: &Engine) -> Res<Option<u32>> {
        let (w, h) = (k >> 32, k & 0xFFFF_FFFF);
        let star = || e.canonical(vec![e.zero], vec![e.zero]);
        if w % 2 == 1 && h % 2 == 1 {
            return star().map(Some);
        }
        if h == 1 || w == 1 {
            let down = e.canonical(vec![star()?], vec![e.zero])?;
            return if h == 1 { Ok(Some(down)) } else { e.neg(down).map(Some) };
        }
        Ok(None)
    }

    fn mirror(&self, k: u64) -> Option<u64> {
        Some((k & 0xFFFF_FFFF) << 32 | k >> 32)
    }
}
