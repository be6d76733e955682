//! Col, Snort and Arc Kayles on graphs (mirrors `cgtkit.rulesets.graphs`, whose
//! Python search is the reference twin).
//!
//! A graph has at most 64 vertices, so a vertex set is a `u64` and the graph its
//! adjacency rows; a vertex is untinted, or tinted for the one player who may still
//! colour it (`left`, `right`: the vertices only Left, only Right may colour).  A
//! move in Col or Snort colours a vertex the mover may colour and removes it; its
//! neighbours are barred to the mover (Col) or to the opponent (Snort), and one
//! barred to both dies.  A move in Arc Kayles removes the two ends of an edge.
//!
//! A position splits into its connected components.  A component of at most
//! [`SMALL`] vertices is keyed by itself, relabelled: the vertices are ordered by
//! colour refinement (tint and degree, then the colours of the neighbours, until
//! stable), ties broken by individualising the first vertex of the first tied
//! class and refining again; the key packs the tints and the upper triangle of the
//! relabelled adjacency.  So isomorphic components often (paths, cycles, trees and
//! most small graphs: always) share a key, and a key always names one tinted graph
//! (sound, though not a full isomorphism test).  A larger component is keyed by
//! its vertex sets inside a registered *root* graph (a component of a position
//! given to the solver, registered once per distinct adjacency).  Invariant: every
//! key is a connected component (in Arc Kayles, of two vertices or more).  Swapping
//! the tints swaps the players, so in Col and Snort the swapped key's value is the
//! negative (the mirror).

use super::codec::{Arg, KeyBytes};
use super::search::{Options, Rules};
use crate::short::{Engine, Res};
use hashbrown::HashMap;
use std::sync::{OnceLock, RwLock};

/// The most vertices of a graph in the native search.
pub const MAX_VERTICES: usize = 64;
/// The most vertices of a component keyed by itself.
pub const SMALL: usize = 20;
/// The top byte of a root-relative key's last word (a small key has its size there).
const LARGE: u64 = 0xFF << 56;

type Set = u64;

/// A component: small (its tints and relabelled edges, its size in the top byte of
/// the last word) or root-relative (`[vertices, left, right, LARGE | root]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GraphKey([u64; 4]);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GraphGame {
    Col,
    Snort,
    ArcKayles,
}

/// A graph being played: adjacency rows, its live vertices and their tints, and
/// the root it lives in (None for a small component's own graph).
struct Part {
    adj: [Set; MAX_VERTICES],
    live: Set,
    left: Set,
    right: Set,
    root: Option<u32>,
}

#[derive(Default)]
struct Roots {
    graphs: Vec<[Set; MAX_VERTICES]>,
    index: HashMap<Box<[Set; MAX_VERTICES]>, u32>,
}

/// A graph game and its registered root graphs.
pub struct Graphs {
    pub game: GraphGame,
    roots: RwLock<Roots>,
}

#[inline]
fn bits(mut s: Set, mut f: impl FnMut(usize)) {
    while s != 0 {
        let v = s.trailing_zeros() as usize;
        s &= s - 1;
        f(v);
    }
}

fn all(n: usize) -> Set {
    if n >= 64 {
        !0
    } else {
        (1 << n) - 1
    }
}

/// The connected component of `live` holding the vertices `start`.
#[inline]
fn component(adj: &[Set; MAX_VERTICES], live: Set, start: Set) -> Set {
    let (mut comp, mut frontier) = (start, start);
    while frontier != 0 {
        let mut next = 0;
        bits(frontier, |v| next |= adj[v]);
        next &= live & !comp;
        comp |= next;
        frontier = next;
    }
    comp
}

/// Dense ranks of `sig` (equal signatures share a rank, ranks in signature order);
/// returns the number of ranks.
fn rank<T: Ord>(sig: &[T], out: &mut [u8]) -> usize {
    let n = sig.len();
    let mut idx = [0u8; SMALL];
    for (i, x) in idx.iter_mut().enumerate().take(n) {
        *x = i as u8;
    }
    idx[..n].sort_unstable_by(|&a, &b| sig[a as usize].cmp(&sig[b as usize]));
    let mut r = 0u8;
    for k in 0..n {
        if k > 0 && sig[idx[k] as usize] != sig[idx[k - 1] as usize] {
            r += 1;
        }
        out[idx[k] as usize] = r;
    }
    if n == 0 {
        0
    } else {
        r as usize + 1
    }
}

/// The label of each vertex of a small graph (`adj` rows over `0..n`): colour
/// refinement from (tint, degree), individualising the first vertex of the first
/// tied class until every label is distinct.
fn labels(adj: &[u32], tints: &[u8]) -> [u8; SMALL] {
    let n = adj.len();
    let mut col = [0u8; SMALL];
    let init: Vec<(u8, u32)> = (0..n).map(|i| (tints[i], adj[i].count_ones())).collect();
    let mut classes = rank(&init, &mut col);
    let mut sig = [[0u8; SMALL + 1]; SMALL];
    loop {
        loop {
            for i in 0..n {
                let s = &mut sig[i];
                *s = [u8::MAX; SMALL + 1];
                s[0] = col[i];
                let mut k = 1;
                let mut m = adj[i];
                while m != 0 {
                    s[k] = col[m.trailing_zeros() as usize];
                    m &= m - 1;
                    k += 1;
                }
                s[1..k].sort_unstable();
            }
            let c = rank(&sig[..n], &mut col);
            if c == classes {
                break;
            }
            classes = c;
        }
        if classes == n {
            return col;
        }
        let mut count = [0u8; SMALL];
        for &c in &col[..n] {
            count[c as usize] += 1;
        }
        let c = (0..n).find(|&c| count[c] > 1).unwrap() as u8;
        let i = (0..n).find(|&i| col[i] == c).unwrap();
        for (j, x) in col.iter_mut().enumerate().take(n) {
            if *x > c || (*x == c && j != i) {
                *x += 1;
            }
        }
        classes += 1;
    }
}

#[inline]
fn set_bit(w: &mut [u64; 4], i: usize) {
    w[i / 64] |= 1 << (i % 64);
}

#[inline]
fn get_bit(w: &[u64; 4], i: usize) -> bool {
    w[i / 64] >> (i % 64) & 1 == 1
}

/// The key of a component of at most [`SMALL`] vertices.
fn small_key(adj: &[Set; MAX_VERTICES], comp: Set, left: Set, right: Set) -> GraphKey {
    let mut verts = [0u8; SMALL];
    let mut local = [0u8; MAX_VERTICES];
    let mut n = 0;
    bits(comp, |v| {
        verts[n] = v as u8;
        local[v] = n as u8;
        n += 1;
    });
    let mut ladj = [0u32; SMALL];
    let mut tints = [0u8; SMALL];
    for i in 0..n {
        let v = verts[i] as usize;
        bits(adj[v] & comp, |u| ladj[i] |= 1 << local[u]);
        tints[i] = if left >> v & 1 == 1 {
            1
        } else if right >> v & 1 == 1 {
            2
        } else {
            0
        };
    }
    let label = labels(&ladj[..n], &tints[..n]);
    let mut w = [0u64; 4];
    for i in 0..n {
        let a = label[i] as usize;
        w[a * 2 / 64] |= (tints[i] as u64) << (a * 2 % 64);
        let mut m = ladj[i];
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            let b = label[j] as usize;
            if a < b {
                set_bit(&mut w, 2 * n + b * (b - 1) / 2 + a);
            }
        }
    }
    w[3] |= (n as u64) << 56;
    GraphKey(w)
}

/// The Dawson's Kayles (octal 0.07) nim value of a row of `n` pins, n <= 64.
fn dawson(n: usize) -> u32 {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut g: Vec<u32> = vec![0; MAX_VERTICES + 1];
        for m in 2..=MAX_VERTICES {
            let mut seen = 0u128;
            for a in 0..=m - 2 {
                seen |= 1 << (g[a] ^ g[m - 2 - a]);
            }
            g[m] = (!seen).trailing_zeros();
        }
        g
    });
    t[n]
}

impl Graphs {
    pub fn new(game: GraphGame) -> Self {
        Graphs { game, roots: RwLock::new(Roots::default()) }
    }

    fn root(&self, adj: &[Set; MAX_VERTICES]) -> u32 {
        if let Some(&g) = self.roots.read().unwrap_or_else(|p| p.into_inner()).index.get(adj) {
            return g;
        }
        let mut r = self.roots.write().unwrap_or_else(|p| p.into_inner());
        if let Some(&g) = r.index.get(adj) {
            return g;
        }
        let g = r.graphs.len() as u32;
        r.graphs.push(*adj);
        r.index.insert(Box::new(*adj), g);
        g
    }

    /// The key of the component `comp` of a part.
    fn key(&self, p: &Part, comp: Set, left: Set, right: Set) -> GraphKey {
        if comp.count_ones() as usize <= SMALL {
            return small_key(&p.adj, comp, left, right);
        }
        let root = p.root.expect("a component larger than SMALL lives in a root graph");
        GraphKey([comp, left & comp, right & comp, LARGE | root as u64])
    }

    fn decode(&self, k: GraphKey) -> Part {
        let w = k.0;
        if w[3] & LARGE == LARGE {
            let root = (w[3] & 0xFFFF_FFFF) as u32;
            let adj = self.roots.read().unwrap_or_else(|p| p.into_inner()).graphs[root as usize];
            return Part { adj, live: w[0], left: w[1], right: w[2], root: Some(root) };
        }
        let n = (w[3] >> 56) as usize;
        let mut p = Part { adj: [0; MAX_VERTICES], live: all(n), left: 0, right: 0, root: None };
        for a in 0..n {
            match w[a * 2 / 64] >> (a * 2 % 64) & 3 {
                1 => p.left |= 1 << a,
                2 => p.right |= 1 << a,
                _ => {}
            }
            for b in 0..a {
                if get_bit(&w, 2 * n + a * (a - 1) / 2 + b) {
                    p.adj[a] |= 1 << b;
                    p.adj[b] |= 1 << a;
                }
            }
        }
        p
    }

    /// The keys of the components of `cells` in part `p` (in Arc Kayles, lone
    /// vertices are dropped: they have no move).
    fn parts(&self, p: &Part, mut cells: Set, left: Set, right: Set, out: &mut impl FnMut(GraphKey)) {
        while cells != 0 {
            let c = component(&p.adj, cells, cells & cells.wrapping_neg());
            cells &= !c;
            if self.game == GraphGame::ArcKayles && c.count_ones() == 1 {
                continue;
            }
            out(self.key(p, c, left & c, right & c));
        }
    }

    /// The component keys of a whole graph: `tints` one character a vertex (`.`
    /// untinted, `L`, `R`), `edges` pairs of vertex indices.  None when it has more
    /// than [`MAX_VERTICES`] vertices; an error names what is malformed.
    pub fn split(&self, tints: &str, edges: &[(u32, u32)]) -> Result<Option<Vec<GraphKey>>, String> {
        let n = tints.chars().count();
        if n > MAX_VERTICES {
            return Ok(None);
        }
        let mut p = Part { adj: [0; MAX_VERTICES], live: all(n), left: 0, right: 0, root: None };
        for (i, t) in tints.chars().enumerate() {
            match t {
                '.' => {}
                'L' | 'R' if self.game == GraphGame::ArcKayles => return Err("Arc Kayles has no tints".into()),
                'L' => p.left |= 1 << i,
                'R' => p.right |= 1 << i,
                _ => return Err(format!("a tint is '.', 'L' or 'R', not {t:?}")),
            }
        }
        for &(a, b) in edges {
            if a as usize >= n || b as usize >= n || a == b {
                return Err(format!("({a}, {b}) is not an edge of a graph on {n} vertices"));
            }
            p.adj[a as usize] |= 1 << b;
            p.adj[b as usize] |= 1 << a;
        }
        let mut keys = Vec::new();
        let mut cells = p.live;
        while cells != 0 {
            let c = component(&p.adj, cells, cells & cells.wrapping_neg());
            cells &= !c;
            let m = c.count_ones() as usize;
            if self.game == GraphGame::ArcKayles && m == 1 {
                continue;
            }
            if m <= SMALL {
                keys.push(small_key(&p.adj, c, p.left, p.right));
                continue;
            }
            // a large component: its own graph (vertices renumbered in order) as a root
            let mut local = [0u8; MAX_VERTICES];
            let mut i = 0;
            bits(c, |v| {
                local[v] = i;
                i += 1;
            });
            let (mut adj, mut left, mut right) = ([0; MAX_VERTICES], 0, 0);
            bits(c, |v| {
                let a = local[v] as usize;
                bits(p.adj[v] & c, |u| adj[a] |= 1 << local[u]);
                left |= (p.left >> v & 1) << a;
                right |= (p.right >> v & 1) << a;
            });
            let root = self.root(&adj);
            keys.push(GraphKey([all(m), left, right, LARGE | root as u64]));
        }
        Ok(Some(keys))
    }
}

impl KeyBytes for GraphKey {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.iter().for_each(|w| w.put(out));
    }
    fn take(b: &[u8]) -> Option<(Self, &[u8])> {
        let mut k = [0u64; 4];
        let mut rest = b;
        for w in &mut k {
            (*w, rest) = u64::take(rest)?;
        }
        Some((GraphKey(k), rest))
    }
}

impl Rules for Graphs {
    type Key = GraphKey;

    /// A position is given as graphs `(tints, edges)`: a character `.`, `L` or `R`
    /// a vertex, pairs of vertex indices.
    fn read(&self, keys: &[Arg]) -> Result<Option<Vec<GraphKey>>, String> {
        let mut parts = Vec::new();
        for k in keys {
            let bad = || format!("a graph is (tints, edges), not {k}");
            let [tints, edges] = k.items(2).ok_or_else(bad)? else { unreachable!() };
            let tints = tints.str().ok_or_else(bad)?;
            let mut pairs = Vec::new();
            for e in edges.list().ok_or_else(bad)? {
                let [a, b] = e.items(2).ok_or_else(bad)? else { unreachable!() };
                pairs.push((a.int::<u32>().ok_or_else(bad)?, b.int::<u32>().ok_or_else(bad)?));
            }
            match self.split(tints, &pairs)? {
                Some(p) => parts.extend(p),
                None => return Ok(None),
            }
        }
        Ok(Some(parts))
    }

    fn impartial(&self) -> bool {
        self.game == GraphGame::ArcKayles
    }

    fn expand(&self, k: GraphKey, out: &mut Options<GraphKey>) {
        let p = self.decode(k);
        if self.game == GraphGame::ArcKayles {
            bits(p.live, |u| {
                let later = !((2u64 << u).wrapping_sub(1));
                bits(p.adj[u] & p.live & later, |v| {
                    self.parts(&p, p.live & !(1 << u) & !(1 << v), 0, 0, &mut |c| out.part(c));
                    out.done();
                });
            });
            out.end_side();
            return;
        }
        let snort = self.game == GraphGame::Snort;
        for side in 0..2 {
            let (mine, theirs) = if side == 0 { (p.left, p.right) } else { (p.right, p.left) };
            let cells = p.live;
            let untinted = cells & !(mine | theirs);
            bits(cells & !theirs, |v| {
                let bit = 1u64 << v;
                let n = p.adj[v] & cells;
                // Snort: the neighbours are barred to the opponent (theirs die,
                // untinted ones become mine); Col: barred to the mover (mine die,
                // untinted ones become theirs)
                let (c2, m2, t2) = if snort {
                    (cells & !bit & !(n & theirs), (mine & !bit) | (n & untinted), theirs & !n)
                } else {
                    (cells & !bit & !(n & mine), mine & !bit & !n, theirs | (n & untinted))
                };
                let (l2, r2) = if side == 0 { (m2, t2) } else { (t2, m2) };
                self.parts(&p, c2, l2, r2, &mut |c| out.part(c));
                out.done();
            });
            out.end_side();
        }
    }

    /// Arc Kayles: a path of n vertices is Dawson's Kayles on n pins, and a cycle
    /// of n has one option, the path of n - 2.
    fn quick(&self, k: GraphKey, _e: &Engine) -> Res<Option<u32>> {
        if self.game != GraphGame::ArcKayles {
            return Ok(None);
        }
        let p = self.decode(k);
        let n = p.live.count_ones() as usize;
        let mut degrees = 0;
        let mut ok = true;
        bits(p.live, |v| {
            let d = (p.adj[v] & p.live).count_ones() as usize;
            ok &= d <= 2;
            degrees += d;
        });
        if !ok {
            return Ok(None);
        }
        let edges = degrees / 2;
        Ok(if edges + 1 == n {
            Some(dawson(n))
        } else if edges == n && n >= 3 {
            Some(if dawson(n - 2) == 0 { 1 } else { 0 })
        } else {
            None
        })
    }

    fn mirror(&self, k: GraphKey) -> Option<GraphKey> {
        if self.game == GraphGame::ArcKayles {
            return None;
        }
        let w = k.0;
        if w[3] & LARGE == LARGE {
            return Some(GraphKey([w[0], w[2], w[1], w[3]]));
        }
        let p = self.decode(k);
        Some(small_key(&p.adj, p.live, p.right, p.left))
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::Solver;
    use super::*;
    use crate::numbers::{Dyadic, Int};
    use crate::short::engine;

    fn value(game: GraphGame, tints: &str, edges: &[(u32, u32)]) -> u32 {
        let sv = Solver::new(Graphs::new(game), None);
        let keys = sv.rules.split(tints, edges).unwrap().unwrap();
        sv.total(&keys, 1).unwrap()
    }

    fn path(n: u32) -> Vec<(u32, u32)> {
        (1..n).map(|i| (i - 1, i)).collect()
    }

    #[test]
    fn winning_ways_values() {
        let e = &engine();
        let n = |x: i64| e.number(Dyadic::small(x));
        let star = e.canonical(vec![e.zero], vec![e.zero]).unwrap();
        assert_eq!(value(GraphGame::Col, ".", &[]), star);
        assert_eq!(value(GraphGame::Col, "L", &[]), n(1));
        assert_eq!(value(GraphGame::Col, "..", &path(2)), e.zero);
        assert_eq!(value(GraphGame::Col, "L.", &path(2)), e.number(Dyadic::new(Int::from(1i64), 1)));
        assert_eq!(value(GraphGame::Snort, "..", &path(2)), e.canonical(vec![n(1)], vec![n(-1)]).unwrap());
        assert_eq!(value(GraphGame::Snort, "...", &path(3)), e.canonical(vec![n(2)], vec![n(-2)]).unwrap());
    }

    #[test]
    fn arc_kayles_paths_and_large_components() {
        // paths by search (a star's centre breaks the path shortcut) and by the shortcut
        let want = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4];
        for (i, &w) in want.iter().enumerate() {
            let n = i as u32 + 1;
            assert_eq!(value(GraphGame::ArcKayles, &".".repeat(n as usize), &path(n)), w);
        }
        // a path of 30 (a root-relative key) is Dawson's Kayles on 30 pins
        assert_eq!(value(GraphGame::ArcKayles, &".".repeat(30), &path(30)), dawson(30));
        assert_eq!(dawson(30), 4);
    }

    #[test]
    fn relabelled_paths_share_a_key() {
        let g = Graphs::new(GraphGame::Col);
        // the path 0-3-1-2 and the path 0-1-2-3
        let a = g.split("....", &[(0, 3), (3, 1), (1, 2)]).unwrap().unwrap();
        let b = g.split("....", &[(0, 1), (1, 2), (2, 3)]).unwrap().unwrap();
        assert_eq!(a, b);
        let c = g.split("L...", &[(0, 1), (1, 2), (2, 3)]).unwrap().unwrap();
        let d = g.split("...L", &[(0, 1), (1, 2), (2, 3)]).unwrap().unwrap();
        assert_eq!(c, d);
        assert_ne!(a, c);
    }

    #[test]
    fn bad_graphs() {
        let g = Graphs::new(GraphGame::ArcKayles);
        assert!(g.split("..", &[(0, 2)]).is_err());
        assert!(g.split("..", &[(1, 1)]).is_err());
        assert!(g.split("L.", &[]).is_err());
        assert_eq!(g.split(&".".repeat(65), &[]).unwrap(), None);
    }
}
