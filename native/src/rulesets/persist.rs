//! The outcome table of a search ([`super::sums`]) as bytes and back, for a file
//! (`cgtkit.search.table_file` writes the file around them).
//!
//! An entry of the table is a whole position (`V`, the player to move, the sorted
//! keys of the parts) and its proved answer.  Engine ids live only as long as the
//! process, so [`pack`] names each `V` by its index in a list of the distinct values
//! (few: the file writes them as a DAG of canonical forms, in Python), and each key
//! by its bytes in the ruleset's own codec ([`Rules::encode`]).  Layout of one entry,
//! numbers as LEB128 varints: the value's index, a byte of flags (1: Left to move,
//! 2: the player to move wins), the count of parts, then each part as its byte
//! length and its bytes.
//!
//! [`unpack`] reads them back against the values rebuilt in the running engine: it
//! checks every entry first (each index names a value, each value is a game of the
//! running engine, each key's bytes decode to a key of the ruleset, the parts are
//! sorted, the count matches, no byte is left over) and only then inserts them, so a
//! bad input changes nothing.  The table's bound holds while they go in (a table
//! too small for them all keeps the last ones, as any insert does).

use super::search::Rules;
use super::sums::Position;
use super::table::TTable;
use crate::short::{engine, Id};
use hashbrown::HashMap;

/// A table's entries as bytes: `values[i]` is the engine id of the value an entry
/// names by index `i`.
pub struct Packed {
    pub values: Vec<Id>,
    pub bytes: Vec<u8>,
    pub entries: usize,
}

const LEFT: u8 = 1;
const WINS: u8 = 2;

fn put(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// The varint at `*at` (moving past it); None at the end of `b` or past 64 bits.
fn get(b: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let x = *b.get(*at)?;
        *at += 1;
        n |= u64::from(x & 0x7f).checked_shl(shift)?;
        if x & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

/// Every entry of `table`, packed.
pub fn pack<R: Rules>(rules: &R, table: &TTable<Position<R::Key>>) -> Packed {
    let mut index: HashMap<Id, u64> = HashMap::new();
    let mut values = Vec::new();
    let mut bytes = Vec::new();
    let mut key = Vec::new();
    let mut entries = 0;
    table.for_each(|p, answer| {
        let (v, left, parts) = p.split();
        let i = *index.entry(v).or_insert_with(|| {
            values.push(v);
            values.len() as u64 - 1
        });
        put(&mut bytes, i);
        bytes.push(if left { LEFT } else { 0 } | if answer != 0 { WINS } else { 0 });
        put(&mut bytes, parts.len() as u64);
        for &k in parts {
            key.clear();
            rules.encode(k, &mut key);
            put(&mut bytes, key.len() as u64);
            bytes.extend_from_slice(&key);
        }
        entries += 1;
    });
    Packed { values, bytes, entries }
}

/// Each of the `entries` entries of `bytes` handed to `f` (position, answer); the
/// first malformed one is the error.
fn read<R: Rules>(rules: &R, values: &[Id], bytes: &[u8], entries: usize, mut f: impl FnMut(Position<R::Key>, u32)) -> Result<(), String> {
    let ended = |i: usize| format!("entry {i}: the bytes end in the middle of it");
    let mut at = 0;
    let mut parts = Vec::new();
    for i in 0..entries {
        let vi = get(bytes, &mut at).ok_or_else(|| ended(i))?;
        let v = usize::try_from(vi).ok().and_then(|j| values.get(j)).ok_or_else(|| format!("entry {i}: it names value {vi} of {}", values.len()))?;
        let flags = *bytes.get(at).ok_or_else(|| ended(i))?;
        at += 1;
        if flags > (LEFT | WINS) {
            return Err(format!("entry {i}: unknown flags {flags}"));
        }
        let n = get(bytes, &mut at).ok_or_else(|| ended(i))?;
        if n == 0 || n > (bytes.len() - at) as u64 {
            return Err(format!("entry {i}: {n} parts"));
        }
        parts.clear();
        for _ in 0..n {
            let len = get(bytes, &mut at).ok_or_else(|| ended(i))?;
            let end = usize::try_from(len).ok().and_then(|l| at.checked_add(l)).filter(|&e| e <= bytes.len()).ok_or_else(|| ended(i))?;
            let k = rules.decode(&bytes[at..end]).ok_or_else(|| format!("entry {i}: {len} bytes are not a key of this ruleset"))?;
            at = end;
            parts.push(k);
        }
        if parts.windows(2).any(|w| w[0] > w[1]) {
            return Err(format!("entry {i}: its parts are not sorted (no position of the search)"));
        }
        f(Position::new(*v, flags & LEFT != 0, parts.as_slice().into()), u32::from(flags & WINS != 0));
    }
    if at != bytes.len() {
        return Err(format!("{} bytes after the last of the {entries} entries", bytes.len() - at));
    }
    Ok(())
}

/// Put the `entries` entries of `bytes` (as [`pack`] wrote them; `values` the
/// engine ids of their values, rebuilt in the running engine) in `table`: all of
/// them, or none and a one-line reason.
pub fn unpack<R: Rules>(rules: &R, table: &TTable<Position<R::Key>>, values: &[Id], bytes: &[u8], entries: usize) -> Result<(), String> {
    let e = engine();
    if let Some(v) = values.iter().find(|&&v| e.table.is_stale(v) || u64::from(v) >= e.table.end()) {
        return Err(format!("no game of the running engine has id {v}"));
    }
    drop(e);
    read(rules, values, bytes, entries, |_, _| ())?;
    read(rules, values, bytes, entries, |p, a| table.insert(p, a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::codec::Arg;

    #[test]
    fn varints_round_trip() {
        let mut b = Vec::new();
        for n in [0, 1, 127, 128, 300, u64::MAX] {
            put(&mut b, n);
        }
        let mut at = 0;
        for n in [0, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(get(&b, &mut at), Some(n));
        }
        assert_eq!(get(&b, &mut at), None);
        assert_eq!(get(&[0xff; 11], &mut 0), None);
    }

    /// A table packed and unpacked into a fresh search answers from the table; bad
    /// bytes put nothing.
    #[test]
    fn pack_then_unpack() {
        let pos = vec![Arg::Str("TT..F.T.FF".into()), Arg::Str("T..FT.F".into())];
        let a = crate::rulesets::search("toads", &Arg::List(vec![]), None).unwrap();
        let zero = engine().zero;
        // no part valued (`small` 0): with values, a sum of two strips is answered
        // by them before any search (sums.rs, ROOT_FACTOR), and nothing is packed
        let (won, nodes) = a.wins(&pos, zero, true, 0).unwrap().unwrap();
        assert!(nodes > 0);
        let p = a.sum_export();
        assert_eq!(p.entries, a.sum_stats().entries);
        let b = crate::rulesets::search("toads", &Arg::List(vec![]), None).unwrap();
        b.sum_preload(&p.values, &p.bytes, p.entries).unwrap();
        assert_eq!(b.sum_stats().entries, p.entries);
        assert_eq!(b.wins(&pos, zero, true, 0).unwrap().unwrap(), (won, 0));
        let c = crate::rulesets::search("toads", &Arg::List(vec![]), None).unwrap();
        let n = p.bytes.len();
        for (bytes, entries, why) in [
            (&p.bytes[..n - 1], p.entries, "end in the middle"),
            (&p.bytes[..], p.entries + 1, "end in the middle"),
            (&p.bytes[..], p.entries - 1, "after the last"),
        ] {
            let err = c.sum_preload(&p.values, bytes, entries).unwrap_err();
            assert!(err.contains(why), "{err}");
        }
        assert!(c.sum_preload(&[], &p.bytes, p.entries).unwrap_err().contains("names value 0"));
        assert!(c.sum_preload(&[u32::MAX], &p.bytes, p.entries).unwrap_err().contains("no game"));
        assert_eq!(c.sum_stats().entries, 0);
    }
}
