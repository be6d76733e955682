"""No module of cgtkit uses another module's private names.

A name that starts with one underscore belongs to the module (or class) that defines
it; another module that needs it needs a public, documented hook instead.  Two checks,
on the source of every module in ``src/cgtkit`` (read with :mod:`ast`, nothing imported):

* imports: ``from m import _name`` (and ``import a._b``) only where ``_name`` is a private
  *module* of a package that holds the importer (``cgtkit._native`` for all of
  cgtkit, though only ``cgtkit.backend`` imports it, ``cgtkit.cli._args`` for the
  CLI): a private module is private to its package, not to itself;
* attributes: ``x._name`` where ``x`` is a name bound by an import (a module or a class
  of another module: ``Dyadic._make``, ``engine._REC_LIMIT``, ``argparse._SubParsersAction``).

Reads on instances (``other._key`` inside the class that owns ``_key``) are a class's
own business and are not checked.  ``ALLOWED`` lists each exception with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent.parent / "src"

#: (module, what it reaches) -> why it may, for now
ALLOWED: dict[tuple[str, str], str] = {}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((SRC / "cgtkit").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _is_module(dotted: str) -> bool:
    return dotted in MODULES or dotted == "cgtkit._native"  # the compiled extension


def _private_module_allowed(importer: str, dotted: str) -> bool:
    """Whether every private component of the module path ``dotted`` is a private module
    of a package that holds ``importer``."""
    parts = dotted.split(".")
    for i, part in enumerate(parts):
        if _is_private(part):
            package = ".".join(parts[:i])
            if not (importer == package or importer.startswith(package + ".")):
                return False
    return True


def _absolute(importer: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(importer, path).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _violations(module: str, path: Path, allowed: dict[tuple[str, str], str] = ALLOWED) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    bound: dict[str, str] = {}  # a name bound by an import -> what it names
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not _private_module_allowed(module, alias.name):
                    found.append(f"{path}:{node.lineno}: import {alias.name}")
                bound[alias.asname or alias.name.split(".")[0]] = (
                    alias.asname and alias.name or alias.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, path, node)
            if not _private_module_allowed(module, source):
                found.append(f"{path}:{node.lineno}: from {source} import ...")
            for alias in node.names:
                target = f"{source}.{alias.name}"
                bound[alias.asname or alias.name] = target
                if _is_private(alias.name) and not (_is_module(target) and _private_module_allowed(module, target)):
                    found.append(f"{path}:{node.lineno}: from {source} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr) and isinstance(node.value, ast.Name):
            owner = bound.get(node.value.id)
            if owner is None:
                continue
            target = f"{owner}.{node.attr}"
            if _is_module(target) and _private_module_allowed(module, target):
                continue  # a private module of the importer's own package
            if (module, target) not in allowed:
                found.append(f"{path}:{node.lineno}: {node.value.id}.{node.attr} ({target})")
    return found


def test_no_private_names_across_modules():
    found = [v for module, path in MODULES.items() for v in _violations(module, path)]
    assert not found, "private names used across modules:\n" + "\n".join(found)


def test_every_exception_is_still_needed():
    # an entry whose use is gone must go too, so that the list only shrinks
    for (module, target), why in ALLOWED.items():
        found = _violations(module, MODULES[module], allowed={})
        assert any(f"({target})" in f for f in found), f"{module} no longer reaches {target}: drop it ({why})"


def test_the_check_catches_what_it_should(tmp_path):
    # the check on a planted module: each kind of reach is reported, the allowed ones not
    pkg = tmp_path / "cgtkit" / "demo"
    pkg.mkdir(parents=True)
    bad = pkg / "bad.py"
    bad.write_text(
        "from cgtkit.short.notation import _Parser\n"
        "from cgtkit.numbers import Dyadic\n"
        "from cgtkit.heap import _kernels\n"
        "from cgtkit import _native\n"
        "import argparse\n"
        "x = Dyadic._make(1, 2)\n"
        "y = argparse._SubParsersAction\n"
        "z = self_thing._fine\n"
    )
    found = _violations("cgtkit.demo.bad", bad)
    assert len(found) == 4, found
    assert any("_Parser" in f for f in found) and any("Dyadic._make" in f for f in found)
    assert any("_SubParsersAction" in f for f in found) and any("import _kernels" in f for f in found)


def _private_patches(path: Path) -> list[str]:
    """``monkeypatch.setattr(x, "_name", ...)``, ``monkeypatch.setattr(m._f, ...)`` and
    ``m._name = ...`` in a test file: a test that patches a private name instead of
    using the owner's documented hook (docs/engine.md, "Test seams and hooks")."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setattr":
            args = node.args
            if len(args) >= 2 and isinstance(args[1], ast.Constant) and _is_private(str(args[1].value)):
                found.append(f"{path.name}:{node.lineno}: setattr(..., {args[1].value!r})")
            if args and isinstance(args[0], ast.Attribute) and _is_private(args[0].attr):
                found.append(f"{path.name}:{node.lineno}: setattr({ast.unparse(args[0])}, ...)")
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and _is_private(target.attr)
                    and isinstance(target.value, ast.Name)
                ):
                    if target.value.id not in ("self", "cls"):
                        found.append(f"{path.name}:{node.lineno}: {ast.unparse(target)} = ...")
    return found


def test_tests_patch_no_private_names():
    tests = Path(__file__).resolve().parent.parent
    found = [v for path in sorted(tests.rglob("*.py")) for v in _private_patches(path)]
    assert not found, "tests patching private names (use the owner's hook):\n" + "\n".join(found)


def test_the_patch_check_catches_what_it_should(tmp_path):
    planted = tmp_path / "test_planted.py"
    planted.write_text(
        "def test_x(monkeypatch):\n"
        "    monkeypatch.setattr(engine, '_REC_LIMIT', -1)\n"
        "    monkeypatch.setattr(notation._Parser, 'parse_plain_braces', None)\n"
        "    engine._flag = 1\n"
        "    monkeypatch.setattr(main, 'build_parser', None)\n"
    )
    assert len(_private_patches(planted)) == 3
