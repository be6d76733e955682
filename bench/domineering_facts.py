"""The facts of a Domineering positions sweep that Uiterwijk and Barton state for every
single-component position of up to 15 cells (TCS 2015, "New results for Domineering
from combinatorial game theory endgame databases"): the hottest temperature and the
positions reaching it, the nimbers that occur, the distinct tinies and minies.

Run ``python bench/domineering_facts.py results.db`` on the database of
``cgtkit sweep positions domineering --cells K --db results.db``; it prints, per
number of cells and in all, the positions, the hottest temperature, the positions at
it, the nimbers, the tinies and minies (with the fewest cells each takes and an
example).  Reads the database only.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit.numbers import Dyadic  # noqa: E402

NIMBER = re.compile(r"^\*\d*$")  # *, *2, *3, ...: a nimber alone (0 is a number)
TINY = re.compile(r"^(Tiny|Miny)\(")
SHOWN = 20  # positions at the hottest temperature printed


def facts(path: str) -> dict:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        # row by row: 16 cells are 26 million rows, more than memory holds as tuples
        rows = conn.execute(
            "SELECT position, cells, status, value, temperature_num, temperature_exp FROM positions "
            "WHERE ruleset = 'domineering'"
        )
        return _facts(rows)
    finally:
        conn.close()


def _facts(rows: Iterable[tuple[str, int, str, str, int, int]]) -> dict:
    per_size: Counter[int] = Counter()
    statuses: Counter[str] = Counter()
    hottest: Dyadic | None = None
    at_hottest: list[tuple[int, str, str]] = []
    nimbers: Counter[str] = Counter()
    tinies: dict[str, tuple[int, str]] = {}
    tiny_count: Counter[str] = Counter()
    values: set[str] = set()
    temps: set[Dyadic] = set()
    hottest_by_size: dict[int, Dyadic] = {}
    by_size_count: dict[int, Counter[Dyadic]] = defaultdict(Counter)
    dyadics: dict[tuple[int, int], Dyadic] = {}
    for pos, cells, status, value, num, exp in rows:
        per_size[cells] += 1
        statuses[status] += 1
        if status != "done":
            continue
        values.add(value)
        t = dyadics.get((num, exp))
        if t is None:
            t = dyadics[num, exp] = Dyadic(num, 1 << exp)
        temps.add(t)
        by_size_count[cells][t] += 1
        if cells not in hottest_by_size or t > hottest_by_size[cells]:
            hottest_by_size[cells] = t
        if hottest is None or t > hottest:
            hottest, at_hottest = t, []
        if t == hottest:
            at_hottest.append((cells, pos, value))
        if NIMBER.match(value):
            nimbers[value] += 1
        if TINY.match(value):
            tiny_count[value] += 1
            if value not in tinies or (cells, pos) < tinies[value]:
                tinies[value] = (cells, pos)
    return {
        "per_size": dict(sorted(per_size.items())),
        "statuses": dict(statuses),
        "values": len(values),
        "temperatures": len(temps),
        "hottest": hottest,
        "at_hottest": sorted(at_hottest),
        "hottest_by_size": {k: (str(t), by_size_count[k][t]) for k, t in sorted(hottest_by_size.items())},
        "nimbers": dict(sorted(nimbers.items(), key=lambda kv: (len(kv[0]), kv[0]))),
        "tinies": {v: (tiny_count[v],) + tinies[v] for v in sorted(tinies, key=lambda v: (tinies[v], v))},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db")
    f = facts(ap.parse_args().db)
    print("positions per cells:", f["per_size"], "total", sum(f["per_size"].values()))
    print("statuses:", f["statuses"])
    print("distinct values:", f["values"], " distinct temperatures:", f["temperatures"])
    print("hottest temperature per cells (temperature, positions at it):", f["hottest_by_size"])
    print(f"hottest temperature: {f['hottest']}, reached by {len(f['at_hottest'])} positions:")
    for cells, pos, value in f["at_hottest"][:SHOWN]:
        print(f"  {cells} cells  {pos}  {value}")
    if len(f["at_hottest"]) > SHOWN:
        print(f"  ... and {len(f['at_hottest']) - SHOWN} more")
    print("nimbers (positions):", f["nimbers"])
    print(f"tinies and minies: {len(f['tinies'])} distinct (positions, fewest cells, an example there):")
    for v, (n, cells, pos) in f["tinies"].items():
        print(f"  {v}: {n} positions, {cells} cells, e.g. {pos}")


if __name__ == "__main__":
    main()
