"""Argument types shared by the subcommands, and small text helpers.

Counts are exact integers; ``10**7`` and ``10^7`` are accepted as well as digits, so
``cgtkit coins 10**100 --take 1,3,4`` needs no 101-digit argument.  A bad value
becomes argparse's one-line error naming the option.

>>> count()("10**7"), count()("1_000"), count(1)("7")
(10000000, 1000, 7)
>>> count(1, "--limit")("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: --limit must be at least 1, got -1
>>> a_or_an("Amazons"), a_or_an("Kayles"), a_or_an("N"), a_or_an("P")
('an', 'a', 'an', 'a')
"""

from __future__ import annotations

import argparse
import re
from typing import Callable

__all__ = ["count", "parse_count", "a_or_an", "add_progress_switch"]

_POWER = re.compile(r"^([+-]?\d[\d_]*)(?:\s*(?:\*\*|\^)\s*(\d[\d_]*))?$")
_MAX_EXPONENT_DIGITS = 100_000  # 10**100000 has 100,001 digits: big enough for any question


def parse_count(text: str) -> int:
    """An integer written in digits or as a power ``B**E`` / ``B^E`` (E >= 0).

    >>> parse_count("2^10"), parse_count("-3")
    (1024, -3)
    """
    m = _POWER.match(str(text).strip())
    if m is None:
        raise ValueError(f"{text!r} is not an integer (write digits, or a power such as 10**7)")
    base = int(m.group(1))
    if m.group(2) is None:
        return base
    exponent = int(m.group(2))
    if abs(base) > 1 and exponent * len(str(abs(base))) > _MAX_EXPONENT_DIGITS:
        raise ValueError(f"{text!r} has more than {_MAX_EXPONENT_DIGITS:,} digits")
    return base**exponent


def count(minimum: int | None = 0, what: str = "the number") -> Callable[[str], int]:
    """An argparse ``type``: :func:`parse_count`, at least ``minimum`` (None: no bound)."""

    def convert(text: str) -> int:
        try:
            value = parse_count(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{what}: {exc}") from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"{what} must be at least {minimum}, got {value}")
        return value

    convert.__name__ = "count"  # argparse names the type in some messages
    return convert


# letters whose name starts with a vowel sound ("an F", "an N-position")
_VOWEL_LETTERS = set("AEFHILMNORSX")


def a_or_an(word: str) -> str:
    """The indefinite article for ``word``: a single capital letter by its spoken name,
    otherwise by the first letter (good enough for the names cgtkit prints)."""
    if len(word) == 1 or (len(word) > 1 and word[0].isupper() and not word[1].isalpha()):
        return "an" if word[0].upper() in _VOWEL_LETTERS else "a"
    return "an" if word[:1].lower() in "aeiou" else "a"


def add_progress_switch(p: argparse.ArgumentParser, what: str) -> None:
    """``--progress`` / ``--no-progress`` into ``args.progress`` (None when neither is
    given: the command then shows ``what`` only when stderr is a terminal)."""
    prog = p.add_mutually_exclusive_group()
    prog.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help=f"show {what} on stderr (default: when stderr is a terminal)",
    )
    prog.add_argument("--no-progress", dest="progress", action="store_false", help="never show progress")
