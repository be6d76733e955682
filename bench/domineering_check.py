"""Check a Domineering positions sweep against values built another way, and name its
rows by one hash.

``python bench/domineering_check.py results.db --cells 16 --sample 100`` picks 100
rows of 16 cells at random (``--seed``) from the database of ``cgtkit sweep positions
domineering`` and builds each position's value from its moves alone (Left covers two
cells of a column, Right two of a row; the canonical-form engine simplifies; no
Domineering solver, no split into regions, no table of the sweep), then compares the
value, both stops and the temperature with the row's.  ``--hash`` prints the SHA-256
of every done row, in the order of the positions, as the lines
``position TAB value TAB left stop TAB right stop TAB temperature``: two sweeps that
agree have the same hash, whatever machine made them.  Reads the database only.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sqlite3
import sys
import time
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit.short.game import Game  # noqa: E402
from cgtkit.short.thermography import temperature  # noqa: E402

Cells = frozenset[tuple[int, int]]


def cells_of(position: str) -> Cells:
    """The empty cells of a position in grid notation (``.`` empty, ``#`` not)."""
    return frozenset((r, c) for r, row in enumerate(position.split("|")) for c, ch in enumerate(row) if ch == ".")


@lru_cache(maxsize=None)
def by_moves(cells: Cells) -> Game:
    """The value of the empty cells ``cells``, from the moves alone."""
    left = [by_moves(cells - {(r, c), (r + 1, c)}) for r, c in cells if (r + 1, c) in cells]
    right = [by_moves(cells - {(r, c), (r, c + 1)}) for r, c in cells if (r, c + 1) in cells]
    return Game.from_options(left, right)


def sample(conn: sqlite3.Connection, cells: int, n: int, rng: random.Random) -> list[tuple]:
    """``n`` distinct done rows of ``cells`` cells, drawn by random row ids."""
    (top,) = conn.execute("SELECT MAX(rowid) FROM positions").fetchone()
    (have,) = conn.execute(
        "SELECT COUNT(*) FROM positions WHERE ruleset = 'domineering' AND cells = ? AND status = 'done'", (cells,)
    ).fetchone()
    n = min(n, have)
    got: dict[int, tuple] = {}
    while len(got) < n:
        rowid = rng.randint(1, top)
        row = conn.execute(
            "SELECT position, value, left_stop, right_stop, temperature FROM positions "
            "WHERE rowid = ? AND ruleset = 'domineering' AND cells = ? AND status = 'done'",
            (rowid, cells),
        ).fetchone()
        if row is not None:
            got[rowid] = row
    return list(got.values())


def rows_hash(conn: sqlite3.Connection) -> tuple[str, int]:
    """The SHA-256 of the done rows (module docstring) and how many there are."""
    h, n = hashlib.sha256(), 0
    rows = conn.execute(
        "SELECT position, value, left_stop, right_stop, temperature FROM positions "
        "WHERE ruleset = 'domineering' AND status = 'done' ORDER BY position"
    )
    for row in rows:
        h.update(("\t".join(row) + "\n").encode())
        n += 1
    return h.hexdigest(), n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db")
    ap.add_argument("--cells", type=int, nargs="*", default=[], help="the sizes to sample")
    ap.add_argument("--sample", type=int, default=100, help="rows of each size (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hash", action="store_true", help="print the SHA-256 of every done row")
    args = ap.parse_args()
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    rng = random.Random(args.seed)
    wrong = 0
    for k in args.cells:
        rows = sample(conn, k, args.sample, rng)
        start = time.process_time()
        for position, *written in rows:
            g = by_moves(cells_of(position))
            lo, hi = g.stops
            built = [str(g), str(lo), str(hi), str(temperature(g))]
            if built != written:
                wrong += 1
                print(f"MISMATCH {position}: the sweep wrote {written}, the moves give {built}")
            by_moves.cache_clear()  # memory: one position's subsets at a time
        print(f"{k} cells: {len(rows)} rows checked, {wrong} wrong, {time.process_time() - start:.1f} s of CPU")
    if args.hash:
        digest, n = rows_hash(conn)
        print(f"SHA-256 of the {n} done rows: {digest}")
    conn.close()
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
