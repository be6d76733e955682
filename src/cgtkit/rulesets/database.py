"""A database of a ruleset's values: the native search's table of part key -> value,
built once, saved to a file, loaded before a search (MCGS's databases do the same).

The native search of a ruleset (:mod:`cgtkit.backend.rulesets`) keeps a table of the
values of the parts it has met, each part named by its key in the ruleset's own codec
(``native/src/rulesets/codec.rs``); the table is lost at exit.  :func:`save` writes it
to a file, :func:`load` puts it back in a later process, so a search starts knowing
the values of every part the file holds (the outcome search of
:func:`cgtkit.search.who_wins` replaces such a part by its value at once).
:func:`build` values every position of a family (every strip of NoGo or Clobber up
to a length) and saves the table.

The file holds no engine ids: each value is written as a node of a DAG of canonical
forms (a number-up-star ``x + n.^ + *m`` packed as four ints, or the lists of its
Left and Right options, each an earlier node), and :func:`load` rebuilds it through
:meth:`Game.packed <cgtkit.short.game.Game.packed>` and :meth:`Game.from_options
<cgtkit.short.game.Game.from_options>`: exact, no notation parsed.  An impartial
ruleset's values are nim values, written as ints.  Layout:

* ``MAGIC``, then a 4-byte little-endian length and a JSON header: the format
  version, the ruleset's name, its native search's name and parameters, the cgtkit
  version that wrote it, the counts;
* a zlib-compressed body: the nodes (varints; signed ints zigzagged), then the
  entries in runs of one key length (the length, the count, the keys' bytes, the
  values as 4-byte little-endian ints: node indices, or nim values);
* the SHA-256 of everything before it, so a truncated or altered file is refused.

Loading needs the native engine (the python engine's ruleset searches have no such
table: :func:`load` and :func:`save` refuse with a :class:`DatabaseError`).

>>> import os, tempfile
>>> from cgtkit.rulesets import NoGo
>>> from cgtkit.backend import rulesets as native
>>> if native.active():
...     path = os.path.join(tempfile.mkdtemp(), "nogo.cgtdb")
...     n = build(NoGo, 4, path)
...     header(path)["ruleset"], load(path) == n
... else:
...     print(("nogo", True))
('nogo', True)
"""

from __future__ import annotations

import array
import os
import sys
from typing import Any, Callable, Iterator, Optional, Union

from ..errors import CGTError, RulesError
from . import table_file as tf

__all__ = [
    "DatabaseError",
    "FORMAT",
    "MAGIC",
    "save",
    "load",
    "header",
    "build",
    "boards",
    "owner_of",
    "families",
    "set_bound",
    "stats",
]

MAGIC = b"cgtkit ruleset values\n"
FORMAT = 1
_WHAT = "database"


class DatabaseError(CGTError):
    """A file that is not a database of this ruleset, or a corrupt or truncated one."""


# --- which search a ruleset's values live in ------------------------------------------


def owner_of(ruleset: Any) -> Any:
    """The owner of the native search of a ruleset given by its position class (``NoGo``,
    ``Clobber``), a position of it, or its name (``"nogo"``).

    >>> from cgtkit.rulesets import Clobber, NoGo
    >>> owner_of("clobber") is Clobber.ruleset, owner_of(NoGo("..")) is NoGo
    (True, True)
    """
    return tf.owner_of(ruleset, DatabaseError, _WHAT)


def set_bound(ruleset: Any, nbytes: int) -> None:
    """Bound the native table of values of ``ruleset`` (as for :func:`owner_of`; a
    position of a variant bounds the variant's table) to about ``nbytes`` bytes
    (default 512 MiB).  Past it the least recently used values are evicted and
    found again when next needed: answers never change, only the time, which
    grows many times over when a search keeps finding again what it evicted
    (``stats(...)["evicted"]`` says whether it did).

    >>> from cgtkit.rulesets import Clobber
    >>> from cgtkit.rulesets.variants import impartial_variant
    >>> from cgtkit.backend import rulesets as native
    >>> if native.active():
    ...     set_bound(impartial_variant(Clobber("xo")), 1 << 30)
    ...     print(stats(impartial_variant(Clobber("xo")))["bound"] > stats(Clobber)["bound"])
    ... else:
    ...     print(True)
    True
    """
    nbytes = tf.check_bytes(nbytes, DatabaseError, "table of values")
    tf.solver(owner_of(ruleset), DatabaseError, "table of values").set_bound(bytes=nbytes)


def stats(ruleset: Any) -> dict[str, int]:
    """The counts of the native table of values of ``ruleset`` (as for
    :func:`set_bound`): entries, bytes, bound (entries), hits, misses and evicted
    (since the process began)."""
    return dict(tf.solver(owner_of(ruleset), DatabaseError, "table of values").stats())


def save(ruleset: Any, path: str, build: Optional[dict[str, Any]] = None) -> int:
    """Write the native table of ``ruleset`` (a position class, a position or a name;
    see :func:`owner_of`) to ``path`` (replaced whole, never left half-written); the
    number of entries written.  ``build`` (what :func:`build` has done) goes in the
    header."""
    owner = owner_of(ruleset)
    solver = tf.solver(owner, DatabaseError, _WHAT)
    entries = solver.export()
    impartial = bool(solver.impartial)
    if impartial:
        nodes, index, count = bytearray(), None, 0
    else:
        nodes, index, count = tf.dag_of({v for _, v in entries})
    runs: dict[int, list[tuple[bytes, int]]] = {}
    for k, v in entries:
        runs.setdefault(len(k), []).append((k, v if index is None else index[v]))
    body = bytearray(nodes)
    tf.put(body, len(runs))
    for size in sorted(runs):
        run = sorted(runs[size])
        tf.put(body, size)
        tf.put(body, len(run))
        body += b"".join(k for k, _ in run)
        vals = array.array("I", (v for _, v in run))
        if sys.byteorder != "little":
            vals.byteswap()
        body += vals.tobytes()
    head = tf.describe(FORMAT, ruleset, owner, impartial, entries=len(entries), nodes=count)
    if build is not None:
        head["build"] = build
    tf.write(path, MAGIC, head, bytes(body))
    return len(entries)


def _read(path: str) -> tuple[dict[str, Any], bytes]:
    return tf.read(path, MAGIC, FORMAT, DatabaseError, _WHAT)


def header(path: str) -> dict[str, Any]:
    """The header of the database at ``path`` (format, ruleset, native, params,
    impartial, cgtkit, entries, nodes), after checking the whole file."""
    return _read(path)[0]


def load(path: str, ruleset: Any = None) -> int:
    """Put the values of the database at ``path`` in the native table of its ruleset
    (``ruleset`` if given, which must be the one the file was written for, with the
    same parameters; else the ruleset the header names); the number of entries."""
    head, body = _read(path)
    owner = owner_of(ruleset if ruleset is not None else head.get("ruleset"))
    tf.check_owner(head, owner, path, DatabaseError, _WHAT)
    solver = tf.solver(owner, DatabaseError, _WHAT)
    if bool(solver.impartial) != bool(head.get("impartial")):
        raise DatabaseError(f"the database {path!r} and the ruleset disagree on whether it is impartial")
    r = tf.Reader(body, DatabaseError, _WHAT)
    ids = None if solver.impartial else tf.rebuild(r, _count(head, "nodes"))
    entries: list[tuple[bytes, int]] = []
    for _ in range(r.int()):
        size, n = r.int(), r.int()
        keys = r.run(size * n)
        vals = array.array("I")
        vals.frombytes(r.run(4 * n))
        if sys.byteorder != "little":
            vals.byteswap()
        if ids is not None:
            if any(v >= len(ids) for v in vals):
                raise DatabaseError(f"an entry of the database {path!r} names a value it does not hold")
            vals = array.array("I", (ids[v] for v in vals))
        entries.extend(zip((keys[i : i + size] for i in range(0, size * n, size)), vals))
    if r.at != len(body) or len(entries) != _count(head, "entries"):
        raise DatabaseError(f"the database {path!r} does not hold the entries its header counts")
    try:
        solver.preload(entries)
    except RulesError as e:
        raise DatabaseError(f"the database {path!r} does not fit this ruleset: {e}") from None
    return len(entries)


def _count(head: dict[str, Any], name: str) -> int:
    return tf.count(head, name, DatabaseError, _WHAT)


# --- building ------------------------------------------------------------------------------


def boards(cells: str, rows: int, cols: int) -> Iterator[str]:
    """Every board of 1 to ``rows`` rows and 1 to ``cols`` columns over the characters
    ``cells``, rows joined by ``|``, smaller boards first (a fixed order, so a build
    can resume where it stopped).

    >>> list(boards("xo", 1, 2)), sum(1 for _ in boards(".xo", 2, 2))
    (['x', 'o', 'xx', 'xo', 'ox', 'oo'], 102)
    """
    import itertools

    for h in range(1, rows + 1):
        for w in range(1, cols + 1):
            for t in itertools.product(cells, repeat=h * w):
                yield "|".join("".join(t[r * w : (r + 1) * w]) for r in range(h))


def _count_boards(cells: str, rows: int, cols: int) -> int:
    return sum(len(cells) ** (h * w) for h in range(1, rows + 1) for w in range(1, cols + 1))


def families() -> list[str]:
    """The rulesets :func:`build` can fill: those with a native search whose
    declaration names the characters of their board (``cells``).

    >>> [f for f in families() if f in ("clobber", "nogo", "toppling-dominoes")]
    ['clobber', 'nogo', 'toppling-dominoes']
    """
    from .registry import declarations

    return sorted(d.name for d in declarations().values() if d.cells and d.native and not d.loopy)


#: seconds between the saves of a build in progress (a build stopped resumes from the last)
CHECKPOINT_SECONDS = 60.0


def build(
    ruleset: Any,
    size: Union[int, tuple[int, int]],
    path: Optional[str] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> int:
    """Value every board of ``ruleset`` (a name or a position class of
    :func:`families`) of at most ``size`` squares in a row (an int: the strips) or
    ``(rows, cols)`` (every board of at most that many rows and columns), over the
    characters its declaration names (NoGo ``.XO``, Clobber ``.xo``, ...), in the
    native search, so that its table holds every part of them, each under the
    ruleset's own normalised key; then :func:`save` it to ``path`` if given.
    Returns the number of entries.  Boards that are no position (a NoGo group
    without a liberty) are skipped; ``progress(done, total)`` is called now and then.

    With ``path``, the build saves itself there every :data:`CHECKPOINT_SECONDS`
    and when interrupted (Ctrl-C), the boards done counted in its header; a build
    started on a database of the same ruleset and size loads it and goes on from
    there."""
    import time

    from .registry import lookup

    name = ruleset if isinstance(ruleset, str) else tf.ruleset_name(ruleset, owner_of(ruleset))
    if name not in families():
        raise DatabaseError(f"build knows the boards of {', '.join(families())}, not {name!r}")
    cls = lookup(name)
    rows, cols = (1, size) if isinstance(size, int) and not isinstance(size, bool) else _dims(size)
    if not 1 <= rows * cols <= 16:
        raise DatabaseError(f"a database's boards have 1 to 16 squares, not {rows} x {cols}")
    owner = owner_of(cls)
    solver = tf.solver(owner, DatabaseError, _WHAT)
    cells, impartial = cls.declaration.cells, cls.declaration.impartial
    total = _count_boards(cells, rows, cols)
    plan = {"rows": rows, "cols": cols, "cells": cells}
    done = 0
    if path is not None and os.path.exists(path):
        head = header(path)
        made = head.get("build")
        if head.get("ruleset") == name and isinstance(made, dict) and made.get("plan") == plan:
            load(path, cls)
            done = int(made.get("done", 0))
    last = time.monotonic()
    try:
        for i, text in enumerate(boards(cells, rows, cols)):
            if i < done:
                continue
            try:
                position = cls(text)
                _ = position.nim_value if impartial else position.value  # through the native search
            except RulesError:  # not a position (a group without a liberty)
                pass
            done = i + 1
            if not done & 0xFFF:
                if progress is not None:
                    progress(done, total)
                if path is not None and time.monotonic() - last > CHECKPOINT_SECONDS:
                    save(cls, path, build={"plan": plan, "done": done})
                    last = time.monotonic()
    except KeyboardInterrupt:
        if path is not None:
            save(cls, path, build={"plan": plan, "done": done})
        raise
    if progress is not None:
        progress(total, total)
    entries = int(solver.stats()["entries"])
    if path is not None:
        entries = save(cls, path, build={"plan": plan, "done": total})
    return entries


def _dims(size: Any) -> tuple[int, int]:
    try:
        rows, cols = size
    except (TypeError, ValueError):
        raise DatabaseError(f"a database's size is a length or (rows, cols), not {size!r}") from None
    if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in (rows, cols)):
        raise DatabaseError(f"a database's size is a length or (rows, cols) of positive ints, not {size!r}")
    return rows, cols
