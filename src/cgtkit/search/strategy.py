"""The certificate of who wins a sum: the winner's strategy, written down.

:func:`write` asks an oracle (for :func:`cgtkit.search.certificate`, the outcome
search :func:`~cgtkit.search.who_wins`) who wins each sum on the way and writes what :mod:`cgtkit.replay` checks without it: at
a node where the winner is to move, one winning move; where the loser is to move, every
move, each answered.  Nodes are named by their sums' text, so a sum reached by two
orders of moves is written once.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import deque
from typing import IO, Any, Callable, Optional

from ..backend import rulesets
from ..errors import CertificateError, ResourceLimitError
from ..replay import FORMAT, KIND, Certificate, options, reads_back, term_text

__all__ = ["write", "write_compact", "MAX_NODES", "COMPACT_MAX_NODES", "LEAF_MOVES"]

#: the default bound on the nodes of a certificate
MAX_NODES = 100_000
#: the default bound on the nodes of a compact certificate (each a line of its file)
COMPACT_MAX_NODES = 20_000_000
#: a sum whose terms have at most this many moves (both players', all terms) is a value
#: leaf of a compact certificate (20: the fastest check of Clobber 2x12 and 2x13 of 12,
#: 16, 20 and 24; docs/rulesets.md)
LEAF_MOVES = 20


def _bound(count: int, max_nodes: int) -> None:
    if count >= max_nodes:
        raise ResourceLimitError(
            f"the certificate needs more than {max_nodes} nodes; raise the bound (max_nodes=, cgtkit solve --max-nodes) or ask of a smaller sum"
        )


#: a node's key: the player to move, whether that player wins, the terms' texts
_Key = tuple[str, bool, tuple[str, ...]]


class _Interning:
    """The nodes made so far, each named once by its key (a sum reached by two orders
    of moves is one node), their ids in the order made, and the nodes still to expand
    (breadth first), within the bound on the nodes."""

    def __init__(self, max_nodes: int) -> None:
        self.max_nodes = max_nodes
        self.ids: dict[_Key, int] = {}
        self.todo: deque[tuple[Any, ...]] = deque()

    def intern(self, key: _Key, job: tuple[Any, ...]) -> tuple[int, bool]:
        """The id of the node ``key`` and whether it is new (then ``(id, *job)`` is
        queued to be expanded)."""
        k = self.ids.get(key)
        if k is not None:
            return k, False
        _bound(len(self.ids), self.max_nodes)
        k = len(self.ids)
        self.ids[key] = k
        self.todo.append((k, *job))
        return k, True


class _Builder(_Interning):
    """The nodes of a certificate, as dicts."""

    def __init__(self, max_nodes: int, wins: Callable[[list[Any], str], bool]) -> None:
        super().__init__(max_nodes)
        self.wins = wins
        self.nodes: list[dict[str, Any]] = []
        self.written: set[tuple[int, str]] = set()  # terms (index, text) whose text reads back

    def node(self, terms: list[Any], to_move: str, wins: bool) -> int:
        key = (to_move, wins, tuple(str(t) for t in terms))
        k, new = self.intern(key, (terms,))
        if new:
            self.nodes.append({"id": k, "to_move": to_move, "wins": wins, "sum": list(key[2])})
        return k

    def check_text(self, i: int, term: Any) -> None:
        """A term's text must read back as the term (once per text)."""
        if (i, str(term)) not in self.written:
            term_text(term)
            self.written.add((i, str(term)))

    def moves(self, terms: list[Any], player: str) -> list[tuple[int, Any, list[Any]]]:
        """Each distinct move: (term index, option, the terms after it)."""
        found: list[tuple[int, Any, list[Any]]] = []
        for i, t in enumerate(terms):
            seen: set[str] = set()
            for o in options(t, player):
                if str(o) not in seen:
                    seen.add(str(o))
                    if type(o) is not type(t):  # the check reads term i as the sum's term i is read
                        raise CertificateError(f"a move of {t!r} is to a {type(o).__name__}: it cannot be certified")
                    self.check_text(i, o)
                    found.append((i, o, terms[:i] + [o] + terms[i + 1 :]))
        return found

    def expand(self, k: int, terms: list[Any]) -> None:
        node = self.nodes[k]
        me, other = node["to_move"], "R" if node["to_move"] == "L" else "L"
        moves = self.moves(terms, me)
        if node["wins"]:
            # a move to a node already made, if one of them wins; else the first that wins
            chosen = next((m for m in moves if (other, False, tuple(map(str, m[2]))) in self.ids), None)
            if chosen is None:
                chosen = next((m for m in moves if not self.wins(m[2], other)), None)
            if chosen is None:  # the search said this player wins here
                raise CertificateError(f"the search found no winning move in {node['sum']} (a bug: please report)", k)
            i, o, after = chosen
            node["move"] = {"term": i + 1, "to": str(o), "node": self.node(after, other, False)}
        else:
            node["replies"] = [
                {"term": i + 1, "to": str(o), "node": self.node(after, other, True)} for i, o, after in moves
            ]


def write(
    terms: list[Any], first: str, wins: Callable[[list[Any], str], bool], max_nodes: int = MAX_NODES
) -> Certificate:
    """The certificate of who wins the sum of ``terms`` moving first (``first``: ``"L"``,
    ``"R"``, or ``"LR"`` for both claims), ``wins(terms, player)`` saying whether
    ``player`` wins moving first (the search: :func:`cgtkit.search.certificate`).

    >>> from cgtkit.rulesets import Clobber
    >>> write([Clobber("x.o")], "L", lambda terms, player: False).nodes
    [{'id': 0, 'to_move': 'L', 'wins': False, 'sum': ['x.o'], 'replies': []}]
    """
    if first not in ("L", "R", "LR", "RL"):
        raise CertificateError(f"first is 'L', 'R' or 'LR', not {first!r}")
    texts = [term_text(t) for t in terms]
    b = _Builder(max_nodes, wins)
    claims = []
    for f in first:
        won = wins(terms, f)
        claims.append({"first": f, "wins": won, "root": b.node(terms, f, won)})
    while b.todo:
        b.expand(*b.todo.popleft())
    return Certificate({"format": FORMAT, "kind": KIND, "sum": texts, "claims": claims, "nodes": b.nodes})


def _value(term: Any) -> Any:
    from ..short.game import Game

    return term if isinstance(term, Game) else term.value


class HashedFile:
    """A binary file that keeps the SHA-256 of what is written to it."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out, self.sha = out, hashlib.sha256()

    def write(self, data: bytes) -> int:
        self.sha.update(data)
        return self.out.write(data)

    def flush(self) -> None:
        self.out.flush()


class _CompactBuilder(_Interning):
    """The nodes of a compact certificate, each written when expanded (in id order);
    a node's key (player to move, claim, the terms' texts) is all that stays."""

    def __init__(self, max_nodes: int, wins: Callable[[list[Any], str], bool], leaf_moves: int, out: Any) -> None:
        super().__init__(max_nodes)
        self.wins, self.leaf_moves, self.out = wins, leaf_moves, out
        self.read_back: set[tuple[int, str]] = set()  # terms (index, text) whose text reads back

    def node(self, terms: list[Any], texts: tuple[str, ...], to_move: str, wins: bool) -> int:
        return self.intern((to_move, wins, texts), (to_move, wins, terms, texts))[0]

    def moves(
        self, terms: list[Any], texts: tuple[str, ...], player: str
    ) -> list[tuple[int, list[Any], tuple[str, ...]]]:
        """Each distinct move: (term index, the terms after it, their texts)."""
        found = []
        for i, t in enumerate(terms):
            seen: set[str] = set()
            for o in options(t, player):
                text = str(o)
                if text in seen:
                    continue
                seen.add(text)
                if type(o) is not type(t):  # the check reads term i as the sum's term i is read
                    raise CertificateError(f"a move of {t!r} is to a {type(o).__name__}: it cannot be certified")
                if (i, text) not in self.read_back:
                    reads_back(o, text)
                    self.read_back.add((i, text))
                found.append((i, terms[:i] + [o] + terms[i + 1 :], texts[:i] + (text,) + texts[i + 1 :]))
        return found

    def small(self, terms: list[Any]) -> bool:
        """Whether the sum is a value leaf: few moves left, for both players together."""
        count = 0
        for t in terms:
            count += len(options(t, "L")) + len(options(t, "R"))
            if count > self.leaf_moves:
                return False
        return True

    def value_wins(self, terms: list[Any], player: str) -> bool:
        from ..short.game import Game

        total = sum((_value(t) for t in terms), Game.of(0))
        zero = Game.of(0)
        return not (total <= zero) if player == "L" else not (total >= zero)

    def expand(self, k: int, me: str, wins: bool, terms: list[Any], texts: tuple[str, ...]) -> None:
        other = "R" if me == "L" else "L"
        line: list[Any] = [me, wins, list(texts)]
        if self.small(terms):
            if self.value_wins(terms, me) != wins:
                raise CertificateError(f"the search and the values disagree on {list(texts)} (a bug: please report)", k)
            line.append({"values": [str(_value(t)) for t in terms]})
        elif wins:
            moves = self.moves(terms, texts, me)
            chosen = next((m for m in moves if (other, False, m[2]) in self.ids), None)
            if chosen is None:  # a move to a value leaf that the values show the opponent loses
                chosen = next((m for m in moves if self.small(m[1]) and not self.value_wins(m[1], other)), None)
            if chosen is None:  # of the moves leaving the opponent the fewest replies, the first that wins
                fewest = sorted(moves, key=lambda m: sum(len(options(t, other)) for t in m[1]))
                chosen = next((m for m in fewest if not self.wins(m[1], other)), None)
            if chosen is None:
                raise CertificateError(f"the search found no winning move in {list(texts)} (a bug: please report)", k)
            i, after, after_texts = chosen
            line.append([[i + 1, self.node(after, after_texts, other, False)]])
        else:
            moves = self.moves(terms, texts, me)
            line.append([[i + 1, self.node(after, after_texts, other, True)] for i, after, after_texts in moves])
        self.out.write(json.dumps(line, ensure_ascii=False).encode() + b"\n")


def _native_nodes(
    terms: list[Any], roots: list[tuple[str, bool]], out: Any, max_nodes: int, leaf_moves: int
) -> Optional[int]:
    """The node lines written by the native writer (``native/src/search/strategy.rs``,
    the same bytes as :class:`_CompactBuilder`'s), and their count; None when it
    cannot write this sum: its positions are not all boards of one game of stones whose
    native moves come in the Python order (``native_boards``), or all impartial
    variants of such boards, beside any explicit values (``Game`` terms); or no native
    search runs."""
    from ..rulesets.variants import ImpartialVariant, native_owner
    from ..short.game import Game

    boards = [t for t in terms if not isinstance(t, Game)]
    if not boards:
        return None
    impartial = isinstance(boards[0], ImpartialVariant)
    first = boards[0].position if impartial else boards[0]
    cls = type(first)
    ruleset = getattr(cls, "ruleset", None)
    if not getattr(ruleset, "native_boards", False):
        return None
    for t in boards:
        if isinstance(t, ImpartialVariant) != impartial or type(t.position if impartial else t) is not cls:
            return None
    owner = native_owner("impartial", ruleset) if impartial else ruleset
    values = [(i, t._h) for i, t in enumerate(terms) if isinstance(t, Game)]
    return rulesets.write_compact(
        owner,
        [(t.position if impartial else t).board() for t in boards],
        [(f == "L", won) for f, won in roots],
        out.write,
        leaf_moves,
        max_nodes,
        values,
    )


def write_compact(
    terms: list[Any],
    first: str,
    wins: Callable[[list[Any], str], bool],
    out: IO[bytes],
    max_nodes: int = COMPACT_MAX_NODES,
    leaf_moves: int = LEAF_MOVES,
    native: bool = True,
) -> tuple[list[tuple[str, bool]], int, str]:
    """Write the compact certificate (:mod:`cgtkit.replay.compact`) of who wins the sum
    of ``terms`` moving first to the binary file ``out``, node by node as it is built;
    a sum with at most ``leaf_moves`` moves (both players') is a value leaf.  Returns
    (the claims, the number of nodes, the SHA-256 of the bytes written).  The nodes
    are written by the native writer where it can (``native``; a sum of boards of
    Clobber, Cannibal Clobber or Konane, or of their impartial variants, and any
    values, the native engine running), else here: the same bytes either way.

    >>> import io
    >>> from cgtkit.rulesets import Clobber
    >>> write_compact([Clobber("x.o")], "L", lambda terms, player: False, io.BytesIO())[:2]
    ([('L', False)], 1)
    """
    if first not in ("L", "R", "LR", "RL"):
        raise CertificateError(f"first is 'L', 'R' or 'LR', not {first!r}")
    texts = [term_text(t) for t in terms]
    hashed = HashedFile(out)
    with gzip.GzipFile(fileobj=hashed, mode="wb", mtime=0) as z:
        roots = [(f, wins(terms, f)) for f in first]
        # the claims' roots are nodes 0, 1 (one player to move each)
        claims = [{"first": f, "wins": won, "root": k} for k, (f, won) in enumerate(roots)]
        head = {"format": 2, "kind": KIND, "sum": texts, "claims": claims}
        z.write(json.dumps(head, ensure_ascii=False).encode() + b"\n")
        count = _native_nodes(terms, roots, z, max_nodes, leaf_moves) if native and terms else None
        if count is None:
            b = _CompactBuilder(max_nodes, wins, leaf_moves, z)
            root = tuple(str(t) for t in terms)
            for f, won in roots:
                b.node(terms, root, f, won)
            while b.todo:
                b.expand(*b.todo.popleft())
            count = len(b.ids)
        z.write(json.dumps({"nodes": count}).encode() + b"\n")
    return roots, count, hashed.sha.hexdigest()
