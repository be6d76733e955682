"""The one traversal: progress and cancellation hooks, and its users."""

import threading

import pytest

from cgtkit import LoopyGameError
from cgtkit.traverse import Cancelled, evaluate, post_order


def chain(n):
    return None, ([n - 1] if n else [])


def count(n, data, memo):
    return 0 if n == 0 else memo[n - 1] + 1


def test_progress_is_reported_every_so_many_positions():
    seen = []
    assert (
        evaluate(10_000, {}, chain, count, progress=lambda done, depth: seen.append((done, depth)), every=1000)
        == 10_000
    )
    assert [d for d, _ in seen] == list(range(1000, 10_001, 1000))
    assert seen[0][1] == 10_000 - 1000 + 1  # the line still open below the finished positions


def test_cancel_stops_and_keeps_what_was_finished():
    memo = {}
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled, match="cancelled after 100 positions"):
        evaluate(1000, memo, chain, count, cancel=stop, every=100)
    assert len(memo) == 100 and memo[99] == 99
    assert evaluate(1000, memo, chain, count) == 1000  # resumes from the memo
    calls = []
    with pytest.raises(Cancelled):
        evaluate(5000, {}, chain, count, cancel=lambda: calls.append(1) or len(calls) == 3, every=100)
    assert len(calls) == 3


def test_no_hooks_no_checks_and_loops_reported():
    with pytest.raises(LoopyGameError) as info:
        evaluate(0, {}, lambda n: (None, [(n + 1) % 4]), count)
    assert info.value.cycle == [0, 1, 2, 3, 0]
    with pytest.raises(ValueError):
        evaluate(3, {}, chain, count, progress=print, every=0)


def test_post_order_lists_children_first_with_hooks():
    order = post_order(6, lambda n: [n - 1, n - 2] if n > 1 else [], known=lambda n: n == 3)
    assert order == [1, 0, 2, 4, 5, 6]
    ticks = []
    post_order(50_000, lambda n: [n - 1] if n else [], progress=lambda d, _: ticks.append(d), every=10_000)
    assert ticks == [10_000, 20_000, 30_000, 40_000, 50_000]
    with pytest.raises(Cancelled):
        post_order(50_000, lambda n: [n - 1] if n else [], cancel=lambda: True, every=10)
