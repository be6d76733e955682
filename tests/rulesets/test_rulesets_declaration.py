"""A ruleset is one declaration: the registry, ``from cgtkit.rulesets import X``, the
command line and the docs' table all come from the class line."""

from __future__ import annotations

import importlib
import pathlib

import pytest

import cgtkit.rulesets as rulesets
from cgtkit.errors import RulesError
from cgtkit.rulesets import registry
from cgtkit.rulesets.base import Ruleset, StringPosition

from support.cli_run import run

DOCS = pathlib.Path(__file__).resolve().parent.parent.parent / "docs"


def test_every_registered_ruleset_can_be_imported_by_name():
    known = registry.declarations()
    assert {"fox-and-geese", "backsliding-toads", "hare-and-hounds", "fair-shares", "domineering"} <= set(known)
    for name, d in known.items():
        assert getattr(rulesets, d.cls.__name__) is d.cls, name
        assert d.cls.__name__ in rulesets.__all__ and d.cls.__name__ in dir(rulesets)
        assert registry.lookup(name) is d.cls and d.cls.declaration is d
        assert d.summary and (d.example or d.command), name
    namespace: dict = {}
    exec("from cgtkit.rulesets import *", namespace)
    assert namespace["FoxAndGeese"].declaration.loopy and namespace["Clobber"].declaration.native
    with pytest.raises(ImportError):
        exec("from cgtkit.rulesets import Chess", {})


def test_the_declaration_says_what_the_class_is():
    d = registry.declarations()
    assert d["cram"].impartial and d["cram"].board and d["cram"].native == "placement"
    assert not d["domineering"].impartial and d["clobber"].native == "clobber"
    assert d["fair-shares"].impartial and d["fair-shares"].loopy and not d["fair-shares"].board
    assert d["kayles"].board and d["kayles"].native is None
    assert registry.lookup("stalks") is registry.lookup("Hackenbush Stalks")


def test_a_new_class_registers_itself_and_gets_a_command(capsys):
    class Pile(StringPosition, name="test-pile", summary="take one counter", example="3", impartial=True):
        """A pile of n counters; a move takes one (value *(n mod 2))."""

        __slots__ = ("n",)

        def __init__(self, text: str) -> None:
            self.n = int(text)

        def __str__(self) -> str:
            return str(self.n)

        def _state(self) -> int:
            return self.n

        def moves(self) -> list["Pile"]:  # nothing else: the generic search values it
            return [Pile(str(self.n - 1))] if self.n else []

    try:
        assert registry.lookup("test pile") is Pile and Pile.IMPARTIAL and not Pile.declaration.board
        assert rulesets.__getattr__("Pile") is Pile
        code, out, _ = run(capsys, "ruleset", "test-pile", "5")
        assert code == 0 and "value: *" in out and Pile("4").nim_value == 0 and Pile("7").value == Pile("1").value
        code, out, _ = run(capsys, "rulesets")
        assert "test-pile" in out and 'cgtkit test-pile "3"' in out
        with pytest.raises(RulesError, match="taken"):

            class Other(Ruleset, name="test-pile", summary="", example=""):
                pass

    finally:
        registry.forget("test-pile")
        rulesets.__dict__.pop("Pile", None)
    with pytest.raises(RulesError, match="unknown ruleset"):
        registry.lookup("test-pile")


def test_the_docs_table_is_made_from_the_declarations():
    text = (DOCS / "rulesets.md").read_text()
    table = text.partition(registry.BEGIN)[2].partition(registry.END)[0].strip()
    assert table == registry.markdown_table(), "run: python -m cgtkit.rulesets.registry docs/rulesets.md"


def test_the_contributor_page_has_at_most_four_steps():
    page = (DOCS / "contributing.md").read_text()
    steps = [line for line in page.splitlines() if line.startswith("## ")]
    assert len(steps) == 4 and steps[0].startswith("## 1. The module")


def test_the_ruleset_modules_import_without_the_registry_loaded_first():
    # a module imported alone declares its class (the registry imports the rest later)
    module = importlib.import_module("cgtkit.rulesets.konane")
    assert registry.lookup("konane") is module.Konane


def test_the_scan_reads_every_declaration_as_its_class_makes_it():
    # the command line's rulesets come from the class lines read without importing them:
    # what the scan reads must be what the classes declare, for every ruleset
    scanned, unread = registry._scanned()
    assert unread == []  # every module's declarations are written in literals
    made = {name: registry._entry(d) for name, d in registry.declarations().items()}
    assert scanned == made
    assert registry.normalise_name("Dawson") == "dawsons-kayles"  # an alias from the scan


# a fresh interpreter runs the command line and prints the cgtkit modules it imported
_IMPORTED = """
import contextlib, io, sys
from cgtkit.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
assert status == 0, status
print(" ".join(sorted(m for m in sys.modules if m.startswith("cgtkit."))))
"""


def _imported(*argv: str) -> set[str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _IMPORTED, *argv], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_help_and_a_ruleset_command_import_only_what_they_need():
    declaring = {e.module for e in registry._scanned()[0].values()}
    assert len(declaring) > 20
    assert _imported("--help") & declaring == set()  # no ruleset's module, for the list of commands
    kayles = _imported("kayles", "xx.x")
    assert "cgtkit.rulesets.kayles" in kayles
    assert {"cgtkit.rulesets.placement", "cgtkit.rulesets.amazons", "cgtkit.rulesets.foxandgeese"}.isdisjoint(kayles)
