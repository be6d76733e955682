"""The heap games of a sweep, and the one task that computes each on a worker.

A sweep's games are listed here (every octal code ``0.d1..dk``, every hexadecimal
code, every subtraction set within ``{1..m}``); :func:`heap_task` is what a Dask
worker runs for one of them: the Grundy sequence, computed natively in doubling
rounds until the octal periodicity theorem certifies a period or the heap limit is
reached, and the row the database keeps.  It imports no Dask: any process can run it.

Budgets are checked between rounds (a round doubles the heaps, so a task overruns its
time budget by at most the length of its last round): past the time budget the row
says ``timeout``, and ``memory`` when the next round would need more than the memory
budget (about 64 bytes a heap) or the round ran out of memory.

>>> octal_codes(1)
['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
>>> subtraction_sets(2)
['1', '1,2', '2']
>>> row = heap_task("octal", "0.77", 4096)
>>> row["status"], row["preperiod"], row["period"], row["heaps"], row["first_values"][:17]
('certified', 71, 12, 1024, '[0,1,2,3,1,4,3,2,')
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from ..errors import CGTError, HeapCodeError, SweepError
from ..heap import OctalGame, SubtractionGame, TakeBreakCode
from ..heap.sequences import choose_mask, parity
from .database import cgtkit_version, json_list

__all__ = ["FAMILIES", "octal_codes", "hex_codes", "subtraction_sets", "canonical_code", "heap_task"]

FAMILIES = ("octal", "hex", "subtraction")
FIRST_VALUES = 32
BYTES_PER_HEAP = 64  # values, rare heaps, and the period search's work arrays
_HEX = "0123456789ABCDEF"


def octal_codes(digits: int) -> list[str]:
    """Every octal code ``0.d1..d_digits`` (8**digits of them), canonical spellings."""
    return _codes(digits, 8)


def hex_codes(digits: int) -> list[str]:
    """Every hexadecimal code ``0.h1..h_digits`` (16**digits of them)."""
    return _codes(digits, 16)


def _codes(digits: int, base: int) -> list[str]:
    if digits < 1:
        raise SweepError(f"--digits must be at least 1, got {digits}")
    family = "octal" if base == 8 else "hex"
    return [
        canonical_code("0." + "".join(_HEX[d] for d in ds), family)
        for ds in itertools.product(range(base), repeat=digits)
    ]


def subtraction_sets(max_set: int) -> list[str]:
    """Every non-empty subtraction set within ``{1 .. max_set}`` (2**max_set - 1), sorted."""
    if max_set < 1:
        raise SweepError(f"--max-set must be at least 1, got {max_set}")
    out = []
    for mask in range(1, 1 << max_set):
        out.append(",".join(str(k + 1) for k in range(max_set) if mask >> k & 1))
    return sorted(out, key=lambda s: [int(x) for x in s.split(",")])


def canonical_code(code: str, family: str = "octal") -> str:
    """The canonical spelling of a code of ``family``; :class:`HeapCodeError` if malformed.
    The octal family takes every take-and-break code but the plain hexadecimal ones
    (CGSuite's full syntax, written in its normal form).

    >>> canonical_code("0.770"), canonical_code("3,1, 4", "subtraction"), canonical_code("04!.0")
    ('0.77', '1,3,4', '4!.0')
    >>> canonical_code("0.8", "octal")
    Traceback (most recent call last):
    ...
    cgtkit.errors.HeapCodeError: '0.8' is not an octal code (digits 0-7); use cgtkit sweep hex
    """
    if family == "subtraction":
        try:
            ks = sorted({int(x) for x in code.replace(" ", "").split(",") if x})
        except ValueError:
            raise HeapCodeError(f"{code!r} is not a subtraction set such as 1,3,4") from None
        if not ks or ks[0] < 1:
            raise HeapCodeError(f"{code!r}: a subtraction set holds ints >= 1, e.g. 1,3,4")
        return ",".join(map(str, ks))
    parsed = TakeBreakCode.parse(code)
    if family == "octal" and parsed.is_hexadecimal and not parsed.is_octal:
        raise HeapCodeError(f"{code!r} is not an octal code (digits 0-7); use cgtkit sweep hex")
    return str(parsed)


def _game(family: str, code: str) -> OctalGame | SubtractionGame:
    if family == "subtraction":
        return SubtractionGame([int(x) for x in code.split(",")])
    return OctalGame(code)


class _OverBudget(Exception):
    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status


def heap_task(
    family: str,
    code: str,
    heaps: int,
    time_budget: float | None = None,
    memory_budget: int | None = None,
) -> dict[str, Any]:
    """Compute one game of a sweep; returns its database row (a dict).

    Never raises for the game itself: a budget overrun or a cgtkit error becomes the
    row's status (``timeout``, ``memory``, ``error``) with a message."""
    start, cpu = time.perf_counter(), time.process_time()
    row: dict[str, Any] = {"family": family, "code": code, "heaps_limit": heaps, "heaps": 0}
    game = _game(family, code)
    computed = 0

    def check(done: int, message: str) -> None:
        nonlocal computed
        computed = max(computed, done)
        if message.startswith("period"):  # found: no further round
            return
        if time_budget is not None and time.perf_counter() - start > time_budget:
            raise _OverBudget("timeout", f"over the time budget of {time_budget:g} s after {done:,} heaps")
        if memory_budget is not None and min(2 * done, heaps) * BYTES_PER_HEAP > memory_budget:
            raise _OverBudget("memory", f"the next round ({min(2 * done, heaps):,} heaps) would pass the memory budget")

    try:
        if memory_budget is not None and min(1024, heaps) * BYTES_PER_HEAP > memory_budget:
            raise _OverBudget("memory", "the first round would pass the memory budget")
        found = game.periodicity(limit=heaps, progress=check)
        if found is not None and found.certified:
            n = found.checked
            row.update(status="certified", preperiod=found.preperiod, period=found.period)
        else:
            n = heaps  # no period within the limit: every heap up to it is computed
            row.update(status="open")
        values = game.grundy_values(n)
        row["heaps"] = n
        row.update(_describe(values))
    except _OverBudget as over:
        row.update(status=over.status, message=str(over), heaps=computed)
    except MemoryError:
        row.update(status="memory", message="out of memory", heaps=computed)
    except CGTError as exc:
        row.update(status="error", message=str(exc), heaps=computed)
    finally:
        game.release()
    row["seconds"] = time.perf_counter() - start
    row["cpu_seconds"] = time.process_time() - cpu
    row["version"] = cgtkit_version()  # the worker's cgtkit
    return row


def _describe(values) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The columns that summarise a sequence: largest value, rare values, first values."""
    top = int(values.max()) if len(values) else 0
    mask = choose_mask(values, max(1, top.bit_length())) if len(values) else 0
    rare = values[parity(values & mask) == 0] if mask else values[:0]
    return {
        "max_value": top,
        "rare_mask": mask,
        "rare_values": json_list(sorted(set(rare.tolist()))),
        "rare_heaps": int(len(rare)),
        "first_values": json_list(values[:FIRST_VALUES].tolist()),
    }
