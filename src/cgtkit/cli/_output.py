"""What a command prints: ``key: value`` lines, or with ``--json`` one JSON object.

A :class:`Report` collects a command's facts.  :meth:`Report.fact` prints the line
``key: text`` at once (so a long command shows what it has) and records ``key`` (spaces
and hyphens made ``_``) with its exact data for ``--json``; :meth:`Report.say` prints a
sentence that only the text output has; :meth:`Report.data` records what only the JSON
has.  With ``--json`` nothing is printed until the command ends, and then one line, the
object; a command that fails prints no JSON at all.

JSON values are exact: games, numbers (Dyadic), thermographs and outcomes as strings
in CGSuite notation (``"{1|*}"``, ``"3/4"``, ``"N"``), integers as JSON integers of
any size, lists as arrays.

>>> import argparse
>>> with Report(argparse.Namespace(json=True)) as r:
...     r.fact("nim-sum", 3)
...     r.fact("outcome", "N", "N (the first player wins)")
...     r.say("A (moving first) wins.")
{"nim_sum": 3, "outcome": "N"}
>>> with Report(argparse.Namespace(json=False)) as r:
...     r.fact("nim-sum", 3)
nim-sum: 3
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Report", "jsonable", "json_key", "add_json_option"]


def json_key(key: str) -> str:
    """The JSON key of a printed key: lower case ASCII, ``_`` for spaces and hyphens.

    >>> json_key("misère nim value"), json_key("nim-sum"), json_key("P-portion")
    ('misere_nim_value', 'nim_sum', 'p_portion')
    """
    import unicodedata

    ascii_key = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode()
    return ascii_key.strip().lower().replace(" ", "_").replace("-", "_").replace("'", "")


def jsonable(x: Any) -> Any:
    """``x`` as exact JSON data: ints, bools and None as they are, containers item by
    item, everything else (games, Dyadic, outcomes, ...) as its string.

    >>> from cgtkit import game, Dyadic
    >>> jsonable([game("{1|*}"), Dyadic("3/4"), 10**30, True, None, (1, 2)])
    ['{1|*}', '3/4', 1000000000000000000000000000000, True, None, [1, 2]]
    """
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, int):
        return int(x)  # an IntEnum or a bool-free int subclass: the plain int
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if hasattr(x, "tolist") and hasattr(x, "dtype"):  # numpy arrays and scalars
        return jsonable(x.tolist())
    return str(x)


def add_json_option(p: Any) -> None:
    """Add ``--json`` to a subcommand's parser."""
    p.add_argument(
        "--json", action="store_true", help="print one JSON object (exact values as strings) instead of text"
    )


class Report:
    """The output of one command (see the module's docstring)."""

    def __init__(self, args: Any) -> None:
        self.json = bool(getattr(args, "json", False))
        self.collected: dict[str, Any] = {}

    def fact(self, key: str, data: Any, text: Any = None) -> None:
        """The line ``key: text`` (``text`` defaults to ``data``); ``data`` under ``key`` in JSON."""
        self.collected[json_key(key)] = jsonable(data)
        if not self.json:
            print(f"{key}: {data if text is None else text}")

    def facts(self, items: list[tuple[str, Any, Any]]) -> None:
        """Several :meth:`fact` ``(key, data, text)`` triples."""
        for key, data, text in items:
            self.fact(key, data, text)

    def say(self, text: str) -> None:
        """A line of the text output only."""
        if not self.json:
            print(text)

    def data(self, key: str, data: Any) -> None:
        """Data of the JSON output only."""
        self.collected[json_key(key)] = jsonable(data)

    def __enter__(self) -> "Report":
        return self

    def __exit__(self, kind: Any, *rest: Any) -> None:
        if kind is None and self.json:
            import json

            json.dump(self.collected, sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
