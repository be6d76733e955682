"""The examples in docs/engine.md (the engine's user guide) run as doctests."""

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "engine.md"


def test_engine_guide_examples():
    failures, tried = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 25 and failures == 0
