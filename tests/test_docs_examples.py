"""The examples in README.md and in the pages under docs/ run as doctests (the guides
with a test of their own, such as docs/analysis.md, are run there), and the README's
pictures are what docs/make_images.py draws."""

import doctest
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OWN_TESTS = {"analysis.md", "engine.md", "loopy.md", "misere.md"}  # tests/test_*_docs.py
GUIDES = [ROOT / "README.md"] + sorted(
    p for p in DOCS.rglob("*.md") if p.name not in OWN_TESTS and ">>> " in p.read_text(encoding="utf-8")
)


def test_the_guides_are_found():
    names = {p.name for p in GUIDES}
    assert {"README.md", "foundations.md", "heap.md", "rulesets.md", "getting-started.md"} <= names


@pytest.mark.parametrize("path", GUIDES, ids=[str(p.relative_to(ROOT)) for p in GUIDES])
def test_guide_examples(path):
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_readme_pictures_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_images", DOCS / "make_images.py")
    make_images = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_images)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, draw in make_images.PICTURES.items():
        assert f"docs/images/{name}" in readme
        committed = (DOCS / "images" / name).read_text(encoding="utf-8")
        assert committed == draw() + "\n", f"docs/images/{name} is stale: run .venv/bin/python docs/make_images.py"
