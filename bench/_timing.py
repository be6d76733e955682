"""The one timing helper of the benchmark scripts: medians of wall and CPU time, with
the sides of a comparison run alternately (A, B, A, B, ...) so that a change in the
machine's load touches both alike.

The machine the benchmarks run on is shared, so wall time is noisy: every figure comes
with the CPU time of the same runs (``time.process_time``: this process only) and the
ratios are taken between sides measured in the same run.

>>> t = timed(lambda: sum(range(1000)), repeat=3)
>>> t.answer, t.wall >= 0, t.cpu >= 0
(499500, True, True)
>>> pair = alternating({"a": lambda: 1, "b": lambda: 2}, repeat=3)
>>> pair["a"].answer, pair["b"].answer
(1, 2)
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable, Mapping, Optional

__all__ = ["Timing", "timed", "alternating"]


@dataclass(frozen=True)
class Timing:
    """Medians over the timed runs, in seconds, and the last run's answer."""

    wall: float
    cpu: float
    answer: object


def _once(fn: Callable[[], object], before: Optional[Callable[[], object]]) -> tuple[float, float, object]:
    if before is not None:
        before()  # untimed: clear caches, reset a table
    w, c = time.perf_counter(), time.process_time()
    answer = fn()
    return time.perf_counter() - w, time.process_time() - c, answer


def alternating(
    sides: Mapping[str, Callable[[], object]], repeat: int = 3, before: Optional[Callable[[], object]] = None
) -> dict[str, Timing]:
    """Each side run ``repeat`` times, the sides taking turns (``before`` runs untimed
    ahead of every run), with the median wall and CPU time of each."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, not {repeat}")
    runs: dict[str, list[tuple[float, float, object]]] = {name: [] for name in sides}
    for _ in range(repeat):
        for name, fn in sides.items():
            runs[name].append(_once(fn, before))
    return {
        name: Timing(statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs), rs[-1][2])
        for name, rs in runs.items()
    }


def timed(fn: Callable[[], object], repeat: int = 3, before: Optional[Callable[[], object]] = None) -> Timing:
    """One side alone: :func:`alternating` with a single side."""
    return alternating({"": fn}, repeat, before)[""]
