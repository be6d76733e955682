"""``--table-size``: the bound of a native search's table, for the commands whose
search keeps one (the outcome table of ``cgtkit solve``, the table of values of a
ruleset's value command and of ``cgtkit db build``), and the line that says when a
search outgrew its table.

A table over its bound evicts its least recently used entries, which are found again
when next met: the answers never change, only the time, which can grow many times
over.  :class:`Evictions` counts the entries evicted while a command ran (a table's
counts last as long as the process) and says so.

>>> import argparse
>>> from cgtkit.cli._output import Report
>>> counts = {"evicted": 5}
>>> seen = Evictions("outcome table", lambda: counts)
>>> counts["evicted"] = 12
>>> with Report(argparse.Namespace(json=False)) as out:
...     n = seen.report(out)
the outcome table was full: 7 entries evicted and found again where met (a larger --table-size may be faster)
"""

from __future__ import annotations

import argparse
from typing import Callable, Optional

from ..errors import CGTError
from ._args import byte_size
from ._output import Report

__all__ = ["add_table_size_option", "Evictions"]


def add_table_size_option(p: argparse.ArgumentParser, table: str, prefix: str = "") -> None:
    """Add ``--table-size SIZE`` (bytes: ``512M``, ``8G``) bounding ``table`` (which
    names its default); ``prefix`` starts the help (``"db build: "``)."""
    p.add_argument(
        "--table-size",
        type=byte_size("--table-size"),
        metavar="SIZE",
        help=f"{prefix}bound {table} to SIZE bytes (512M, 8G); past it the least used entries are evicted",
    )


class Evictions:
    """The evictions of one table from now on: ``stats`` gives its counts, or raises
    a :class:`~cgtkit.errors.CGTError` when there is no table (then nothing is said)."""

    def __init__(self, table: str, stats: Callable[[], dict[str, int]]) -> None:
        self.table, self.stats = table, stats
        self.before = self._count()

    def _count(self) -> Optional[int]:
        try:
            return int(self.stats()["evicted"])
        except CGTError:
            return None

    def report(self, out: Report) -> Optional[int]:
        """Record ``evicted`` (JSON) and say when the table was full; the count."""
        after = self._count()
        if self.before is None or after is None:
            return None
        n = after - self.before
        out.data("evicted", n)
        if n:
            out.say(
                f"the {self.table} was full: {n} entries evicted and found again where met "
                "(a larger --table-size may be faster)"
            )
        return n
