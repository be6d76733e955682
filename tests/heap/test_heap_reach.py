"""A heap beyond reach is refused before computing (issue 31), and progress moves
within a doubling round."""

import pytest

from cgtkit.errors import PeriodNotCertifiedError
from cgtkit.heap import OctalGame, SubtractionGame
from cgtkit.heap import games as heap_games


def test_a_heap_whose_arrays_exceed_the_memory_limit_is_refused_before_computing(monkeypatch):
    monkeypatch.setattr(heap_games, "MEMORY_LIMIT", heap_games.BYTES_PER_HEAP * 5000)
    g = SubtractionGame([1, 100_000])  # a proof of its period needs 200,000 values and more
    with pytest.raises(PeriodNotCertifiedError, match="beyond reach.*MEMORY_LIMIT"):
        g.grundy(10**9, limit=10**12)
    assert len(g._values) == 0  # nothing was computed
    h = OctalGame("0.6")
    assert h.grundy(4000, limit=10**9) == OctalGame("0.6").grundy_values(4001)[4000]  # within reach: computed
    with pytest.raises(PeriodNotCertifiedError, match="first 5,000 heaps.*MEMORY_LIMIT"):
        h.grundy(10**6, limit=10**9)  # beyond reach: only a period could answer, none within reach
    assert len(h._values) <= 5000


def test_a_huge_heap_of_a_game_with_no_period_in_sight_stops_at_the_search_bound():
    g = OctalGame("0.6")
    with pytest.raises(PeriodNotCertifiedError, match="first 8,192 heaps"):
        g.grundy(10**30, search=8192)
    assert len(g._values) <= 8192


def test_the_search_for_a_period_is_bounded_by_default():
    assert heap_games.DEFAULT_PERIOD_LIMIT * heap_games.BYTES_PER_HEAP <= heap_games.MEMORY_LIMIT


def test_kayles_huge_heap_still_comes_off_its_period():
    i = 71 + 12 + (10**100 - 71) % 12  # the same place in a later period
    assert OctalGame("0.77").grundy(10**100) == OctalGame("0.77").grundy_values(i + 1)[i]


@pytest.mark.parametrize("code", ["0.6"])
def test_progress_moves_within_a_doubling_round(code):
    seen = []
    OctalGame(code).grundy_values(300_000, progress=lambda done, message: seen.append(done))
    assert seen == sorted(seen) and seen[-1] == 300_000
    ends = {256 << k for k in range(20)}
    assert any(d not in ends and d != 300_000 for d in seen), seen  # a report inside a round


def test_progress_of_grundy_moves_too():
    seen = []
    with pytest.raises(PeriodNotCertifiedError):
        OctalGame("0.6").grundy(10**30, search=200_000, progress=lambda done, message: seen.append(done))
    assert len(seen) > 4 and max(seen) <= 200_000
