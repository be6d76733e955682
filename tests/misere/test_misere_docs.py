"""The examples in docs/misere.md run as doctests."""

import doctest
from pathlib import Path

import pytest

from cgtkit.short.engine import ENGINE

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "misere.md"


def test_misere_guide_examples():
    if ENGINE.name != "native":
        pytest.skip("the guide's Dawson's Kayles quotient takes minutes in the python twin")
    failures, tried = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 30 and failures == 0
