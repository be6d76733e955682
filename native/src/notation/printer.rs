//! The printer of CGSuite notation (mirrors `cgtkit.short.notation.format_game`).
//!
//! Options are ordered as CGSuite orders them (numbers, nimbers, other packed values,
//! then the rest, compared option by option); an option alone on its side is written
//! without braces and slashes count up (`{3||2*|1*}`); switches print as `+-`; games
//! `x + {0||0|-G}` as `Tiny(G)` (and `Miny`).  The recursion runs on a stack that
//! grows on the heap, so a game nested a million deep prints.

use crate::numbers::{Dyadic, Int};
use crate::short::nus::Nus;
use crate::short::{Engine, EngineError, Id, Kind};
use hashbrown::HashMap;
use std::cmp::Ordering;

/// CGSuite writes at most this many slashes in a row before it falls back to braces.
pub const MAX_SLASHES: usize = 4;

const RED_ZONE: usize = 64 * 1024;
const STACK_STEP: usize = 1024 * 1024;

type R<T> = Result<T, EngineError>;

pub struct Printer<'a> {
    e: &'a Engine,
    sorted: HashMap<Id, (Vec<Id>, Vec<Id>)>,
    cmp_cache: HashMap<(Id, Id), Ordering>,
    layouts: HashMap<(Id, bool, bool), (Layout, usize)>,
}

/// How a game prints (see `Printer::layout`).
#[derive(Clone)]
enum Layout {
    Packed,
    Switch,
    /// (name, translate, subscript)
    Tiny(&'static str, Id, Id),
    /// in braces, with this many slashes inside
    Braced(usize),
    /// bare `a|b` with this many slashes
    Bare(usize),
}

/// How CGSuite sorts a game among options: category, then value.
enum Category<'a> {
    Number(&'a Dyadic),
    Nimber(&'a Int),
    /// (number, has ups, ups, nimber)
    Packed(&'a Dyadic, bool, &'a Int, &'a Int),
    Other,
}

impl Category<'_> {
    fn rank(&self) -> u8 {
        match self {
            Category::Number(_) => 0,
            Category::Nimber(_) => 1,
            Category::Packed(..) => 2,
            Category::Other => 3,
        }
    }
}

/// CGSuite's text for `x + ups.^ + *nim`: `3/4v3*2`, `^^`, `*`, `-1`.
pub fn nus_text(v: &Nus) -> String {
    let (x, ups, nim) = (&v.x, &v.n, &v.m);
    let mut s = if !x.is_zero() || (ups.is_zero() && nim.is_zero()) { x.to_string() } else { String::new() };
    if !ups.is_zero() {
        let arrow = if ups.is_negative() { "v" } else { "^" };
        let a = ups.abs();
        match a.as_small() {
            Some(1) => s.push_str(arrow),
            Some(2) => {
                s.push_str(arrow);
                s.push_str(arrow);
            }
            _ => {
                s.push_str(arrow);
                s.push_str(&a.to_string());
            }
        }
    }
    if !nim.is_zero() {
        s.push('*');
        if !nim.is_one() {
            s.push_str(&nim.to_string());
        }
    }
    s
}

impl<'a> Printer<'a> {
    pub fn new(e: &'a Engine) -> Printer<'a> {
        Printer { e, sorted: HashMap::new(), cmp_cache: HashMap::new(), layouts: HashMap::new() }
    }

    pub fn format(&mut self, g: Id) -> R<String> {
        let mut out = String::new();
        self.emit(g, true, false, &mut out)?;
        Ok(out)
    }

    fn category(&self, g: Id) -> Category<'a> {
        let node = self.e.table.node(g);
        match node.nus() {
            None => Category::Other,
            Some(v) if node.kind == Kind::Number => Category::Number(&v.x),
            Some(v) if v.x.is_zero() && v.n.is_zero() => Category::Nimber(&v.m),
            Some(v) => Category::Packed(&v.x, !v.n.is_zero(), &v.n, &v.m),
        }
    }

    fn compare(&mut self, g: Id, h: Id) -> R<Ordering> {
        if g == h {
            return Ok(Ordering::Equal);
        }
        if let Some(&c) = self.cmp_cache.get(&(g, h)) {
            return Ok(c);
        }
        let (cg, ch) = (self.category(g), self.category(h));
        let result = match (&cg, &ch) {
            (Category::Number(a), Category::Number(b)) => a.cmp(b),
            (Category::Nimber(a), Category::Nimber(b)) => a.cmp(b),
            (Category::Packed(a, b, c, d), Category::Packed(w, x, y, z)) => (a, b, c, d).cmp(&(w, x, y, z)),
            (Category::Other, Category::Other) => stacker::maybe_grow(RED_ZONE, STACK_STEP, || self.compare_options(g, h))?,
            _ => cg.rank().cmp(&ch.rank()),
        };
        self.cmp_cache.insert((g, h), result);
        self.cmp_cache.insert((h, g), result.reverse());
        Ok(result)
    }

    fn compare_options(&mut self, g: Id, h: Id) -> R<Ordering> {
        let (gl, gr) = self.sorted_options(g)?;
        let (hl, hr) = self.sorted_options(h)?;
        for (a, b) in [(gl, hl), (gr, hr)] {
            for (&x, &y) in a.iter().zip(b.iter()) {
                let c = self.compare(x, y)?;
                if c != Ordering::Equal {
                    return Ok(c);
                }
            }
            let c = a.len().cmp(&b.len());
            if c != Ordering::Equal {
                return Ok(c);
            }
        }
        Ok(Ordering::Equal)
    }

    fn sort(&mut self, items: &[Id]) -> R<Vec<Id>> {
        // a stable merge sort whose comparisons may fail (Ctrl-C)
        let mut items = items.to_vec();
        let mut width = 1;
        while width < items.len() {
            let mut merged = Vec::with_capacity(items.len());
            let mut lo = 0;
            while lo < items.len() {
                let mid = (lo + width).min(items.len());
                let hi = (lo + 2 * width).min(items.len());
                let (mut i, mut j) = (lo, mid);
                while i < mid && j < hi {
                    if self.compare(items[j], items[i])? == Ordering::Less {
                        merged.push(items[j]);
                        j += 1;
                    } else {
                        merged.push(items[i]);
                        i += 1;
                    }
                }
                merged.extend_from_slice(&items[i..mid]);
                merged.extend_from_slice(&items[j..hi]);
                lo = hi;
            }
            items = merged;
            width *= 2;
        }
        Ok(items)
    }

    fn sorted_options(&mut self, g: Id) -> R<(Vec<Id>, Vec<Id>)> {
        if let Some(hit) = self.sorted.get(&g) {
            return Ok(hit.clone());
        }
        crate::short::tick()?;
        let (l, r) = self.e.table.options(g)?;
        let (l, r) = (l.to_vec(), r.to_vec());
        let left = self.sort(&l)?;
        let right = self.sort(&r)?;
        self.sorted.insert(g, (left.clone(), right.clone()));
        Ok((left, right))
    }

    fn number(&self, g: Id) -> Option<&'a Dyadic> {
        let node = self.e.table.node(g);
        if node.kind == Kind::Number {
            node.nus().map(|v| &v.x)
        } else {
            None
        }
    }

    /// `(name, translate, subscript)` when g is `x + Tiny(G)` or `x + Miny(G)`.
    ///
    /// CGSuite's test: g = {x || x | z} with x a number and mean(z) < x is
    /// x + Tiny(x - z); g = {w | y || y} with y a number and mean(w) > y is
    /// y + Miny(w - y).
    fn tiny_form(&mut self, g: Id) -> R<Option<(&'static str, Id, Id)>> {
        let t = &self.e.table;
        let (lo, ro) = t.options(g)?;
        if lo.len() != 1 || ro.len() != 1 {
            return Ok(None);
        }
        let (gl, gr) = (lo[0], ro[0]);
        if let Some(x) = self.number(gl) {
            let (a, b) = t.options(gr)?;
            if a.len() == 1 && b.len() == 1 && a[0] == gl {
                let z = b[0];
                if self.e.mean(z)? < *x {
                    return Ok(Some(("Tiny", gl, self.e.sub(gl, z)?)));
                }
            }
        }
        if let Some(y) = self.number(gr) {
            let (a, b) = t.options(gl)?;
            if a.len() == 1 && b.len() == 1 && b[0] == gr {
                let w = a[0];
                if self.e.mean(w)? > *y {
                    return Ok(Some(("Miny", gr, self.e.sub(w, gr)?)));
                }
            }
        }
        Ok(None)
    }

    /// How `g` prints, and its slash count (> 0 when printed as a bare `a|b` run of
    /// that length); decided once per (game, braces, parens), without building text.
    fn layout(&mut self, g: Id, braces: bool, parens: bool) -> R<(Layout, usize)> {
        if let Some(hit) = self.layouts.get(&(g, braces, parens)) {
            return Ok(hit.clone());
        }
        let out = stacker::maybe_grow(RED_ZONE, STACK_STEP, || self.layout_of(g, braces))?;
        self.layouts.insert((g, braces, parens), out.clone());
        Ok(out)
    }

    fn layout_of(&mut self, g: Id, braces: bool) -> R<(Layout, usize)> {
        crate::short::tick()?;
        if self.e.table.node(g).nus().is_some() {
            return Ok((Layout::Packed, 0));
        }
        let (left, right) = self.sorted_options(g)?;
        if !left.is_empty() && self.e.neg(g)? == g {
            for &o in &left {
                self.layout(o, true, left.len() == 1)?;
            }
            return Ok((Layout::Switch, 0));
        }
        if let Some((name, translate, sub)) = self.tiny_form(g)? {
            self.layout(sub, true, false)?;
            return Ok((Layout::Tiny(name, translate, sub), 0));
        }
        let mut slashes = 1;
        for options in [&left, &right] {
            let many = options.len() > 1;
            for &o in options.iter() {
                let (_, k) = self.layout(o, many, false)?;
                slashes = slashes.max(k + 1);
            }
        }
        if braces || slashes >= MAX_SLASHES {
            Ok((Layout::Braced(slashes), 0))
        } else {
            Ok((Layout::Bare(slashes), slashes))
        }
    }

    /// Write the text of `g` (laid out as `layout` decided) at the end of `out`.
    fn emit(&mut self, g: Id, braces: bool, parens: bool, out: &mut String) -> R<()> {
        let (layout, _) = self.layout(g, braces, parens)?;
        stacker::maybe_grow(RED_ZONE, STACK_STEP, || self.emit_as(g, layout, parens, out))
    }

    fn emit_as(&mut self, g: Id, layout: Layout, parens: bool, out: &mut String) -> R<()> {
        match layout {
            Layout::Packed => {
                let v = self.e.table.node(g).nus().expect("a packed value");
                let s = nus_text(v);
                let (x0, u0, n0) = (v.x.is_zero(), v.n.is_zero(), v.m.is_zero());
                if parens && !(n0 && u0) && !(x0 && u0) && !(x0 && n0) {
                    out.push('(');
                    out.push_str(&s);
                    out.push(')');
                } else {
                    out.push_str(&s);
                }
            }
            Layout::Switch => {
                // a switch: +- its Left option(s)
                let (left, _) = self.sorted_options(g)?;
                out.push_str("+-");
                if left.len() == 1 {
                    self.emit(left[0], true, true, out)?;
                } else {
                    out.push('{');
                    for (i, &o) in left.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.emit(o, true, false, out)?;
                    }
                    out.push('}');
                }
            }
            Layout::Tiny(name, translate, sub) => {
                if parens {
                    out.push('(');
                }
                let x = self.number(translate).expect("a number");
                if !x.is_zero() {
                    out.push_str(&x.to_string());
                }
                out.push_str(name);
                out.push('(');
                self.emit(sub, true, false, out)?;
                out.push(')');
                if parens {
                    out.push(')');
                }
            }
            Layout::Braced(slashes) | Layout::Bare(slashes) => {
                let braced = matches!(layout, Layout::Braced(_));
                let (left, right) = self.sorted_options(g)?;
                if braced {
                    out.push('{');
                }
                for (side, options) in [&left, &right].into_iter().enumerate() {
                    if side == 1 {
                        out.push_str(&"|".repeat(slashes));
                    }
                    let many = options.len() > 1;
                    for (i, &o) in options.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.emit(o, many, false, out)?;
                    }
                }
                if braced {
                    out.push('}');
                }
            }
        }
        Ok(())
    }
}
