//! Sums and negatives of canonical games, on explicit stacks.
//!
//! `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, reduced to canonical form; when
//! one summand is a number x and the other is not, `x + H = {x + H^L | x + H^R}` is
//! already canonical (number translation).  `-G = {-G^R | -G^L}` is canonical when G
//! is.  Packed values add arithmetically.

use super::table::{Id, Kind, NONE};
use super::{tick, Engine, Res};
use std::sync::atomic::Ordering;

struct AddFrame {
    g: Id,
    h: Id,
    /// number translation: g is the number, h the other game
    translate: bool,
    stage: u8,
    idx: u32,
    left: Vec<Id>,
    right: Vec<Id>,
}

struct NegFrame {
    g: Id,
    stage: u8,
    idx: u32,
    left: Vec<Id>,
    right: Vec<Id>,
}

#[inline]
fn key(a: Id, b: Id) -> u64 {
    let (x, y) = if a < b { (a, b) } else { (b, a) };
    ((x as u64) << 32) | y as u64
}

impl Engine {
    /// The sum when it is known at once.
    #[inline]
    pub fn add_fast(&self, g: Id, h: Id) -> Option<Id> {
        let t = &self.table;
        let (ng, nh) = (t.node(g), t.node(h));
        if let (Some(a), Some(b)) = (ng.nus(), nh.nus()) {
            return Some(self.nus(a.add(b)));
        }
        if g == self.zero {
            return Some(h);
        }
        if h == self.zero {
            return Some(g);
        }
        self.add_memo.get(&key(g, h))
    }

    fn add_frame(&self, g: Id, h: Id) -> AddFrame {
        let (kg, kh) = (self.kind(g), self.kind(h));
        let (g, h, translate) = if kg == Kind::Number {
            (g, h, true)
        } else if kh == Kind::Number {
            (h, g, true)
        } else {
            (g, h, false)
        };
        AddFrame { g, h, translate, stage: 0, idx: 0, left: Vec::new(), right: Vec::new() }
    }

    /// The next summand pair of frame `f`, or None when all are done; the bool says
    /// whether the sum goes to Left's options.
    fn add_next(&self, f: &mut AddFrame) -> Res<Option<(Id, Id, bool)>> {
        loop {
            let (src, first, to_left) = match (f.translate, f.stage) {
                (true, 0) => (self.table.lefts(f.h)?, false, true),
                (true, 1) => (self.table.rights(f.h)?, false, false),
                (false, 0) => (self.table.lefts(f.g)?, true, true),
                (false, 1) => (self.table.rights(f.g)?, true, false),
                (false, 2) => (self.table.lefts(f.h)?, false, true),
                (false, 3) => (self.table.rights(f.h)?, false, false),
                _ => return Ok(None),
            };
            if (f.idx as usize) < src.len() {
                let o = src[f.idx as usize];
                // (o, h) when o is an option of g, else (g, o)
                return Ok(Some(if first { (o, f.h, to_left) } else { (f.g, o, to_left) }));
            }
            f.stage += 1;
            f.idx = 0;
        }
    }

    fn add_finish(&self, f: AddFrame) -> Res<Id> {
        let (mut left, mut right) = (f.left, f.right);
        let id = if f.translate {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            self.table.general(&left, &right)
        } else {
            self.canonical(left, right)?
        };
        self.add_memo.insert(key(f.g, f.h), id);
        Ok(id)
    }

    /// `g` plus each of `xs`, in order.
    pub fn add_all(&self, g: Id, xs: &[Id]) -> Res<Id> {
        xs.iter().try_fold(g, |s, &x| self.add(s, x))
    }

    /// `g + h`.
    pub fn add(&self, g: Id, h: Id) -> Res<Id> {
        if let Some(s) = self.add_fast(g, h) {
            return Ok(s);
        }
        let mut stack = vec![self.add_frame(g, h)];
        loop {
            tick()?;
            let top = stack.len() - 1;
            let next = self.add_next(&mut stack[top])?;
            match next {
                Some((a, b, to_left)) => match self.add_fast(a, b) {
                    Some(s) => {
                        let f = &mut stack[top];
                        if to_left {
                            f.left.push(s)
                        } else {
                            f.right.push(s)
                        }
                        f.idx += 1;
                    }
                    None => stack.push(self.add_frame(a, b)),
                },
                None => {
                    let f = stack.pop().unwrap();
                    let s = self.add_finish(f)?;
                    match stack.last_mut() {
                        None => return Ok(s),
                        Some(parent) => {
                            // the parent asked for the pair at its current stage
                            let to_left = if parent.translate { parent.stage == 0 } else { parent.stage % 2 == 0 };
                            if to_left {
                                parent.left.push(s)
                            } else {
                                parent.right.push(s)
                            }
                            parent.idx += 1;
                        }
                    }
                }
            }
        }
    }

    #[inline]
    pub fn neg_fast(&self, g: Id) -> Option<Id> {
        let node = self.table.node(g);
        let n = node.neg.load(Ordering::Acquire);
        if n != NONE {
            return Some(n);
        }
        if let Some(v) = node.nus() {
            let n = self.nus(v.neg());
            self.link_neg(g, n);
            return Some(n);
        }
        None
    }

    fn link_neg(&self, g: Id, n: Id) {
        self.table.node(g).neg.store(n, Ordering::Release);
        self.table.node(n).neg.store(g, Ordering::Release);
    }

    /// `-g`.
    pub fn neg(&self, g: Id) -> Res<Id> {
        if let Some(n) = self.neg_fast(g) {
            return Ok(n);
        }
        let mut stack = vec![NegFrame { g, stage: 0, idx: 0, left: Vec::new(), right: Vec::new() }];
        loop {
            tick()?;
            let top = stack.len() - 1;
            let f = &mut stack[top];
            // Left's options of -g are the negatives of g's Right options
            let src = if f.stage == 0 { self.table.rights(f.g)? } else { self.table.lefts(f.g)? };
            if (f.idx as usize) < src.len() {
                let o = src[f.idx as usize];
                match self.neg_fast(o) {
                    Some(n) => {
                        if f.stage == 0 {
                            f.left.push(n)
                        } else {
                            f.right.push(n)
                        }
                        f.idx += 1;
                    }
                    None => stack.push(NegFrame { g: o, stage: 0, idx: 0, left: Vec::new(), right: Vec::new() }),
                }
                continue;
            }
            if f.stage == 0 {
                f.stage = 1;
                f.idx = 0;
                continue;
            }
            let mut f = stack.pop().unwrap();
            f.left.sort_unstable();
            f.right.sort_unstable();
            let n = self.table.general(&f.left, &f.right);
            self.link_neg(f.g, n);
            match stack.last_mut() {
                None => return Ok(n),
                Some(parent) => {
                    if parent.stage == 0 {
                        parent.left.push(n)
                    } else {
                        parent.right.push(n)
                    }
                    parent.idx += 1;
                }
            }
        }
    }
}
