//! Generalized Toads and Frogs and Elephants and Rhinos (mirrors
//! `cgtkit.rulesets.gen_toads` and `cgtkit.rulesets.elephants`): a strip of Left's
//! toads `X` moving right and Right's frogs `O` moving left.  A piece whose next
//! square is empty slides `min..=max` squares over empty squares onto an empty one;
//! a piece whose next square is occupied jumps the run in front of it (at most
//! `jump` pieces, all the opponent's unless `friendly`) onto the empty square
//! beyond.  Elephants and Rhinos is `1,1,0,0`.
//!
//! A strip is 2 bits a square (1 toad, 2 frog) with the rules in bits 96..115 and its
//! length in the top byte, so strips up to `MAX_LEN` squares and rules below 64.
//! Frogs at the left end and toads at the right end never move and are dropped;
//! without jumps a strip also splits at `XO` and at `O..X`, and empty squares before the first
//! toad (nothing before it) or after the last frog are dropped.  A strip reversed
//! with the pieces swapped is the negative.

use super::bits::{Bits, K128};
use super::codec::Arg;
use super::search::{Options, Rules};

pub const MAX_LEN: usize = 48;
const E: u8 = 0;
const X: u8 = 1;
const O: u8 = 2;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    pub min: u8,
    pub max: u8,
    pub jump: u8,
    pub friendly: bool,
}

/// Elephants and Rhinos' rules.
pub const ELEPHANTS: Params = Params { min: 1, max: 1, jump: 0, friendly: false };

/// The search: `fixed` rules (Elephants and Rhinos: strips are plain) or the rules
/// read with each strip (`min,max,jump,friendly:strip`).
pub struct GenToads {
    pub fixed: Option<Params>,
}

impl Params {
    fn pack(self) -> Bits {
        (self.min as Bits) | ((self.max as Bits) << 6) | ((self.jump as Bits) << 12) | ((self.friendly as Bits) << 18)
    }
    fn unpack(b: Bits) -> Params {
        Params { min: (b & 63) as u8, max: ((b >> 6) & 63) as u8, jump: ((b >> 12) & 63) as u8, friendly: (b >> 18) & 1 == 1 }
    }
}

fn key(p: Params, s: &[u8]) -> K128 {
    let mut b: Bits = p.pack() << 96;
    for (i, &c) in s.iter().enumerate() {
        b |= (c as Bits) << (2 * i);
    }
    K128::with_dim(b, s.len() as u32)
}

fn decode(k: K128, out: &mut [u8; MAX_LEN]) -> (Params, usize) {
    let n = k.dim() as usize;
    let b = k.bits();
    for (i, c) in out.iter_mut().enumerate().take(n) {
        *c = ((b >> (2 * i)) & 3) as u8;
    }
    (Params::unpack(b >> 96), n)
}

/// The squares a piece at `i` of `me` may move to.
fn targets(p: Params, s: &[u8], i: usize, me: u8, out: &mut Vec<usize>) {
    let n = s.len() as i64;
    let d: i64 = if me == X { 1 } else { -1 };
    let at = |k: i64| i as i64 + k * d;
    if !(0..n).contains(&at(1)) {
        return;
    }
    if s[at(1) as usize] == E {
        for k in 1..=p.max as i64 {
            let j = at(k);
            if !(0..n).contains(&j) || s[j as usize] != E {
                break;
            }
            if k >= p.min as i64 {
                out.push(j as usize);
            }
        }
    } else {
        let mut k = 1;
        while (0..n).contains(&at(k)) && s[at(k) as usize] != E {
            if k > p.jump as i64 || (s[at(k) as usize] == me && !p.friendly) {
                return;
            }
            k += 1;
        }
        if (0..n).contains(&at(k)) {
            out.push(at(k) as usize);
        }
    }
}

/// Whether a piece at `i` of `me` has a move: the first square of [`targets`].
fn can_move(p: Params, s: &[u8], i: usize, me: u8) -> bool {
    let n = s.len() as i64;
    let d: i64 = if me == X { 1 } else { -1 };
    let at = |k: i64| i as i64 + k * d;
    if !(0..n).contains(&at(1)) {
        return false;
    }
    if s[at(1) as usize] == E {
        // a slide of `min` squares needs them all empty
        return (1..=p.min as i64).all(|k| (0..n).contains(&at(k)) && s[at(k) as usize] == E);
    }
    let mut k = 1;
    while (0..n).contains(&at(k)) && s[at(k) as usize] != E {
        if k > p.jump as i64 || (s[at(k) as usize] == me && !p.friendly) {
            return false;
        }
        k += 1;
    }
    (0..n).contains(&at(k))
}

fn has_move(p: Params, s: &[u8]) -> bool {
    (0..s.len()).any(|i| s[i] != E && can_move(p, s, i, s[i]))
}

/// The parts of a strip where a move is possible.  Without jumps no piece passes
/// another, so the strip splits between a toad and a frog next to it (`XO`: neither
/// moves towards the other) and between a frog and the next piece when that is a
/// toad (`O..X`: they move apart, and no piece can reach the empty squares between
/// them, which are dropped).
fn parts(p: Params, s: &[u8], out: &mut Vec<K128>) {
    if p.jump == 0 {
        let mut start = 0;
        let mut last = None; // the last piece before i: (where, whose)
        for i in 0..s.len() {
            if s[i] == E {
                continue;
            }
            match last {
                Some((j, X)) if s[i] == O && j + 1 == i => {
                    chunk(p, &s[start..i], out);
                    start = i;
                }
                Some((j, O)) if s[i] == X => {
                    chunk(p, &s[start..=j], out);
                    start = i;
                }
                _ => {}
            }
            last = Some((i, s[i]));
        }
        chunk(p, &s[start..], out);
    } else {
        chunk(p, s, out);
    }
}

/// The part of the run `c` (no split left in it) where a move is possible, if any.
fn chunk(p: Params, c: &[u8], out: &mut Vec<K128>) {
    let mut a = c.iter().position(|&x| x != O).unwrap_or(c.len());
    let mut b = c.iter().rposition(|&x| x != X).map_or(a, |k| k + 1).max(a);
    if p.jump == 0 {
        if let Some(f) = c[a..b].iter().position(|&x| x != E) {
            if c[a + f] == X {
                a += f;
            }
        }
        if let Some(l) = c[a..b].iter().rposition(|&x| x != E) {
            if c[a + l] == O {
                b = a + l + 1;
            }
        }
    }
    if has_move(p, &c[a..b]) {
        out.push(key(p, &c[a..b]));
    }
}

fn parse(text: &str) -> Result<Vec<u8>, String> {
    text.chars()
        .enumerate()
        .map(|(i, ch)| match ch {
            'X' | 'x' => Ok(X),
            'O' | 'o' => Ok(O),
            '.' => Ok(E),
            _ => Err(format!("GenToads: illegal character {ch:?} at column {} (allowed: 'X', 'O', '.')", i + 1)),
        })
        .collect()
}

fn parse_params(text: &str) -> Result<Option<Params>, String> {
    let v: Vec<u64> = text.split(',').map(|t| t.trim().parse::<u64>()).collect::<Result<_, _>>().map_err(|_| format!("GenToads: bad rules {text:?}"))?;
    if v.len() != 4 || v[0] == 0 || v[0] > v[1] || v[3] > 1 {
        return Err(format!("GenToads: bad rules {text:?}"));
    }
    if v[1] > 63 || v[2] > 63 {
        return Ok(None);
    }
    Ok(Some(Params { min: v[0] as u8, max: v[1] as u8, jump: v[2] as u8, friendly: v[3] == 1 }))
}

/// The options of the pieces `me` (`X`: Left's toads, `O`: Right's frogs) in strip
/// `k`, each move's parts, then the end of the side.
fn side(k: K128, me: u8, out: &mut Options<K128>) {
    let mut buf = [0u8; MAX_LEN];
    let (p, n) = decode(k, &mut buf);
    let s = &buf[..n];
    let (mut t, mut ks) = (Vec::new(), Vec::new());
    for i in 0..n {
        if s[i] != me {
            continue;
        }
        t.clear();
        targets(p, s, i, me, &mut t);
        for &j in &t {
            let mut o = buf;
            o[i] = E;
            o[j] = me;
            ks.clear();
            parts(p, &o[..n], &mut ks);
            for &q in &ks {
                out.part(q);
            }
            out.done();
        }
    }
    out.end_side();
}

impl Rules for GenToads {
    type Key = K128;

    /// Each part is a string: a strip (fixed rules) or `min,max,jump,friendly:strip`.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<K128>>, String> {
        let mut out = Vec::new();
        for k in keys {
            let text = k.str().ok_or_else(|| format!("a strip is a string, not {k}"))?;
            let (p, strip) = match self.fixed {
                Some(p) => (p, text),
                None => {
                    let (head, strip) = text.split_once(':').ok_or_else(|| format!("GenToads: no ':' in {text:?}"))?;
                    match parse_params(head)? {
                        Some(p) => (p, strip),
                        None => return Ok(None),
                    }
                }
            };
            let s = parse(strip)?;
            if s.len() > MAX_LEN {
                return Ok(None);
            }
            parts(p, &s, &mut out);
        }
        Ok(Some(out))
    }

    fn expand(&self, k: K128, out: &mut Options<K128>) {
        for me in [X, O] {
            side(k, me, out);
        }
    }

    /// One player's options alone (the outcome search's: Left's toads, or Right's
    /// frogs).
    fn expand_side(&self, k: K128, left: bool, out: &mut Options<K128>) -> std::ops::Range<usize> {
        side(k, if left { X } else { O }, out);
        0..out.len()
    }

    /// The default count (the set bits of the key's bytes: the pieces, the rules,
    /// the length) without writing the bytes.
    fn size(&self, k: K128) -> u32 {
        k.get().count_ones()
    }

    fn mirror(&self, k: K128) -> Option<K128> {
        // the strip reversed with toads and frogs swapped: a square's two bits are
        // 01 (toad), 10 (frog) or 00, so that is the strip's 2n bits reversed
        let n = k.dim();
        let b = k.bits();
        let cells: Bits = (1 << (2 * n)) - 1; // 2n <= 96
        let turned = if n == 0 { 0 } else { (b & cells).reverse_bits() >> (128 - 2 * n) };
        Some(K128::with_dim((b & !cells) | turned, n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::codec::KeyBytes;
    use crate::rulesets::search::Solver;
    use crate::short::engine;

    fn value(fixed: Option<Params>, text: &str) -> String {
        let sv = Solver::new(GenToads { fixed }, Some(1 << 12));
        let parts = sv.rules.read(&[Arg::Str(text.into())]).unwrap().unwrap();
        crate::notation::format(&engine(), sv.total(&parts, 1).unwrap()).unwrap()
    }

    /// The strips of `n` squares of a random draw, with random rules.
    fn random_strips(seed: u64, count: usize) -> Vec<(Params, Vec<u8>)> {
        let mut next = crate::rulesets::draws(seed);
        (0..count)
            .map(|_| {
                let min = 1 + next(3) as u8;
                let p = Params { min, max: min + next(3) as u8, jump: next(3) as u8, friendly: next(2) == 1 };
                let n = next(MAX_LEN as u64 + 1) as usize;
                (p, (0..n).map(|_| [E, E, X, O][next(4) as usize]).collect())
            })
            .collect()
    }

    #[test]
    fn mirror_and_can_move_match_their_twins() {
        // the bit reversal is the strip reversed with the pieces swapped; a piece can
        // move iff it has a target
        let g = GenToads { fixed: None };
        for (p, s) in random_strips(0x9e37_79b9_7f4a_7c15, 3000) {
            let swapped: Vec<u8> = s.iter().rev().map(|&c| if c == E { E } else { 3 - c }).collect();
            assert_eq!(g.mirror(key(p, &s)), Some(key(p, &swapped)), "{p:?} {s:?}");
            for i in 0..s.len() {
                if s[i] != E {
                    let mut t = Vec::new();
                    targets(p, &s, i, s[i], &mut t);
                    assert_eq!(can_move(p, &s, i, s[i]), !t.is_empty(), "{p:?} {s:?} {i}");
                }
            }
            let mut bytes = Vec::new();
            key(p, &s).put(&mut bytes);
            assert_eq!(g.size(key(p, &s)), bytes.iter().map(|b| b.count_ones()).sum::<u32>());
        }
    }

    #[test]
    fn small_strips() {
        let elephants = Some(ELEPHANTS);
        assert_eq!(value(elephants, "X."), "1");
        assert_eq!(value(elephants, "X.O"), "*");
        assert_eq!(value(elephants, "X..O"), "0");
        // a frog and the toad after it move apart: two parts, -2 and 1
        assert_eq!(value(elephants, "..O..X."), "-1");
        assert_eq!(value(elephants, "X.O..X.O"), "0");
        assert_eq!(value(None, "1,2,0,1:..O.X.."), "0");
        // a toad jumps the frog, which then steps once: {-1 | } = 0
        assert_eq!(value(None, "1,1,1,0:XO."), "0");
        assert_eq!(value(None, "1,2,0,0:X.."), "2");
        assert!(parse("XQ").unwrap_err().contains("column 2"));
    }
}
