"""A smoke test of an installed cgtkit (a wheel or an sdist build), run from outside
the source tree: the native engine is there and answers, the command works."""

import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import cgtkit as cg

assert cg.engine == "native", f"the installed package runs the {cg.engine} engine, not the native one"
assert "src" not in cg.__file__.split("/")[-3:], f"imported from the source tree: {cg.__file__}"
assert files("cgtkit").joinpath("py.typed").is_file(), "py.typed is missing: type checkers would ignore cgtkit's hints"
_source = Path(__file__).resolve().parent.parent / "src" / "cgtkit"
for _stub in _source.rglob("*.pyi"):  # the stubs (the native module's among them) are packaged
    _rel = _stub.relative_to(_source).parts
    assert files("cgtkit").joinpath(*_rel).is_file(), f"the stub {'/'.join(_rel)} is missing from the package"
g = cg.game("{1|*} + ^")
assert (str(g), g.outcome, g.birthday) == ("{1^|^*}", "L", 4), (str(g), g.outcome, g.birthday)
assert cg.game("{0|^}") == cg.up + cg.up + cg.star
from cgtkit.rulesets import Domineering  # noqa: E402

assert str(Domineering("..|..").value) == "+-1"
from cgtkit.heap import OctalGame  # noqa: E402

assert OctalGame("0.77").period() == (71, 12)
out = subprocess.run([sys.executable, "-m", "cgtkit.cli", "value", "{1|*}"], capture_output=True, text=True, check=True)
assert "{1|*}" in out.stdout, out.stdout
print(f"smoke test passed: cgtkit {cg.__version__}, {cg.engine} engine, {cg.__file__}")
