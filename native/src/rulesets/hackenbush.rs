//! Hackenbush stalks (mirrors `HackenbushStalks` in `cgtkit.rulesets.hackenbush`):
//! each stalk a string of blue (`L`), red (`R`) and green (`G`) edges from the ground
//! up; chopping an edge drops everything above it.
//!
//! Invariant: the options of a stalk are its proper prefixes, so its value comes
//! from the values of its prefixes, each computed once, bottom up (no recursion).
//! Closed forms: a green stalk of n edges is `*n`; a blue-red stalk is a number by
//! Berlekamp's sign-expansion rule (Winning Ways ch. 2).

use crate::numbers::{Dyadic, Int};
use crate::short::nus::Nus;
use crate::short::{tick, Engine, Res};

/// Parse one stalk (`L`/`B` blue, `R` red, `G` green, either case).
pub fn parse(text: &str) -> Result<Vec<u8>, String> {
    text.chars()
        .enumerate()
        .map(|(i, ch)| match ch.to_ascii_uppercase() {
            'L' | 'B' => Ok(b'L'),
            'R' => Ok(b'R'),
            'G' => Ok(b'G'),
            _ => Err(format!("Hackenbush: illegal character {ch:?} at column {} of {text:?}", i + 1)),
        })
        .collect()
}

/// The number a blue-red stalk equals.
pub fn stalk_number(s: &[u8]) -> Dyadic {
    let Some(&first) = s.first() else { return Dyadic::zero() };
    let sign = |c: u8| if c == b'L' { 1 } else { -1 };
    let run = s.iter().take_while(|&&c| c == first).count();
    let mut v = Dyadic::small(sign(first) * run as i64);
    for (k, &c) in s[run..].iter().enumerate() {
        v = v.add(&Dyadic::new(Int::from(sign(c)), k as u64 + 1));
    }
    v
}

/// The value of one stalk.
pub fn stalk_value(e: &Engine, s: &[u8]) -> Res<u32> {
    if s.iter().all(|&c| c == b'G') {
        return Ok(e.nus(Nus { x: Dyadic::zero(), n: Int::ZERO, m: Int::from(s.len() as i64) }));
    }
    if !s.contains(&b'G') {
        return Ok(e.number(stalk_number(s)));
    }
    let mut values = vec![e.zero];
    for k in 1..=s.len() {
        tick()?;
        let left = (0..k).filter(|&i| s[i] != b'R').map(|i| values[i]).collect();
        let right = (0..k).filter(|&i| s[i] != b'L').map(|i| values[i]).collect();
        values.push(e.canonical(left, right)?);
    }
    Ok(values[s.len()])
}

/// The value of a position of stalks: the sum of its stalks.
pub fn stalks_value(e: &Engine, stalks: &[Vec<u8>]) -> Res<u32> {
    let mut total = e.zero;
    for s in stalks {
        let v = stalk_value(e, s)?;
        total = e.add(total, v)?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::short::ENGINE;

    #[test]
    fn closed_forms_agree_with_the_search() {
        let e = &*ENGINE;
        assert_eq!(stalk_number(b"LRRL"), Dyadic::new(Int::from(3), 3));
        for text in ["LLR", "LRRL", "RRLRL", "GGG", "LG", "GLR", "RGRL"] {
            let s = parse(text).unwrap();
            let mut values = vec![e.zero];
            for k in 1..=s.len() {
                let l = (0..k).filter(|&i| s[i] != b'R').map(|i| values[i]).collect();
                let r = (0..k).filter(|&i| s[i] != b'L').map(|i| values[i]).collect();
                values.push(e.canonical(l, r).unwrap());
            }
            assert_eq!(stalk_value(e, &s).unwrap(), values[s.len()], "{text}");
        }
    }
}
