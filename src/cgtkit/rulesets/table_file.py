"""A native search's table in a file: what the database of values
(:mod:`cgtkit.rulesets.database`) and the saved outcome table
(:mod:`cgtkit.search.table_file`) share.

* Which search a table belongs to: :func:`owner_of` (a ruleset given by its position
  class, a position or its name), :func:`solver` (its native search, or an error on
  the python engine), :func:`describe` (the header's common fields) and
  :func:`check_owner` (a file of another ruleset or other parameters refused).
* Values as a DAG of canonical forms, since engine ids live only as long as the
  process: :func:`dag_of` writes each value as a node (a number-up-star
  ``x + n.^ + *m`` packed as four varints, or the lists of its Left and Right
  options, each an earlier node), :func:`rebuild` makes them again through
  :meth:`Game.packed <cgtkit.short.game.Game.packed>` and :meth:`Game.from_options
  <cgtkit.short.game.Game.from_options>`: exact, no notation parsed.
* The frame: :func:`write` puts a magic line, a 4-byte little-endian length, a JSON
  header, a zlib-compressed body and the SHA-256 of everything before it, beside the
  path and renamed over it (never half-written); :func:`read` checks the magic, the
  checksum (a truncated or altered file) and the format version.

Each reader takes the error class to raise and the name of the file's kind, so its
messages say "database" or "outcome table".

>>> from cgtkit.errors import CGTError
>>> out = bytearray()
>>> for n in (0, 300, zig(-5)):
...     put(out, n)
>>> r = Reader(bytes(out), CGTError, "database")
>>> r.int(), r.int(), unzig(r.int())
(0, 300, -5)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import struct
import tempfile
import zlib
from typing import Any

from ..backend import rulesets as native
from ..errors import CGTError
from ..numbers import Dyadic
from ..short.game import Game, bottom_up, wrap_handle

__all__ = [
    "owner_of",
    "ruleset_name",
    "name_of",
    "solver",
    "needs_native",
    "check_bytes",
    "params_of",
    "describe",
    "check_owner",
    "put",
    "zig",
    "unzig",
    "Reader",
    "dag_of",
    "rebuild",
    "write",
    "read",
    "count",
]

_DIGEST = 32
_NUS, _OPTIONS = 0, 1

Error = type[CGTError]


# --- which search a table belongs to -------------------------------------------------


def owner_of(ruleset: Any, error: Error, what: str) -> Any:
    """The owner of the native search of a ruleset given by its position class
    (``NoGo``, ``Clobber``), a position of it (a variant's position too: the
    variant's own search), its name (``"nogo"``) or the owner itself."""
    if isinstance(ruleset, str):
        from .registry import lookup

        ruleset = lookup(ruleset)
    if not isinstance(ruleset, type) and not hasattr(type(ruleset), "declaration"):
        if isinstance(getattr(ruleset, "native", None), str):  # an owner (a variant's too)
            return ruleset
        parts = getattr(ruleset, "native_parts", None)
        found = parts() if callable(parts) else None
        if found is not None:  # a position of a variant: its own native search
            return found[0]
    inner = getattr(ruleset, "ruleset", None)
    if isinstance(getattr(inner, "native", None), str):
        return inner
    if not isinstance(ruleset, type) and hasattr(type(ruleset), "declaration"):
        ruleset = type(ruleset)
    if isinstance(getattr(ruleset, "native", None), str):
        return ruleset
    raise error(f"{name_of(ruleset)} has no native search, so no {what}")


def ruleset_name(ruleset: Any, owner: Any) -> str:
    """The registry's name of the ruleset given as a class, a position or a name."""
    if isinstance(ruleset, str):
        from .registry import normalise_name

        return normalise_name(ruleset)
    if not isinstance(ruleset, type) and hasattr(type(ruleset), "declaration"):
        ruleset = type(ruleset)
    return name_of(ruleset) if hasattr(ruleset, "declaration") else name_of(owner)


def name_of(ruleset: Any) -> str:
    """A ruleset's declared name, else its native search's name."""
    decl = getattr(ruleset, "declaration", None)
    return decl.name if decl is not None else getattr(ruleset, "native", None) or repr(ruleset)


def needs_native(what: str) -> str:
    """Why a table cannot be saved, loaded or bounded on the python engine."""
    return (
        f"the {what} belongs to the native ruleset search, which the python engine (CGTKIT_ENGINE=python) "
        "and python_search() do not run; the Python search keeps its own table"
    )


def check_bytes(nbytes: Any, error: Error, what: str) -> int:
    """``nbytes`` if it is a positive int (a table's bound), else ``error``.

    >>> check_bytes(1 << 20, CGTError, "database")
    1048576
    """
    if not isinstance(nbytes, int) or isinstance(nbytes, bool) or nbytes <= 0:
        raise error(f"the bound of a {what} is a positive number of bytes, not {nbytes!r}")
    return nbytes


def solver(owner: Any, error: Error, what: str) -> native.NativeSearch:
    """The native search of ``owner``; ``error`` when none runs (the python engine)."""
    s = native.solver_of(owner)
    if s is None:
        raise error(needs_native(what))
    return s


def params_of(owner: Any) -> Any:
    """The native search's parameters, as the JSON header reads them back."""
    p = owner.native_params() if hasattr(owner, "native_params") else None
    return json.loads(json.dumps(p))  # tuples as lists


def describe(fmt: int, ruleset: Any, owner: Any, impartial: bool, **counts: int) -> dict[str, Any]:
    """The header of a file of ``owner``'s table: format, ruleset, native search and
    its parameters, impartial, the cgtkit version that writes it, and ``counts``."""
    from ..version import version

    head: dict[str, Any] = {
        "format": fmt,
        "ruleset": ruleset_name(ruleset, owner),
        "native": owner.native,
        "params": params_of(owner),
        "impartial": impartial,
        "cgtkit": version(),
    }
    head.update(counts)
    return head


def check_owner(head: dict[str, Any], owner: Any, path: str, error: Error, what: str) -> None:
    """``error`` unless the file's header names ``owner``'s native search and
    parameters."""
    if owner.native != head.get("native") or params_of(owner) != head.get("params"):
        raise error(
            f"the {what} {path!r} is of {head.get('ruleset')!r} "
            f"(native search {head.get('native')!r}, params {head.get('params')!r}), "
            f"not of {name_of(owner)!r} (native search {owner.native!r}, params {params_of(owner)!r})"
        )


# --- varints ---------------------------------------------------------------------------


def put(out: bytearray, n: int) -> None:
    """Append ``n`` (>= 0) as a LEB128 varint."""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def zig(n: int) -> int:
    """A signed int as a natural one (0, -1, 1, -2, ... as 0, 1, 2, 3, ...)."""
    return 2 * n if n >= 0 else -2 * n - 1


def unzig(z: int) -> int:
    return z >> 1 if not z & 1 else -((z + 1) >> 1)


class Reader:
    """Varints and byte runs from a body, every read checked against its end."""

    def __init__(self, data: bytes, error: Error, what: str) -> None:
        self.data, self.at, self.error, self.what = data, 0, error, what

    def int(self) -> int:
        n = shift = 0
        data = self.data
        while True:
            if self.at >= len(data):
                raise self.error(f"the {self.what}'s body ends in the middle of a number")
            b = data[self.at]
            self.at += 1
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 7 * 64:
                raise self.error(f"the {self.what} holds a number of more than 64 varint bytes")

    def run(self, n: int) -> bytes:
        if n < 0 or self.at + n > len(self.data):
            raise self.error(f"the {self.what}'s body ends in the middle of its entries")
        got = self.data[self.at : self.at + n]
        self.at += n
        return got


# --- values as a DAG of canonical forms --------------------------------------------------


def dag_of(values: set[int]) -> tuple[bytearray, dict[int, int], int]:
    """The nodes of every value (engine ids), each value's node index, and the count
    of nodes.

    >>> g = Game.from_options([Game.of(1)], [Game.of(-1)])
    >>> nodes, index, n = dag_of({g._h})
    >>> r = Reader(bytes(nodes), CGTError, "database")
    >>> rebuild(r, n)[index[g._h]] == g._h
    True
    """
    index: dict[Game, int] = {}
    out = bytearray()
    for v in sorted(values):
        for g in bottom_up(wrap_handle(v), index.__contains__):
            nus = g.nus
            if nus is not None:
                x, ups, nim = nus
                out.append(_NUS)
                for n in (zig(x.numerator), x.exponent, zig(ups), nim):
                    put(out, n)
            else:
                out.append(_OPTIONS)
                for side in (g.left_options, g.right_options):
                    put(out, len(side))
                    for o in side:
                        put(out, index[o])
            index[g] = len(index)
    return out, {v: index[wrap_handle(v)] for v in values}, len(index)


def rebuild(r: Reader, n: int) -> list[int]:
    """The engine ids of ``n`` nodes read from ``r``."""
    built: list[Game] = []
    for i in range(n):
        tag = r.run(1)[0]
        if tag == _NUS:
            p, q, ups, nim = unzig(r.int()), r.int(), unzig(r.int()), r.int()
            built.append(Game.packed(Dyadic.from_exponent(p, q), ups, nim))
        elif tag == _OPTIONS:
            sides = []
            for _ in range(2):
                refs = [r.int() for _ in range(r.int())]
                if any(j >= i for j in refs):
                    raise r.error(f"node {i} of the {r.what} names an option not before it")
                sides.append([built[j] for j in refs])
            built.append(Game.from_options(*sides))
        else:
            raise r.error(f"node {i} of the {r.what} has an unknown kind {tag}")
    return [g._h for g in built]


# --- the frame -----------------------------------------------------------------------------


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


def write(path: str, magic: bytes, head: dict[str, Any], body: bytes, level: int = 6) -> None:
    """The file ``magic``, ``head``, ``body`` (compressed at zlib ``level``) and the
    checksum at ``path``, replaced whole."""
    h = json.dumps(head, sort_keys=True).encode()
    data = magic + struct.pack("<I", len(h)) + h + zlib.compress(body, level)
    _write_atomic(path, data + hashlib.sha256(data).digest())


def read(path: str, magic: bytes, fmt: int, error: Error, what: str) -> tuple[dict[str, Any], bytes]:
    """The header and the body of the file at ``path``, after checking its magic,
    checksum and format."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise error(f"cannot read the {what} {path!r}: {e.strerror or e}") from None
    if not data.startswith(magic):
        raise error(f"{path!r} is not a cgtkit {what}")
    if len(data) < len(magic) + 4 + _DIGEST or hashlib.sha256(data[:-_DIGEST]).digest() != data[-_DIGEST:]:
        raise error(f"the {what} {path!r} is truncated or corrupt (its checksum does not match)")
    data = data[:-_DIGEST]
    (n,) = struct.unpack_from("<I", data, len(magic))
    start = len(magic) + 4
    try:
        head = json.loads(data[start : start + n].decode())
        if not isinstance(head, dict):
            raise ValueError
    except ValueError:
        raise error(f"the header of the {what} {path!r} is not readable") from None
    got = head.get("format")
    if got != fmt:
        newer = isinstance(got, int) and not isinstance(got, bool) and got > fmt
        by = f", written by a newer cgtkit ({head.get('cgtkit')})" if newer else ""
        raise error(f"the {what} {path!r} has format {got!r}{by}; this cgtkit reads {fmt}")
    try:
        body = zlib.decompress(data[start + n :])
    except zlib.error:
        raise error(f"the body of the {what} {path!r} is corrupt") from None
    return head, body


def count(head: dict[str, Any], name: str, error: Error, what: str) -> int:
    """The header's count ``name`` (an int >= 0)."""
    n = head.get(name)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise error(f"the {what}'s header has no count of {name}")
    return n
