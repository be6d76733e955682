"""Running MCGS's test cases with cgtkit, as MCGS's own test runner does: each command
of each case is answered and compared with the expected result, OK or FAIL, or
listed as a SKIP with its reason when cgtkit cannot yet answer it.

Who wins a sum comes from the sum of the components' canonical values (Left moving
first wins exactly when the sum is not <= 0; Right, when it is not >= 0); a nim value
from the nim-sum of the components' nim values; a thermograph from the sum's; the
winning moves by trying each move (:mod:`.moves`, in MCGS's move notation).

>>> from cgtkit.mcgs.testfile import read
>>> results = run_file(read("[clobber_1xn] XO XO {B loss, W loss, N 0} [up_star] 1 {B win}"))
>>> [(r.command, r.status, r.got) for r in results]
[('B loss', 'OK', 'loss'), ('W loss', 'OK', 'loss'), ('N 0', 'OK', '0'), ('B win', 'OK', 'win')]
"""

from __future__ import annotations

import dataclasses
import fractions
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional

from ..errors import CGTError
from ..numbers import Dyadic
from ..short.game import Game
from ..short.thermography import Thermograph as _Thermograph, Trajectory, thermograph
from .games import Component, Unsupported, component
from .moves import first_wins, winning_moves
from .testfile import Case, Command, NimValue, Scaffold, Solve, TestFile, Thermograph, WinningMoves

__all__ = ["Result", "run_case", "run_file", "summary"]

OK, FAIL, SKIP, DONE = "OK", "FAIL", "SKIP", "DONE"  # DONE: answered, nothing expected


@dataclass(frozen=True)
class Result:
    """One command's outcome: ``status`` is OK, FAIL, SKIP (``reason`` says why) or
    DONE (answered, no expected result given); ``got`` is cgtkit's answer as MCGS
    writes it."""

    file: str
    line: int
    command: str
    status: str
    got: str = ""
    expected: str = ""
    reason: str = ""
    description: str = ""


def _wall_at(points: Scaffold, t: fractions.Fraction) -> fractions.Fraction:
    """MCGS's wall (points by rising temperature, a vertical mast above the last)
    evaluated at temperature ``t``, exactly."""
    pts = [
        (fractions.Fraction(x.numerator, x.denominator), fractions.Fraction(s.numerator, s.denominator))
        for x, s in points
    ]
    if t >= pts[-1][1]:
        return pts[-1][0]
    for (x0, t0), (x1, t1) in zip(pts, pts[1:]):
        if t0 <= t <= t1:
            return x0 if t1 == t0 else x0 + (x1 - x0) * (t - t0) / (t1 - t0)
    return pts[0][0]


def _same_wall(ours: Trajectory, theirs: Scaffold) -> bool:
    """Two piecewise-linear walls on [-1, oo) agree when they agree at every
    breakpoint of either and one step above the highest."""
    temps = {fractions.Fraction(-1)} | {fractions.Fraction(p.numerator, p.denominator) for p in ours.points}
    temps |= {fractions.Fraction(t.numerator, t.denominator) for _, t in theirs}
    temps.add(max(temps) + 1)
    for t in temps:
        mine = ours(Dyadic(t.numerator, t.denominator)) if _dyadic_fraction(t) else None
        if mine is None:  # a non-dyadic breakpoint of theirs: ours has none there
            return False
        if fractions.Fraction(mine.numerator, mine.denominator) != _wall_at(theirs, t):
            return False
    return True


def _dyadic_fraction(t: fractions.Fraction) -> bool:
    return t.denominator & (t.denominator - 1) == 0


def _scaffold_text(th: _Thermograph) -> str:
    """Our thermograph in MCGS's words (its walls' breakpoints from t = -1 up)."""
    walls = []
    for side, wall in (("L", th.left), ("R", th.right)):
        temps = sorted({Dyadic(-1), *[p for p in wall.points if p <= th.temperature], th.temperature})
        walls.append(f"{side}: " + " ".join(f"({wall(t)}, {t})" for t in temps))
    return " ".join(walls)


def _answer(command: Command, parts: list[Component]) -> tuple[str, Optional[str]]:
    """(cgtkit's answer, the expected answer or None), both as MCGS writes them."""
    if isinstance(command, Solve):
        expected = None if command.expected is None else ("win" if command.expected else "loss")
        return ("win" if first_wins(parts, command.player) else "loss"), expected
    if isinstance(command, NimValue):
        if any(c.nim_value is None for c in parts):
            raise CGTError("a nim value needs every component impartial")
        nim = 0
        for c in parts:
            nim ^= c.nim_value or 0
        return str(nim), None if command.expected is None else str(command.expected)
    if isinstance(command, Thermograph):
        total = sum((c.value for c in parts), Game.of(0))
        th = thermograph(total)
        got = _scaffold_text(th)
        if command.expected is None:
            return got, None
        left, right = command.expected
        agree = _same_wall(th.left, left) and _same_wall(th.right, right)
        return (str(command)[len("thermograph ") :] if agree else got), str(command)[len("thermograph ") :]
    assert isinstance(command, WinningMoves)
    found = winning_moves(parts, command.player)
    got = " ".join(sorted(found)) or "None"
    if command.expected is None:
        return got, None
    return got, " ".join(sorted(command.expected)) or "None"


def run_case(case: Case, file: str = "<text>") -> Iterator[Result]:
    """The result of each command of ``case``."""
    try:
        parts: Optional[list[Component]] = [component(g) for g in case.games]
        failure = ""
    except Unsupported as e:
        parts, failure = None, str(e)
    for k, command in enumerate(case.commands):
        description = case.descriptions[k] if k < len(case.descriptions) else ""
        base = Result(file, case.line, str(command), SKIP, description=description)
        if parts is None:
            yield dataclasses.replace(base, reason=failure)
            continue
        try:
            got, expected = _answer(command, parts)
        except Unsupported as e:
            yield dataclasses.replace(base, reason=str(e))
            continue
        if expected is None:
            yield dataclasses.replace(base, status=DONE, got=got)
        else:
            yield dataclasses.replace(base, status=OK if got == expected else FAIL, got=got, expected=expected)


def run_file(test_file: TestFile) -> list[Result]:
    """The results of every command of every case of ``test_file``, in order."""
    return [r for case in test_file.cases for r in run_case(case, test_file.name)]


def summary(results: Iterable[Result]) -> dict[str, int]:
    """How many results have each status (every status present, zeros included)."""
    counts = dict.fromkeys((OK, FAIL, SKIP, DONE), 0)
    for r in results:
        counts[r.status] += 1
    return counts
