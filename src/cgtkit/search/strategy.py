"""The certificate of who wins a sum: the winner's strategy, written down.

:func:`write` asks an oracle (for :func:`cgtkit.search.certificate`, the outcome
search :func:`~cgtkit.search.who_wins`) who wins each sum on the way and writes what :mod:`cgtkit.replay` checks without it: at
a node where the winner is to move, one winning move; where the loser is to move, every
move, each answered.  Nodes are named by their sums' text, so a sum reached by two
orders of moves is written once.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

from ..errors import CertificateError, ResourceLimitError
from ..replay import FORMAT, KIND, Certificate, options, term_text

__all__ = ["write", "MAX_NODES"]

#: the default bound on the nodes of a certificate
MAX_NODES = 100_000


class _Builder:
    """The nodes made so far, by (player to move, wins, the terms' texts)."""

    def __init__(self, max_nodes: int, wins: Callable[[list[Any], str], bool]) -> None:
        self.max_nodes = max_nodes
        self.wins = wins
        self.nodes: list[dict[str, Any]] = []
        self.ids: dict[tuple[str, bool, tuple[str, ...]], int] = {}
        self.todo: deque[tuple[int, list[Any]]] = deque()
        self.written: set[tuple[int, str]] = set()  # terms (index, text) whose text reads back

    def node(self, terms: list[Any], to_move: str, wins: bool) -> int:
        key = (to_move, wins, tuple(str(t) for t in terms))
        k = self.ids.get(key)
        if k is not None:
            return k
        if len(self.nodes) >= self.max_nodes:
            raise ResourceLimitError(
                f"the certificate needs more than {self.max_nodes} nodes; raise the bound (max_nodes=, cgtkit solve --max-nodes) or ask of a smaller sum"
            )
        k = len(self.nodes)
        self.ids[key] = k
        self.nodes.append({"id": k, "to_move": to_move, "wins": wins, "sum": list(key[2])})
        self.todo.append((k, terms))
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
