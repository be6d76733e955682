"""The subtrees of a distributed search: the tree's top levels, and the work of one
subtree (run on a worker, no Dask here).

A search for "does ``first`` win the sum S moving first?" is split at a depth ``d``:
every sequence of ``d`` moves from the root (the players alternating) leads to a
*subtree*, whose question "does the player to move win here?" one native search
answers (:func:`cgtkit.search.who_wins`).  Moves are named as certificates name them
(:mod:`cgtkit.replay`): the term moved in (from 1) and the text of that term after the
move, so a path is independent of the order in which a ruleset lists its options, and
two moves to one position are one subtree.  A node above the split depth where the
player to move has no move is a subtree too (its search answers at once).

:func:`combine` rebuilds the answer of the root from the subtrees' answers (negamax
over the top levels, recomputed from the rulesets' moves): exact, whatever order they
arrived in; a subtree not answered leaves its ancestors undecided unless a sibling
decides them.

>>> tree = top_levels(["clobber:xo.ox"], "L", 1)
>>> [(path, to_move) for path, to_move in tree]
[(((1, 'clobber:.x.ox'),), 'R'), (((1, 'clobber:xo.x.'),), 'R')]
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from typing import Any, Optional, Sequence

from ..errors import CGTError, ResourceLimitError
from ..replay import options, read_term, term_text

__all__ = ["Path", "problem_id", "normal_sum", "moves", "top_levels", "after", "run_subtree", "combine", "path_text"]

#: a path from the root: each move a (term from 1, text of the term after it)
Path = tuple[tuple[int, str], ...]

_OTHER = {"L": "R", "R": "L"}


def normal_sum(terms: Sequence[str]) -> list[str]:
    """The terms as ``ruleset:position`` or a value's CGSuite text, each read and written
    back (so two spellings of one sum are one problem).

    >>> normal_sum(["clobber:xo", "{1|-1}"])
    ['clobber:xo', '+-1']
    """
    return [term_text(read_term(t)) for t in terms]


def problem_id(terms: Sequence[str], first: str) -> str:
    """The name of a search in the results database: a hash of its sum and first player.

    >>> problem_id(["clobber:xo"], "L") == problem_id(["clobber:xo"], "L") != problem_id(["clobber:xo"], "R")
    True
    """
    return hashlib.sha256(json.dumps([list(terms), first]).encode()).hexdigest()[:20]


def path_text(path: Path) -> str:
    """A path as the database keeps it (JSON)."""
    return json.dumps([list(m) for m in path])


def moves(terms: list[Any], player: str) -> list[tuple[tuple[int, str], list[Any]]]:
    """Each distinct move of ``player``: (its name, the terms after it)."""
    found: dict[tuple[int, str], list[Any]] = {}
    for i, t in enumerate(terms):
        for o in options(t, player):
            name = (i + 1, term_text(o))
            if name not in found:
                found[name] = terms[:i] + [o] + terms[i + 1 :]
    return sorted(found.items(), key=lambda kv: kv[0])


def after(terms: Sequence[str], path: Path) -> list[Any]:
    """The terms after the moves of ``path`` from the sum ``terms`` (texts), each move
    checked to be one the rulesets allow (a :class:`CGTError` if not)."""
    now = [read_term(t) for t in terms]
    for k, (term, text) in enumerate(path):
        if not 1 <= term <= len(now):
            raise CGTError(f"move {k + 1} of the path names term {term} of a sum of {len(now)}")
        now = now[: term - 1] + [read_term(text)] + now[term:]
    return now


def top_levels(terms: Sequence[str], first: str, depth: int) -> list[tuple[Path, str]]:
    """The subtrees of a search split at ``depth``: each (path, player to move there),
    paths in order.  Depth 0 is the whole search, one subtree."""
    out: list[tuple[Path, str]] = []

    def walk(now: list[Any], path: Path, to_move: str) -> None:
        if len(path) == depth:
            out.append((path, to_move))
            return
        found = moves(now, to_move)
        if not found:
            out.append((path, to_move))
            return
        for name, nxt in found:
            walk(nxt, path + (name,), _OTHER[to_move])

    walk([read_term(t) for t in terms], (), first)
    return out


def run_subtree(
    problem: str, terms: Sequence[str], first: str, path: Path, to_move: str, certify: bool, max_nodes: int
) -> dict[str, Any]:
    """Search one subtree (on a worker): its row for the results database, with the
    compact certificate of its answer (:mod:`cgtkit.replay.compact`, its bytes and
    their SHA-256) when ``certify`` and it has at most ``max_nodes`` nodes (else none,
    and ``message`` says why); the answer is then the certificate's claim, from the
    searches that built it."""
    from .. import search
    from ..search.strategy import write_compact

    start, cpu = time.perf_counter(), time.process_time()
    now = after(terms, path)
    answers: list[bool] = []  # the oracle's answers; the first is the subtree's
    nodes = 0

    def oracle(ts: list[Any], player: str) -> bool:
        nonlocal nodes
        won = search.who_wins(ts, player)
        answers.append(won)
        nodes += search.last_nodes()
        return won

    cert: Optional[bytes] = None
    sha: Optional[str] = None
    message = None
    if certify:
        try:
            buf = io.BytesIO()
            # the Python writer: its oracle is the one above, whose searches the row counts
            # (the native writer asks its own, uncounted)
            sha = write_compact(now, to_move, oracle, buf, max_nodes, native=False)[2]
            cert = buf.getvalue()
        except ResourceLimitError as e:
            message = f"no certificate: {e}"
            sha = None
    else:
        oracle(now, to_move)
    wins = answers[0]
    return {
        "problem": problem,
        "sum": json.dumps(list(terms)),
        "first": first,
        "path": path_text(path),
        "to_move": to_move,
        "status": "done",
        "wins": int(wins),
        "nodes": nodes,
        "certificate": cert,
        "certificate_sha": sha,
        "message": message,
        "seconds": time.perf_counter() - start,
        "cpu_seconds": time.process_time() - cpu,
    }


def combine(
    terms: Sequence[str], first: str, depth: int, answers: dict[str, Optional[bool]]
) -> tuple[Optional[bool], list[tuple[int, str]]]:
    """Whether ``first`` wins moving first, from the subtrees' answers (``answers``:
    path text -> whether the player to move there wins, None if unknown), None when
    the answers known do not decide it; and the first moves the answers prove
    winning (each (term from 1, the text of the term after it); none at depth 0).
    The top levels are recomputed from the rulesets' moves, so an answer for a path
    that is not a subtree is never used.

    >>> s = ["clobber:xo.ox"]          # 0: Left moving first loses, whatever the subtrees say
    >>> combine(s, "L", 1, {path_text(p): True for p, _ in top_levels(s, "L", 1)})
    (False, [])
    """

    def wins(now: list[Any], path: Path, to_move: str) -> Optional[bool]:
        found = moves(now, to_move) if len(path) < depth else None
        if not found:
            return answers.get(path_text(path))
        unknown = False
        for name, nxt in found:
            w = wins(nxt, path + (name,), _OTHER[to_move])
            if w is False:
                return True  # a move to a position the opponent loses
            unknown = unknown or w is None
        return None if unknown else False

    root = [read_term(t) for t in terms]
    found = moves(root, first) if depth > 0 else []
    if not found:
        return wins(root, (), first), []
    replies = [(name, wins(nxt, (name,), _OTHER[first])) for name, nxt in found]
    winning = [name for name, w in replies if w is False]
    if winning:
        return True, winning
    return (None if any(w is None for _, w in replies) else False), []
