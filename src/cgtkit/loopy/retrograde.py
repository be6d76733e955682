"""The two loops every loopy computation shares: exploring a state graph breadth first
(:func:`explore`) and labelling it backwards from the ends of play (:func:`attractor`).

Both are iterative, so graphs of any depth work.

>>> states, succ = explore(["a"], lambda i, s: {"a": "bc", "b": "c", "c": ""}[s])
>>> states, succ
(['a', 'b', 'c'], [[1, 2], [2], []])
>>> attractor(succ, [False, False, False], [2])   # every line of play reaches c
[True, True, True]
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Sequence, TypeVar

__all__ = ["explore", "attractor", "buchi", "winners", "outcome_class"]

K = TypeVar("K", bound=Hashable)


def explore(
    roots: Iterable[K], expand: Callable[[int, K], Iterable[Any]], rows: int | None = None
) -> tuple[list[K], list[Any]]:
    """Every state reachable from ``roots``, numbered in the order met (the roots first,
    then breadth first), and for each state the numbers of its successors:
    ``expand(i, state)`` gives the successors of state number ``i`` in the order they
    are to be numbered (nothing for a state not to be expanded).  With ``rows`` given,
    it gives them as pairs ``(row, successor)`` (row 0 for Left's options, 1 for
    Right's, say) and each state gets ``rows`` lists; else each state gets one list.

    >>> explore([3], lambda i, n: [n - 1, n - 2] if n > 1 else [])
    ([3, 2, 1, 0], [[1, 2], [2, 3], [], []])
    >>> explore([1], lambda i, n: [(0, n - 1), (1, n + 1)] if n == 1 else [], rows=2)
    ([1, 0, 2], [[[1], [2]], [[], []], [[], []]])
    """
    index: dict[K, int] = {}
    states: list[K] = []
    for r in roots:
        if r not in index:
            index[r] = len(states)
            states.append(r)
    out: list[Any] = []
    i = 0
    while i < len(states):
        if rows is None:
            ids = []
            for key in expand(i, states[i]):
                j = index.get(key)
                if j is None:
                    j = index[key] = len(states)
                    states.append(key)
                ids.append(j)
            out.append(ids)
        else:
            numbered: list[list[int]] = [[] for _ in range(rows)]
            for row, key in expand(i, states[i]):
                j = index.get(key)
                if j is None:
                    j = index[key] = len(states)
                    states.append(key)
                numbered[row].append(j)
            out.append(numbered)
        i += 1
    return states, out


def attractor(succ: Sequence[Sequence[int]], existential: Sequence[bool], seeds: Iterable[int]) -> list[bool]:
    """The least set of states that holds ``seeds`` and every state all of whose
    successors it holds (at least one successor), or, for an ``existential`` state, one
    of whose successors it holds: retrograde labelling, each edge looked at once.

    For a two-player game with the states where the winner moves existential and the
    seeds the positions the loser is stuck in, it is the set the winner wins outright;
    with no existential state and the dead ends as seeds, the states from which every
    line of play ends.

    >>> attractor([[1], [0], [0, 1], []], [False] * 4, [3])   # 0 <-> 1: never marked
    [False, False, False, True]
    >>> attractor([[1], [0], [0, 3], []], [False, False, True, False], [3])
    [False, False, True, True]
    """
    n = len(succ)
    preds: list[list[int]] = [[] for _ in range(n)]
    count = [0] * n
    for j in range(n):
        ids = succ[j]
        count[j] = len(ids)
        for s in ids:
            preds[s].append(j)
    marked = [False] * n
    queue = []
    for j in seeds:
        if not marked[j]:
            marked[j] = True
            queue.append(j)
    while queue:
        j = queue.pop()
        for p in preds[j]:
            if marked[p]:
                continue
            if existential[p]:
                marked[p] = True
                queue.append(p)
            else:
                count[p] -= 1
                if count[p] == 0:
                    marked[p] = True
                    queue.append(p)
    return marked


def buchi(succ: Sequence[Sequence[int]], existential: Sequence[bool], accepting: Sequence[bool]) -> list[bool]:
    """The states from which the existential player can make the play pass through
    ``accepting`` states infinitely often (a *Büchi* game; every state has a successor,
    the existential player chooses at ``existential`` states, the other player
    elsewhere).  The classical algorithm: the states from which the other player can
    keep the play out of the accepting states for ever (the complement of the
    existential player's attractor to them) are lost, with every state the other
    player can force into them; repeat on what is left until nothing more is lost.

    >>> # 0 -> 1 -> 0 passes through the accepting 1 for ever; from 2 the other
    >>> # player can choose 3, which loops without acceptance
    >>> buchi([[1], [0], [0, 3], [3]], [False] * 4, [False, True, False, False])
    [True, True, False, False]
    """
    n = len(succ)
    alive = [True] * n
    other = [not e for e in existential]
    while True:
        # the game on the states still alive (a state's moves out of it dropped)
        sub = [[s for s in succ[j] if alive[s]] if alive[j] else [] for j in range(n)]
        reach = attractor(sub, existential, [j for j in range(n) if alive[j] and accepting[j]])
        trap = [j for j in range(n) if alive[j] and not reach[j]]
        if not trap:
            return alive
        for j, lost in enumerate(attractor(sub, other, trap)):
            if lost:
                alive[j] = False


def winners(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[tuple[str, str]]:
    """Who wins each position of a finite game graph, played alone, draws included:
    for position ``x`` (Left's options ``left[x]``, Right's ``right[x]``) the pair
    (result when Left moves first, result when Right moves first), each ``"L"``,
    ``"R"`` or ``"D"`` (play goes on for ever).  Retrograde analysis: a player to move
    with no move loses; a position is won for the player to move when some move
    reaches a position the opponent loses, lost when every move reaches one the
    opponent wins; what neither labelling reaches is a draw.

    >>> winners([[0], []], [[0], [0]])    # 0: both pass for ever (dud); 1: {|dud}
    [('D', 'D'), ('R', 'D')]
    """
    n = len(left)
    # state 2x: Left to move at x; 2x + 1: Right to move
    succ = [[2 * y + 1 for y in left[x]] if t == 0 else [2 * y for y in right[x]] for x in range(n) for t in (0, 1)]
    lefts_turn = [t == 0 for _ in range(n) for t in (0, 1)]
    left_wins = attractor(succ, lefts_turn, [2 * x + 1 for x in range(n) if not right[x]])
    right_wins = attractor(succ, [not e for e in lefts_turn], [2 * x for x in range(n) if not left[x]])

    def result(s: int) -> str:
        return "L" if left_wins[s] else "R" if right_wins[s] else "D"

    return [(result(2 * x), result(2 * x + 1)) for x in range(n)]


def outcome_class(left_first: str, right_first: str) -> str:
    """The outcome from the results when Left and when Right moves first: ``"L"``,
    ``"R"``, ``"P"`` (second player), ``"N"`` (first player), ``"D"`` (a draw either
    way), or ``"X/Y"``: X when Left starts, Y when Right starts (CGSuite's P-hat is
    ``"D/L"``, N-hat ``"L/D"``).

    >>> outcome_class("L", "R"), outcome_class("R", "L"), outcome_class("D", "L")
    ('N', 'P', 'D/L')
    """
    if left_first == right_first:
        return left_first
    return {("L", "R"): "N", ("R", "L"): "P"}.get((left_first, right_first), f"{left_first}/{right_first}")
