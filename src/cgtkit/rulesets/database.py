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
import contextlib
import hashlib
import json
import os
import struct
import sys
import tempfile
import zlib
from typing import Any, Callable, Iterator, Optional, Union

from ..backend import rulesets as native
from ..errors import CGTError, RulesError
from ..numbers import Dyadic
from ..short.game import Game, bottom_up, wrap_handle

__all__ = ["DatabaseError", "FORMAT", "MAGIC", "save", "load", "header", "build", "boards", "owner_of", "families"]

MAGIC = b"cgtkit ruleset values\n"
FORMAT = 1
_DIGEST = 32
_NUS, _OPTIONS = 0, 1


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
    if isinstance(ruleset, str):
        from .registry import lookup

        ruleset = lookup(ruleset)
    inner = getattr(ruleset, "ruleset", None)
    if isinstance(getattr(inner, "native", None), str):
        return inner
    if not isinstance(ruleset, type) and hasattr(type(ruleset), "declaration"):
        ruleset = type(ruleset)
    if isinstance(getattr(ruleset, "native", None), str):
        return ruleset
    raise DatabaseError(f"{_name_of(ruleset)} has no native search, so no table of values to save or load")


def _ruleset_name(ruleset: Any, owner: Any) -> str:
    """The registry's name of the ruleset given as a class, a position or a name."""
    if isinstance(ruleset, str):
        from .registry import normalise_name

        return normalise_name(ruleset)
    if not isinstance(ruleset, type) and hasattr(type(ruleset), "declaration"):
        ruleset = type(ruleset)
    return _name_of(ruleset) if hasattr(ruleset, "declaration") else _name_of(owner)


def _name_of(ruleset: Any) -> str:
    decl = getattr(ruleset, "declaration", None)
    return decl.name if decl is not None else getattr(ruleset, "native", None) or repr(ruleset)


def _solver(owner: Any) -> Any:
    s = native.solver_of(owner)
    if s is None:
        raise DatabaseError(
            "a ruleset database needs the native ruleset search (the python engine, "
            "CGTKIT_ENGINE=python, or python_search() has none; its Python search keeps its own table)"
        )
    return s


def _params(owner: Any) -> Any:
    p = owner.native_params() if hasattr(owner, "native_params") else None
    return json.loads(json.dumps(p))  # tuples as lists: as the header reads back


def _describe(ruleset: Any, owner: Any, solver: Any, entries: int, nodes: int) -> dict[str, Any]:
    from ..version import version

    return {
        "format": FORMAT,
        "ruleset": _ruleset_name(ruleset, owner),
        "native": owner.native,
        "params": _params(owner),
        "impartial": bool(solver.impartial),
        "cgtkit": version(),
        "entries": entries,
        "nodes": nodes,
    }


# --- varints ---------------------------------------------------------------------------


def _put(out: bytearray, n: int) -> None:
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def _zig(n: int) -> int:
    return 2 * n if n >= 0 else -2 * n - 1


def _unzig(z: int) -> int:
    return z >> 1 if not z & 1 else -((z + 1) >> 1)


class _Reader:
    """Varints and byte runs from a body, every read checked against its end."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def int(self) -> int:
        n = shift = 0
        data = self.data
        while True:
            if self.at >= len(data):
                raise DatabaseError("the database's body ends in the middle of a number")
            b = data[self.at]
            self.at += 1
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 7 * 64:
                raise DatabaseError("the database holds a number of more than 64 varint bytes")

    def run(self, n: int) -> bytes:
        if n < 0 or self.at + n > len(self.data):
            raise DatabaseError("the database's body ends in the middle of its entries")
        got = self.data[self.at : self.at + n]
        self.at += n
        return got


# --- values as a DAG of canonical forms --------------------------------------------------


def _nodes(values: set[int]) -> tuple[bytearray, dict[int, int], int]:
    """The nodes of every value (engine ids) and each value's node index."""
    index: dict[Game, int] = {}
    out = bytearray()
    for v in sorted(values):
        for g in bottom_up(wrap_handle(v), index.__contains__):
            nus = g.nus
            if nus is not None:
                x, ups, nim = nus
                out.append(_NUS)
                for n in (_zig(x.numerator), x.exponent, _zig(ups), nim):
                    _put(out, n)
            else:
                out.append(_OPTIONS)
                for side in (g.left_options, g.right_options):
                    _put(out, len(side))
                    for o in side:
                        _put(out, index[o])
            index[g] = len(index)
    return out, {v: index[wrap_handle(v)] for v in values}, len(index)


def _rebuild(r: _Reader, count: int) -> list[int]:
    """The engine ids of ``count`` nodes read from ``r``."""
    built: list[Game] = []
    for i in range(count):
        tag = r.run(1)[0]
        if tag == _NUS:
            p, q, ups, nim = _unzig(r.int()), r.int(), _unzig(r.int()), r.int()
            built.append(Game.packed(Dyadic.from_exponent(p, q), ups, nim))
        elif tag == _OPTIONS:
            sides = []
            for _ in range(2):
                refs = [r.int() for _ in range(r.int())]
                if any(j >= i for j in refs):
                    raise DatabaseError(f"node {i} of the database names an option not before it")
                sides.append([built[j] for j in refs])
            built.append(Game.from_options(*sides))
        else:
            raise DatabaseError(f"node {i} of the database has an unknown kind {tag}")
    return [g._h for g in built]


# --- the file ----------------------------------------------------------------------------


def _write_atomic(path: str, data: bytes) -> None:
    """``data`` at ``path``, whole or not at all: written beside it, then renamed over it."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".cgtdb-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as open() would make it (mkstemp's is 0o600)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def save(ruleset: Any, path: str, build: Optional[dict[str, Any]] = None) -> int:
    """Write the native table of ``ruleset`` (a position class, a position or a name;
    see :func:`owner_of`) to ``path`` (replaced whole, never left half-written); the
    number of entries written.  ``build`` (what :func:`build` has done) goes in the
    header."""
    owner = owner_of(ruleset)
    solver = _solver(owner)
    entries = solver.export()
    impartial = bool(solver.impartial)
    if impartial:
        nodes, index, count = bytearray(), None, 0
    else:
        nodes, index, count = _nodes({v for _, v in entries})
    runs: dict[int, list[tuple[bytes, int]]] = {}
    for k, v in entries:
        runs.setdefault(len(k), []).append((k, v if index is None else index[v]))
    body = bytearray(nodes)
    _put(body, len(runs))
    for size in sorted(runs):
        run = sorted(runs[size])
        _put(body, size)
        _put(body, len(run))
        body += b"".join(k for k, _ in run)
        vals = array.array("I", (v for _, v in run))
        if sys.byteorder != "little":
            vals.byteswap()
        body += vals.tobytes()
    described = _describe(ruleset, owner, solver, len(entries), count)
    if build is not None:
        described["build"] = build
    head = json.dumps(described, sort_keys=True).encode()
    data = MAGIC + struct.pack("<I", len(head)) + head + zlib.compress(bytes(body), 6)
    _write_atomic(path, data + hashlib.sha256(data).digest())
    return len(entries)


def _read(path: str) -> tuple[dict[str, Any], bytes]:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise DatabaseError(f"cannot read the database {path!r}: {e.strerror or e}") from None
    if not data.startswith(MAGIC):
        raise DatabaseError(f"{path!r} is not a cgtkit ruleset database")
    if len(data) < len(MAGIC) + 4 + _DIGEST or hashlib.sha256(data[:-_DIGEST]).digest() != data[-_DIGEST:]:
        raise DatabaseError(f"the database {path!r} is truncated or corrupt (its checksum does not match)")
    data = data[:-_DIGEST]
    (n,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    try:
        head = json.loads(data[start : start + n].decode())
        if not isinstance(head, dict):
            raise ValueError
    except ValueError:
        raise DatabaseError(f"the header of the database {path!r} is not readable") from None
    if head.get("format") != FORMAT:
        raise DatabaseError(f"the database {path!r} has format {head.get('format')!r}; this cgtkit reads {FORMAT}")
    try:
        body = zlib.decompress(data[start + n :])
    except zlib.error:
        raise DatabaseError(f"the body of the database {path!r} is corrupt") from None
    return head, body


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
    if owner.native != head.get("native") or _params(owner) != head.get("params"):
        raise DatabaseError(
            f"the database {path!r} holds values of {head.get('ruleset')!r} "
            f"(native search {head.get('native')!r}, params {head.get('params')!r}), "
            f"not of {_name_of(owner)!r} (native search {owner.native!r}, params {_params(owner)!r})"
        )
    solver = _solver(owner)
    if bool(solver.impartial) != bool(head.get("impartial")):
        raise DatabaseError(f"the database {path!r} and the ruleset disagree on whether it is impartial")
    r = _Reader(body)
    ids = None if solver.impartial else _rebuild(r, _count(head, "nodes"))
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
    n = head.get(name)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise DatabaseError(f"the database's header has no count of {name}")
    return n


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

    name = ruleset if isinstance(ruleset, str) else _ruleset_name(ruleset, owner_of(ruleset))
    if name not in families():
        raise DatabaseError(f"build knows the boards of {', '.join(families())}, not {name!r}")
    cls = lookup(name)
    rows, cols = (1, size) if isinstance(size, int) and not isinstance(size, bool) else _dims(size)
    if not 1 <= rows * cols <= 16:
        raise DatabaseError(f"a database's boards have 1 to 16 squares, not {rows} x {cols}")
    owner = owner_of(cls)
    solver = _solver(owner)
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
