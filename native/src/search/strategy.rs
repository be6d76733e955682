//! The native writer of compact certificates (mirrors `cgtkit.search.strategy`,
//! whose `write_compact` is its slow, obviously-right twin: the two write the same
//! bytes, a test compares them on random sums).
//!
//! A compact certificate (`cgtkit.replay.compact`) is a DAG of nodes, each a sum (the
//! text of each term), the player to move and whether that player wins, written one
//! JSON line a node in the order the nodes are made (breadth first from the claims):
//!
//! * a sum with at most `leaf_moves` moves (both players', all terms, as the terms
//!   list them) is a *value leaf*: the canonical value of each term, whose sum must
//!   give the node's claim;
//! * at a winning node, one move of the player to move: to a node already made if
//!   one wins, else to a value leaf whose values show the opponent loses, else, of
//!   the moves after which the opponent has the fewest moves (ties in the board's
//!   order), the first that the outcome search says wins;
//! * at a losing node, every distinct move (two moves of a term to one board are one).
//!
//! The terms are whole boards ([`Grid`]) as the Python positions hold them, their
//! moves listed in the Python positions' order and their texts written as Python
//! writes them ([`Boards`]): that is what makes the bytes the same; and explicit
//! values (engine ids: a `Game` term, `*3` beside an impartial board), their moves
//! their canonical options in the Python API's order.  An impartial ruleset's boards
//! ([`crate::rulesets::variants::Impartial`]) move for either player and are valued
//! by their nim values.  The oracle is the outcome search ([`Sums`]) on the parts of
//! the boards plus the values, with the ruleset's outcome table, the one `cgtkit
//! solve`'s search has just filled, so most answers are a look-up.  The writer stops
//! at `max_nodes` nodes (a `Limit`) and notices Ctrl-C (`tick`) at every node; what
//! it wrote then is a file without its last line, which the check refuses.  Invariant: nodes are named by their whole key
//! (player, claim, boards), never by a hash.

use crate::rulesets::bits::Bits;
use crate::rulesets::codec::Arg;
use crate::rulesets::search::{Fail, Rules, Solver, Stack};
use crate::rulesets::sums::Sums;
use crate::short::{engine, tick, EngineError, Id, Res};
use hashbrown::HashMap;
use std::collections::VecDeque;
use std::rc::Rc;

/// A whole board as a Python position of stones holds it: `h` rows of `w` cells,
/// bitboards at stride `w + 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    pub h: u32,
    pub w: u32,
    pub cells: Bits,
    pub black: Bits,
    pub white: Bits,
}

/// What a ruleset gives the writer: its whole boards as its Python positions hold
/// them ([`crate::rulesets::search::Rules::boards`]).
pub trait Boards<K>: Sync + Send {
    /// The board given as the ruleset's `read` takes a board; `Ok(None)` when it
    /// does not fit, `Err` a one-line reason when it is malformed.
    fn board(&self, arg: &Arg) -> Result<Option<Grid>, String>;

    /// Every move of one player (`left`: Left) in the order the Python position
    /// lists them (`left_moves()`/`right_moves()`), duplicates kept.
    fn board_moves(&self, g: &Grid, left: bool, out: &mut Vec<Grid>);

    /// The board's text, as `str()` of the Python position (appended to `out`).
    fn board_text(&self, g: &Grid, out: &mut String);

    /// The keys of the board's parts (the ruleset's `read` of it).
    fn board_parts(&self, g: &Grid, out: &mut Vec<K>);
}

/// The writer's bounds: value leaves at `leaf_moves` moves or fewer, at most
/// `max_nodes` nodes, the oracle's `small` ([`Sums::small`]).
pub struct Bounds {
    pub leaf_moves: u32,
    pub max_nodes: u64,
    pub small: u32,
}

/// What the writer is asked: the whole boards of the sum (each as the ruleset's
/// `read` takes a board), its explicit values (`(place in the sum, engine id)`, in
/// order: the boards fill the other places), the claims (`(Left moving first,
/// wins)`, made nodes 0, 1, ... in order), the bounds, and where the node lines go
/// (false: refused).
pub struct Job<'a> {
    pub boards: &'a [Arg],
    pub values: &'a [(usize, Id)],
    pub roots: &'a [(bool, bool)],
    pub bounds: Bounds,
    pub sink: &'a mut dyn FnMut(&[u8]) -> bool,
}

/// Why the writer stopped.
#[derive(Debug)]
pub enum WriteFail {
    /// malformed input, Ctrl-C, an engine limit
    Fail(Fail),
    /// the certificate needs more than `max_nodes` nodes
    Limit(String),
    /// the search and the values disagree, or no winning move was found (a bug)
    Certificate(String),
    /// the sink refused the bytes (its own error is the caller's to give)
    Sink,
}

impl From<EngineError> for WriteFail {
    fn from(e: EngineError) -> Self {
        WriteFail::Fail(Fail::Engine(e))
    }
}

/// A term of a certificate's sum: a whole board, or an explicit value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Term {
    Board(Grid),
    Value(Id),
}

/// The sums of a certificate.
type Sum = Rc<[Term]>;

/// Bytes gathered before they go to the sink.
const CHUNK: usize = 1 << 20;

struct Writer<'a, R: Rules> {
    solver: &'a Solver<R>,
    boards: &'a dyn Boards<R::Key>,
    oracle: Sums<'a, R>,
    st: Stack<R::Key>,
    how: &'a Bounds,
    ids: HashMap<(bool, bool, Sum), u32>,
    todo: VecDeque<(u32, bool, bool, Sum)>,
    /// each leaf term's value and its text
    values: HashMap<Term, (Id, String)>,
    buf: Vec<u8>,
    sink: &'a mut dyn FnMut(&[u8]) -> bool,
}

/// Write the nodes of the compact certificate of the job's sum to its sink, and say
/// how many there are; None when the ruleset has no boards for the writer or a
/// board does not fit: the Python writer writes it.
pub fn write<R: Rules>(solver: &Solver<R>, job: &mut Job<'_>) -> Result<Option<u64>, WriteFail> {
    let Job { boards, values, roots, bounds: how, sink } = job;
    let Some(b) = solver.rules.boards() else {
        return Ok(None);
    };
    let mut sum = Vec::with_capacity(boards.len() + values.len());
    let (mut given, mut vals) = (boards.iter(), values.iter().peekable());
    while sum.len() < boards.len() + values.len() {
        if let Some(&(_, v)) = vals.next_if(|(at, _)| *at == sum.len()) {
            engine().table.options(v)?; // a live id (an error, not a panic, for a stale one)
            sum.push(Term::Value(v));
            continue;
        }
        let Some(a) = given.next() else {
            return Err(WriteFail::Fail(Fail::Bad(format!("a value's place in the sum is past its {} terms", sum.len() + 1))));
        };
        match b.board(a).map_err(|m| WriteFail::Fail(Fail::Bad(m)))? {
            Some(g) => sum.push(Term::Board(g)),
            None => return Ok(None),
        }
    }
    let sum: Sum = sum.into();
    let mut w = Writer {
        solver,
        boards: b,
        oracle: Sums::new(solver, &solver.sums, how.small),
        st: Stack::new(0, 1),
        how,
        ids: HashMap::new(),
        todo: VecDeque::new(),
        values: HashMap::new(),
        buf: Vec::with_capacity(CHUNK + 4096),
        sink: &mut **sink,
    };
    for &(left, wins) in roots.iter() {
        w.node(&sum, left, wins)?;
    }
    while let Some((_, left, wins, s)) = w.todo.pop_front() {
        w.expand(left, wins, &s)?;
    }
    w.flush()?;
    Ok(Some(w.ids.len() as u64))
}

/// `text` as a JSON string, as Python's `json.dumps(..., ensure_ascii=False)` writes it.
fn json_str(text: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    for c in text.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            c if (c as u32) < 0x20 => out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes()),
            c => {
                let mut b = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// Texts as Python prints a list of them (`['xo', 'ox']`), for messages.
fn py_list(texts: &[String]) -> String {
    let quoted: Vec<String> = texts.iter().map(|t| format!("'{t}'")).collect();
    format!("[{}]", quoted.join(", "))
}

impl<R: Rules> Writer<'_, R> {
    /// The id of the node (made and queued if new).
    fn node(&mut self, sum: &Sum, left: bool, wins: bool) -> Result<u32, WriteFail> {
        let key = (left, wins, sum.clone());
        if let Some(&k) = self.ids.get(&key) {
            return Ok(k);
        }
        let n = self.ids.len() as u64;
        if n >= self.how.max_nodes {
            let m = self.how.max_nodes;
            return Err(WriteFail::Limit(format!(
                "the certificate needs more than {m} nodes; raise the bound (max_nodes=, cgtkit solve --max-nodes) or ask of a smaller sum"
            )));
        }
        self.ids.insert(key, n as u32);
        self.todo.push_back((n as u32, left, wins, sum.clone()));
        Ok(n as u32)
    }

    /// Whether the player to move (`left`) wins the sum: the outcome search.
    fn wins(&mut self, sum: &[Term], left: bool) -> Res<bool> {
        let e = engine();
        let (mut parts, mut v) = (Vec::new(), e.zero);
        for t in sum {
            match t {
                Term::Board(g) => self.boards.board_parts(g, &mut parts),
                Term::Value(x) => v = e.add(v, *x)?,
            }
        }
        let (v, parts) = self.oracle.start(v, &parts, &mut self.st)?;
        self.oracle.wins(v, &parts, left, &mut self.st)
    }

    /// The options of `left` in term `t` (appended to `out`), as the Python term lists
    /// them: a board's moves, a value's canonical options.
    fn term_moves(&self, t: &Term, left: bool, out: &mut Vec<Term>) -> Res<()> {
        match t {
            Term::Board(g) => {
                let mut boards = Vec::new();
                self.boards.board_moves(g, left, &mut boards);
                out.extend(boards.into_iter().map(Term::Board));
            }
            Term::Value(v) => {
                let e = engine();
                let (l, r) = e.table.options(*v)?;
                out.extend(e.api_order(if left { l } else { r }).into_iter().map(Term::Value));
            }
        }
        Ok(())
    }

    /// The number of moves of `left` in the sum, as the terms list them.
    fn count_moves(&self, sum: &[Term], left: bool) -> Res<usize> {
        let mut moves = Vec::new();
        for t in sum {
            self.term_moves(t, left, &mut moves)?;
        }
        Ok(moves.len())
    }

    /// Whether the sum is a value leaf: at most `leaf_moves` moves, both players'.
    fn small(&self, sum: &[Term]) -> Res<bool> {
        let mut moves = Vec::new();
        for t in sum {
            for left in [true, false] {
                self.term_moves(t, left, &mut moves)?;
            }
            if moves.len() > self.how.leaf_moves as usize {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A term's canonical value (a nimber for an impartial ruleset's board) and its
    /// text (kept).
    fn value(&mut self, t: &Term) -> Res<(Id, String)> {
        if let Some(v) = self.values.get(t) {
            return Ok(v.clone());
        }
        let id = match t {
            Term::Board(g) => {
                let mut parts = Vec::new();
                self.boards.board_parts(g, &mut parts);
                self.oracle.as_game(self.solver.total(&parts, 1)?)
            }
            Term::Value(v) => *v,
        };
        let text = crate::notation::format(&engine(), id)?;
        if self.values.len() >= 1 << 20 {
            self.values.clear();
        }
        self.values.insert(*t, (id, text.clone()));
        Ok((id, text))
    }

    /// Whether the player to move wins the sum by its terms' values.
    fn value_wins(&mut self, sum: &[Term], left: bool) -> Res<bool> {
        let e = engine();
        let mut total = e.zero;
        for t in sum {
            let (v, _) = self.value(t)?;
            total = e.add(total, v)?;
        }
        Sums::<R>::value_wins(total, left)
    }

    /// Each distinct move of `left`: (the term, the sum after it).
    fn moves(&self, sum: &Sum, left: bool) -> Res<Vec<(usize, Sum)>> {
        let mut found = Vec::new();
        let mut opts = Vec::new();
        for (i, t) in sum.iter().enumerate() {
            opts.clear();
            self.term_moves(t, left, &mut opts)?;
            for (j, o) in opts.iter().enumerate() {
                if opts[..j].contains(o) {
                    continue;
                }
                let mut after = sum.to_vec();
                after[i] = *o;
                found.push((i, after.into()));
            }
        }
        Ok(found)
    }

    fn texts(&self, sum: &[Term]) -> Res<Vec<String>> {
        sum.iter()
            .map(|t| match t {
                Term::Board(g) => {
                    let mut s = String::new();
                    self.boards.board_text(g, &mut s);
                    Ok(s)
                }
                Term::Value(v) => crate::notation::format(&engine(), *v),
            })
            .collect()
    }

    /// The node's line: its edges (or its values), the new nodes made and queued.
    fn expand(&mut self, left: bool, wins: bool, sum: &Sum) -> Result<(), WriteFail> {
        tick()?;
        let other = !left;
        let texts = self.texts(sum)?;
        let mut line = Vec::with_capacity(64);
        line.extend_from_slice(if left { b"[\"L\", " } else { b"[\"R\", " });
        line.extend_from_slice(if wins { b"true, [" } else { b"false, [" });
        for (i, t) in texts.iter().enumerate() {
            if i > 0 {
                line.extend_from_slice(b", ");
            }
            json_str(t, &mut line);
        }
        line.extend_from_slice(b"], ");
        if self.small(sum)? {
            if self.value_wins(sum, left)? != wins {
                let m = format!("the search and the values disagree on {} (a bug: please report)", py_list(&texts));
                return Err(WriteFail::Certificate(m));
            }
            line.extend_from_slice(b"{\"values\": [");
            for (i, g) in sum.iter().enumerate() {
                if i > 0 {
                    line.extend_from_slice(b", ");
                }
                let (_, v) = self.value(g)?;
                json_str(&v, &mut line);
            }
            line.extend_from_slice(b"]}");
        } else if wins {
            let moves = self.moves(sum, left)?;
            let mut chosen = moves.iter().position(|m| self.ids.contains_key(&(other, false, m.1.clone())));
            if chosen.is_none() {
                for (j, m) in moves.iter().enumerate() {
                    if self.small(&m.1)? && !self.value_wins(&m.1, other)? {
                        chosen = Some(j);
                        break;
                    }
                }
            }
            if chosen.is_none() {
                // the fewest replies first (a stable sort: ties in the position's order)
                let mut order = Vec::with_capacity(moves.len());
                for (j, m) in moves.iter().enumerate() {
                    order.push((self.count_moves(&m.1, other)?, j));
                }
                order.sort();
                for (_, j) in order {
                    if !self.wins(&moves[j].1, other)? {
                        chosen = Some(j);
                        break;
                    }
                }
            }
            let Some(j) = chosen else {
                let m = format!("the search found no winning move in {} (a bug: please report)", py_list(&texts));
                return Err(WriteFail::Certificate(m));
            };
            let (i, after) = &moves[j];
            let child = self.node(after, other, false)?;
            line.extend_from_slice(format!("[[{}, {child}]]", i + 1).as_bytes());
        } else {
            let moves = self.moves(sum, left)?;
            line.push(b'[');
            for (n, (i, after)) in moves.iter().enumerate() {
                let child = self.node(after, other, true)?;
                if n > 0 {
                    line.extend_from_slice(b", ");
                }
                line.extend_from_slice(format!("[{}, {child}]", i + 1).as_bytes());
            }
            line.push(b']');
        }
        line.extend_from_slice(b"]\n");
        self.buf.extend_from_slice(&line);
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), WriteFail> {
        if !self.buf.is_empty() {
            if !(self.sink)(&self.buf) {
                return Err(WriteFail::Sink);
            }
            self.buf.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_python_s() {
        let mut out = Vec::new();
        json_str("a\"b\\c\n\u{1}↑", &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "\"a\\\"b\\\\c\\n\\u0001↑\"");
        assert_eq!(py_list(&["xo".into(), "o.x".into()]), "['xo', 'o.x']");
    }
}
