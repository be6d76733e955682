//! Toads and Frogs (mirrors `cgtkit.rulesets.toads`): Left's toads `T` move right,
//! Right's frogs `F` move left, one step into an empty cell or a jump over exactly
//! one opposing piece into the empty cell beyond.
//!
//! A strip is 2 bits a cell (0 empty, 1 toad, 2 frog) with its length in the top
//! byte, so strips up to `MAX_LEN` cells.  Invariants of the decomposition: the block
//! `TTFF` never moves again and nothing crosses it, so a strip splits there; frogs at
//! a strip's left end and toads at its right end are stuck and are dropped; a strip
//! where nobody can move is dropped.  The strip mirrored with toads and frogs
//! swapped is the negative.

use super::bits::{parse_strip, strip_cells, strip_key, K128, STRIP_LEN};
use super::codec::Arg;
use super::search::{Options, Rules};
use crate::numbers::Dyadic;
use crate::short::{Engine, Res};

pub const MAX_LEN: usize = STRIP_LEN;
const E: u8 = 0;
const T: u8 = 1;
const F: u8 = 2;

pub struct Toads;

/// Parse a strip of `T`, `F` and `.` (either case); an error names a bad character.
pub fn parse(text: &str) -> Result<Vec<u8>, String> {
    parse_strip(text, "ToadsAndFrogs", &[('T', T), ('F', F), ('.', E)])
}

fn has_move(s: &[u8]) -> bool {
    let n = s.len();
    (0..n).any(|i| {
        (s[i] == T && i + 1 < n && s[i + 1] == E)
            || (s[i] == E && i + 1 < n && s[i + 1] == F)
            || (s[i] == T && i + 2 < n && s[i + 1] == F && s[i + 2] == E)
            || (s[i] == E && i + 2 < n && s[i + 1] == T && s[i + 2] == F)
    })
}

impl Toads {
    /// The keys of the independent sub-strips of `s` in which a move is possible;
    /// None if one is longer than `MAX_LEN`.
    pub fn parts(s: &[u8], out: &mut impl FnMut(K128)) -> Option<()> {
        let n = s.len();
        let mut a = 0;
        let mut i = 0;
        while a <= n {
            // the next TTFF block (or the end) closes a sub-strip
            while i < n && !(i + 4 <= n && s[i..i + 4] == [T, T, F, F]) {
                i += 1;
            }
            let mut part = &s[a..i];
            while let [F, rest @ ..] = part {
                part = rest;
            }
            while let [rest @ .., T] = part {
                part = rest;
            }
            if part.contains(&E) && part.iter().any(|&c| c != E) && has_move(part) {
                if part.len() > MAX_LEN {
                    return None;
                }
                out(strip_key(part.iter().copied()));
            }
            a = i + 4;
            i += 4;
        }
        Some(())
    }

    /// Every move of toads (`left`) or frogs: the strip after it.
    fn moves(s: &[u8], left: bool, out: &mut impl FnMut(&[u8])) {
        let n = s.len() as isize;
        let (me, them, step) = if left { (T, F, 1isize) } else { (F, T, -1) };
        let mut t = [0u8; MAX_LEN];
        t[..s.len()].copy_from_slice(s);
        for i in 0..n {
            if s[i as usize] != me {
                continue;
            }
            let j = i + step;
            if !(0..n).contains(&j) {
                continue;
            }
            let to = if s[j as usize] == E {
                j
            } else if s[j as usize] == them && (0..n).contains(&(j + step)) && s[(j + step) as usize] == E {
                j + step
            } else {
                continue;
            };
            t[i as usize] = E;
            t[to as usize] = me;
            out(&t[..s.len()]);
            t[i as usize] = me;
            t[to as usize] = E;
        }
    }
}

impl Rules for Toads {
    type Key = K128;

    /// A position is given as strips of `T`, `F` and `.`.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<K128>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let text = k.str().ok_or_else(|| format!("a strip is a string, not {k}"))?;
            if Self::parts(&parse(text)?, &mut |c| parts.push(c)).is_none() {
                return Ok(None);
            }
        }
        Ok(Some(parts))
    }

    fn expand(&self, k: K128, out: &mut Options<K128>) {
        let mut buf = [0u8; MAX_LEN];
        let s = strip_cells(k, &mut buf);
        for left in [true, false] {
            Self::moves(s, left, &mut |t| {
                // parts of a strip are never longer than the strip
                let _ = Self::parts(t, &mut |c| out.part(c));
                out.done();
            });
            out.end_side();
        }
    }

    /// A strip with pieces of one kind: the steps it takes to pack them at the far end.
    fn quick(&self, k: K128, e: &Engine) -> Res<Option<u32>> {
        let mut buf = [0u8; MAX_LEN];
        let s = strip_cells(k, &mut buf);
        let n = s.len();
        let (toads, frogs) = (s.contains(&T), s.contains(&F));
        if toads && frogs {
            return Ok(None);
        }
        let mut v: i64 = 0;
        if toads {
            let mut end = n as i64 - 1;
            for i in (0..n).rev().filter(|&i| s[i] == T) {
                v += end - i as i64;
                end -= 1;
            }
        } else {
            for (end, i) in (0..n).filter(|&i| s[i] == F).enumerate() {
                v -= (i - end) as i64;
            }
        }
        Ok(Some(e.number(Dyadic::small(v))))
    }

    fn mirror(&self, k: K128) -> Option<K128> {
        let mut buf = [0u8; MAX_LEN];
        Some(strip_key(strip_cells(k, &mut buf).iter().rev().map(|&c| if c == E { E } else { 3 - c })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        Toads::parts(&parse(text).unwrap(), &mut |k| {
            let mut buf = [0u8; MAX_LEN];
            out.push(strip_cells(k, &mut buf).iter().map(|&c| ['.', 'T', 'F'][c as usize]).collect());
        })
        .unwrap();
        out.sort();
        out
    }

    #[test]
    fn components_as_in_python() {
        assert_eq!(parts("FT.TTFFT.F.T"), vec!["T.", "T.F."]);
        assert_eq!(parts("TTFF"), Vec::<String>::new());
        assert_eq!(parts("T.F"), vec!["T.F"]);
    }
}
