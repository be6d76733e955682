"""The examples in the user guides under docs/ run as doctests (the guides with a test of
their own, such as docs/analysis.md, are run there)."""

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
OWN_TESTS = {"analysis.md", "engine.md", "loopy.md", "misere.md"}  # tests/test_*_docs.py
GUIDES = sorted(p for p in DOCS.rglob("*.md") if p.name not in OWN_TESTS and ">>> " in p.read_text(encoding="utf-8"))


def test_the_guides_are_found():
    names = {p.name for p in GUIDES}
    assert {"foundations.md", "heap.md", "rulesets.md", "getting-started.md"} <= names


@pytest.mark.parametrize("path", GUIDES, ids=[str(p.relative_to(DOCS)) for p in GUIDES])
def test_guide_examples(path):
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
