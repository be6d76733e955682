"""Hare and Hounds (issue 14, the third loopy ruleset).

Two independent checks:

* the rules against published facts about the classic board (tests/data/hare_and_hounds.json:
  Gardner's "the hounds win", and Annunziata's exhaustive search with its numbers of
  plies), by plain retrograde analysis of the game with alternating moves, no loopy
  theory involved;
* the loopy values against the referee of tests/loopy/test_loopy_sides.py (retrograde analysis
  of ``G - t`` and ``t - G`` for short ``t``), which must agree with the sides and the
  outcome of every value claimed.
"""

from __future__ import annotations

import json
from collections import deque
from itertools import combinations
from pathlib import Path

import pytest

import cgtkit as cg
from cgtkit.loopy import LoopyValue, loopy
from cgtkit.rulesets.hare_and_hounds import HareAndHounds, board
from cgtkit.short.notation import game
from support.loopy_referee import PROBES, check_sides

DATA = json.loads((Path(__file__).parent.parent / "data" / "hare_and_hounds.json").read_text())


# --- the referee of the alternating game, with distances ------------------------------------
def solve(start: HareAndHounds) -> dict:
    """(position, mover) -> (winner, plies) by retrograde analysis: mover 0 the hounds,
    1 the hare; an escaped hare has won; a player who cannot move has lost; the winner
    wins as fast as possible, the loser resists as long as possible; positions that are
    neither player's win are left out (infinite play)."""
    states = [(start, 0), (start, 1)]
    seen = set(states)
    succ: dict = {}
    for p, mover in states:  # (the list grows as it is read: breadth first)
        if p.escaped():
            succ[(p, mover)] = None
            continue
        nxt = [(q, 1 - mover) for q in (p.left_moves() if mover == 0 else p.right_moves())]
        succ[(p, mover)] = nxt
        for s in nxt:
            if s not in seen:
                seen.add(s)
                states.append(s)
    preds: dict = {s: [] for s in succ}
    for s, nxt in succ.items():
        for t in nxt or ():
            preds[t].append(s)
    result: dict = {}
    waiting = {s: len(nxt or ()) for s, nxt in succ.items()}
    queue: deque = deque()
    for s, nxt in succ.items():
        if nxt is None:
            result[s] = ("hare", 0)
            queue.append(s)
        elif not nxt:
            result[s] = ("hare" if s[1] == 0 else "hounds", 0)
            queue.append(s)
    while queue:
        t = queue.popleft()
        winner, plies = result[t]
        for s in preds[t]:
            if s in result:
                continue
            if winner == ("hounds", "hare")[s[1]]:
                result[s] = (winner, plies + 1)  # the first (shortest) win found
                queue.append(s)
            else:
                waiting[s] -= 1
                if waiting[s] == 0:  # every move loses: the last found is the longest
                    result[s] = (winner, plies + 1)
                    queue.append(s)
    return result


def test_the_classic_board_is_the_published_one():
    b = board(3)
    lines = {str(k + 1): [j + 1 for j in b.lines[k]] for k in range(len(b.points))}
    assert lines == DATA["board"]
    assert HareAndHounds.start() == HareAndHounds.from_points([1, 4, 9], 8) == HareAndHounds("D..|D...H|D..")


@pytest.mark.parametrize("hare", sorted(DATA["hounds_win_from_every_hare_start"]["plies_hounds_first"], key=int))
def test_hounds_win_wherever_the_hare_starts(hare):
    row = DATA["hounds_win_from_every_hare_start"]
    p = HareAndHounds.from_points(row["hounds"], int(hare))
    result = solve(p)
    assert result[(p, 0)] == ("hounds", row["plies_hounds_first"][hare])
    assert result[(p, 1)] == ("hounds", row["plies_hare_first"][hare])


def test_zugzwang_and_stalemate():
    row = DATA["zugzwang"]
    p = HareAndHounds.from_points(row["hounds"], row["hare"])
    result = solve(p)
    assert result[(p, 1)] == ("hounds", row["plies_hare_first"])
    assert result.get((p, 0), ("nobody",))[0] != "hounds"
    row = DATA["hounds_stalemate"]
    p = HareAndHounds.from_points(row["hounds"], row["hare"])
    assert p.left_moves() == [] and p.right_moves() != []


@pytest.mark.slow
def test_zugzwang_value():
    # about a minute of CPU: part of the onside never settles, but the start's own
    # onside is on, found exactly before sidling, and its offside settles at 0.
    # on & 0 reads D/L: the hounds (Left) moving first draw (they cannot force a trap:
    # Annunziata), the hare (Right) moving first loses (trapped in 18 plies).
    row = DATA["zugzwang"]
    value = HareAndHounds.from_points(row["hounds"], row["hare"]).value
    assert str(value) == "on & 0" and value.outcome() == "D/L"


# --- the values against the referee of the sums ----------------------------------------------
def _moves(p):
    """Moves for the referee: an escaped position is `off`, a state of its own."""
    if p == "off":
        return [], ["off"]
    if p.escaped():
        return [], ["off"]
    return p.left_moves(), p.right_moves()


def _all_positions(length: int, hounds: int):
    size = len(board(length).points)
    for spots in combinations(range(1, size + 1), hounds):
        for hare in range(1, size + 1):
            if hare not in spots:
                yield HareAndHounds.from_points(spots, hare, length)


@pytest.mark.parametrize("p", list(_all_positions(1, 3)), ids=str)
def test_short_board_values_agree_with_the_referee(p):
    value = p.value
    assert not isinstance(value, LoopyValue)
    check_sides(_moves, p, value, PROBES)


FEWER_PROBES = [game(t) for t in ("0", "1", "-1", "1/2", "*", "^", "{1|-1}")]  # (larger graphs)


@pytest.mark.parametrize("text", ["D.|D..H|D.", "D.|...H|DD", "..D|..D.H|..D", "D.|.D.H|.D"])
def test_longer_boards_agree_with_the_referee(text):
    p = HareAndHounds(text)
    value = p.value
    assert not isinstance(value, LoopyValue)
    check_sides(_moves, p, value, FEWER_PROBES)


def test_small_values_by_hand():
    # no piece can move: 0
    assert HareAndHounds("D|.DH|D").value == 0
    # escaped hares
    assert HareAndHounds("D|H.D|D").value == loopy("off") and HareAndHounds("D|H.D|D").escaped()
    # the hare on the right end, the hounds on the left end and the column's top and
    # bottom: over, {0|pass} (the referee below agrees)
    assert HareAndHounds("D|D.H|D").value == loopy("over")
    # the opening on the board of length 2: the hounds can stall for ever (onside on)
    assert str(HareAndHounds.start(2).value) == "on & over"


def test_bad_positions():
    with pytest.raises(cg.RulesError, match="illegal character 'x' at column 3"):
        HareAndHounds("D.x|D...H|D..")
    with pytest.raises(cg.RulesError, match="illegal character 'x' at column 1"):
        HareAndHounds("x")
    with pytest.raises(cg.RulesError, match="space inside a row"):
        HareAndHounds("D .|D...H|D..")
    with pytest.raises(cg.RulesError, match="three rows"):
        HareAndHounds("D...H")
    with pytest.raises(cg.RulesError, match="n \\+ 2"):
        HareAndHounds("D..|D..H|D..")
    with pytest.raises(cg.RulesError, match="exactly one hare"):
        HareAndHounds("D..|D..HH|D..")
    with pytest.raises(cg.RulesError, match="no hound"):
        HareAndHounds("...|....H|...")
    with pytest.raises(cg.RulesError, match="no point 12"):
        HareAndHounds.from_points([1, 4, 9], 12)
    with pytest.raises(cg.RulesError, match="two pieces on one point"):
        HareAndHounds.from_points([1, 4, 4], 8)
    with pytest.raises(cg.RulesError, match="length"):
        HareAndHounds.start(0)
    with pytest.raises(cg.RulesError, match="from 1 to 1,000"):
        HareAndHounds.start(10**9)
    with pytest.raises(cg.RulesError):
        HareAndHounds(None)  # type: ignore[arg-type]


def test_graph_bound_and_round_trip():
    p = HareAndHounds.start()
    assert len(p.graph()) == 1273  # the reachable positions of the classic opening, and `off`
    with pytest.raises(cg.CGTError, match="more than 100 positions"):
        p.graph(max_positions=100)
    q = HareAndHounds(" d.. |d...h| d.. ")  # case and the spaces of a padded layout ignored
    assert q == p and str(q) == "D..|D...H|D.." and repr(q) == "HareAndHounds('D..|D...H|D..')"
    assert (p.hounds, p.hare, p.length) == ([1, 4, 9], 8, 3)
    assert all(m.hare == 8 for m in p.left_moves()) and {m.hare for m in p.right_moves()} == {3, 7, 11}
