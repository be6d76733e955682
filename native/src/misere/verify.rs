//! The P- and N-conditions of a candidate quotient, word by word (the twin of
//! `cgtkit/misere/verify.py`).  Transition sets are bitsets over the elements.

use super::monoid::Monoid;
use super::Fail;
use crate::short::tick;

/// A set of elements as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits(pub Vec<u64>);

impl Bits {
    pub fn new(m: usize) -> Bits {
        Bits(vec![0; m.div_ceil(64)])
    }
    #[inline]
    pub fn insert(&mut self, x: u32) {
        self.0[x as usize >> 6] |= 1u64 << (x & 63);
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    pub fn subset_of(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some((i as u32) * 64 + b)
            })
        })
    }
    fn any_in(&self, p: &[bool]) -> bool {
        self.iter().any(|t| p[t as usize])
    }
}

pub type Word = Vec<u32>;

/// `a < b` in the order of words: the last (largest) heap most significant.
pub fn word_less(a: &[u32], b: &[u32]) -> bool {
    a.iter().rev().lt(b.iter().rev())
}

fn step(q: &Monoid, e: u32, s: &Bits, g: u32, trans: &[u32]) -> (u32, Bits) {
    let mut out = Bits::new(q.m);
    for t in s.iter() {
        out.insert(q.prod(t, g));
    }
    for &t in trans {
        out.insert(q.prod(e, t));
    }
    (q.prod(e, g), out)
}

/// Least words of the elements reached, and the P-portion (`p` itself, or marked from
/// the least words when `None`).
pub fn explore(q: &Monoid, phi: &[u32], trans: &[Vec<u32>], p: Option<&[bool]>) -> Result<(Vec<Option<Word>>, Vec<bool>), Fail> {
    let r = phi.len();
    let mut words: Vec<Option<Word>> = vec![None; q.m];
    let mark = p.is_none();
    let mut out: Vec<bool> = match p {
        Some(p) => p.to_vec(),
        None => vec![false; q.m],
    };
    let mut e_at = vec![0u32; r + 1];
    let mut s_at = vec![Bits::new(q.m); r + 1];
    let mut k = vec![0u32; r];
    words[0] = Some(k.clone());
    let mut j = 0;
    while j < r {
        tick().map_err(|_| Fail::Interrupted)?;
        let (e, s) = step(q, e_at[j], &s_at[j], phi[j], &trans[j]);
        if words[e as usize].is_some() {
            k[j] = 0;
            j += 1;
            continue;
        }
        k[j] += 1;
        for i in (0..j).rev() {
            k[i] = 0;
            e_at[i] = e;
            s_at[i] = s.clone();
        }
        words[e as usize] = Some(k.clone());
        if mark {
            out[e as usize] = !s.is_empty() && !s.any_in(&out);
        }
        e_at[j] = e;
        s_at[j] = s;
        j = 0;
    }
    Ok((words, out))
}

/// The least word breaking the P-condition.
pub fn p_failure(q: &Monoid, p: &[bool], phi: &[u32], trans: &[Vec<u32>], words: &[Option<Word>]) -> Option<Word> {
    let mut best: Option<Word> = None;
    for (x, w) in words.iter().enumerate().take(q.m) {
        let Some(w) = w else { continue };
        let row = x * q.m;
        for (i, &g) in phi.iter().enumerate() {
            if p[q.mul[row + g as usize] as usize] && trans[i].iter().any(|&t| p[q.mul[row + t as usize] as usize]) {
                let mut f = w.clone();
                f[i] += 1;
                if best.as_ref().is_none_or(|b| word_less(&f, b)) {
                    best = Some(f);
                }
            }
        }
    }
    best
}

/// The least word breaking the N-condition, searching below `limit`.
pub fn n_failure(q: &Monoid, p: &[bool], phi: &[u32], trans: &[Vec<u32>], limit: Option<&Word>) -> Result<Option<Word>, Fail> {
    let r = phi.len();
    let mut lows: Vec<Vec<Bits>> = vec![Vec::new(); q.m];
    let mut e_at = vec![0u32; r + 1];
    let mut s_at = vec![Bits::new(q.m); r + 1];
    let mut k = vec![0u32; r];
    let mut j = 0;
    while j < r {
        tick().map_err(|_| Fail::Interrupted)?;
        let (e, s) = step(q, e_at[j], &s_at[j], phi[j], &trans[j]);
        let low = &mut lows[e as usize];
        if low.iter().any(|t| t.subset_of(&s)) {
            k[j] = 0;
            j += 1;
            continue;
        }
        low.retain(|t| !s.subset_of(t));
        low.push(s.clone());
        k[j] += 1;
        for i in (0..j).rev() {
            k[i] = 0;
            e_at[i] = e;
            s_at[i] = s.clone();
        }
        if let Some(l) = limit {
            if !word_less(&k, l) {
                return Ok(None);
            }
        }
        let fails = !p[e as usize] && !s.any_in(p);
        e_at[j] = e;
        s_at[j] = s;
        if fails {
            return Ok(Some(k));
        }
        j = 0;
    }
    Ok(None)
}
