"""The one seam between the Python face and the native core (:mod:`cgtkit.backend`):
only it imports ``cgtkit._native``, the typed surface ``_native.pyi`` lists exactly what
the extension exports, ``use`` switches the subsystems that compute on plain values,
and each subsystem object satisfies its Protocol on both sides."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from cgtkit import backend
from cgtkit.backend import protocols

from support.engines import HAVE_NATIVE

SRC = Path(__file__).resolve().parent.parent.parent / "src" / "cgtkit"
needs_native = pytest.mark.skipif(not HAVE_NATIVE, reason="the native extension is not built")


def _imports_native(path: Path) -> list[str]:
    """The lines of ``path`` that import ``cgtkit._native`` (statically, or by name
    through importlib)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            names = {a.name for a in node.names}
            if (node.module or "").endswith("_native") or "_native" in names:
                found.append(f"{path}:{node.lineno}")
        elif isinstance(node, ast.Import):
            if any(a.name.endswith("._native") for a in node.names):
                found.append(f"{path}:{node.lineno}")
        elif isinstance(node, ast.Constant) and node.value == "cgtkit._native":
            found.append(f"{path}:{node.lineno}")
    return found


def test_only_the_backend_imports_the_extension():
    outside = [
        hit
        for path in SRC.rglob("*.py")
        if "backend" not in path.relative_to(SRC).parts
        for hit in _imports_native(path)
    ]
    assert outside == []
    inside = [hit for path in (SRC / "backend").rglob("*.py") for hit in _imports_native(path)]
    assert inside  # the import by name, and the typed one for mypy


def test_the_check_finds_an_import_of_the_extension(tmp_path):
    planted = tmp_path / "bad.py"
    planted.write_text("from .. import _native\nimport cgtkit._native\nimportlib.import_module('cgtkit._native')\n")
    assert len(_imports_native(planted)) == 3


def _stub_names() -> set[str]:
    tree = ast.parse((SRC / "_native.pyi").read_text())
    return {
        node.name
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_")
    }


@needs_native
def test_the_stub_lists_exactly_what_the_extension_exports():
    ext = backend.extension()
    exported = {name for name in dir(ext) if not name.startswith("_")}
    assert _stub_names() == exported


@needs_native
def test_the_stub_lists_exactly_the_methods_of_each_extension_class():
    ext = backend.extension()
    tree = ast.parse((SRC / "_native.pyi").read_text())
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            stub = {f.name for f in node.body if isinstance(f, ast.FunctionDef) and not f.name.startswith("_")}
            real = {m for m in vars(getattr(ext, node.name)) if not m.startswith("_")}
            assert stub == real, node.name


def test_use_switches_the_plain_value_subsystems_and_restores_them():
    import cgtkit.misere.construct  # noqa: F401  # registers the misère construction's python twin

    start = backend.active()
    assert start == backend.NAME
    with backend.use("python"):
        assert backend.active() == "python"
        assert backend.heap_kernels().name == "python" and backend.misere().name == "python"
        if HAVE_NATIVE:
            with backend.use("native"):
                assert backend.heap_kernels().name == "native"
            assert backend.active() == "python"
    assert backend.active() == start and backend.shortcuts_on()
    with pytest.raises(ValueError, match="expected 'native' or 'python'"):
        with backend.use("fast"):
            pass  # pragma: no cover
    assert backend.active() == start


def test_use_with_shortcuts_off_turns_the_twins_fast_paths_off_and_back_on():
    from cgtkit.backend.python.short import core
    from cgtkit.short import notation

    with backend.use("python", shortcuts=False):
        assert not backend.shortcuts_on() and core._REC_LIMIT < 0 and not notation._FAST_PATHS
    assert backend.shortcuts_on() and core._REC_LIMIT > 0 and notation._FAST_PATHS


def test_the_short_engine_stays_the_processes():
    with backend.use("python"):
        assert backend.ENGINE.name == backend.NAME
        assert isinstance(backend.ENGINE, protocols.Engine)


SIDES = ["python"] + (["native"] if HAVE_NATIVE else [])


@pytest.mark.parametrize("name", SIDES)
def test_each_subsystem_satisfies_its_protocol(name):
    import cgtkit.misere  # noqa: F401  (registers the misère twin)

    with backend.use(name):
        assert isinstance(backend.heap_kernels(), protocols.HeapKernels)
        assert isinstance(backend.misere(), protocols.MisereConstruction)
        assert isinstance(backend.nim_arithmetic(), protocols.NimArithmetic)
        assert isinstance(backend.polyominoes(), protocols.Polyominoes) and backend.polyominoes().name == name
        from cgtkit.impartial import ImpartialSolver

        solver = ImpartialSolver(lambda n: [n - 1] if n else [])
        assert isinstance(solver._search, protocols.ImpartialSearch) and solver.grundy(5) == 1
    assert isinstance(backend.notation(), protocols.Notation)
    assert isinstance(backend.facade(), protocols.Facade)
    assert isinstance(backend.select_engine(name), protocols.Engine)


@needs_native
def test_the_kernels_of_both_sides_agree_on_the_same_arrays():
    rng = np.random.default_rng(3)
    for _ in range(20):
        seq = rng.integers(0, 4, size=int(rng.integers(1, 300))).astype(np.int64)
        sides = []
        for name in ("native", "python"):
            with backend.use(name):
                k = backend.heap_kernels()
            sides.append((k.z_function(seq).tolist(), [k.last_mismatch(seq, len(seq), p, 0) for p in range(1, 8)]))
        assert sides[0] == sides[1]
