//! The reader's fast path: plain texts such as `{1/2, *|-1, {0|*}}`, made only of
//! braces, one bar per brace, commas, integers, dyadic fractions, `*n`, `^` and `v`.
//!
//! It reads bytes, with one explicit stack of open braces and no token list.  It
//! never reports an error: at the first character outside the plain subset, or
//! anything it does not fully understand, it answers `None` and the full reader
//! ([`super::parser`]) reads the text from the start, so every error message, and
//! every value outside the subset, comes from the full reader.  The two agree on
//! every plain text (the differential test `tests/test_native_notation.py`).

use crate::numbers::{Dyadic, Int};
use crate::short::nus::Nus;
use crate::short::{Engine, Id, Res};

/// Digits a plain integer may have (so that it fits an i64 with room to spare).
const MAX_DIGITS: usize = 18;

#[derive(Default)]
struct Brace {
    left: Vec<Id>,
    right: Vec<Id>,
    /// the bar is behind us: options go to Right
    bar: bool,
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// After an atom: the next character (past spaces) must end it.
fn delimited(b: &[u8], i: usize) -> bool {
    let j = skip_space(b, i);
    j >= b.len() || matches!(b[j], b',' | b'|' | b'}')
}

/// Digits from i: (value, end), or None if there are none, too many, or a leading 0.
fn digits(b: &[u8], i: usize) -> Option<(i64, usize)> {
    let mut j = i;
    let mut v: i64 = 0;
    while j < b.len() && b[j].is_ascii_digit() {
        v = v * 10 + i64::from(b[j] - b'0');
        j += 1;
        if j - i > MAX_DIGITS {
            return None;
        }
    }
    if j == i || (b[i] == b'0' && j - i > 1) {
        return None;
    }
    Some((v, j))
}

/// One atom at i: (its value, end), or None if it is not plain.
fn atom(e: &Engine, b: &[u8], i: usize) -> Option<(Id, usize)> {
    let (value, end) = match b[i] {
        b'*' => {
            let (m, j) = if i + 1 < b.len() && b[i + 1].is_ascii_digit() { digits(b, i + 1)? } else { (1, i + 1) };
            (Nus { x: Dyadic::zero(), n: Int::ZERO, m: Int::from(m) }, j)
        }
        b'^' => (Nus { x: Dyadic::zero(), n: Int::ONE, m: Int::ZERO }, i + 1),
        b'v' => (Nus { x: Dyadic::zero(), n: Int::from(-1), m: Int::ZERO }, i + 1),
        c => {
            let negative = c == b'-';
            let start = if negative { i + 1 } else { i };
            if start >= b.len() || !b[start].is_ascii_digit() {
                return None;
            }
            let (p, mut j) = digits(b, start)?;
            let mut q = 0;
            if j < b.len() && b[j] == b'/' {
                let (den, k) = digits(b, j + 1)?;
                if den <= 0 || den & (den - 1) != 0 {
                    return None; // not a power of 2: the full reader says why
                }
                q = u64::from(den.trailing_zeros());
                j = k;
            }
            let x = Dyadic::new(Int::from(if negative { -p } else { p }), q);
            (Nus { x, n: Int::ZERO, m: Int::ZERO }, j)
        }
    };
    if !delimited(b, end) {
        return None;
    }
    Some((e.nus(value), end))
}

/// The game a plain text denotes, `None` if the text is not plain (the full reader
/// then decides), or the engine's error (an interrupt, a limit).
pub fn read(e: &Engine, text: &str) -> Option<Res<Id>> {
    let b = text.as_bytes();
    let mut stack: Vec<Brace> = Vec::new();
    let mut i = 0;
    // just after '{' or '|': a side may be empty here
    let mut side_start = false;
    loop {
        // --- a value, or the end of an empty side
        i = skip_space(b, i);
        if i >= b.len() {
            return None;
        }
        let mut value = match b[i] {
            b'{' => {
                if let Err(stop) = crate::short::tick() {
                    return Some(Err(stop));
                }
                stack.push(Brace::default());
                i += 1;
                side_start = true;
                continue;
            }
            b'|' | b'}' if side_start => None,
            _ => {
                let (id, end) = atom(e, b, i)?;
                i = end;
                Some(id)
            }
        };
        side_start = false;
        // --- what follows a value (or an empty side): ',', '|', '}' or the end
        loop {
            i = skip_space(b, i);
            let Some(top) = stack.last_mut() else {
                return if i >= b.len() { value.map(Ok) } else { None };
            };
            if i >= b.len() {
                return None;
            }
            let side = if top.bar { &mut top.right } else { &mut top.left };
            match b[i] {
                b',' => {
                    side.push(value?);
                    i += 1;
                    break;
                }
                b'|' => {
                    if top.bar || b.get(i + 1) == Some(&b'|') {
                        return None; // slashes: {a|b|c}, {a||b}
                    }
                    if let Some(v) = value {
                        side.push(v);
                    }
                    top.bar = true;
                    side_start = true;
                    i += 1;
                    break;
                }
                b'}' => {
                    if !top.bar {
                        return None; // no bar: an error, or +-{a,b}
                    }
                    if let Some(v) = value {
                        side.push(v);
                    }
                    let Brace { left, right, .. } = stack.pop().expect("a brace is open");
                    match e.canonical(left, right) {
                        Ok(id) => value = Some(id),
                        Err(stop) => return Some(Err(stop)),
                    }
                    i += 1;
                }
                _ => return None,
            }
        }
    }
}
