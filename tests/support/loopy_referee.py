"""An independent referee of loopy values: retrograde analysis of sums of two
components, with no stopper table and no canonical forms, and the four relations a
sided value ``G = G+ & G-`` must satisfy with it for every short probe ``t``
(Winning Ways ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI).  Used by the tests
of sides (tests/loopy/test_loopy_sides.py) and of Hare and Hounds."""

from __future__ import annotations

from cgtkit.loopy import Stopper
from cgtkit.short.game import Game
from cgtkit.short.notation import game


def _game_moves(g: Game):
    return list(g.left_options), list(g.right_options)


def referee(moves_a, a, moves_b, b):
    """For the sum a + b (each component with its own move function returning
    (left, right)), a dict state -> "L"/"R"/"D" where state = (a, b, turn), turn 0 when
    Left is to move: who wins outright, or "D"."""
    start = [(a, b, 0), (a, b, 1)]
    index = {s: i for i, s in enumerate(start)}
    states = list(start)
    succ = []
    i = 0
    while i < len(states):
        x, y, t = states[i]
        i += 1
        lx, rx = moves_a(x)
        ly, ry = moves_b(y)
        if t == 0:
            nxt = [(u, y, 1) for u in lx] + [(x, u, 1) for u in ly]
        else:
            nxt = [(u, y, 0) for u in rx] + [(x, u, 0) for u in ry]
        ids = []
        for s in nxt:
            j = index.get(s)
            if j is None:
                j = index[s] = len(states)
                states.append(s)
            ids.append(j)
        succ.append(ids)
    n = len(states)
    preds = [[] for _ in range(n)]
    for j in range(n):
        for k in succ[j]:
            preds[k].append(j)
    result = {}
    for winner, mover in (("L", 0), ("R", 1)):
        # `winner` wins outright: the loser stuck, or (winner to move) some move wins, or
        # (loser to move) every move wins; a least fixed point, so infinite play is not a win
        won = [False] * n
        left = [len(succ[j]) for j in range(n)]
        queue = [j for j in range(n) if states[j][2] != mover and not succ[j]]
        for j in queue:
            won[j] = True
        while queue:
            k = queue.pop()
            for j in preds[k]:
                if won[j]:
                    continue
                if states[j][2] == mover:
                    won[j] = True
                    queue.append(j)
                else:
                    left[j] -= 1
                    if left[j] == 0:
                        won[j] = True
                        queue.append(j)
        for j in range(n):
            if won[j]:
                result[states[j]] = winner
    return {s: result.get(s, "D") for s in states}


def outcome_of(moves, g) -> str:
    zero = Game.of(0)
    table = referee(moves, g, _game_moves, zero)
    first, second = table[(g, zero, 0)], table[(g, zero, 1)]
    if first == second:
        return first
    return {("L", "R"): "N", ("R", "L"): "P"}.get((first, second), f"{first}/{second}")


def check_sides(moves, g, value, probes):
    """The four relations of the module docstring for each short probe t."""
    onside, offside = (value, value) if isinstance(value, Stopper) else (value.onside, value.offside)
    assert onside >= offside
    assert value.outcome() == outcome_of(moves, g)
    for t in probes:
        g_minus_t = referee(moves, g, _game_moves, -t)[(g, -t, 1)]  # Right starts: Left second
        # t - G is -(G - t) with the players exchanged: Left second in t - G is Right
        # second in G - t, i.e. G - t with Left to move
        t_minus_g = {"L": "R", "R": "L", "D": "D"}[referee(moves, g, _game_moves, -t)[(g, -t, 0)]]
        label = f"t = {t}"
        assert (t <= onside) == (g_minus_t != "R"), label
        assert (onside <= t) == (t_minus_g == "L"), label
        assert (offside <= t) == (t_minus_g != "R"), label
        assert (t <= offside) == (g_minus_t == "L"), label


PROBES = [Game.of(0), Game.of(1), Game.of(-1), Game.of(2), Game.of(-2)] + [
    game(s) for s in ("1/2", "-1/2", "*", "^", "v", "{1|0}", "{0|-1/2}", "{1/2|0}", "{1|-1}")
]
