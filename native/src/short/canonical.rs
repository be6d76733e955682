//! The canonical form of `{left | right}` from canonical options: duplicates and
//! dominated options removed, reversible options bypassed until none is left, then
//! recognised as a number or a packed value when it is one, else interned as is.
//! Remembered by the sets of option ids, so a form is reduced once.

use super::compare::{Cmp, Raw, RAW};
use super::nus::Nus;
use super::table::{Id, Kind, NONE};
use super::{Engine, Res};
use crate::numbers::{simplest_between, Dyadic, Int};

pub fn sort_dedup(v: &mut Vec<Id>) {
    v.sort_unstable();
    v.dedup();
}

thread_local! {
    /// a buffer for memo lookups, so that a lookup builds no key
    static KEY: std::cell::RefCell<Vec<Id>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn memo_key(left: &[Id], right: &[Id]) -> Box<[Id]> {
    let mut key = Vec::with_capacity(left.len() + right.len() + 1);
    key.extend_from_slice(left);
    key.push(NONE);
    key.extend_from_slice(right);
    key.into()
}

impl Engine {
    /// The canonical form of `{left | right}` (options canonical, in any order).
    pub fn canonical(&self, mut left: Vec<Id>, mut right: Vec<Id>) -> Res<Id> {
        sort_dedup(&mut left);
        sort_dedup(&mut right);
        if let Some(id) = self.canonical_known(&left, &right) {
            return Ok(id);
        }
        let key = memo_key(&left, &right);
        let id = self.reduce(left, right)?;
        self.canon_memo.insert(key, id);
        Ok(id)
    }

    /// The canonical form when it is remembered (options sorted, no duplicates).
    pub fn canonical_known(&self, left: &[Id], right: &[Id]) -> Option<Id> {
        KEY.with(|k| {
            let mut k = k.borrow_mut();
            k.clear();
            k.extend_from_slice(left);
            k.push(NONE);
            k.extend_from_slice(right);
            self.canon_memo.get_by::<[Id]>(&k[..])
        })
    }

    fn number_of(&self, g: Id) -> Option<&Dyadic> {
        let n = self.table.node(g);
        if n.kind == Kind::Number {
            n.nus().map(|v| &v.x)
        } else {
            None
        }
    }

    /// `{a | b}` with number options: the simplest number between, or None if hot.
    fn number_game(&self, left: &[Id], right: &[Id]) -> Option<Id> {
        let lo = left.iter().filter_map(|&o| self.number_of(o)).max();
        let hi = right.iter().filter_map(|&o| self.number_of(o)).min();
        simplest_between(lo, hi).map(|x| self.number(x))
    }

    /// Every number option but the best (largest for Left, smallest for Right)
    /// dropped: a number is dominated by a larger one.
    fn best_number_only(&self, options: &mut Vec<Id>, left: bool) {
        let mut best: Option<Id> = None;
        let mut count = 0;
        for &o in options.iter() {
            if let Some(x) = self.number_of(o) {
                count += 1;
                best = match best {
                    None => Some(o),
                    Some(b) => {
                        let bx = self.number_of(b).unwrap();
                        if (left && x > bx) || (!left && x < bx) {
                            Some(o)
                        } else {
                            Some(b)
                        }
                    }
                };
            }
        }
        if count > 1 {
            options.retain(|&o| Some(o) == best || self.number_of(o).is_none());
        }
    }

    /// The options no other one dominates (Left keeps the largest, Right the
    /// smallest); options are distinct canonical games, so none are equal.  Each
    /// option is compared with the options kept so far only, taken best stops first
    /// (an option can only be dominated by one whose stops are at least its own, on
    /// Left's side), so a dominated option is mostly dropped after one comparison.
    fn undominated(&self, mut options: Vec<Id>, left: bool) -> Res<Vec<Id>> {
        if options.len() < 2 {
            return Ok(options);
        }
        let t = &self.table;
        options.sort_by(|&a, &b| {
            let (na, nb) = (t.node(a), t.node(b));
            let o = (&nb.lstop, &nb.rstop).cmp(&(&na.lstop, &na.rstop));
            if left {
                o
            } else {
                o.reverse()
            }
        });
        // `le(a, b)`: a is no better than b for the side choosing
        let mut cmp = Cmp::new(self);
        let mut worse = |a: Id, b: Id| -> Res<bool> {
            let (na, nb) = (t.node(a), t.node(b));
            Ok(if left {
                na.lstop <= nb.lstop && na.rstop <= nb.rstop && cmp.le(a, b)?
            } else {
                nb.lstop <= na.lstop && nb.rstop <= na.rstop && cmp.le(b, a)?
            })
        };
        let mut keep: Vec<Id> = Vec::with_capacity(options.len());
        'outer: for &a in &options {
            for &k in &keep {
                if worse(a, k)? {
                    continue 'outer;
                }
            }
            let mut i = 0;
            while i < keep.len() {
                if worse(keep[i], a)? {
                    keep.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            keep.push(a);
        }
        Ok(keep)
    }

    fn reduce(&self, mut left: Vec<Id>, mut right: Vec<Id>) -> Res<Id> {
        let all_numbers = |v: &[Id]| v.iter().all(|&o| self.kind(o) == Kind::Number);
        if all_numbers(&left) && all_numbers(&right) {
            if let Some(n) = self.number_game(&left, &right) {
                return Ok(n);
            }
        }
        // options that are exactly a packed value's canonical options make that value
        // (a canonical form is unique): found in O(n log n), where reducing *0..*(n-1)
        // option by option would take O(n^2) comparisons
        let packed = |v: &[Id]| v.iter().all(|&o| self.kind(o) != Kind::General);
        if packed(&left) && packed(&right) {
            if let Some(v) = self.match_nus(&left, &right) {
                return Ok(self.nus(v));
            }
        }
        if left.len() > 1 {
            self.best_number_only(&mut left, true);
        }
        if right.len() > 1 {
            self.best_number_only(&mut right, false);
        }
        let t = &self.table;
        loop {
            left = self.undominated(left, true)?;
            right = self.undominated(right, false)?;
            let raw = Raw::new(self, &left, &right);
            let mut cmp = Cmp::with_raw(self, &raw);
            let mut changed = false;
            let mut new_left = Vec::with_capacity(left.len());
            for &gl in &left {
                // G^L is reversible through G^LR when G^LR <= G: replaced by G^LRL
                let mut rev = None;
                for &glr in t.rights(gl)? {
                    let n = t.node(glr);
                    use super::compare::Ext::Fin;
                    if Fin(n.lstop.clone()) > raw.ls_hi || Fin(n.rstop.clone()) > raw.rs_hi {
                        continue;
                    }
                    if cmp.le(glr, RAW)? {
                        rev = Some(glr);
                        break;
                    }
                }
                match rev {
                    None => new_left.push(gl),
                    Some(r) => {
                        new_left.extend_from_slice(t.lefts(r)?);
                        changed = true;
                    }
                }
            }
            let mut new_right = Vec::with_capacity(right.len());
            for &gr in &right {
                let mut rev = None;
                for &grl in t.lefts(gr)? {
                    let n = t.node(grl);
                    use super::compare::Ext::Fin;
                    if raw.ls_lo > Fin(n.lstop.clone()) || raw.rs_lo > Fin(n.rstop.clone()) {
                        continue;
                    }
                    if cmp.le(RAW, grl)? {
                        rev = Some(grl);
                        break;
                    }
                }
                match rev {
                    None => new_right.push(gr),
                    Some(r) => {
                        new_right.extend_from_slice(t.rights(r)?);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
            drop(cmp);
            left = new_left;
            right = new_right;
            sort_dedup(&mut left);
            sort_dedup(&mut right);
        }
        sort_dedup(&mut left);
        sort_dedup(&mut right);
        self.recognise(&left, &right)
    }

    /// Intern a reduced `{left | right}`: as a number or packed value when it is one.
    fn recognise(&self, left: &[Id], right: &[Id]) -> Res<Id> {
        let kinds = left.iter().chain(right.iter()).map(|&o| self.kind(o));
        let mut numbers_only = true;
        let mut packed_only = true;
        for k in kinds {
            if k != Kind::Number {
                numbers_only = false;
            }
            if k == Kind::General {
                packed_only = false;
            }
        }
        if numbers_only {
            if let Some(n) = self.number_game(left, right) {
                return Ok(n);
            }
        }
        if packed_only {
            if let Some(v) = self.match_nus(left, right) {
                return Ok(self.nus(v));
            }
        }
        Ok(self.table.general(left, right))
    }

    /// The packed value whose canonical options are exactly these, if any: the
    /// shape proposes a few candidates, each checked against its closed form.
    fn match_nus(&self, left: &[Id], right: &[Id]) -> Option<Nus> {
        let t = &self.table;
        // the options of a packed non-number x + n.^ + *m all have number part x: a
        // set of options with two number parts is no packed value's (checked first, as
        // it is the common case and costs no allocation)
        let mut parts = left.iter().chain(right.iter()).map(|&o| t.node(o).nus().map(|v| &v.x));
        if let Some(Some(x)) = parts.next() {
            if parts.any(|p| p != Some(x)) {
                return None;
            }
        }
        let val = |id: Id| t.node(id).nus().cloned().expect("packed option");
        let mut candidates: Vec<Nus> = Vec::new();
        if !left.is_empty() && !right.is_empty() {
            let x = val(left[0]).x;
            candidates.push(Nus { x, n: Int::ZERO, m: Int::from(left.len() as i64) });
        }
        if right.len() == 1 {
            let v = val(right[0]);
            candidates.push(Nus { x: v.x.clone(), n: v.n.add_small(1), m: v.m.xor(&Int::ONE) });
            candidates.push(Nus { x: v.x, n: Int::ONE, m: Int::ONE });
        }
        if left.len() == 1 {
            let v = val(left[0]);
            candidates.push(Nus { x: v.x.clone(), n: v.n.add_small(-1), m: v.m.xor(&Int::ONE) });
            candidates.push(Nus { x: v.x, n: Int::from(-1), m: Int::ONE });
        }
        let mut want_l: Vec<Nus> = left.iter().map(|&o| val(o)).collect();
        let mut want_r: Vec<Nus> = right.iter().map(|&o| val(o)).collect();
        want_l.sort();
        want_r.sort();
        for c in candidates {
            if c.is_number() {
                continue;
            }
            let Some((mut lo, mut hi)) = c.options(left.len().max(right.len()) as u64) else { continue };
            if lo.len() != want_l.len() || hi.len() != want_r.len() {
                continue;
            }
            lo.sort();
            hi.sort();
            if lo == want_l && hi == want_r {
                return Some(c);
            }
        }
        None
    }
}
