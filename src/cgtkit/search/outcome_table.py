"""The outcome search's transposition table in a file, so a long search stopped
(Ctrl-C) can be resumed in a later process.

:func:`cgtkit.search.who_wins` keeps, for the ruleset whose native search answers a
sum, a bounded table of whole positions (an accumulated canonical value ``V``, the
sorted keys of the remaining parts, the player to move) and their answers.  Every
entry is a proved answer, put in only when its search finished: a table saved in the
middle of a search (Ctrl-C) is exact, and a search that loads it skips what it holds
and can only give the same answer.  :func:`save` writes the table, :func:`load` puts
it back; ``cgtkit solve --tt-save FILE --tt-load FILE`` does both, saving on Ctrl-C.

The bulk of the work is native (``native/src/rulesets/persist.rs``): the entries are
packed there, each part as its key's bytes in the ruleset's own codec, each ``V`` as
an index into the few distinct values, written here as a DAG of canonical forms
(:mod:`cgtkit.rulesets.table_file`, shared with the database of values), since
engine ids live only as long as the process.  Layout: ``MAGIC``, a JSON header
(format, ruleset, native search and parameters, cgtkit version, counts of entries,
nodes and values), a zlib-compressed body (the DAG's nodes; for each value its node;
the packed entries), the SHA-256 of all before it.  A file of another ruleset or
other parameters, a newer format, a truncated or altered one is refused with an
:class:`OutcomeTableError` and the table is left as it was.  The table's bound
holds while a file goes in (a smaller table keeps the entries read last).

The python engine has no such table: both refuse with an :class:`OutcomeTableError`.

>>> import os, tempfile
>>> from cgtkit.rulesets import Clobber
>>> from cgtkit.search import who_wins, last_nodes
>>> from cgtkit.backend import rulesets as native
>>> g = Clobber("xoxox|ox.xo")
>>> if native.active():
...     first = who_wins(g, "L")
...     path = os.path.join(tempfile.mkdtemp(), "clobber.cgttt")
...     n = save(g, path)
...     native.clear(Clobber.ruleset)           # as a fresh process would start
...     load(path) == n == header(path)["entries"], who_wins(g, "L") == first, last_nodes()
... else:
...     print((True, True, 0))
(True, True, 0)
"""

from __future__ import annotations

from typing import Any, Optional

from ..errors import CGTError, RulesError
from ..rulesets import table_file as tf

__all__ = [
    "OutcomeTableError",
    "MAGIC",
    "FORMAT",
    "save",
    "load",
    "header",
    "check_saveable",
    "needs_native",
    "set_bound",
    "stats",
]

MAGIC = b"cgtkit outcome table\n"
FORMAT = 1
_WHAT = "outcome table"
#: zlib's level: a fast one, the tables being large and their entries short
_LEVEL = 1


class OutcomeTableError(CGTError):
    """A file that is not an outcome table of this ruleset, a newer, corrupt or
    truncated one; or no native outcome search to save or load."""


def needs_native() -> str:
    """Why the python engine saves and loads no outcome table."""
    return tf.needs_native(_WHAT)


def _owner(ruleset: Any) -> Any:
    """The owner of the native search of a ruleset (class, position, name)."""
    return tf.owner_of(ruleset, OutcomeTableError, _WHAT)


def check_saveable(ruleset: Any) -> None:
    """An :class:`OutcomeTableError` now if :func:`save` of ``ruleset`` would refuse
    (no native search), so a caller finds out before a long search, not after it."""
    tf.solver(_owner(ruleset), OutcomeTableError, _WHAT)


def set_bound(ruleset: Any, nbytes: int) -> None:
    """Bound the outcome table of ``ruleset`` (as for :func:`save`) to about ``nbytes``
    bytes of memory (each entry reckoned at the native ``ENTRY_BYTES``); a table over
    it is trimmed at once, and past it the least recently used entries are evicted
    (answers never change, only the time)."""
    nbytes = tf.check_bytes(nbytes, OutcomeTableError, _WHAT)
    tf.solver(_owner(ruleset), OutcomeTableError, _WHAT).set_sum_bound(bytes=nbytes)


def stats(ruleset: Any) -> dict[str, int]:
    """The counts of the outcome table of ``ruleset``: entries, bytes (its maps),
    bound (entries), hits, misses and evicted (since the process began)."""
    return dict(tf.solver(_owner(ruleset), OutcomeTableError, _WHAT).sum_stats())


def save(ruleset: Any, path: str) -> int:
    """Write the outcome table of ``ruleset`` (a position class, a position or a
    name; :func:`cgtkit.search.save_table` takes a sum too) to ``path``, replaced
    whole, never half-written; the number of entries written."""
    owner = _owner(ruleset)
    solver = tf.solver(owner, OutcomeTableError, _WHAT)
    values, packed, entries = solver.export_sums()
    nodes, index, count = tf.dag_of(set(values))
    body = bytearray(nodes)
    for v in values:
        tf.put(body, index[v])
    body += packed
    impartial = bool(solver.impartial)
    head = tf.describe(FORMAT, ruleset, owner, impartial, entries=entries, nodes=count, values=len(values))
    tf.write(path, MAGIC, head, bytes(body), _LEVEL)
    return int(entries)


def header(path: str) -> dict[str, Any]:
    """The header of the outcome table at ``path`` (format, ruleset, native, params,
    impartial, cgtkit, entries, nodes, values), after checking the whole file."""
    return tf.read(path, MAGIC, FORMAT, OutcomeTableError, _WHAT)[0]


def load(path: str, ruleset: Optional[Any] = None) -> int:
    """Put the entries of the outcome table at ``path`` in the native outcome table
    of its ruleset (``ruleset`` if given, as for :func:`save`, which must be the one
    the file was written for, with the same parameters; else the one the header
    names): all of them, or none and an :class:`OutcomeTableError`.  The number of
    entries read."""
    head, body = tf.read(path, MAGIC, FORMAT, OutcomeTableError, _WHAT)
    owner = _owner(ruleset if ruleset is not None else head.get("ruleset"))
    tf.check_owner(head, owner, path, OutcomeTableError, _WHAT)
    solver = tf.solver(owner, OutcomeTableError, _WHAT)
    r = tf.Reader(body, OutcomeTableError, _WHAT)
    ids = tf.rebuild(r, tf.count(head, "nodes", OutcomeTableError, _WHAT))
    values = []
    for _ in range(tf.count(head, "values", OutcomeTableError, _WHAT)):
        i = r.int()
        if i >= len(ids):
            raise OutcomeTableError(f"the outcome table {path!r} names a value it does not hold")
        values.append(ids[i])
    entries = tf.count(head, "entries", OutcomeTableError, _WHAT)
    try:
        solver.preload_sums(values, body[r.at :], entries)
    except RulesError as e:
        raise OutcomeTableError(f"the outcome table {path!r} does not fit this ruleset: {e}") from None
    return entries
