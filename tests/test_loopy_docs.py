"""The examples in docs/loopy.md run as doctests."""

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "loopy.md"


def test_loopy_guide_examples():
    failures, tried = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 20 and failures == 0
