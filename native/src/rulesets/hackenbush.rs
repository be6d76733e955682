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


// --- trees and graphs -------------------------------------------------------------------
//
// (mirrors `HackenbushTree` and `HackenbushGraph`; a tree is searched as the graph
// whose edge i joins its parent's top to its own top.)  A component is a set of edges
// joined to the ground through one another, meeting other components only at the
// ground.  Its key (a `u128`, the top two bits its kind) is one of:
//
// * a small tree (at most `SMALL_TREE` edges): its canonical form, so isomorphic
//   trees share a key: each edge is a colour token (1 L, 2 R, 3 G) followed by the
//   codes of the edges on its top, sorted, and a closing 0 token, 2 bits a token;
// * a small graph (at most `SMALL_GRAPH` edges, not a tree): its edges with the
//   vertices renamed in the order first met along the edges (the ground 0), each
//   edge `min << 6 | max << 2 | colour` (10 bits), sorted: identical components
//   written alike share a key (not every isomorphic pair: no full isomorphism test);
// * a large component: a set of edges (`u64` mask) of a *base*, a graph interned in
//   the solver (the top-level components the solver was given, renamed the same
//   way); so graphs of at most `MAX_EDGES` edges in each top-level component.
//
// Chopping an edge removes it and every edge no longer joined to the ground (a flood
// fill on the masks); what is left splits into components, each keyed afresh (a part
// small enough becomes a small key, shared with everything else).

use super::search::{Options, Rules};
use hashbrown::HashMap;
use std::sync::RwLock;

/// The most edges of one top-level component of the native graph search.
pub const MAX_EDGES: usize = 64;
/// The most bases (distinct large top-level components) a solver interns; beyond
/// it, positions with new large components go to the Python search.
pub const MAX_BASES: usize = 1 << 20;
const SMALL_TREE: usize = 30;
const SMALL_GRAPH: usize = 12;
const KIND: u32 = 126;
const K_BIG: u128 = 0;
const K_GRAPH: u128 = 1;
const K_TREE: u128 = 2;
const CL: u8 = 1;
const CR: u8 = 2;
const CG: u8 = 3;

/// A graph of at most `MAX_EDGES` edges, vertex 0 the ground; `inc[x]` the edges at
/// vertex x (a loop counts once).
#[derive(Clone)]
pub struct Graph {
    n: usize,
    u: [u8; MAX_EDGES],
    v: [u8; MAX_EDGES],
    c: [u8; MAX_EDGES],
    inc: [u64; MAX_EDGES + 1],
}

impl Graph {
    fn new() -> Self {
        Graph { n: 0, u: [0; MAX_EDGES], v: [0; MAX_EDGES], c: [0; MAX_EDGES], inc: [0; MAX_EDGES + 1] }
    }

    /// Add an edge (vertices at most `MAX_EDGES`).
    fn push(&mut self, u: u8, v: u8, c: u8) {
        let i = self.n;
        self.u[i] = u;
        self.v[i] = v;
        self.c[i] = c;
        self.inc[u as usize] |= 1 << i;
        self.inc[v as usize] |= 1 << i;
        self.n += 1;
    }

    fn all(&self) -> u64 {
        if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 }
    }

    /// The edges of `mask` still joined to the ground through edges of `mask`.
    fn grounded(&self, mask: u64) -> u64 {
        let mut seen: u128 = 1;
        let mut stack = [0u8; MAX_EDGES + 1];
        let mut top = 1;
        let mut got = 0u64;
        while top > 0 {
            top -= 1;
            let x = stack[top];
            let mut m = self.inc[x as usize] & mask & !got;
            got |= m;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let y = if self.u[i] == x { self.v[i] } else { self.u[i] };
                if seen >> y & 1 == 0 {
                    seen |= 1 << y;
                    stack[top] = y;
                    top += 1;
                }
            }
        }
        got
    }

    /// The components of grounded edges `mask` (parts meeting only at the ground).
    fn components(&self, mask: u64, out: &mut impl FnMut(u64)) {
        let mut rest = mask;
        let mut stack = [0u8; MAX_EDGES + 1];
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            let mut part = 1u64 << i;
            let mut top = 0;
            for x in [self.u[i], self.v[i]] {
                if x != 0 {
                    stack[top] = x;
                    top += 1;
                }
            }
            let mut seen: u128 = 1 | 1 << self.u[i] | 1 << self.v[i];
            while top > 0 {
                top -= 1;
                let x = stack[top];
                let mut m = self.inc[x as usize] & rest & !part;
                part |= m;
                while m != 0 {
                    let j = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let y = if self.u[j] == x { self.v[j] } else { self.u[j] };
                    if seen >> y & 1 == 0 {
                        seen |= 1 << y;
                        stack[top] = y;
                        top += 1;
                    }
                }
            }
            rest &= !part;
            out(part);
        }
    }

    /// The non-ground vertices the edges of `mask` touch.
    fn vertices(&self, mask: u64) -> u128 {
        let mut vs: u128 = 0;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            vs |= 1 << self.u[i] | 1 << self.v[i];
        }
        vs & !1
    }
}

/// The canonical code of the tree on the edges `mask` (one component, a tree): its
/// tokens packed 2 bits each, and their count.
fn tree_code(g: &Graph, mask: u64) -> (u128, u32) {
    // parents by a walk from the ground; then codes bottom up (reverse walk order)
    let mut order = [0u8; MAX_EDGES + 1];
    let mut up_edge = [0u8; MAX_EDGES + 1];
    let mut parent = [0u8; MAX_EDGES + 1];
    let mut seen: u128 = 1;
    let (mut head, mut len) = (0, 1);
    while head < len {
        let x = order[head];
        head += 1;
        let mut m = g.inc[x as usize] & mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let y = if g.u[i] == x { g.v[i] } else { g.u[i] };
            if seen >> y & 1 == 0 {
                seen |= 1 << y;
                parent[y as usize] = x;
                up_edge[y as usize] = i as u8;
                order[len] = y;
                len += 1;
            }
        }
    }
    // each vertex's children codes, gathered then sorted
    let mut kids: Vec<Vec<(u32, u128)>> = vec![Vec::new(); MAX_EDGES + 1];
    for k in (1..len).rev() {
        let y = order[k] as usize;
        let mut ks = std::mem::take(&mut kids[y]);
        ks.sort_unstable();
        let mut code = g.c[up_edge[y] as usize] as u128;
        let mut n = 1;
        for (l, b) in ks {
            code |= b << (2 * n);
            n += l;
        }
        n += 1; // the closing 0 token
        kids[parent[y] as usize].push((n, code));
    }
    let mut ks = std::mem::take(&mut kids[0]);
    ks.sort_unstable();
    let (mut code, mut n) = (0u128, 0u32);
    for (l, b) in ks {
        code |= b << (2 * n);
        n += l;
    }
    (code, n)
}

/// The code of the small graph on the edges `mask`: renamed first met, sorted.
fn graph_code(g: &Graph, mask: u64) -> u128 {
    let mut name = [0u8; MAX_EDGES + 1];
    let mut named: u128 = 1;
    let mut next = 1u8;
    let mut codes = [0u16; SMALL_GRAPH];
    let mut k = 0;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        for x in [g.u[i], g.v[i]] {
            if named >> x & 1 == 0 {
                named |= 1 << x;
                name[x as usize] = next;
                next += 1;
            }
        }
        let (a, b) = (name[g.u[i] as usize], name[g.v[i] as usize]);
        codes[k] = (a.min(b) as u16) << 6 | (a.max(b) as u16) << 2 | g.c[i] as u16;
        k += 1;
    }
    codes[..k].sort_unstable();
    let mut key = (K_GRAPH << KIND) | (k as u128) << 120;
    for (j, &c) in codes[..k].iter().enumerate() {
        key |= (c as u128) << (10 * j);
    }
    key
}

/// The graph of a small key (its edges, all of them the component).
fn decode_small(key: u128) -> Graph {
    let mut g = Graph::new();
    if key >> KIND == K_TREE {
        let n = (key >> 120 & 0x1F) as u32;
        let mut stack = [0u8; SMALL_TREE + 1];
        let mut top = 0;
        let mut next = 1u8;
        let mut cur = 0u8;
        for t in 0..2 * n {
            let tok = (key >> (2 * t) & 3) as u8;
            if tok == 0 {
                top -= 1;
                cur = if top == 0 { 0 } else { stack[top - 1] };
            } else {
                g.push(cur, next, tok);
                stack[top] = next;
                top += 1;
                cur = next;
                next += 1;
            }
        }
    } else {
        let n = (key >> 120 & 0xF) as usize;
        for j in 0..n {
            let c = (key >> (10 * j) & 0x3FF) as u16;
            g.push((c >> 6) as u8, (c >> 2 & 0xF) as u8, (c & 3) as u8);
        }
    }
    g
}

/// The number of vertex `x`, numbered in the order first met.
fn vertex_id<'a>(ids: &mut HashMap<&'a str, usize>, x: &'a str) -> Result<usize, String> {
    if x.is_empty() || !x.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_') {
        return Err(format!("Hackenbush graph: bad vertex name {x:?} (letters, digits and _)"));
    }
    let k = ids.len();
    Ok(*ids.entry(x).or_insert(k))
}

/// The native search of Hackenbush trees and graphs.
pub struct Graphs {
    bases: RwLock<(HashMap<Vec<u8>, u32>, Vec<Graph>)>,
}

impl Default for Graphs {
    fn default() -> Self {
        Self::new()
    }
}

impl Graphs {
    pub fn new() -> Self {
        Graphs { bases: RwLock::new((HashMap::new(), Vec::new())) }
    }

    /// The key of the component on the edges `mask` of `g`, which is base `base`
    /// (None: `g` is small, and so is every part of it).
    fn key(&self, g: &Graph, mask: u64, base: Option<u32>) -> u128 {
        let n = mask.count_ones() as usize;
        let tree = g.vertices(mask).count_ones() as usize == n;
        if tree && n <= SMALL_TREE {
            let (code, len) = tree_code(g, mask);
            debug_assert_eq!(len as usize, 2 * n);
            return (K_TREE << KIND) | (n as u128) << 120 | code;
        }
        if n <= SMALL_GRAPH {
            return graph_code(g, mask);
        }
        match base {
            Some(b) => (K_BIG << KIND) | (b as u128) << 64 | mask as u128,
            None => unreachable!("a part of a small component is small"),
        }
    }

    /// The graph and edge set of a key, and its base (None for a small key).
    fn decode(&self, key: u128) -> (Graph, u64, Option<u32>) {
        if key >> KIND == K_BIG {
            let b = (key >> 64) as u32;
            let bases = self.bases.read().unwrap_or_else(|p| p.into_inner());
            let g = bases.1[b as usize].clone();
            return (g, key as u64, Some(b));
        }
        let g = decode_small(key);
        let all = g.all();
        (g, all, None)
    }

    /// The keys of the components of a position given as edges `(u, v, colour)`
    /// (`g` the ground; colours `L`/`B`, `R`, `G`); edges not joined to the ground
    /// are dropped.  None when a component has more than `MAX_EDGES` edges (or the
    /// solver holds `MAX_BASES` bases already).
    pub fn parts(&self, edges: &[(String, String, String)]) -> Result<Option<Vec<u128>>, String> {
        let mut ids: HashMap<&str, usize> = HashMap::new();
        ids.insert("g", 0);
        let mut es = Vec::with_capacity(edges.len());
        for (u, v, c) in edges {
            let colour = match c.to_ascii_uppercase().as_str() {
                "L" | "B" => CL,
                "R" => CR,
                "G" => CG,
                _ => return Err(format!("Hackenbush graph: illegal colour {c:?} (L or B blue, R red, G green)")),
            };
            let (a, b) = (vertex_id(&mut ids, u)?, vertex_id(&mut ids, v)?);
            es.push((a, b, colour));
        }
        // grounded edges, then components (union of the non-ground vertices)
        let nv = ids.len();
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); nv];
        for (i, &(a, b, _)) in es.iter().enumerate() {
            adj[a].push(i);
            adj[b].push(i);
        }
        let mut comp = vec![usize::MAX; nv];
        let mut reached = vec![false; nv];
        reached[0] = true;
        let mut stack = vec![0usize];
        while let Some(x) = stack.pop() {
            for &i in &adj[x] {
                let (a, b, _) = es[i];
                let y = if a == x { b } else { a };
                if !reached[y] {
                    reached[y] = true;
                    stack.push(y);
                }
            }
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, &(a, b, _)) in es.iter().enumerate() {
            if !reached[a] {
                continue; // (then b is not reached either)
            }
            if a == 0 && b == 0 {
                groups.push(vec![i]);
                continue;
            }
            let start = if a == 0 { b } else { a };
            if comp[start] == usize::MAX {
                let c = groups.len();
                groups.push(Vec::new());
                comp[start] = c;
                let mut st = vec![start];
                while let Some(x) = st.pop() {
                    for &j in &adj[x] {
                        let (p, q, _) = es[j];
                        let y = if p == x { q } else { p };
                        if y != 0 && comp[y] == usize::MAX {
                            comp[y] = c;
                            st.push(y);
                        }
                    }
                }
            }
            groups[comp[start]].push(i);
        }
        let mut out = Vec::with_capacity(groups.len());
        for grp in groups {
            if grp.len() > MAX_EDGES {
                return Ok(None);
            }
            let mut g = Graph::new();
            let mut name: HashMap<usize, u8> = HashMap::new();
            name.insert(0, 0);
            for &i in &grp {
                let (a, b, c) = es[i];
                let k = name.len() as u8;
                let a = *name.entry(a).or_insert(k);
                let k = name.len() as u8;
                let b = *name.entry(b).or_insert(k);
                g.push(a, b, c);
            }
            let all = g.all();
            let n = grp.len();
            let small = n <= SMALL_GRAPH || (n <= SMALL_TREE && g.vertices(all).count_ones() as usize == n);
            let base = if small {
                None
            } else {
                let code: Vec<u8> = (0..g.n).flat_map(|i| [g.u[i], g.v[i], g.c[i]]).collect();
                let mut bases = self.bases.write().unwrap_or_else(|p| p.into_inner());
                match bases.0.get(&code) {
                    Some(&b) => Some(b),
                    None if bases.1.len() >= MAX_BASES => return Ok(None),
                    None => {
                        let b = bases.1.len() as u32;
                        bases.1.push(g.clone());
                        bases.0.insert(code, b);
                        Some(b)
                    }
                }
            };
            out.push(self.key(&g, all, base));
        }
        Ok(Some(out))
    }

    /// How many bases the solver holds.
    pub fn bases(&self) -> usize {
        self.bases.read().unwrap_or_else(|p| p.into_inner()).1.len()
    }
}

/// The colours of a small tree's edges in its canonical preorder, if it is a path
/// from the ground (a stalk).
fn tree_stalk(key: u128) -> Option<Vec<u8>> {
    let n = (key >> 120 & 0x1F) as u32;
    let mut s = Vec::with_capacity(n as usize);
    for t in 0..n {
        match (key >> (2 * t) & 3) as u8 {
            0 => return None,
            CL => s.push(b'L'),
            CR => s.push(b'R'),
            _ => s.push(b'G'),
        }
    }
    Some(s)
}

/// The nim value of a green small tree by the colon principle, if it is green.
fn tree_green_nim(key: u128) -> Option<u64> {
    let n = (key >> 120 & 0x1F) as u32;
    let mut acc = [0u64; SMALL_TREE + 2];
    let mut top = 0;
    for t in 0..2 * n {
        match (key >> (2 * t) & 3) as u8 {
            0 => {
                top -= 1;
                acc[top] ^= acc[top + 1] + 1;
            }
            CG => {
                top += 1;
                acc[top] = 0;
            }
            _ => return None,
        }
    }
    Some(acc[0])
}

impl Rules for Graphs {
    type Key = u128;

    fn expand(&self, key: u128, out: &mut Options<u128>) {
        let (g, mask, base) = self.decode(key);
        for side in [CR, CL] {
            // Left chops what is not red, Right what is not blue
            let mut m = mask;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if g.c[i] == side {
                    continue;
                }
                let rest = g.grounded(mask & !(1 << i));
                g.components(rest, &mut |p| out.part(self.key(&g, p, base)));
                out.done();
            }
            out.end_side();
        }
    }

    /// A small tree that is a stalk (by its prefixes, or the closed forms), or green
    /// (the colon principle).
    fn quick(&self, key: u128, e: &Engine) -> Res<Option<u32>> {
        if key >> KIND != K_TREE {
            return Ok(None);
        }
        if let Some(s) = tree_stalk(key) {
            return stalk_value(e, &s).map(Some);
        }
        if let Some(n) = tree_green_nim(key) {
            return Ok(Some(e.nus(Nus { x: Dyadic::zero(), n: Int::ZERO, m: Int::from(n as i64) })));
        }
        Ok(None)
    }

    /// A small component with blue and red swapped.
    fn mirror(&self, key: u128) -> Option<u128> {
        if key >> KIND == K_BIG {
            return None;
        }
        let mut g = decode_small(key);
        for i in 0..g.n {
            g.c[i] = match g.c[i] {
                CL => CR,
                CR => CL,
                c => c,
            };
        }
        let all = g.all();
        Some(self.key(&g, all, None))
    }
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
