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

use super::codec::Arg;
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
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }

    /// The edges of `mask` reached from the vertices `seeds` through edges of `mask`,
    /// passing through no vertex of `seen` (the ground, when a part is traced).
    #[inline]
    fn reach(&self, mask: u64, seeds: &[u8], mut seen: u128) -> u64 {
        let mut stack = [0u8; MAX_EDGES + 1];
        let mut top = 0;
        for &x in seeds {
            if seen >> x & 1 == 0 {
                seen |= 1 << x;
                stack[top] = x;
                top += 1;
            }
        }
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

    /// The edges of `mask` still joined to the ground through edges of `mask`.
    fn grounded(&self, mask: u64) -> u64 {
        self.reach(mask, &[0], 0)
    }

    /// The components of grounded edges `mask` (parts meeting only at the ground).
    fn components(&self, mask: u64, out: &mut impl FnMut(u64)) {
        let mut rest = mask;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            let part = 1u64 << i | self.reach(rest, &[self.u[i], self.v[i]], 1);
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
/// tokens packed 2 bits each, and their count.  No allocation: children are kept
/// as linked lists, their codes sorted in a small array.
fn tree_code(g: &Graph, mask: u64) -> (u128, u32) {
    const NONE: u8 = u8::MAX;
    let mut order = [0u8; MAX_EDGES + 1];
    let mut up_edge = [0u8; MAX_EDGES + 1];
    let mut first = [NONE; MAX_EDGES + 1];
    let mut sibling = [NONE; MAX_EDGES + 1];
    let mut seen: u128 = 1;
    let (mut head, mut count) = (0, 1);
    while head < count {
        let x = order[head];
        head += 1;
        let mut m = g.inc[x as usize] & mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let y = if g.u[i] == x { g.v[i] } else { g.u[i] };
            if seen >> y & 1 == 0 {
                seen |= 1 << y;
                up_edge[y as usize] = i as u8;
                sibling[y as usize] = first[x as usize];
                first[x as usize] = y;
                order[count] = y;
                count += 1;
            }
        }
    }
    // codes bottom up (reverse walk order): an edge's colour, its children's codes
    // sorted by (length, bits), then the closing 0 token
    let mut code = [0u128; MAX_EDGES + 1];
    let mut len = [0u32; MAX_EDGES + 1];
    let mut kids = [(0u32, 0u128); MAX_EDGES];
    for k in (0..count).rev() {
        let y = order[k] as usize;
        let mut m = 0;
        let mut c = first[y];
        while c != NONE {
            kids[m] = (len[c as usize], code[c as usize]);
            m += 1;
            c = sibling[c as usize];
        }
        kids[..m].sort_unstable();
        let (mut b, mut n) = if y == 0 { (0u128, 0u32) } else { (g.c[up_edge[y] as usize] as u128, 1) };
        for &(l, x) in &kids[..m] {
            b |= x << (2 * n);
            n += l;
        }
        if y == 0 {
            return (b, n);
        }
        code[y] = b;
        len[y] = n + 1; // the closing 0 token
    }
    unreachable!("the ground is walked first")
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
    bases: RwLock<Bases>,
}

/// The large top-level components met so far, each numbered by its edge code.
#[derive(Default)]
struct Bases {
    index: HashMap<Vec<u8>, u32>,
    graphs: Vec<Graph>,
}

impl Default for Graphs {
    fn default() -> Self {
        Self::new()
    }
}

impl Graphs {
    pub fn new() -> Self {
        Graphs { bases: RwLock::new(Bases::default()) }
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
            let g = bases.graphs[b as usize].clone();
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
                match bases.index.get(&code) {
                    Some(&b) => Some(b),
                    None if bases.graphs.len() >= MAX_BASES => return Ok(None),
                    None => {
                        let b = bases.graphs.len() as u32;
                        bases.graphs.push(g.clone());
                        bases.index.insert(code, b);
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
        self.bases.read().unwrap_or_else(|p| p.into_inner()).graphs.len()
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

    /// A position is given as its edges `(u, v, colour)` (see [`Graphs::parts`]).
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<u128>>, String> {
        let mut edges = Vec::with_capacity(keys.len());
        for k in keys {
            let e = k.items(3).and_then(|e| Some((e[0].str()?.to_string(), e[1].str()?.to_string(), e[2].str()?.to_string())));
            edges.push(e.ok_or_else(|| format!("a Hackenbush edge is (u, v, colour), not {k}"))?);
        }
        self.parts(&edges)
    }

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
    use crate::short::engine;

    #[test]
    fn closed_forms_agree_with_the_search() {
        let e = &engine();
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

#[cfg(test)]
mod graph_tests {
    use super::*;
    use crate::short::engine;

    fn edges(text: &str) -> Vec<(String, String, String)> {
        text.split_whitespace()
            .map(|t| {
                let (uv, c) = t.split_once(':').unwrap();
                let (u, v) = uv.split_once('-').unwrap();
                (u.to_string(), v.to_string(), c.to_string())
            })
            .collect()
    }

    fn keys(gs: &Graphs, text: &str) -> Vec<u128> {
        let mut k = gs.parts(&edges(text)).unwrap().unwrap();
        k.sort_unstable();
        k
    }

    #[test]
    fn isomorphic_trees_share_a_key_and_keys_decode() {
        let gs = Graphs::new();
        // L(R(G,L),RR,G(L,R)) written with its branches in other orders
        let a = keys(&gs, "g-a:L a-b:R b-c:G b-d:L a-e:R e-f:R a-h:G h-i:L h-j:R");
        let b = keys(&gs, "g-x:L x-h:G h-j:R h-i:L x-b:R b-d:L b-c:G x-e:R e-f:R");
        assert_eq!(a, b);
        assert_eq!(a.len(), 1);
        assert_eq!(a[0] >> KIND, K_TREE);
        // decoding and keying again gives the key back
        let g = decode_small(a[0]);
        assert_eq!(gs.key(&g, g.all(), None), a[0]);
        // a graph: its vertices renamed, the same key; two parts at the ground
        let c = keys(&gs, "g-a:G a-b:G b-g:G g-c:L c-c:R");
        let d = keys(&gs, "g-p:L p-p:R g-q:G q-r:G r-g:G");
        assert_eq!(c, d);
        assert_eq!(c.len(), 2);
        // floating edges are dropped; a ground loop is a part of its own
        assert_eq!(keys(&gs, "a-b:L g-g:R").len(), 1);
    }

    #[test]
    fn chops_drop_what_falls() {
        let mut g = Graph::new();
        // g-1 1-2 2-3 3-1 (a triangle on a stalk) and 2-4
        for (u, v) in [(0, 1), (1, 2), (2, 3), (3, 1), (2, 4)] {
            g.push(u, v, CG);
        }
        assert_eq!(g.grounded(g.all() & !1), 0); // chop the trunk: all falls
        assert_eq!(g.grounded(g.all() & !2), 0b11101); // a triangle edge: nothing falls
        let mut parts = Vec::new();
        let mut h = Graph::new();
        for (u, v) in [(0, 1), (1, 0), (0, 2), (0, 0)] {
            h.push(u, v, CL);
        }
        h.components(h.all(), &mut |p| parts.push(p));
        assert_eq!(parts, vec![0b0011, 0b0100, 0b1000]);
    }

    #[test]
    fn large_parts_by_mask_and_values() {
        let gs = Graphs::new();
        let names: Vec<String> = (0..40).map(|i| format!("v{i}")).collect();
        let mut text = String::from("g-v0:G");
        for i in 1..40 {
            text += &format!(" {}-{}:{}", names[i / 2], names[i], ["L", "R", "G"][i % 3]);
        }
        let k = keys(&gs, &text);
        assert_eq!((k.len(), k[0] >> KIND, gs.bases()), (1, K_BIG, 1));
        assert_eq!(keys(&gs, &text), k); // interned once
                                         // a green tree by search equals the colon principle
        let sv = super::super::search::Solver::new(Graphs::new(), None);
        let green = keys(&gs, "g-a:G a-b:G a-c:G c-d:G");
        let e = &engine();
        let mut o = Options::default();
        sv.rules.expand(green[0], &mut o);
        assert_eq!(o.left_count(), 4);
        assert_eq!(sv.total(&green, 1).unwrap(), e.nus(Nus { x: Dyadic::zero(), n: Int::ZERO, m: Int::from(4) }));
    }
}
