"""Certificates of who wins a sum, and their check: a replay with no search.

A *certificate* (written by :func:`cgtkit.search.certificate`) claims, for a sum and a
player moving first, that this player wins (or loses), and proves it by a directed
acyclic graph of nodes, each a sum (the text of each term) and the player to move:

* a *winning* node names one move of the player to move (a term, numbered from 1, and
  the text of the term after the move) and its child, a losing node of the other player;
* a *losing* node names every move of the player to move, each with its child, a
  winning node of the other player; a losing node with no moves is one where the
  player to move has none, and so loses.

:func:`check_certificate` replays it using nothing but the rulesets' move generation
and the reading of values (no search, no value compared, no table of positions): it
reads each node's terms from their text, generates the moves of the player to move,
and checks the node's claims and that each child is the sum after its move.  Moves are
named by the text of the resulting term, not by an index into a list of options, so the
check does not depend on the order in which a ruleset or an engine lists them; a losing
node lists the *set* of results (two moves to one position are one game, refuted once).
It relies on one property of the rulesets, tested for those a certificate may hold: a
position's text reads back as that position (:func:`term_text` checks it when a
certificate is written).

>>> from cgtkit.search import certificate
>>> from cgtkit.rulesets import Clobber
>>> c = certificate([Clobber("xo.ox"), read_term("^*")], "L")
>>> c.claims, check_certificate(c) is c
([('L', True)], True)
>>> c.nodes[0]["move"]
{'term': 1, 'to': '.x.ox', 'node': 1}
"""

from __future__ import annotations

import bisect
import json
import os
from typing import Any, Callable, Union

from ..errors import CertificateError, CGTError, NotationError

__all__ = [
    "FORMAT",
    "KIND",
    "IMPARTIAL",
    "Certificate",
    "check_certificate",
    "read_term",
    "term_text",
    "reads_back",
    "options",
]

#: the version of the file format, the ``format`` field
FORMAT = 1
#: the ``kind`` field
KIND = "cgtkit outcome certificate"
WHO = {"L": "Left", "R": "Right"}


#: the prefix of a term of the impartial variant of a ruleset: ``impartial clobber:xo|ox``
IMPARTIAL = "impartial "


def read_term(text: str) -> Any:
    """A term as ``cgtkit solve`` reads it: ``ruleset:position``, ``impartial
    ruleset:position`` (the impartial variant: either player makes either's moves), or a
    value in CGSuite notation.

    >>> read_term("clobber:xo.ox"), read_term("{1|-1}")
    (Clobber('xo.ox'), game('+-1'))
    >>> read_term("impartial clobber:xo.ox")
    impartial_variant(Clobber('xo.ox'))
    """
    return reader(text)(text.partition(":")[2] if _ruleset(text) is not None else text)


def _ruleset(text: str) -> Any:
    """The position class of a ``ruleset:position`` term (of ``impartial
    ruleset:position`` too: a :class:`~cgtkit.errors.NotationError` when the ruleset is
    unknown), or None for a value."""
    from ..rulesets.registry import entries, lookup, normalise_name

    name, colon, _ = text.partition(":")
    if not colon:
        return None
    if not name.startswith(IMPARTIAL):
        return lookup(name) if normalise_name(name) in entries() else None
    name = name[len(IMPARTIAL) :]
    if normalise_name(name) not in entries():
        raise NotationError(f"unknown ruleset {name!r} (the impartial variant of a ruleset)", text, len(IMPARTIAL) + 1)
    return lookup(name)


def reader(text: str) -> Callable[[str], Any]:
    """How the terms of the kind of ``text`` (a ruleset's, its impartial variant's, or
    values) are read."""
    from ..rulesets.variants import ImpartialVariant
    from ..short.notation import game

    cls = _ruleset(text)
    if cls is None:
        return game
    variant = text.startswith(IMPARTIAL)

    def read(position: str) -> Any:
        try:
            p = cls(position)
        except TypeError:  # a ruleset whose positions are not written as one string
            raise CertificateError(f"a {cls.__name__} position is not one string") from None
        return ImpartialVariant(p) if variant else p

    return read


def term_text(term: Any) -> str:
    """The text of a term that :func:`read_term` reads back as it: a Game's CGSuite
    text, a position's ``ruleset:position``; a :class:`~cgtkit.errors.CertificateError`
    when it does not read back.

    >>> from cgtkit.rulesets import Domineering
    >>> term_text(Domineering("..|..")), term_text(read_term("{1|-1}"))
    ('domineering:..|..', '+-1')
    """
    from ..rulesets.variants import ImpartialVariant
    from ..short.game import Game

    if isinstance(term, Game):
        text = str(term)
    else:
        inner = term.position if isinstance(term, ImpartialVariant) else term
        declared = getattr(type(inner), "declaration", None)
        if declared is None or not hasattr(inner, "left_moves"):
            raise CertificateError(f"a term of a certificate is a Game or a position of a ruleset, not {term!r}")
        text = f"{IMPARTIAL if inner is not term else ''}{declared.name}:{term}"
    back = read_term(text)
    if type(back) is not type(term) or str(back) != str(term) or back != term:
        raise CertificateError(f"the term {text!r} reads back as {back!r}, not as itself: it cannot be certified")
    return text


def reads_back(term: Any, text: str) -> None:
    """Check that a position's text ``text`` (its ``str``) reads back, by its own class,
    as the position: :func:`term_text`'s check for an option of a term that passed it
    (the option's class is the term's, so the ruleset's name maps to it already).

    >>> from cgtkit.rulesets import Clobber
    >>> reads_back(Clobber("xo.ox"), "xo.ox")
    """
    from ..rulesets.variants import ImpartialVariant
    from ..short.game import Game

    if isinstance(term, Game):
        back = read_term(text)
    elif isinstance(term, ImpartialVariant):
        back = ImpartialVariant(type(term.position)(text))
    else:
        back = type(term)(text)
    if type(back) is not type(term) or str(back) != text or back != term:
        raise CertificateError(f"the term {text!r} reads back as {back!r}, not as itself: it cannot be certified")


def options(term: Any, player: str) -> list[Any]:
    """The options of ``player`` (``"L"`` or ``"R"``) in a term: a position's moves, a
    Game's options.

    >>> [str(o) for o in options(read_term("clobber:xo.ox"), "R")]
    ['xo..o', 'o..ox']
    """
    if hasattr(term, "left_moves"):
        return list(term.left_moves() if player == "L" else term.right_moves())
    if hasattr(term, "moves"):  # an impartial variant: either player makes either's moves
        return list(term.moves())
    return list(term.left_options if player == "L" else term.right_options)


class Certificate:
    """A certificate: its data as the JSON file holds it (``format``, ``kind``, ``sum``,
    ``claims``, ``nodes``; docs/rulesets.md describes each field)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    @property
    def sum(self) -> list[str]:
        """The terms of the sum, as ``cgtkit solve`` reads them."""
        return list(self.data["sum"])

    @property
    def claims(self) -> list[tuple[str, bool]]:
        """Each claim: (the player moving first, whether that player wins)."""
        return [(c["first"], c["wins"]) for c in self.data["claims"]]

    @property
    def nodes(self) -> list[dict[str, Any]]:
        """The nodes, each a dict (its id is its index)."""
        nodes: list[dict[str, Any]] = self.data["nodes"]
        return nodes

    def to_json(self) -> str:
        """The file's text: JSON, one node a line."""
        head = {k: v for k, v in self.data.items() if k != "nodes"}
        lines = [json.dumps(n, ensure_ascii=False) for n in self.data["nodes"]]
        return json.dumps(head, ensure_ascii=False)[:-1] + ', "nodes": [\n' + ",\n".join(lines) + "\n]}\n"

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write the certificate to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())

    @classmethod
    def from_json(cls, text: str) -> "Certificate":
        """A certificate from its JSON text (checked only for being JSON)."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise CertificateError(f"not a certificate: not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise CertificateError("not a certificate: the JSON is not an object")
        return cls(data)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Certificate":
        """A certificate read from a file."""
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    def __repr__(self) -> str:
        claims = ", ".join(f"{f} {'wins' if w else 'loses'}" for f, w in self.claims)
        return f"<Certificate of {' + '.join(self.sum)}: {claims}; {len(self.nodes)} nodes>"


def fail(message: str, node: Union[int, None] = None) -> CertificateError:
    """The error of a certificate that does not check (at ``node`` when one is named)."""
    return CertificateError(message if node is None else f"node {node}: {message}", node)


def _shape(data: dict[str, Any]) -> None:
    """Check the fields and their types, so that the replay meets no surprise."""

    def need(ok: bool, what: str, node: Union[int, None] = None) -> None:
        if not ok:
            raise fail(f"not a certificate: {what}", node)

    need(data.get("format") == FORMAT, f"the field format is {FORMAT} (this one has {data.get('format')!r})")
    need(data.get("kind") == KIND, f"the field kind is {KIND!r}")
    terms, claims, nodes = data.get("sum"), data.get("claims"), data.get("nodes")
    need(isinstance(terms, list) and all(isinstance(t, str) for t in terms), "sum is a list of texts")
    need(isinstance(claims, list) and len(claims) > 0, "claims is a non-empty list")
    need(isinstance(nodes, list), "nodes is a list")
    assert isinstance(terms, list) and isinstance(claims, list) and isinstance(nodes, list)
    for c in claims:
        need(isinstance(c, dict) and c.get("first") in WHO and isinstance(c.get("wins"), bool), "a bad claim")
        need(_is_int(c.get("root")) and 0 <= c["root"] < len(nodes), "a claim's root is a node id")
    for k, n in enumerate(nodes):
        need(isinstance(n, dict) and n.get("id") == k, f"the node at index {k} has id {k}", k)
        need(n.get("to_move") in WHO and isinstance(n.get("wins"), bool), "to_move is L or R, wins a bool", k)
        s = n.get("sum")
        need(isinstance(s, list) and len(s) == len(terms) and all(isinstance(t, str) for t in s), "a bad sum", k)
        edges = [n.get("move")] if n["wins"] else n.get("replies")
        need(("replies" if n["wins"] else "move") not in n, "a winning node has a move, a losing one replies", k)
        need(isinstance(edges, list), "a losing node has a list of replies", k)
        assert isinstance(edges, list)
        for e in edges:
            need(isinstance(e, dict) and _is_int(e.get("term")) and isinstance(e.get("to"), str), "a bad move", k)
            need(1 <= e["term"] <= len(terms), f"a move's term is 1 to {len(terms)}", k)
            need(_is_int(e.get("node")) and 0 <= e["node"] < len(nodes), "a move's node is a node id", k)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _moves(k: int, readers: list[Callable[[str], Any]], node: dict[str, Any]) -> list[tuple[int, str]]:
    """The moves of the player to move at node ``k``: (term from 1, text after it),
    generated from the terms read from the node's text."""
    found = []
    for i, (read, text) in enumerate(zip(readers, node["sum"]), 1):
        try:
            term = read(text)
        except CGTError as exc:  # the ruleset's or the notation's: a bad text
            raise fail(f"term {i} {text!r} does not read: {exc}", k) from None
        if str(term) != text:
            raise fail(f"term {i} {text!r} reads back as {str(term)!r}", k)
        for o in options(term, node["to_move"]):
            if type(o) is not type(term):
                raise fail(f"term {i} {text!r} has a move to a {type(o).__name__}: not certifiable", k)
            found.append((i, str(o)))
    return found


def _check_node(k: int, node: dict[str, Any], nodes: list[dict[str, Any]], readers: list[Any]) -> None:
    who = WHO[node["to_move"]]
    moves = sorted(_moves(k, readers, node))  # sorted, to find a move by bisection
    edges = [node["move"]] if node["wins"] else node["replies"]
    named = [(e["term"], e["to"]) for e in edges]
    if node["wins"] and not moves:
        raise fail(f"{who} is to move and win but has no move", k)
    named_moves(k, who, node["wins"], moves, named)
    other = "R" if node["to_move"] == "L" else "L"
    for e in edges:
        child = nodes[e["node"]]
        after = list(node["sum"])
        after[e["term"] - 1] = e["to"]
        if child["to_move"] != other or child["wins"] == node["wins"]:
            wanted = f"{WHO[other]} to move and {'lose' if node['wins'] else 'win'}"
            raise fail(f"the move to {e['to']!r} leads to node {e['node']}, not to a node of {wanted}", k)
        if child["sum"] != after:
            raise fail(f"the move to {e['to']!r} in term {e['term']} gives {after}, not node {e['node']}'s sum", k)


def named_moves(k: int, who: str, wins: bool, moves: list[tuple[int, str]], named: list[tuple[int, str]]) -> None:
    """At node ``k``, whose player ``who`` has the ``moves`` (sorted), the moves the
    node names are moves of ``who``; at a losing node (not ``wins``), each once, and
    all of them."""
    for t, to in named:
        if not _has(moves, (t, to)):
            raise fail(f"{who} has no move to {to!r} in term {t}", k)
    if wins:
        return
    listed = sorted(named)
    for a, b in zip(listed, listed[1:]):
        if a == b:
            raise fail(f"the move to {a[1]!r} in term {a[0]} is listed twice", k)
    for t, to in moves:
        if not _has(listed, (t, to)):
            what = "a leaf, but" if not named else "the replies omit a move:"
            raise fail(f"{what} {who} can move to {to!r} in term {t}", k)


def _has(ordered: list[tuple[int, str]], move: tuple[int, str]) -> bool:
    i = bisect.bisect_left(ordered, move)
    return i < len(ordered) and ordered[i] == move


def _acyclic(nodes: list[dict[str, Any]]) -> None:
    """No node is its own descendant."""
    no_cycle(len(nodes), lambda k: _children(nodes[k]))


def no_cycle(count: int, children: Callable[[int], list[int]]) -> None:
    """No node of ``count`` (each with its ``children(k)``) is its own descendant
    (iteratively: a certificate may be deep)."""
    state = bytearray(count)  # 0 unseen, 1 on the current path, 2 done
    for start in range(count):
        if state[start]:
            continue
        state[start] = 1
        stack = [(start, children(start))]
        while stack:
            k, rest = stack[-1]
            if not rest:
                state[k] = 2
                stack.pop()
                continue
            c = rest.pop()
            if state[c] == 1:
                raise fail("a cycle of moves leads back to it", c)
            if state[c] == 0:
                state[c] = 1
                stack.append((c, children(c)))


def _children(node: dict[str, Any]) -> list[int]:
    return [e["node"] for e in ([node["move"]] if node["wins"] else node["replies"])]


def check_certificate(certificate: Union[Certificate, dict[str, Any], str, "os.PathLike[str]"]) -> Certificate:
    """Replay a certificate (a :class:`Certificate`, its data, or the path of its file):
    it is returned when every claim holds; else a
    :class:`~cgtkit.errors.CertificateError` names the first node that fails
    (``.node``) and what was wrong.

    >>> from cgtkit.search import certificate
    >>> c = certificate(read_term("clobber:xo|ox"), "R")
    >>> c.claims
    [('R', True)]
    >>> c.nodes[0]["move"]["to"] = "xo|o."   # Right has no such move
    >>> check_certificate(c)
    Traceback (most recent call last):
    ...
    cgtkit.errors.CertificateError: node 0: Right has no move to 'xo|o.' in term 1
    """
    if isinstance(certificate, Certificate):
        cert = certificate
    elif isinstance(certificate, dict):
        cert = Certificate(certificate)
    else:
        cert = Certificate.load(certificate)
    data, nodes = cert.data, cert.nodes
    _shape(data)
    readers = []
    root = []
    for i, text in enumerate(data["sum"], 1):
        try:
            readers.append(reader(text))
            root.append(str(read_term(text)))
        except CGTError as exc:  # the ruleset's or the notation's: a bad text
            raise fail(f"term {i} of the sum, {text!r}, does not read: {exc}") from None
    for c in data["claims"]:
        n = nodes[c["root"]]
        if n["to_move"] != c["first"] or n["wins"] != c["wins"] or n["sum"] != root:
            verb = "wins" if c["wins"] else "loses"
            raise fail(
                f"the claim that {WHO[c['first']]} moving first {verb} starts at a node of another claim", c["root"]
            )
    for k, node in enumerate(nodes):
        _check_node(k, node, nodes, readers)
    _acyclic(nodes)
    return cert
