"""Who wins a sum, without its value: one outcome search for every ruleset.

A *sum* is one position, one :class:`~cgtkit.short.game.Game`, or a list of them
(positions of any rulesets and explicit values).  Computing the canonical value of a
large sum is exponential; the outcome needs only "does the first player win?".

* The components of the ruleset with a native search that has the most of them go to
  that search (``native/src/rulesets/sums.rs``): boolean negamax over the sum of its
  parts plus an accumulated canonical value, cheap parts replaced by their values,
  numbers never moved in while other parts remain, a bounded transposition table;
* every other term (positions of other rulesets, explicit values) is summed by its
  canonical value into the accumulated value.

The twin (the python engine, ``backend.use("python")``, or no native search) is the
outcome of the summed canonical value: Left moving first wins iff not ``G <= 0``,
Right iff not ``G >= 0``.

The native search's transposition table can be saved and loaded
(:func:`save_table`, :func:`load_table`; :mod:`cgtkit.search.outcome_table`): every
entry is a proved answer, so a search stopped by Ctrl-C resumes from its table.

>>> from cgtkit.rulesets import Clobber
>>> from cgtkit import game as parse
>>> who_wins(Clobber("xo"), "L"), outcome([Clobber("xxo"), parse("v")])
(True, 'P')
>>> winning_moves([Clobber("xo.ox"), parse("*")], "L")  # xo.ox = 0: each move to a * wins
[(0, 0), (0, 1), (1, 0)]
"""

from __future__ import annotations

import concurrent.futures
import os
from typing import Any, Iterable, Optional, Sequence, Union

from ..backend import rulesets as native
from ..errors import CGTError
from ..outcome import Outcome
from ..replay import Certificate, check_certificate, term_text
from ..short.game import Game
from . import outcome_table
from .outcome_table import OutcomeTableError
from .strategy import COMPACT_MAX_NODES, LEAF_MOVES, MAX_NODES, write, write_compact

__all__ = [
    "who_wins",
    "outcome",
    "winning_moves",
    "who_wins_by_value",
    "terms_of",
    "certificate",
    "compact_certificate",
    "check_certificate",
    "Certificate",
    "Sum",
    "SMALL",
    "last_nodes",
    "save_table",
    "load_table",
    "check_table",
    "set_table_bound",
    "table_stats",
    "native_owner",
    "OutcomeTableError",
]

#: a sum: one term or a list of terms (positions of rulesets and Game values)
Sum = Union[Any, Sequence[Any]]

#: parts of at most this size (stones or cells) are replaced by their values
SMALL = 8

_nodes = 0


class SearchError(CGTError):
    """A term of a sum is neither a position of a ruleset nor a Game."""


def last_nodes() -> int:
    """How many positions the native search looked at in the last :func:`who_wins`."""
    return _nodes


def terms_of(position_or_sum: Sum) -> list[Any]:
    """The terms of a sum as a list (one term or a list of them), each checked.

    >>> from cgtkit import game
    >>> terms_of(game("*")), len(terms_of([game("1"), game("^")]))
    ([game('*')], 2)
    """
    terms = list(position_or_sum) if isinstance(position_or_sum, (list, tuple)) else [position_or_sum]
    for t in terms:
        if not isinstance(t, Game) and not hasattr(t, "left_moves") and not hasattr(t, "moves"):
            raise SearchError(f"a term of a sum is a position or a Game, not {t!r}")
    return terms


def _left(first: str) -> bool:
    if first not in ("L", "R"):
        raise SearchError(f"first is 'L' or 'R', not {first!r}")
    return first == "L"


def _value(t: Any) -> Game:
    return t if isinstance(t, Game) else t.value


def _total(terms: Sequence[Any]) -> Game:
    """The sum of the terms' canonical values (0 for none)."""
    values = [_value(t) for t in terms]
    return sum(values[1:], values[0]) if values else Game.of(0)


def _wins_value(g: Game, left: bool) -> bool:
    zero = Game.of(0)
    return not (g <= zero) if left else not (g >= zero)


def who_wins_by_value(position_or_sum: Sum, first: str = "L") -> bool:
    """The twin: whether ``first`` wins moving first, from the summed canonical value.

    >>> from cgtkit import game as parse
    >>> who_wins_by_value([parse("{1|-1}"), parse("1/2")], "R"), who_wins_by_value([parse("{1|-1}"), parse("2")], "R")
    (True, False)
    """
    left = _left(first)
    terms = terms_of(position_or_sum)
    return bool(terms) and _wins_value(_total(terms), left)


def _table_ruleset(sum_or_ruleset: Any) -> Any:
    """A ruleset (class, position or name) as it is; for a sum (a list), its first
    term of the ruleset whose native search answers it."""
    if not isinstance(sum_or_ruleset, (list, tuple)):
        return sum_or_ruleset
    terms = terms_of(sum_or_ruleset)
    owner = native_owner(terms)
    if owner is None:
        if not native.active():
            raise OutcomeTableError(outcome_table.needs_native())
        raise OutcomeTableError("no term of the sum has a native search, so no outcome table to save or load")
    for t in terms:
        parts = None if isinstance(t, Game) else t.native_parts()
        if parts is not None and parts[0] is owner:
            return t
    return owner


def native_owner(position_or_sum: Sum) -> Any:
    """The owner of the native search that answers the sum (the ruleset with the most
    parts; its table is the one :func:`save_table` saves), or None when no term has a
    native search running.

    >>> from cgtkit import game
    >>> native_owner([game("*")]) is None
    True
    """
    split = _native_split(terms_of(position_or_sum))
    return None if split is None else split[0]


def save_table(sum_or_ruleset: Any, path: str) -> int:
    """Write the native outcome search's table of a sum's ruleset (the one whose
    native search answers it) or of a ruleset (class, position, name) to ``path``;
    the entries written.  See :mod:`cgtkit.search.outcome_table`.

    >>> from cgtkit import game
    >>> try:
    ...     save_table([game("*")], "x.cgttt")     # a value alone: no native search, no table
    ... except OutcomeTableError:
    ...     print("refused")
    refused
    """
    return outcome_table.save(_table_ruleset(sum_or_ruleset), path)


def load_table(path: str, sum_or_ruleset: Any = None) -> int:
    """Put the outcome table saved at ``path`` in the native table of its ruleset
    (checked against ``sum_or_ruleset``'s, if given); the entries read."""
    ruleset = None if sum_or_ruleset is None else _table_ruleset(sum_or_ruleset)
    return outcome_table.load(path, ruleset)


def check_table(sum_or_ruleset: Any) -> None:
    """An :class:`OutcomeTableError` now if :func:`save_table` would refuse."""
    outcome_table.check_saveable(_table_ruleset(sum_or_ruleset))


def set_table_bound(sum_or_ruleset: Any, nbytes: int) -> None:
    """Bound the native outcome table of a sum's ruleset (or of a ruleset) to about
    ``nbytes`` bytes (default 1 GiB).  A search that outgrows its table evicts and
    finds positions again, so a big search runs several times faster in a table
    that holds it (``table_stats(...)["evicted"]`` says whether one did).

    >>> from cgtkit.rulesets import Clobber
    >>> from cgtkit.backend import rulesets as native
    >>> if native.active():
    ...     set_table_bound(Clobber, 1 << 30)      # the default: some 5.6 million entries
    ...     print(table_stats(Clobber)["bound"] > 5_000_000)
    ... else:
    ...     print(True)
    True
    """
    outcome_table.set_bound(_table_ruleset(sum_or_ruleset), nbytes)


def table_stats(sum_or_ruleset: Any) -> dict[str, int]:
    """The counts of the native outcome table of a sum's ruleset (or of a ruleset):
    entries, bytes, bound (entries), hits, misses, evicted."""
    return outcome_table.stats(_table_ruleset(sum_or_ruleset))


def _native_split(terms: list[Any]) -> Optional[tuple[Any, list[Any], list[Any]]]:
    """The owner of the native search with the most parts, its keys, and the other
    terms; None when no term has a native search running."""
    groups: dict[int, tuple[Any, list[Any], list[int]]] = {}
    for i, t in enumerate(terms):
        native_parts = None if isinstance(t, Game) else getattr(t, "native_parts", None)
        parts = None if native_parts is None else native_parts()
        if parts is None or native.solver_of(parts[0]) is None:
            continue
        owner, keys = parts
        g = groups.setdefault(id(owner), (owner, [], []))
        g[1].extend(keys)
        g[2].append(i)
    if not groups:
        return None
    owner, keys, used = max(groups.values(), key=lambda g: len(g[1]))
    rest = [t for i, t in enumerate(terms) if i not in set(used)]
    return owner, keys, rest


def who_wins(position_or_sum: Sum, first: str = "L", small: int = SMALL, jobs: int = 1) -> bool:
    """Whether ``first`` (``"L"`` or ``"R"``) wins the sum moving first.

    ``jobs`` > 1 splits the root over that many threads: each of the first
    player's moves is searched on its own thread (the native searches share their
    transposition table), and the first win found stops the others.

    >>> from cgtkit.rulesets import Clobber
    >>> who_wins([Clobber("xo"), Clobber("ox")], "L"), who_wins(Clobber("xo.ox|oxxo."), "L", jobs=2)
    (False, True)
    """
    global _nodes
    left = _left(first)
    terms = terms_of(position_or_sum)
    if jobs > 1:
        found, _nodes = _root_split(terms, left, small, jobs, first_only=True)
        return bool(found)
    won, _nodes = _search(terms, left, small)
    return won


def _search(terms: list[Any], left: bool, small: int) -> tuple[bool, int]:
    """(whether the player to move wins, positions the native search looked at)."""
    return _searches(terms, (left,), small)[0]


def _searches(terms: list[Any], sides: tuple[bool, ...], small: int) -> list[tuple[bool, int]]:
    """:func:`_search` of each player to move in ``sides``, the sum split and its
    explicit terms summed once for them all (:func:`outcome` asks both)."""
    if not terms:
        return [(False, 0) for _ in sides]
    split = _native_split(terms)
    if split is not None:
        owner, keys, rest = split
        handle = _total(rest)._h
        got = [native.wins(owner, keys, handle, left, small) for left in sides]
        if all(g is not None for g in got):
            return [(g[0], g[1]) for g in got if g is not None]
    return [(won, 0) for won in _value_wins(terms, sides)]


def _value_wins(terms: list[Any], sides: tuple[bool, ...]) -> list[bool]:
    """Whether each player to move in ``sides`` wins the sum of the terms' values,
    without the canonical form of the whole sum: the number-up-stars are summed
    apart (``N``, cheap) and the others (``H``) compared with ``-N``, as ``H + N <= 0``
    iff ``H <= -N`` (adding a number-up-star to a hot ``H`` builds all of ``H``'s
    options anew: 0.2 ms of the 0.3 ms of MCGS's sum of 20 basic games).  Its twin is
    :func:`who_wins_by_value`.

    >>> from cgtkit import game
    >>> _value_wins([game("{3|-3}"), game("^"), game("1")], (True, False))
    [True, True]
    """
    hot: list[Game] = []
    nus: list[Game] = []
    for t in terms:
        g = _value(t)
        (hot if g.nus is None else nus).append(g)
    h, m = _total(hot), -_total(nus)
    return [not (h <= m) if left else not (h >= m) for left in sides]


def _native_job(terms: list[Any], left: bool, small: int) -> Optional[tuple[Any, list[Any], Any, bool, int]]:
    """The arguments of the native search of the sum, or None when it has none."""
    split = _native_split(terms)
    if split is None:
        return None
    owner, keys, rest = split
    return owner, keys, _total(rest)._h, left, small


def _root_split(
    terms: list[Any], left: bool, small: int, jobs: int, first_only: bool
) -> tuple[list[tuple[int, int]], int]:
    """The first player's winning moves ``(term, option)`` (just the first found when
    ``first_only``) and the positions searched, each move searched on a thread.

    Moves and their sums are made here, on the calling thread; a thread only runs
    the native search of one move's sum (a sum with no native search is decided here
    by its value).  Ctrl-C, or the first win when ``first_only``, stops the rest."""
    other = not left
    other_name = "L" if other else "R"
    jobs_of: list[tuple[tuple[int, int], list[Any], Any]] = []
    found: list[tuple[int, int]] = []
    nodes = 0
    for i, t in enumerate(terms):
        for j, o in enumerate(_options(t, left)):
            after = terms[:i] + [o] + terms[i + 1 :]
            job = _native_job(after, other, small)
            if job is None:
                if not who_wins_by_value(after, other_name):
                    found.append((i, j))
                    if first_only:
                        return found, nodes
            else:
                jobs_of.append(((i, j), after, job))
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="cgtkit-search")
    futures = {pool.submit(native.wins, *job): (move, after) for move, after, job in jobs_of}
    finished = False
    try:
        for f in concurrent.futures.as_completed(futures):
            got = f.result()
            move, after = futures[f]
            if got is None:  # a part beyond the native limits: by value
                wins = who_wins_by_value(after, other_name)
            else:
                wins, n = got
                nodes += n
            if not wins:
                found.append(move)
                if first_only:
                    break
        else:
            finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:  # a win found first, or Ctrl-C: stop the searches still running
            native.stop_threads(lambda: pool.shutdown(wait=True, cancel_futures=True))
    found.sort()
    return found, nodes


def outcome(position_or_sum: Sum) -> Outcome:
    """The outcome class of the sum, by two searches (Left first, Right first).

    >>> from cgtkit.rulesets import Clobber
    >>> outcome(Clobber("xoxoxo")), outcome([Clobber("xo"), Clobber("x.o")])
    ('P', 'N')
    """
    global _nodes
    (lw, _), (rw, _nodes) = _searches(terms_of(position_or_sum), (True, False), SMALL)
    return Outcome.N if lw and rw else Outcome.L if lw else Outcome.R if rw else Outcome.P


def _options(t: Any, left: bool) -> list[Any]:
    if isinstance(t, Game):
        return list(t.left_options if left else t.right_options)
    if not hasattr(t, "left_moves"):  # an impartial position: one set of moves
        return list(t.moves())
    return list(t.left_moves() if left else t.right_moves())


def winning_moves(position_or_sum: Sum, first: str = "L", jobs: int = 1) -> list[tuple[int, int]]:
    """Every winning move of ``first`` moving first: ``(term index, option index)``,
    the option index into the term's ``left_moves()``/``right_moves()`` (a Game's
    ``left_options``/``right_options``); a move wins iff the opponent, moving first
    in the sum after it, loses.  ``jobs`` > 1 searches the moves on that many threads.

    >>> from cgtkit.rulesets import Clobber
    >>> winning_moves(Clobber("xo.x"), "R"), winning_moves([Clobber("xo"), Clobber("ox")], "R")
    ([(0, 0)], [])
    """
    left = _left(first)
    terms = terms_of(position_or_sum)
    if jobs > 1:
        return _root_split(terms, left, SMALL, jobs, first_only=False)[0]
    other = "R" if left else "L"
    found = []
    for i, t in enumerate(terms):
        for j, o in enumerate(_options(t, left)):
            after = terms[:i] + [o] + terms[i + 1 :]
            if not who_wins(after, other):
                found.append((i, j))
    return found


def moves_of(position_or_sum: Sum, first: str, moves: Iterable[tuple[int, int]]) -> list[tuple[int, Any]]:
    """The moves ``(term index, option index)`` with each option itself (a position or a Game)."""
    terms = terms_of(position_or_sum)
    left = _left(first)
    return [(i, _options(terms[i], left)[j]) for i, j in moves]


def certificate(position_or_sum: Sum, first: str = "L", max_nodes: int = MAX_NODES) -> Certificate:
    """A certificate of who wins the sum moving first: ``first`` is ``"L"``, ``"R"``,
    or ``"LR"`` for both claims in one certificate.  A
    :class:`~cgtkit.errors.ResourceLimitError` when it needs more than ``max_nodes``
    nodes; :func:`cgtkit.replay.check_certificate` checks it.

    >>> from cgtkit.rulesets import Clobber
    >>> c = certificate([Clobber("xo"), Clobber("ox")], "L")
    >>> c.claims, len(c.nodes)
    ([('L', False)], 5)
    >>> c.nodes[0]["replies"]                       # each move of Left, answered
    [{'term': 1, 'to': '.x', 'node': 1}, {'term': 2, 'to': 'x.', 'node': 2}]
    >>> c.nodes[1]["move"], c.nodes[3]["replies"]  # Right's answer, then Left has no move
    ({'term': 2, 'to': '.o', 'node': 3}, [])
    >>> certificate([Clobber("xo"), Clobber("ox")], "LR").claims
    [('L', False), ('R', False)]
    """
    return write(terms_of(position_or_sum), first, who_wins, max_nodes)


def compact_certificate(
    position_or_sum: Sum,
    first: str,
    out: Any,
    max_nodes: int = COMPACT_MAX_NODES,
    leaf_moves: int = LEAF_MOVES,
    native: bool = True,
) -> Any:
    """Write the compact certificate (:mod:`cgtkit.replay.compact`: gzip, a node a line,
    transpositions shared, small sums ended at their values) of who wins the sum moving
    first to ``out`` (a path or a binary file), as it is built; returns what it proves
    (:class:`~cgtkit.replay.compact.Compact`: claims, nodes, the file's SHA-256), which
    :func:`cgtkit.replay.compact.check_compact` checks.  The native writer writes it
    where it can (``native=False``: the Python writer, its twin; the same bytes).  A
    path is written whole or not at all: the file is made under a temporary name
    and renamed when complete (Ctrl-C or an error leaves no file, and no old one
    damaged).

    >>> import io
    >>> from cgtkit.rulesets import Clobber
    >>> c = compact_certificate(Clobber("xoxoxo|oxoxox"), "LR", io.BytesIO())
    >>> c.claims
    [('L', False), ('R', False)]
    """
    from ..replay.compact import Compact

    terms = terms_of(position_or_sum)
    if isinstance(out, (str, os.PathLike)):
        part = f"{os.fspath(out)}.part"
        try:
            with open(part, "wb") as f:
                claims, nodes, sha = write_compact(terms, first, who_wins, f, max_nodes, leaf_moves, native)
            os.replace(part, out)
        finally:
            if os.path.exists(part):
                os.remove(part)
    else:
        claims, nodes, sha = write_compact(terms, first, who_wins, out, max_nodes, leaf_moves, native)
    return Compact([term_text(t) for t in terms], claims, nodes, sha)
