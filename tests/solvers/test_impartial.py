"""The impartial solver: published values, sums, winning moves, bad input."""

import json
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import cgtkit as cg
from cgtkit.heap.nim import nim_winning_moves
from cgtkit.impartial import ImpartialSolver
from cgtkit.options import Move, Sum

from support.engines import made_on

DATA = json.loads((Path(__file__).parent.parent / "data" / "impartial_published.json").read_text())


def subtraction(take):
    return lambda n: [n - k for k in take if k <= n]


def grundys_game(n):
    """Split a heap into two unequal non-empty heaps: each option is a sum (a tuple)."""
    return [(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a]


def test_grundys_game_matches_oeis_a002188():
    s = ImpartialSolver(grundys_game)
    values = DATA["grundys_game"]["values"]
    assert [s.grundy(n) for n in range(len(values))] == values


def test_subtraction_123_matches_published():
    entry = DATA["subtraction_123"]
    s = ImpartialSolver(subtraction(entry["take"]))
    assert [s.grundy(n) for n in range(len(entry["values"]))] == entry["values"]


def test_nim_sums_match_bouton():
    s = ImpartialSolver(lambda n: range(n))
    for heaps, value in DATA["nim_heap"]["sums"]:
        assert s.grundy_sum(heaps) == value
        assert s.outcome(heaps) == ("N" if value else "P")


def naive_grundy(moves, pos):
    """Obviously right, recursive, unmemoised: for tiny games only."""
    seen = set()
    for o in moves(pos):
        comps = o if isinstance(o, tuple) else (o,)
        v = 0
        for c in comps:
            v ^= naive_grundy(moves, c)
        seen.add(v)
    g = 0
    while g in seen:
        g += 1
    return g


@given(st.sets(st.integers(1, 6), min_size=1, max_size=4), st.integers(0, 16))
def test_solver_agrees_with_naive_recursion(take, n):
    s = ImpartialSolver(subtraction(sorted(take)))
    assert s.grundy(n) == naive_grundy(subtraction(sorted(take)), n)


def test_cold_deep_chain_has_no_recursion_error():
    s = ImpartialSolver(subtraction([1, 3, 4]))
    assert s.grundy(10**6) == [0, 1, 0, 1, 2, 3, 2][10**6 % 7]


def test_winning_moves_of_a_sum_reach_p_positions():
    s = ImpartialSolver(lambda n: range(n))
    moves = s.winning_moves([3, 4, 5])
    assert moves and all(s.grundy_sum(m.result) == 0 for m in moves)
    assert [(m.component, m.option) for m in moves] == nim_winning_moves([3, 4, 5]) == [(0, 1)]
    with pytest.raises(cg.NoWinningMoveError, match="P-position"):
        s.winning_move([1, 2, 3])


def test_winning_move_with_labels_and_splits():
    def moves(n):
        yield from (Move(f"take {k}", n - k) for k in (1, 2) if k <= n)
        yield from (Move(f"split {a}+{n - a}", (a, n - a)) for a in range(1, n // 2 + 1))

    s = ImpartialSolver(moves)
    for n in range(1, 12):
        if s.outcome(n) == "N":
            m = s.winning_move(n)
            assert isinstance(m.label, str)
            comps = m.option if isinstance(m.option, tuple) else (m.option,)
            assert s.grundy_sum(list(comps)) == 0
    assert s.outcome(0) == "P" and s.winning_moves(0) == []


def test_tuple_positions_with_explicit_sums():
    # positions are (a, b) pairs; a move splits into two explicit components
    def moves(pos):
        a, b = pos
        out = [(a - 1, b)] if a else []
        if b >= 2:
            out.append(Sum((a, b - 2), (0, 1)))
        return out

    s = ImpartialSolver(moves, tuple_is_sum=False)
    assert s.grundy((0, 0)) == 0 and s.grundy((1, 0)) == 1
    assert s.grundy((0, 1)) == 0
    assert s.grundy((0, 2)) == 1  # its one option is the sum (0, 0) + (0, 1) = 0


def test_loopy_game_hands_over_to_generalised_values():
    # issue 14: a repeating line of play is no longer an error for the impartial solver;
    # the cycle 0 -> 1 -> 2 -> 0 has no end, so every position is a draw (value inf{})
    s = ImpartialSolver(lambda n: [(n + 1) % 3])
    assert str(s.grundy(0)) == "∞{}" and s.outcome(0) == "D"
    assert s.drawing_move(0).option == 1


def test_search_still_names_the_cycle():
    from cgtkit.traverse import evaluate

    def expand(n):
        return [(n + 1) % 3], [(n + 1) % 3]

    with pytest.raises(cg.LoopyGameError) as info:
        evaluate(0, {}, expand, lambda p, data, memo: 0)
    assert info.value.cycle == [0, 1, 2, 0]
    assert "0 -> 1 -> 2 -> 0" in str(info.value)


def test_move_function_failure_names_the_position():
    def moves(n):
        if n == 3:
            raise KeyError("boom")
        return [n - 1] if n else []

    with pytest.raises(cg.MoveFunctionError, match="position 3") as info:
        ImpartialSolver(moves).grundy(5)
    assert info.value.position == 3


def test_unhashable_positions_and_options_are_clear_errors():
    s = ImpartialSolver(lambda p: [])
    with pytest.raises(cg.UnhashablePositionError, match="not hashable"):
        s.grundy([1, 2])
    s = ImpartialSolver(lambda n: [[n - 1]] if n else [])
    with pytest.raises(cg.MoveFunctionError, match="option \\[2\\] of position 3"):
        s.grundy(3)
    s = ImpartialSolver(lambda n: [({1: 2}, 0)] if n else [])
    with pytest.raises(cg.UnhashablePositionError, match="option of position 1"):
        s.grundy(1)


def test_move_function_returning_garbage():
    with pytest.raises(cg.MoveFunctionError, match="returned None"):
        ImpartialSolver(lambda n: None).grundy(1)
    with pytest.raises(cg.MoveFunctionError, match="not an iterable"):
        ImpartialSolver(lambda n: 5).grundy(1)


def test_memo_is_reused_and_errors_leave_no_damage():
    calls = []

    def moves(n):
        calls.append(n)
        if n == 7:
            raise ValueError("bad")
        return [n - 1] if n else []

    s = ImpartialSolver(moves)
    assert s.grundy(5) == 1
    with pytest.raises(cg.MoveFunctionError):
        s.grundy(8)
    before = len(calls)
    assert s.grundy(6) == 0  # still right after a failed query
    assert len(calls) == before + 1


# --- the native search loop against its plain-Python twin ------------------------------
TWINS = [pytest.param(True, id="native"), pytest.param(False, id="twin")]


@given(
    st.sets(st.integers(1, 6), min_size=1, max_size=4),
    st.sets(st.integers(0, 4), max_size=2),
    st.lists(st.integers(0, 40), min_size=1, max_size=6),
)
def test_native_loop_agrees_with_the_twin(take, split_takes, queries):
    """Subtraction moves plus splits (tuples), Move labels and Sum options, several
    queries on one memo: values and memo contents agree."""

    def moves(n):
        out = [Move(f"take {k}", n - k) if k % 2 else n - k for k in sorted(take) if k <= n]
        for k in sorted(split_takes):
            for a in range(1, (n - k) // 2 + 1):
                out.append((a, n - k - a) if a % 3 else Sum(a, n - k - a))
        return out

    native, twin = made_on(True, ImpartialSolver, moves), made_on(False, ImpartialSolver, moves)
    assert twin._search.stored() == 0  # the twin keeps every value in the solver's dict
    for q in queries:
        assert native.grundy(q) == twin.grundy(q)
    # the same positions memoised (ints in the native loop's table, the rest in its dict)
    assert native.cache_size() == twin.cache_size()
    assert dict(native._search.int_items()) | native._memo == twin._memo


def test_native_int_table_keeps_far_ints_and_moves_them_into_its_array():
    """Int positions beyond the native array go to its hash map; once enough values
    are stored the array grows over them and takes them in; ints of 2^63 and more go
    to the dict.  Values and memo contents agree with the twin throughout."""
    far = (1 << 20) + 1000

    def moves(n):  # chains down to far, to 0 (from below far // 2) and to 2^70; the rest terminal
        if far < n < 1 << 40 or 0 < n < far // 2 or n > 1 << 70:
            return [n - 1]
        return []

    native, twin = made_on(True, ImpartialSolver, moves), made_on(False, ImpartialSolver, moves)
    for q in [far + 100, 140_000, far + 200, (1 << 70) + 5, 10**15]:
        assert native.grundy(q) == twin.grundy(q)
    assert native.grundy(far + 151) == 1 and native.grundy(far + 150) == 0
    assert native.cache_size() == twin.cache_size()
    assert dict(native._search.int_items()) | native._memo == twin._memo
    assert set(native._memo) == {(1 << 70) + k for k in range(6)}


@pytest.mark.parametrize("native", [True, False])
def test_loopy_and_move_function_errors_are_the_same_on_both_loops(native):
    # a cycle hands over to the loopy solver on both loops: every position is a draw
    s = made_on(native, ImpartialSolver, lambda n: [(n + 1) % 3])
    assert str(s.grundy(0)) == "∞{}" and s.outcome(0) == "D"
    s = made_on(native, ImpartialSolver, lambda n: [n])  # a position that is its own option
    assert str(s.grundy(5)) == "∞{}" and s.outcome(5) == "D"

    def moves(n):
        if n == 3:
            raise KeyError("boom")
        return [n - 1] if n else []

    s = made_on(native, ImpartialSolver, moves)
    with pytest.raises(cg.MoveFunctionError, match="position 3: KeyError: 'boom'") as info:
        s.grundy(5)
    assert info.value.position == 3 and isinstance(info.value.__cause__, KeyError)
    assert None not in s._memo.values() and s.grundy(2) == 0 and s.cache_size() == 3
    with pytest.raises(cg.MoveFunctionError, match="returned None"):
        made_on(native, ImpartialSolver, lambda n: None).grundy(1)
    with pytest.raises(cg.MoveFunctionError, match="not an iterable"):
        made_on(native, ImpartialSolver, lambda n: 5).grundy(1)
    with pytest.raises(cg.MoveFunctionError, match=r"option \[2\] of position 3"):
        made_on(native, ImpartialSolver, lambda n: [[n - 1]] if n else []).grundy(3)
    with pytest.raises(cg.UnhashablePositionError, match="option of position 1"):
        made_on(native, ImpartialSolver, lambda n: [({1: 2}, 0)] if n else []).grundy(1)


class _HashRaises:
    def __hash__(self) -> int:
        raise ValueError("no hash today")


#: what a move function may do wrong at one position: raise, return garbage, or give
#: one bad option among good ones
_MISTAKES = [
    "raise",
    None,
    5,
    [1],
    {1: 2},
    ({1: 2}, 0),
    Sum([1], 0),
    Move("x", Move("y", 0)),
    Move("x", [0]),
    Move("x", ({1: 2}, 0)),
    frozenset({1}),  # not a mistake: a hashable position
    _HashRaises(),
]


def _failure(native, moves, root):
    """What the search raises: its class, position, option and cause's class (the
    twins agree on these; their texts are made by one function, not compared here)."""
    with pytest.raises(Exception) as info:
        v = made_on(native, ImpartialSolver, moves).grundy(root)
        raise AssertionError(f"no error: {v}")
    e = info.value
    cause = None if e.__cause__ is None else type(e.__cause__)
    return type(e), getattr(e, "position", None), getattr(e, "option", None), cause


@given(st.integers(0, 12), st.integers(0, 3), st.integers(0, len(_MISTAKES) - 1))
def test_both_searches_report_the_same_failure(at, index, which):
    mistake = _MISTAKES[which]  # (drawn by index: hypothesis would hash the objects)

    def moves(n):
        if not isinstance(n, int):
            return []  # the frozenset: a terminal position
        out = [n - k for k in (1, 2) if k <= n] + ([(1, n - 2)] if n >= 3 else [])
        if n != at:
            return out
        if mistake == "raise":
            raise KeyError(n)
        if mistake is None or mistake == 5:
            return mistake
        out.insert(min(index, len(out)), mistake)
        return out

    if isinstance(mistake, frozenset):  # a valid option: the same value on both
        assert made_on(True, ImpartialSolver, moves).grundy(12) == made_on(False, ImpartialSolver, moves).grundy(12)
        return
    native, twin = _failure(True, moves, 12), _failure(False, moves, 12)
    assert native == twin
    assert native[0] is not AssertionError and (native[1] in (None, at))


def test_search_error_builds_every_kind():
    from cgtkit.traverse import SearchFailure, search_error

    err = search_error(SearchFailure("depth", 1000, 1000, 0))
    assert isinstance(err, cg.ResourceLimitError) and "from 0 is longer than 1,000 moves" in str(err)
    err = search_error(SearchFailure("result", 4, -1, None))
    assert isinstance(err, cg.MoveFunctionError) and err.position == 4 and "returned None" in str(err)
    ctrl_c = KeyboardInterrupt()
    assert search_error(SearchFailure("raised", 4, -1, ctrl_c)) is ctrl_c  # as it is
    # an option the checks of cgtkit.options accept is still an error if reported bad
    err = search_error(SearchFailure("option", 4, 0, 3))
    assert isinstance(err, cg.MoveFunctionError) and err.option == 3
    assert isinstance(search_error(SearchFailure("option", 4, 0, (1, 2)), tuple_is_sum=False), cg.MoveFunctionError)
    with pytest.raises(ValueError, match="unknown kind"):
        search_error(SearchFailure("other", 4, 0, 3))


@pytest.mark.parametrize("native", [True, False])
def test_ctrl_c_in_the_move_function_is_not_wrapped(native):
    def moves(n):
        if n == 50:
            raise KeyboardInterrupt
        return [n - 1] if n else []

    s = made_on(native, ImpartialSolver, moves)
    with pytest.raises(KeyboardInterrupt):
        s.grundy(100)
    assert s.grundy(49) == 1 and None not in s._memo.values()


def test_generators_tuples_and_strings_as_positions():
    def moves(p):  # positions are strings; options come from a generator
        yield from (p[:i] + p[i + 1 :] for i in range(len(p)))

    for native in (True, False):
        s = made_on(native, ImpartialSolver, moves)
        assert s.grundy("abcde") == 1  # any removal order: the parity of the length
        assert s.cache_size() == 32


@pytest.mark.parametrize("native", [True, False])
def test_endless_move_function_stops_at_the_depth_bound(native):
    # n -> n + 1 never repeats and never ends: a ResourceLimitError, not a hang or an
    # exhausted memory (native and Python searches alike)
    s = made_on(native, ImpartialSolver, lambda n: [n + 1], max_positions=2000)
    with pytest.raises(cg.ResourceLimitError, match="longer than 2,000 moves"):
        s.grundy(0)
    # a game exactly that deep still works
    assert (
        made_on(native, ImpartialSolver, lambda n: [n + 1] if n < 1500 else [], max_positions=2000).grundy(0) == 0
    )  # 1500 moves: even
