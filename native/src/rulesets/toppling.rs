//! Toppling Dominoes (mirrors `cgtkit.rulesets.toppling`): a row of dominoes, each
//! Left's (`X`), Right's (`O`) or green (`#`, either player's).  A player topples one
//! of his own dominoes or a green one, to the left or to the right, and it knocks
//! down every domino on that side: what is left is the row beyond it on the other
//! side.
//!
//! A row is 2 bits a domino (1 Left's, 2 Right's, 3 green) with its length in the
//! top byte, so rows up to `MAX_LEN` dominoes.  A row never splits; its key is the
//! lesser of the row and the row reversed (toppled from either end it is the same
//! game), and the row with the colours swapped is the negative.

use super::bits::{parse_strip, strip_cells, strip_key, K128, STRIP_LEN};
use super::codec::Arg;
use super::search::{Options, Rules};
use crate::numbers::Dyadic;
use crate::short::{Engine, Res};

pub const MAX_LEN: usize = STRIP_LEN;
const X: u8 = 1;
const O: u8 = 2;
const G: u8 = 3;

pub struct Toppling;

/// The key of a row (None for the empty row, which is no part at all).
pub fn key(row: &[u8]) -> Option<K128> {
    if row.is_empty() {
        return None;
    }
    let (a, b) = (strip_key(row.iter().copied()), strip_key(row.iter().rev().copied()));
    Some(a.min(b))
}

/// Parse a row of `X`, `O` and `#` (either case for the letters); an error names a
/// bad character and its column.
pub fn parse(text: &str) -> Result<Vec<u8>, String> {
    parse_strip(text, "TopplingDominoes", &[('X', X), ('O', O), ('#', G)])
}

impl Rules for Toppling {
    type Key = K128;

    /// A position is given as rows, strings of `X`, `O` and `#`.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<K128>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let row = parse(k.str().ok_or_else(|| format!("a row of dominoes is a string, not {k}"))?)?;
            if row.len() > MAX_LEN {
                return Ok(None);
            }
            parts.extend(key(&row));
        }
        Ok(Some(parts))
    }

    fn expand(&self, k: K128, out: &mut Options<K128>) {
        let mut buf = [0u8; MAX_LEN];
        let row = strip_cells(k, &mut buf);
        for me in [X, O] {
            for (i, &c) in row.iter().enumerate() {
                if c == me || c == G {
                    for rest in [&row[i + 1..], &row[..i]] {
                        if let Some(p) = key(rest) {
                            out.part(p);
                        }
                        out.done();
                    }
                }
            }
            out.end_side();
        }
    }

    /// A row of one player's dominoes only is that many moves for him.
    fn quick(&self, k: K128, e: &Engine) -> Res<Option<u32>> {
        let mut buf = [0u8; MAX_LEN];
        let row = strip_cells(k, &mut buf);
        let v = if row.iter().all(|&c| c == X) {
            row.len() as i64
        } else if row.iter().all(|&c| c == O) {
            -(row.len() as i64)
        } else {
            return Ok(None);
        };
        Ok(Some(e.number(Dyadic::small(v))))
    }

    fn mirror(&self, k: K128) -> Option<K128> {
        let mut buf = [0u8; MAX_LEN];
        let swapped: Vec<u8> = strip_cells(k, &mut buf).iter().map(|&c| if c == G { G } else { 3 - c }).collect();
        key(&swapped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::search::Solver;
    use crate::short::engine;

    fn value(text: &str) -> String {
        let sv = Solver::new(Toppling, Some(1 << 12));
        let parts = sv.rules.read(&[Arg::Str(text.into())]).unwrap().unwrap();
        crate::notation::format(&engine(), sv.total(&parts, 1).unwrap()).unwrap()
    }

    #[test]
    fn small_rows() {
        // a Left domino is 1, n of them n; X O is {0,-1|0,1} = *; a green domino is *
        assert_eq!(value("X"), "1");
        assert_eq!(value("XXX"), "3");
        assert_eq!(value("XO"), "*");
        assert_eq!(value("#"), "*");
        assert_eq!(value("###"), "*3");
        assert_eq!(key(&[X, O]), key(&[O, X]));
        assert!(parse("XQ").unwrap_err().contains("column 2"));
    }
}
