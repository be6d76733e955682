"""One search across many workers: "who wins this sum?" split into subtrees, each a
Dask task run by the native search, each answer kept in the results database.

:func:`solve_sweep` lists the subtrees of the search split at a depth
(:mod:`cgtkit.sweep.subtrees`: every sequence of ``depth`` moves from the root);
:func:`cgtkit.sweep.runner.run` runs those the database does not hold yet, one task
each, and commits each answer (with its certificate) as it arrives; :func:`result`
rebuilds the root's answer from the rows.  So a killed worker loses only its subtree
in flight (Dask runs it again), a killed driver loses nothing committed, and a rerun
with the same database runs only the rest.  Every subtree runs, even after a winning
move is found: the rows then name every winning move, and the run is the same
whatever the order of arrival.

The proof of a result is its rows: :func:`check` replays each subtree's certificate
(:func:`cgtkit.replay.check_certificate`, no search) and recomputes the top levels
from the rulesets' moves alone.

>>> import os, tempfile
>>> db = os.path.join(tempfile.mkdtemp(), "r.db")
>>> s = ["clobber:xxo", "clobber:ox"]                 # ^ + *: Left moving first wins
>>> with ResultsDB.create(db) as r:                  # what the workers would do
...     for path, who in top_levels(s, "L", 1):
...         r.record_subtree(run_subtree(problem_id(s, "L"), s, "L", path, who, True, 1000))
>>> result(db, s, "L"), check(db, s, "L")
((True, [(2, 'clobber:x.')]), 2)
"""

from __future__ import annotations

import json
from typing import Any, Optional, Sequence

from ..errors import CertificateError, SweepError
from ..replay import Certificate, check_certificate, term_text
from ..replay.compact import check_compact, is_compact
from ..search.strategy import COMPACT_MAX_NODES
from .database import ResultsDB
from .runner import Sweep
from .subtrees import after, combine, normal_sum, path_text, problem_id, run_subtree, top_levels

__all__ = ["solve_sweep", "result", "answer", "winning_moves", "check", "DEFAULT_MAX_NODES"]

#: a subtree's certificate of more nodes than this is not kept (its row says so)
DEFAULT_MAX_NODES = COMPACT_MAX_NODES


def solve_sweep(
    terms: Sequence[str], first: str, depth: int = 1, certify: bool = True, max_nodes: int = DEFAULT_MAX_NODES
) -> Sweep:
    """The sweep of the subtrees of "does ``first`` win ``terms`` moving first?" split
    at ``depth`` (terms as ``cgtkit solve`` reads them)."""
    if first not in ("L", "R"):
        raise SweepError(f"first is L or R, not {first!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 6:
        raise SweepError(f"the split depth is an int from 0 to 6, not {depth!r}")
    texts = normal_sum(terms)
    problem = problem_id(texts, first)
    tree = top_levels(texts, first, depth)

    def pending(db: ResultsDB) -> list[tuple[Any, ...]]:
        done = {r["path"] for r in db.subtree_rows(problem) if r["status"] == "done"}
        return [
            (problem, tuple(texts), first, path, who, certify, max_nodes)
            for path, who in tree
            if path_text(path) not in done
        ]

    def record(db: ResultsDB, row: dict[str, Any]) -> int:
        db.record_subtree(row)
        return 1

    def failed(db: ResultsDB, item: tuple[Any, ...], status: str, message: str) -> int:
        path, who = item[3], item[4]
        db.record_subtree(
            {
                "problem": problem,
                "sum": json.dumps(texts),
                "first": first,
                "path": path_text(path),
                "to_move": who,
                "status": status,
                "message": message,
            }
        )
        return 1

    return Sweep(f"solve-{problem}", run_subtree, len(tree), pending, record, failed, unit="subtree")


def _answers(db_path: str, texts: list[str], first: str) -> dict[str, Optional[bool]]:
    with ResultsDB.open(db_path, readonly=True) as db:
        rows = db.subtree_rows(problem_id(texts, first))
    return {r["path"]: (bool(r["wins"]) if r["status"] == "done" else None) for r in rows}


def result(
    db_path: str, terms: Sequence[str], first: str, depth: int = 1
) -> tuple[Optional[bool], list[tuple[int, str]]]:
    """From one read of the database's subtrees of the search split at ``depth``:
    whether ``first`` wins ``terms`` moving first (None while they do not decide it),
    and the first moves they prove winning (each (term from 1, the text of the term
    after it)); :func:`cgtkit.sweep.subtrees.combine`."""
    texts = normal_sum(terms)
    return combine(texts, first, depth, _answers(db_path, texts, first))


def answer(db_path: str, terms: Sequence[str], first: str, depth: int = 1) -> Optional[bool]:
    """Whether ``first`` wins ``terms`` moving first (:func:`result`'s answer)."""
    return result(db_path, terms, first, depth)[0]


def winning_moves(db_path: str, terms: Sequence[str], first: str, depth: int = 1) -> list[tuple[int, str]]:
    """The first moves of ``first`` that the database proves winning (:func:`result`'s
    moves): empty when none is proved (yet)."""
    return result(db_path, terms, first, depth)[1]


def check(db_path: str, terms: Sequence[str], first: str, depth: int = 1) -> int:
    """Check the proof of the database's answer, from the database alone: each subtree's
    certificate replays (no search) and is for that subtree's sum and player, and the
    top levels (recomputed from the rulesets' moves) decide the root.  Returns the
    number of certificates checked; a :class:`~cgtkit.errors.CertificateError` names
    the first subtree that fails."""
    texts = normal_sum(terms)
    problem = problem_id(texts, first)
    with ResultsDB.open(db_path, readonly=True) as db:
        rows = db.subtree_rows(problem)
    proved: dict[str, Optional[bool]] = {}
    checked = 0
    for r in rows:
        if r["status"] != "done" or r["certificate"] is None:
            continue
        path = tuple((int(t), str(x)) for t, x in json.loads(r["path"]))
        kept = r["certificate"]
        if isinstance(kept, bytes) and is_compact(kept):
            cert: Any = check_compact(kept)
            if cert.sha256 != r["certificate_sha"]:
                raise CertificateError(f"the certificate of subtree {r['path']} is not the one its SHA-256 names")
        else:
            cert = check_certificate(Certificate.from_json(kept))
        want = [term_text(t) for t in after(texts, path)]
        if cert.sum != want or cert.claims != [(r["to_move"], bool(r["wins"]))]:
            raise CertificateError(f"the certificate of subtree {r['path']} is not about that subtree's sum and player")
        proved[r["path"]] = bool(r["wins"])
        checked += 1
    if combine(texts, first, depth, proved)[0] is None:
        raise CertificateError("the certified subtrees do not decide the search (some have no certificate or no row)")
    return checked
