"""Rulesets by name: every ruleset registers itself when its class is defined (its
:class:`~cgtkit.rulesets.base.Ruleset` declaration), and the registry is what the
command line, ``from cgtkit.rulesets import X`` and the docs listing read.

So that a command imports only the ruleset it runs, the registry first *reads* the
declarations: :func:`entries` scans the class lines in the sources of the modules of
:mod:`cgtkit.rulesets` (their literal names, summaries and examples, no module
imported), and :func:`lookup` imports only the module that declares the name.  What
needs the classes themselves (:func:`declarations`) imports every module of the
package, once (a module that fails to import is left out, and the others still load).
Either way a new ruleset is one new module and nothing else to edit.

>>> lookup("kayles")("xx.x").value, lookup("kayles")("xx.x").nim_value
(game('*3'), 3)
>>> is_impartial(lookup("cram")("..|..")), is_impartial(lookup("domineering"))
(True, False)
>>> lookup("Toads and Frogs") is lookup("toads")
True
>>> lookup("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cgtkit.errors.RulesError: unknown ruleset 'chess'; known: amazons, arc-kayles, ...
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import pkgutil
import re
import threading
from typing import TYPE_CHECKING, NamedTuple, Optional

from ..errors import RulesError

if TYPE_CHECKING:
    from .base import Declaration

__all__ = [
    "register",
    "forget",
    "declarations",
    "Entry",
    "entries",
    "lookup",
    "normalise_name",
    "is_impartial",
    "is_board",
    "classes",
    "markdown_table",
    "rewrite_docs",
]

_DECLARED: dict[str, "Declaration"] = {}  # name -> declaration, in the order defined
_ALIASES: dict[str, str] = {}
_loaded = False
_loading = False
_lock = threading.RLock()
_PACKAGE = "cgtkit.rulesets"


class Entry(NamedTuple):
    """What a ruleset's class line declares that its command needs, read from the
    source before the module is imported (:func:`entries`)."""

    name: str
    module: str  # the module that declares it, e.g. "cgtkit.rulesets.kayles"
    class_name: str
    summary: str
    example: str
    command: str
    aliases: tuple[str, ...]


def normalise_name(name: str) -> str:
    """A ruleset name with case, spaces, ``_`` and ``'`` ignored, aliases resolved."""
    _scanned()  # (the aliases declared in modules not imported yet)
    key = name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")
    return _ALIASES.get(key, _ALIASES.get(key.replace("-", ""), key))


def command_line(name: str, example: str) -> str:
    """A ruleset's example as a command line (a declaration's default ``command``).

    >>> command_line("toads", "TT..FF")
    'cgtkit toads "TT..FF"'
    """
    return f'cgtkit {name} "{example}"'


def register(declaration: "Declaration") -> None:
    """Enter a ruleset (called by its class's definition); a name already taken by
    another class is a :class:`~cgtkit.errors.RulesError`."""
    with _lock:
        known = _DECLARED.get(declaration.name)
        if known is not None and known.cls.__qualname__ != declaration.cls.__qualname__:
            raise RulesError(f"the ruleset name {declaration.name!r} is taken by {known.cls.__name__}")
        _DECLARED[declaration.name] = declaration
        for alias in declaration.aliases:
            _ALIASES[alias] = declaration.name


def forget(name: str) -> None:
    """Remove a ruleset from the registry (a test's own, say)."""
    with _lock:
        gone = _DECLARED.pop(normalise_name(name), None)
        for alias in gone.aliases if gone is not None else ():
            _ALIASES.pop(alias, None)


def _load() -> None:
    """Import every module of the package once, so every ruleset has declared itself."""
    global _loaded, _loading
    if _loaded:
        return
    with _lock:
        if _loaded or _loading:  # (a module being imported here reads the registry)
            return
        _loading = True
        try:
            for module in pkgutil.iter_modules(importlib.import_module(_PACKAGE).__path__):
                _import(f"{_PACKAGE}.{module.name}")
            _loaded = True
        finally:
            _loading = False


_CLOSE = re.compile(r"\)\s*:")
_READ = ("name", "summary", "example", "command", "aliases")  # the keywords an Entry holds
_scan: Optional[tuple[dict[str, Entry], list[str]]] = None  # the entries, and the modules not read


def _class_lines(source: str) -> list[ast.ClassDef]:
    """The top-level ``class`` statements of a module's source with a ``name=``
    keyword, each parsed alone: the text up to the first ``):`` after which it parses
    (parsing or tokenizing the whole module would cost more than importing it)."""
    found = []
    start = -1
    while (start := source.find("\nclass ", start + 1)) >= 0:
        for close in _CLOSE.finditer(source, start):
            line = source[start + 1 : close.start() + 1]
            if "name" not in line and "**" not in line:  # not a declaration (or one the test would catch)
                break
            try:
                node = ast.parse(line + ": pass").body[0]
            except SyntaxError:  # a ")" inside the line's strings: read on
                continue
            if isinstance(node, ast.ClassDef) and any(k.arg == "name" or k.arg is None for k in node.keywords):
                found.append(node)
            break
    return found


def _read(module: str, source: str) -> Optional[list[Entry]]:
    """The declarations in one module's source, or None when one of them is not
    written out in literals (that module is then imported to be known)."""
    read = []
    for node in _class_lines(source):
        given = {k.arg: k.value for k in node.keywords if k.arg in _READ or k.arg is None}
        try:
            v = {key: ast.literal_eval(value) for key, value in given.items() if key is not None}
        except ValueError:
            return None
        if None in given or not isinstance(v.get("name"), str):
            return None
        name, example = v["name"], v.get("example", "")
        command = v.get("command")
        read.append(
            Entry(
                name=name,
                module=module,
                class_name=node.name,
                summary=v.get("summary", ""),
                example=example,
                command=command if command is not None else command_line(name, example),
                aliases=tuple(v.get("aliases", ())),
            )
        )
    return read


def _scanned() -> tuple[dict[str, Entry], list[str]]:
    """Every declaration read from the package's sources (by name), and the modules
    that could not be read so; made once."""
    global _scan
    if _scan is None:
        with _lock:
            folder = pathlib.Path(__file__).parent
            found: dict[str, Entry] = {}
            unread = []
            for module in pkgutil.iter_modules([str(folder)]):
                path = folder / f"{module.name}.py"
                read = _read(f"{_PACKAGE}.{module.name}", path.read_text("utf-8")) if path.is_file() else None
                if read is None:
                    unread.append(f"{_PACKAGE}.{module.name}")
                for e in read or ():
                    found.setdefault(e.name, e)
                    for alias in e.aliases:
                        _ALIASES.setdefault(alias, e.name)
            _scan = found, unread
    return _scan


def _import(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError:  # an optional dependency missing: that ruleset is left out
        pass


def _entry(d: "Declaration") -> Entry:
    return Entry(d.name, d.cls.__module__, d.cls.__name__, d.summary, d.example, d.command, d.aliases)


def entries() -> dict[str, Entry]:
    """Every ruleset, by name, sorted by name, as its class line declares it, read
    without importing the modules that declare them (but those whose declarations
    are not written out in literals); those registered otherwise (a test's own
    class, say) are there too.

    >>> e = entries()["dawsons-kayles"]
    >>> e.module, e.class_name, e.command
    ('cgtkit.rulesets.kayles', 'DawsonsKayles', 'cgtkit dawsons-kayles "xxxxx"')
    """
    found, unread = _scanned()
    for module in unread:
        _import(module)
    with _lock:
        known = dict(found)
        for name, d in _DECLARED.items():
            known[name] = _entry(d)
    return dict(sorted(known.items()))


def declarations() -> dict[str, "Declaration"]:
    """Every registered ruleset, by name, sorted by name."""
    _load()
    return dict(sorted(_DECLARED.items()))


def classes() -> dict[str, type]:
    """Every registered ruleset's position class, by class name."""
    return {d.cls.__name__: d.cls for d in declarations().values()}


def lookup(name: str) -> type:
    """The position class of the ruleset ``name`` (its module imported, and no other
    ruleset's when its declaration was read from the source)."""
    key = normalise_name(name)
    found = _DECLARED.get(key)
    if found is None and key in _scanned()[0]:
        _import(_scanned()[0][key].module)
        found = _DECLARED.get(key)
    if found is None:
        found = declarations().get(key)
    if found is None:
        raise RulesError(f"unknown ruleset {name!r}; known: {', '.join(declarations())}")
    return found.cls


BEGIN = "<!-- the rulesets, generated from their declarations: python -m cgtkit.rulesets.registry docs/rulesets.md -->"
END = "<!-- end of the generated rulesets -->"


def markdown_table() -> str:
    """The docs' listing of every ruleset (docs/rulesets.md holds it between
    :data:`BEGIN` and :data:`END`; ``python -m cgtkit.rulesets.registry FILE``
    rewrites it there)."""
    lines = ["| command | class | rules | example | kind |", "|---|---|---|---|---|"]
    for name, d in declarations().items():
        kind = ", ".join(
            k
            for k, on in (
                ("impartial" if d.impartial else "partizan", True),
                ("board", d.board),
                ("loopy", d.loopy),
                ("native", d.native is not None),
            )
            if on
        )
        cells = [f"`{name}`", f"`{d.cls.__name__}`", d.summary, f"`{d.example or d.command}`", kind]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def rewrite_docs(path: str) -> bool:
    """Put the current :func:`markdown_table` between the markers of ``path``;
    whether the file changed."""
    import pathlib

    page = pathlib.Path(path)
    text = page.read_text()
    head, found, rest = text.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not (found and found_end):
        raise RulesError(f"{path} has no generated rulesets table (the markers {BEGIN!r} and {END!r})")
    new = f"{head}{BEGIN}\n{markdown_table()}\n{END}{tail}"
    if new != text:
        page.write_text(new)
    return new != text


def is_board(position: object) -> bool:
    """Whether a position (or position class) is played on a grid of squares, as its
    class declares (``board=True``): drawn as a grid, its moves named by squares."""
    return bool(getattr(position, "_BOARD", False))


def is_impartial(position: object) -> bool:
    """Whether a position (or position class) is of an impartial ruleset, as its class
    declares (``IMPARTIAL``); nothing is solved to find out."""
    return bool(getattr(position, "IMPARTIAL", False))


if __name__ == "__main__":  # python -m cgtkit.rulesets.registry docs/rulesets.md
    import sys

    from cgtkit.rulesets import registry as the_registry  # the module the rulesets register in

    for path in sys.argv[1:]:
        print(f"{path}: {'rewritten' if the_registry.rewrite_docs(path) else 'up to date'}")
