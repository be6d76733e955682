"""The compact certificate (format 2): a proof of who wins that scales to big searches,
and its check, again with no search and no table of positions.

The file is gzip-compressed text, one JSON value a line, written as it is built:

* line 1, the head: ``{"format": 2, "kind": ..., "sum": [...], "claims": [{"first":
  "L", "wins": true, "root": 0}, ...]}``;
* then node ``k`` on line ``k + 2``: ``[to_move, wins, terms, edges]``, the terms the
  text of each term (as a format-1 node's ``sum``), and the edges ``[[term, child],
  ...]``: at a *winning* node exactly one (the winner's move, to the term's text in the
  child's sum), at a *losing* node one for every distinct move of the player to move;
  or ``[to_move, wins, terms, {"values": [...]}]``, a *value leaf*: the canonical value
  of each term, which the check computes and compares, and whose sum's outcome it
  compares with ``wins``;
* the last line, ``{"nodes": N}``, says the file is whole.

Each distinct position is one node (transpositions shared, children by index), a
child's move is named by the child's own terms (so an edge is two numbers), and small
positions end the proof at their values, which the checker computes itself.  The SHA-256
of the file's bytes (:attr:`Compact.sha256`) names it in the results database.

>>> import io
>>> from cgtkit.search import compact_certificate
>>> from cgtkit.rulesets import Clobber
>>> buf = io.BytesIO()
>>> c = compact_certificate([Clobber("xo.ox"), read_term("^*")], "L", buf, leaf_moves=0)
>>> c.claims, c.nodes, check_compact(buf.getvalue()).sha256 == c.sha256
([('L', True)], 6, True)
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import zlib
from array import array
from typing import IO, Any, Callable, Union

from ..errors import CertificateError, CGTError
from . import WHO, KIND, fail, reader, named_moves, no_cycle, options, read_term

__all__ = ["FORMAT", "Compact", "check_compact", "is_compact"]

#: the ``format`` field of a compact certificate
FORMAT = 2
_GZIP = b"\x1f\x8b"


class Compact:
    """What a compact certificate proves: its sum, claims, node count and the SHA-256
    of its file."""

    def __init__(self, terms: list[str], claims: list[tuple[str, bool]], nodes: int, sha256: str) -> None:
        self.sum, self.claims, self.nodes, self.sha256 = terms, claims, nodes, sha256

    def __repr__(self) -> str:
        claims = ", ".join(f"{f} {'wins' if w else 'loses'}" for f, w in self.claims)
        return f"<compact certificate of {' + '.join(self.sum)}: {claims}; {self.nodes} nodes>"


def is_compact(source: Union[bytes, str, "os.PathLike[str]"]) -> bool:
    """Whether ``source`` (a file's bytes or its path) is gzip, as a compact certificate is."""
    if isinstance(source, bytes):
        return source[:2] == _GZIP
    with open(source, "rb") as f:
        return f.read(2) == _GZIP


def _value_text(term: Any) -> Any:
    """A term's canonical value, computed (a Game's own, a position's ``value``)."""
    from ..short.game import Game

    return term if isinstance(term, Game) else term.value


class _Nodes:
    """The nodes as read: player to move, claim, terms (one text), edges (flat)."""

    def __init__(self) -> None:
        self.to_move = bytearray()
        self.wins = bytearray()
        self.terms: list[str] = []
        self.start = array("q", [0])  # node k's edges are edges[start[k]:start[k + 1]]
        self.edge_term = array("q")
        self.edge_node = array("q")
        self.leaf = bytearray()

    def sum(self, k: int) -> list[str]:
        return self.terms[k].split("\x00")

    def edges(self, k: int) -> list[tuple[int, int]]:
        a, b = self.start[k], self.start[k + 1]
        return list(zip(self.edge_term[a:b], self.edge_node[a:b]))


def _lines(data: bytes) -> list[bytes]:
    try:
        return gzip.decompress(data).split(b"\n")
    except (OSError, EOFError, zlib.error) as exc:
        raise CertificateError(f"not a compact certificate: not gzip ({exc})") from None


def _json(line: bytes, where: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        raise CertificateError(f"not a compact certificate: {where} is not JSON") from None


def _read(lines: list[bytes]) -> tuple[dict[str, Any], list[Callable[[str], Any]], _Nodes]:
    """The head, the readers of its terms, and the nodes, every field's shape checked
    (and each value leaf checked)."""
    if lines and lines[-1] == b"":
        lines = lines[:-1]
    if len(lines) < 2:
        raise CertificateError("not a compact certificate: no head or no end line")
    head, end = _json(lines[0], "the head"), _json(lines[-1], "the last line")

    def need(ok: bool, what: str, node: Union[int, None] = None) -> None:
        if not ok:
            raise fail(f"not a compact certificate: {what}", node)

    need(isinstance(head, dict) and head.get("format") == FORMAT, f"the head's format is {FORMAT}")
    need(head.get("kind") == KIND, f"the head's kind is {KIND!r}")
    terms, claims = head.get("sum"), head.get("claims")
    need(isinstance(terms, list) and all(isinstance(t, str) for t in terms), "sum is a list of texts")
    need(isinstance(claims, list) and len(claims) > 0, "claims is a non-empty list")
    readers = []
    for i, text in enumerate(terms, 1):
        try:
            readers.append(reader(text))
        except CGTError as exc:
            raise fail(f"term {i} of the sum, {text!r}, does not read: {exc}") from None
    count = len(lines) - 2
    need(isinstance(end, dict) and end.get("nodes") == count, f'the last line is {{"nodes": {count}}}: the file is cut')
    for c in claims:
        need(isinstance(c, dict) and c.get("first") in WHO and isinstance(c.get("wins"), bool), "a bad claim")
        need(_is_int(c.get("root")) and 0 <= c["root"] < count, "a claim's root is a node id")
    nodes = _Nodes()
    for k in range(count):
        n = _json(lines[k + 1], f"node {k}")
        need(isinstance(n, list) and len(n) == 4, "a node is [to_move, wins, terms, edges]", k)
        to_move, wins, sum_, edges = n
        need(to_move in WHO and isinstance(wins, bool), "to_move is L or R, wins a bool", k)
        need(isinstance(sum_, list) and len(sum_) == len(terms), "a bad sum", k)
        need(all(isinstance(t, str) and "\x00" not in t for t in sum_), "a bad sum", k)
        nodes.to_move.append(ord(to_move))
        nodes.wins.append(wins)
        nodes.terms.append("\x00".join(sum_))
        if isinstance(edges, dict):
            values = edges.get("values")
            need(isinstance(values, list) and len(values) == len(terms), "a leaf's values, one a term", k)
            assert isinstance(values, list)
            need(all(isinstance(v, str) for v in values), "a leaf's values are texts", k)
            nodes.leaf.append(1)
            _check_leaf(k, to_move, wins, sum_, values, readers)
        else:
            need(isinstance(edges, list), "edges are a list or a leaf's values", k)
            need(not wins or len(edges) == 1, "a winning node has one move", k)
            nodes.leaf.append(0)
            for e in edges:
                need(isinstance(e, list) and len(e) == 2 and all(_is_int(x) for x in e), "an edge is [term, node]", k)
                need(1 <= e[0] <= len(terms), f"an edge's term is 1 to {len(terms)}", k)
                need(0 <= e[1] < count, "an edge's node is a node id", k)
                nodes.edge_term.append(e[0])
                nodes.edge_node.append(e[1])
        nodes.start.append(len(nodes.edge_term))
    return head, readers, nodes


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_leaf(
    k: int, to_move: str, wins: bool, sum_: list[str], values: list[str], readers: list[Callable[[str], Any]]
) -> None:
    """A value leaf: each term's value, computed here, is the one written, and the
    outcome of their sum for the player to move is the node's claim."""
    from ..short.game import Game

    total = Game.of(0)
    for i, (text, want) in enumerate(zip(sum_, values), 1):
        term = _term(k, i, readers[i - 1], text)
        got = _value_text(term)
        if str(got) != want:
            raise fail(f"term {i} {text!r} has the value {got}, not {want}", k)
        total = total + got
    zero = Game.of(0)
    won = not (total <= zero) if to_move == "L" else not (total >= zero)
    if won != wins:
        verb = "wins" if won else "loses"
        raise fail(f"the terms' values sum to {total}: {WHO[to_move]} moving first {verb}", k)


def _term(k: int, i: int, read: Callable[[str], Any], text: str) -> Any:
    try:
        term = read(text)
    except CGTError as exc:
        raise fail(f"term {i} {text!r} does not read: {exc}", k) from None
    if str(term) != text:
        raise fail(f"term {i} {text!r} reads back as {str(term)!r}", k)
    return term


def _check_moves(k: int, nodes: _Nodes, readers: list[Callable[[str], Any]]) -> None:
    """Node ``k``'s edges are moves of its player to move (all of them at a losing node),
    each to a node of the other player whose claim is the opposite."""
    me = chr(nodes.to_move[k])
    other, wins, here = ("R" if me == "L" else "L"), bool(nodes.wins[k]), nodes.sum(k)
    named = []
    for t, c in nodes.edges(k):
        child = nodes.sum(c)
        if chr(nodes.to_move[c]) != other or bool(nodes.wins[c]) == wins:
            wanted = f"{WHO[other]} to move and {'lose' if wins else 'win'}"
            raise fail(f"the move in term {t} leads to node {c}, not to a node of {wanted}", k)
        if any(a != b for j, (a, b) in enumerate(zip(here, child)) if j != t - 1):
            raise fail(f"node {c}'s terms differ from these in another term than {t}", k)
        named.append((t, child[t - 1]))
    moves: list[tuple[int, str]] = []
    terms_moved = {t for t, _ in named} if wins else range(1, len(here) + 1)
    for i in sorted(terms_moved):
        term = _term(k, i, readers[i - 1], here[i - 1])
        for o in options(term, me):
            if type(o) is not type(term):
                raise fail(f"term {i} {here[i - 1]!r} has a move to a {type(o).__name__}: not certifiable", k)
            moves.append((i, str(o)))
    moves.sort()
    named_moves(k, WHO[me], wins, moves, named)


def check_compact(source: Union[bytes, str, "os.PathLike[str]", IO[bytes]]) -> Compact:
    """Replay a compact certificate (its bytes, a path, or a binary file): what it
    proves when every claim holds, else a :class:`~cgtkit.errors.CertificateError`
    naming the first node that fails.  Its value leaves are checked by computing each
    term's canonical value; nothing else but the rulesets' moves is used."""
    if isinstance(source, bytes):
        data = source
    elif isinstance(source, io.IOBase) or hasattr(source, "read"):
        data = source.read()
    else:
        with open(source, "rb") as f:
            data = f.read()
    head, readers, nodes = _read(_lines(data))
    root = [str(read_term(text)) for text in head["sum"]]
    for c in head["claims"]:
        k = c["root"]
        if chr(nodes.to_move[k]) != c["first"] or bool(nodes.wins[k]) != c["wins"] or nodes.sum(k) != root:
            verb = "wins" if c["wins"] else "loses"
            raise fail(f"the claim that {WHO[c['first']]} moving first {verb} starts at a node of another claim", k)
    for k in range(len(nodes.wins)):
        if not nodes.leaf[k]:
            _check_moves(k, nodes, readers)
    no_cycle(len(nodes.wins), lambda k: [c for _, c in nodes.edges(k)])
    claims = [(c["first"], c["wins"]) for c in head["claims"]]
    return Compact(list(head["sum"]), claims, len(nodes.wins), hashlib.sha256(data).hexdigest())
