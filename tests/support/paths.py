"""The paths the tests read: the tests' data, the docs, the sources, the tree's root."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
DATA = TESTS / "data"
DOCS = ROOT / "docs"
SRC = ROOT / "src"
