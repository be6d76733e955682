//! The table of interned canonical games, and the engine's memo tables.
//!
//! Every canonical game exists once and is named by its index (`Id`), so equality is
//! an integer compare.  A packed value `x + n.^ + *m` is stored as its triple (its
//! options are listed only when asked for); any other game as its sorted option ids.
//! Stops and birthday are filled in when a game is interned (from its options', so
//! in O(#options)).  The sum, comparison and canonical-form memos are bounded:
//! a shard that reaches its share of the bound is emptied (answers are recomputed,
//! never wrong).  All of it is safe to use from several threads at once.
//!
//! A table's ids start at its `base`: the table that `reset` makes in place of an old
//! one starts where the old one's ids end, so an id of the old table is never a game
//! of the new one (it is below `base`: [`Table::is_stale`]), and a question about it
//! is an error, never another game's answer.

use super::arena::Arena;
use super::nus::Nus;
use super::EngineError;
use crate::numbers::{Dyadic, Int};
use hashbrown::hash_table::{Entry as TEntry, HashTable};
use hashbrown::{DefaultHashBuilder, HashMap};
use smallvec::SmallVec;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

pub type Id = u32;
pub const NONE: Id = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Number,
    Nus,
    General,
}

/// The options of a packed value, listed once (None: a nimber too large to list).
type ListedOptions = OnceLock<Option<(Box<[Id]>, Box<[Id]>)>>;

pub struct NusNode {
    pub v: Nus,
    opts: ListedOptions,
}

pub enum Body {
    Nus(Box<NusNode>),
    General { left: Box<[Id]>, right: Box<[Id]> },
}

pub struct Node {
    pub body: Body,
    pub kind: Kind,
    pub lstop: Dyadic,
    pub rstop: Dyadic,
    pub birthday: Int,
    /// A structural hash, independent of ids: orders options deterministically.
    pub shape: u64,
    pub neg: AtomicU32,
}

impl Node {
    pub fn nus(&self) -> Option<&Nus> {
        match &self.body {
            Body::Nus(n) => Some(&n.v),
            Body::General { .. } => None,
        }
    }
}

const SHARDS: usize = 32;
/// Entries each shard has room for from the start, so that the first few thousand
/// memo entries of a process do not pay for the small tables' repeated growth.
const SHARD_START: usize = 64;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A map split into shards, each behind its own lock, holding at most `cap` entries
/// in all (a full shard is emptied before an insert).
pub struct Memo<K, V> {
    shards: Vec<Mutex<HashMap<K, V>>>,
    cap: AtomicUsize,
    hasher: DefaultHashBuilder,
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    pub fn new(cap: usize) -> Self {
        Memo {
            shards: (0..SHARDS).map(|_| Mutex::new(HashMap::with_capacity(SHARD_START))).collect(),
            cap: AtomicUsize::new(cap),
            hasher: DefaultHashBuilder::default(),
        }
    }

    fn shard<Q: Hash + ?Sized>(&self, k: &Q) -> &Mutex<HashMap<K, V>>
    where
        K: std::borrow::Borrow<Q>,
    {
        let h = self.hasher.hash_one(k);
        &self.shards[(h >> 59) as usize % SHARDS]
    }

    #[inline]
    pub fn get(&self, k: &K) -> Option<V> {
        lock(self.shard(k)).get(k).cloned()
    }

    /// Look up by a borrowed form of the key (no key is built).
    #[inline]
    pub fn get_by<Q>(&self, k: &Q) -> Option<V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let h = self.hasher.hash_one(k);
        lock(&self.shards[(h >> 59) as usize % SHARDS]).get(k).cloned()
    }

    pub fn insert(&self, k: K, v: V) {
        let per_shard = (self.cap.load(Ordering::Relaxed) / SHARDS).max(1);
        let mut s = lock(self.shard(&k));
        if s.len() >= per_shard {
            s.clear();
            s.shrink_to(per_shard / 4);
        }
        s.insert(k, v);
    }

    pub fn clear(&self) {
        for s in &self.shards {
            let mut s = lock(s);
            s.clear();
            s.shrink_to(SHARD_START);
        }
    }

    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| lock(s).len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn set_cap(&self, cap: usize) {
        self.cap.store(cap.max(SHARDS), Ordering::Relaxed);
    }

    pub fn cap(&self) -> usize {
        self.cap.load(Ordering::Relaxed)
    }

    /// Approximate bytes held (entries and control bytes of the allocated buckets).
    pub fn bytes(&self) -> usize {
        self.shards.iter().map(|s| lock(s).capacity() * (std::mem::size_of::<(K, V)>() + 1)).sum()
    }
}

/// Packed values small enough for a direct slot: `x + n.^ + *m` with x an integer in
/// [-SMALL, SMALL), |n| < SMALL_UPS and m < SMALL_NIM (the commonest, by far).
const SMALL: i64 = 128;
const SMALL_UPS: i64 = 8;
const SMALL_NIM: i64 = 16;
const SMALL_SLOTS: usize = (2 * SMALL * (2 * SMALL_UPS - 1) * SMALL_NIM) as usize;

fn small_slot(v: &Nus) -> Option<usize> {
    if !v.x.is_integer() {
        return None;
    }
    let (x, n, m) = (v.x.numerator().as_small()?, v.n.as_small()?, v.m.as_small()?);
    if !(-SMALL..SMALL).contains(&x) || n.abs() >= SMALL_UPS || !(0..SMALL_NIM).contains(&m) {
        return None;
    }
    Some((((x + SMALL) * (2 * SMALL_UPS - 1) + (n + SMALL_UPS - 1)) * SMALL_NIM + m) as usize)
}

/// The interned games.
pub struct Table {
    /// the first id of this table (ids below it are a replaced table's)
    base: Id,
    nodes: Arena<Node>,
    /// ids of small packed values (NONE until interned): a lookup without hashing
    small: Box<[AtomicU32]>,
    general: Vec<Mutex<HashTable<Id>>>,
    packed: Vec<Mutex<HashMap<Nus, Id>>>,
    hasher: DefaultHashBuilder,
    /// a nimber with more options than this is never expanded into them
    pub nimber_option_limit: u64,
}

// --- the structural hash: this engine's deterministic order of options (the twin has its own) --
const MIX_K: u64 = 0x9E37_79B9_7F4A_7C15;
const HASH_MODULUS: u64 = (1 << 61) - 1;

pub fn mix(h: u64, v: u64) -> u64 {
    let mut z = h ^ v.wrapping_add(MIX_K).wrapping_add(h << 6).wrapping_add(h >> 2);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn int_residue(v: &Int) -> u64 {
    v.rem_u64(HASH_MODULUS)
}

pub fn nus_shape(v: &Nus) -> u64 {
    let mut h = mix(0, int_residue(v.x.numerator()));
    h = mix(h, v.x.exponent());
    h = mix(h, int_residue(&v.n));
    mix(h, int_residue(&v.m))
}

impl Table {
    pub fn new() -> Table {
        Table::with_base(0)
    }

    /// An empty table whose first id is `base`.
    pub fn with_base(base: Id) -> Table {
        Table {
            base,
            nodes: Arena::new(),
            small: (0..SMALL_SLOTS).map(|_| AtomicU32::new(NONE)).collect(),
            general: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(),
            packed: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect(),
            hasher: DefaultHashBuilder::default(),
            nimber_option_limit: 1 << 22,
        }
    }

    #[inline]
    pub fn node(&self, id: Id) -> &Node {
        match id.checked_sub(self.base) {
            Some(i) => self.nodes.get(i as usize),
            None => stale(id),
        }
    }

    /// The number of games in the table.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The first id of the table.
    pub fn base(&self) -> Id {
        self.base
    }

    /// One past the last id given out so far.
    pub fn end(&self) -> u64 {
        u64::from(self.base) + self.nodes.len() as u64
    }

    /// Is `id` a game of a table this one replaced?
    pub fn is_stale(&self, id: Id) -> bool {
        id < self.base
    }

    fn push(&self, node: Node) -> Id {
        let id = u64::from(self.base) + self.nodes.push(node) as u64;
        match Id::try_from(id) {
            Ok(id) if id != NONE => id,
            _ => panic!("the game table has given out all 2^32 ids: restart the process"),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The id of the packed value `v`, interning it when new.
    pub fn nus(&self, v: Nus) -> Id {
        let slot = small_slot(&v);
        if let Some(i) = slot {
            let id = self.small[i].load(Ordering::Acquire);
            if id != NONE {
                return id;
            }
        }
        let id = self.nus_slow(v);
        if let Some(i) = slot {
            self.small[i].store(id, Ordering::Release);
        }
        id
    }

    fn nus_slow(&self, v: Nus) -> Id {
        let h = self.hasher.hash_one(&v);
        let mut shard = lock(&self.packed[(h >> 59) as usize % SHARDS]);
        if let Some(&id) = shard.get(&v) {
            return id;
        }
        let kind = if v.is_number() { Kind::Number } else { Kind::Nus };
        let node = Node {
            kind,
            lstop: v.x.clone(),
            rstop: v.x.clone(),
            birthday: v.birthday(),
            shape: nus_shape(&v),
            neg: AtomicU32::new(NONE),
            body: Body::Nus(Box::new(NusNode { v: v.clone(), opts: OnceLock::new() })),
        };
        let id = self.push(node);
        shard.insert(v, id);
        id
    }

    pub fn number(&self, x: Dyadic) -> Id {
        self.nus(Nus::number(x))
    }

    fn key_hash(&self, left: &[Id], right: &[Id]) -> u64 {
        self.hasher.hash_one((left, right))
    }

    /// The id of the general (not packed) game with these canonical, reduced
    /// options, each side sorted by id without duplicates; interned when new.
    pub fn general(&self, left: &[Id], right: &[Id]) -> Id {
        let h = self.key_hash(left, right);
        let mut shard = lock(&self.general[(h >> 59) as usize % SHARDS]);
        let (nodes, base) = (&self.nodes, self.base);
        let hasher = &self.hasher;
        let entry = shard.entry(
            h,
            |&id| match &nodes.get((id - base) as usize).body {
                Body::General { left: l, right: r } => &**l == left && &**r == right,
                Body::Nus(_) => false,
            },
            |&id| match &nodes.get((id - base) as usize).body {
                Body::General { left: l, right: r } => hasher.hash_one((&**l, &**r)),
                Body::Nus(_) => 0,
            },
        );
        match entry {
            TEntry::Occupied(e) => *e.get(),
            TEntry::Vacant(v) => {
                let node = self.make_general(left, right);
                let id = self.push(node);
                v.insert(id);
                id
            }
        }
    }

    fn make_general(&self, left: &[Id], right: &[Id]) -> Node {
        // stops of a non-number: L = max R(G^L), R = min L(G^R)
        let lstop = left.iter().map(|&o| &self.node(o).rstop).max().cloned().unwrap_or_default();
        let rstop = right.iter().map(|&o| &self.node(o).lstop).min().cloned().unwrap_or_default();
        let birthday = left.iter().chain(right.iter()).map(|&o| &self.node(o).birthday).max().map(|b| b.add_small(1)).unwrap_or(Int::ZERO);
        let mut ls: SmallVec<[u64; 8]> = left.iter().map(|&o| self.node(o).shape).collect();
        let mut rs: SmallVec<[u64; 8]> = right.iter().map(|&o| self.node(o).shape).collect();
        ls.sort_unstable();
        rs.sort_unstable();
        let mut shape = mix(1, int_residue(&birthday));
        for s in ls {
            shape = mix(shape, s);
        }
        shape = mix(shape, u64::MAX);
        for s in rs {
            shape = mix(shape, s);
        }
        Node { kind: Kind::General, lstop, rstop, birthday, shape, neg: AtomicU32::new(NONE), body: Body::General { left: left.into(), right: right.into() } }
    }

    /// The Left and Right options of a game (a packed value's are listed once, then
    /// kept); an error for a nimber too large to list.
    #[inline]
    pub fn options(&self, id: Id) -> Result<(&[Id], &[Id]), EngineError> {
        match &self.node(id).body {
            Body::General { left, right } => Ok((left, right)),
            Body::Nus(n) => {
                let got = n.opts.get_or_init(|| {
                    let (l, r) = n.v.options(self.nimber_option_limit)?;
                    let mut l: Vec<Id> = l.into_iter().map(|v| self.nus(v)).collect();
                    let mut r: Vec<Id> = r.into_iter().map(|v| self.nus(v)).collect();
                    l.sort_unstable();
                    r.sort_unstable();
                    Some((l.into(), r.into()))
                });
                match got {
                    Some((l, r)) => Ok((l, r)),
                    None => Err(EngineError::TooManyOptions(format!("*{} has more than {} options to list", n.v.m.shown(), self.nimber_option_limit))),
                }
            }
        }
    }

    #[inline]
    pub fn lefts(&self, id: Id) -> Result<&[Id], EngineError> {
        Ok(self.options(id)?.0)
    }

    #[inline]
    pub fn rights(&self, id: Id) -> Result<&[Id], EngineError> {
        Ok(self.options(id)?.1)
    }

    pub fn kind(&self, id: Id) -> Kind {
        self.node(id).kind
    }

    /// Approximate bytes held by the table: slots, nodes' own allocations and the
    /// intern sets.
    pub fn bytes(&self) -> usize {
        let mut total = self.nodes.slot_bytes();
        for i in 0..self.nodes.len() {
            let n = self.nodes.get(i);
            total += match &n.body {
                Body::General { left, right } => 4 * (left.len() + right.len()),
                Body::Nus(_) => std::mem::size_of::<NusNode>(),
            };
        }
        for s in &self.general {
            total += lock(s).capacity() * 5;
        }
        for s in &self.packed {
            total += lock(s).capacity() * (std::mem::size_of::<(Nus, Id)>() + 1);
        }
        total
    }
}

/// How a panic about an id that no longer names a game starts (the Python bindings
/// turn such a panic into a `StaleGameError`).
pub const STALE_PREFIX: &str = "stale game: ";

#[cold]
#[inline(never)]
fn stale(id: Id) -> ! {
    panic!("{STALE_PREFIX}game id {id} was made before cgtkit.reset() (not kept by a live Game)")
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}
