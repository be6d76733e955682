"""Benchmark: the outcome search split at the root over threads (``who_wins(..., jobs=N)``)
against the same search on one thread, in one run on the same boards.

Run ``python bench/bench_root_split.py`` (or ``--quick``).  For each board and first
player, ``jobs=1`` and ``jobs=2`` take turns, the native table emptied before every
run (each run searches from nothing); each time is the median wall clock of the runs
(CPU time counts both threads, so it is not shown).  A P-position (every first move
must be refuted) is where the split can pay; on an N-position the one-thread search
often stops at its first, well-ordered move, and the split starts every move.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit import search  # noqa: E402
from cgtkit.backend import rulesets as native  # noqa: E402
from cgtkit.rulesets import Clobber  # noqa: E402

from _timing import alternating  # noqa: E402

BOARDS = [
    ("Clobber 2x12 (P)", "xoxoxoxoxoxo|oxoxoxoxoxox", "L"),
    ("Clobber 3x6 (P)", "xoxoxo|oxoxox|xoxoxo", "L"),
    ("Clobber 2x10 (N)", "xoxoxoxoxo|oxoxoxoxox", "L"),
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one run each, the small boards only")
    parser.add_argument("--jobs", type=int, default=2, help="threads of the split side (default 2)")
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else 5
    boards = BOARDS[1:] if args.quick else BOARDS
    print(f"{'board':<20} {'1 thread':>10} {f'{args.jobs} threads':>11} {'ratio':>7}")
    for name, text, first in boards:
        board = Clobber(text)
        times = alternating(
            {
                "one": lambda: search.who_wins(board, first),
                "split": lambda: search.who_wins(board, first, jobs=args.jobs),
            },
            repeat,
            before=lambda: native.clear(board.native_parts()[0]),  # the ruleset owning the table
        )
        one, split = times["one"], times["split"]
        assert one.answer == split.answer, name
        print(f"{name:<20} {one.wall:>9.3f}s {split.wall:>10.3f}s {split.wall / one.wall:>7.2f}")


if __name__ == "__main__":
    main()
