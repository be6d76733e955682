"""A failure in the middle of a computation (out of memory, Ctrl-C) leaves nothing
half-updated behind: the next call starts clean and gives the right values.  And the
native kernels answer Ctrl-C themselves, and the engine then starts clean."""

from __future__ import annotations

import pytest

from cgtkit.heap.subtraction import subtraction_grundy
from cgtkit import backend
from cgtkit.heap import GrundysGame, OctalGame, SubtractionGame
from cgtkit.heap.sequences import failing_on_call

from support.engines import HAVE_NATIVE, made_on, side

from test_heap_sequences import slow_octal, slow_subtraction


SIDES = [False] + ([True] if HAVE_NATIVE else [])


@pytest.mark.parametrize("native", SIDES)
@pytest.mark.parametrize("exc", [MemoryError, KeyboardInterrupt])
def test_split_engine_after_a_failure_in_the_kernel(native, exc):
    game = made_on(native, OctalGame, "0.137")
    game.grundy_values(300)
    with backend.use(side(native)), failing_on_call("fill_split", 2, exc), pytest.raises(exc):
        game.grundy_values(3000)
    assert len(game.computed_values) == 0 and game._engine.n == 1  # released
    assert game.grundy_values(1200).tolist() == slow_octal("0.137", 1200)


def test_split_engine_after_a_failure_while_changing_its_mask():
    # the mask is set, then its parity table is rebuilt: a failure in between must not
    # leave a table that disagrees with the mask
    game = made_on(False, OctalGame, "0.16")
    game.grundy_values(600)
    with failing_on_call("parity", 1), pytest.raises(MemoryError):
        game.grundy_values(5000)
    assert game._engine.n == 1 and game._engine.mask == 0  # a fresh start, not a stale table
    assert game.grundy_values(1200).tolist() == slow_octal("0.16", 1200)


@pytest.mark.parametrize("native", SIDES)
def test_all_but_engine_after_a_failure(native):
    game = made_on(native, SubtractionGame, all_but=[2, 3, 7])
    game.grundy_values(100)
    with backend.use(side(native)), failing_on_call("fill_all_but", 1), pytest.raises(MemoryError):
        game.grundy_values(2000)
    assert game.grundy_values(500).tolist() == slow_subtraction(lambda k: k not in (2, 3, 7), 500)
    assert game.arithmetic_period() == (0, 4, 2)


def test_coin_game_after_a_failure():
    take = [3, 7, 12]
    slow = slow_subtraction(lambda k: k in take, 400)
    with failing_on_call("grow", 1), pytest.raises(MemoryError):
        subtraction_grundy(10**6 + 1, take)
    assert [subtraction_grundy(n, take) for n in range(400)] == slow
    assert (
        subtraction_grundy(10**6 + 1, take)
        == slow[SubtractionGame(take).period()[0] + (10**6 + 1) % SubtractionGame(take).period()[1]]
    )


@pytest.mark.skipif(not HAVE_NATIVE, reason="the native extension is not built")
@pytest.mark.parametrize(
    "make, n", [(lambda: GrundysGame(), 1 << 26), (lambda: OctalGame("0.8F"), 1 << 20)], ids=["split", "three-heap"]
)
def test_native_kernels_answer_ctrl_c(make, n):
    # a SIGINT while a kernel runs (the GIL released) stops it with KeyboardInterrupt,
    # soon and without waiting for the end; the engine then starts clean
    import os
    import signal
    import threading

    game = made_on(True, make)
    game.grundy_values(200)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            game.grundy_values(n)  # hours of work: only Ctrl-C ends it
    finally:
        timer.cancel()
    assert game._engine.n == 1
    assert game.grundy_values(300).tolist() == made_on(True, make).grundy_values(300).tolist()
