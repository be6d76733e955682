"""Heap Grundy sequences: every fast path against a slow, direct mex; published values."""

import itertools
import random
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from cgtkit import ImpartialSolver
from cgtkit.errors import HeapCodeError, MoveFunctionError, PeriodNotCertifiedError
from cgtkit.heap import GrundysGame, HeapGame, OctalGame, SubtractionGame, TakeBreakCode, is_square
from cgtkit import backend
from cgtkit.backend.python import heap as _twins
from support.engines import HAVE_NATIVE, made_on
from cgtkit.heap.periodicity import certificate_length
from cgtkit.heap.sequences import choose_mask, grundy_values_vectorised

DATA = json.loads((Path(__file__).parent.parent / "data" / "heap_published.json").read_text())
IMPARTIAL = json.loads((Path(__file__).parent.parent / "data" / "impartial_published.json").read_text())


def slow_octal(code: str, n: int) -> list[int]:
    """Grundy values straight from the definition of the digits: a set and a mex per heap."""
    digits = TakeBreakCode.parse(code).digits
    G = [0] * n
    for h in range(1, n):
        seen = set()
        for k, d in enumerate(digits):
            r = h - k
            if r < 0:
                break
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r >= 1:
                seen.add(G[r])
            if d & 4:
                seen.update(G[a] ^ G[r - a] for a in range(1, r))
            if d & 8:
                seen.update(G[a] ^ G[b] ^ G[r - a - b] for a in range(1, r) for b in range(1, r - a))
        g = 0
        while g in seen:
            g += 1
        G[h] = g
    return G


def slow_subtraction(allowed, n: int) -> list[int]:
    G = [0] * n
    for h in range(1, n):
        seen = {G[h - k] for k in range(1, h + 1) if allowed(k)}
        g = 0
        while g in seen:
            g += 1
        G[h] = g
    return G


ALL_3_DIGIT = [f"{a}.{b}{c}" for a, b, c in itertools.product((0, 4), range(8), range(8))]


NATIVE = pytest.mark.skipif(not HAVE_NATIVE, reason="the native extension is not built")


@pytest.mark.parametrize("native", [False, pytest.param(True, marks=NATIVE)])
def test_every_short_octal_code_against_slow_mex(native):
    n = 120
    for code in ALL_3_DIGIT:
        got = made_on(native, OctalGame, code).grundy_values(n).tolist()
        assert got == slow_octal(code, n), code


def test_rare_common_kernel_past_its_first_mask():
    # 700 heaps: several chunks, masks chosen from windows, table growth
    for code in ["0.77", "0.137", "0.16", "0.56", "4.7", "0.753"]:
        assert made_on(False, OctalGame, code).grundy_values(700).tolist() == slow_octal(code, 700), code


@NATIVE
def test_native_and_python_kernels_agree_far_out():
    for game in (lambda native: made_on(native, OctalGame, "0.16"), lambda native: made_on(native, GrundysGame)):
        a = game(True).grundy_values(5000)
        b = game(False).grundy_values(5000)
        assert (a == b).all()


_CODE_DIGIT = st.integers(0, 15)


@NATIVE
@settings(max_examples=60)
@given(st.sampled_from([0, 4, 8, 12]), st.lists(_CODE_DIGIT, min_size=1, max_size=4), st.integers(60, 400))
def test_native_kernels_against_their_twins_on_random_codes(d0, digits, n):
    """Random octal and hexadecimal codes: native kernel against the plain-Python twin
    (and both against the definition on a prefix)."""
    code = f"{d0:X}." + "".join(f"{d:X}" for d in digits)
    three = d0 & 8 or any(d & 8 for d in digits)
    if three:
        n = min(n, 90)  # the twin is O(n^2 V) numpy
    fast = made_on(True, OctalGame, code).grundy_values(n)
    twin = made_on(False, OctalGame, code).grundy_values(n)
    assert fast.dtype == np.int64 and fast.tolist() == twin.tolist(), code
    assert fast[:40].tolist() == slow_octal(code, 40), code


@NATIVE
@settings(max_examples=60)
@given(st.sets(st.integers(1, 30), min_size=1, max_size=5), st.integers(1, 600))
def test_native_subtraction_kernels_against_their_twins(ks, n):
    ks = sorted(ks)
    for kind in ("subtract", "all_but"):
        kw = {kind: ks} if kind == "all_but" else {}
        args = () if kind == "all_but" else (ks,)
        fast = made_on(True, SubtractionGame, *args, **kw).grundy_values(n)
        twin = made_on(False, SubtractionGame, *args, **kw).grundy_values(n)
        assert fast.tolist() == twin.tolist(), (kind, ks)
    allowed = lambda k: k not in ks  # noqa: E731
    assert SubtractionGame(all_but=ks).grundy_values(min(n, 80)).tolist() == slow_subtraction(allowed, min(n, 80))


@NATIVE
def test_native_tables_grow_without_recomputing_and_agree():
    # grown in many small steps (each a new kernel call over the same arrays) and at once
    for make in (
        lambda: OctalGame("0.137"),
        lambda: GrundysGame(),
        lambda: OctalGame("0.8F"),
        lambda: SubtractionGame(all_but=[2, 3, 7]),
    ):
        stepwise = made_on(True, make)
        for n in (3, 10, 50, 51, 200, 333, 900):
            stepwise.grundy_values(n)
        assert (stepwise.grundy_values(900) == made_on(True, make).grundy_values(900)).all()


@pytest.mark.parametrize("code", ["0.8", "0.F", "0.8F", "4.8", "8.0", "0.9", "0.C"])
@pytest.mark.parametrize("native", [False, pytest.param(True, marks=NATIVE)])
def test_hexadecimal_three_heap_codes_against_slow_mex(code, native):
    assert made_on(native, OctalGame, code).grundy_values(45).tolist() == slow_octal(code, 45)


def test_vectorised_twin_matches_engine():
    c = TakeBreakCode.parse("0.137")
    v = grundy_values_vectorised(300, c.takes(0), c.takes(1), c.takes(2), c.takes(3))
    assert (v == OctalGame("0.137").grundy_values(300)).all()


def test_choose_mask_minimises_rare_values():
    values = np.array([1, 2, 4, 7, 8, 1, 2, 4, 0, 3])
    mask = choose_mask(values, 4)
    rare = lambda m: sum(bin(int(v) & m).count("1") % 2 == 0 for v in values)
    assert rare(mask) == min(rare(m) for m in range(1, 16))


def test_values_grow_incrementally_and_are_copies():
    g = OctalGame("0.77")
    first = g.grundy_values(50)
    first[:] = 99
    assert g.grundy_values(100)[:50].tolist() == slow_octal("0.77", 50)
    assert g.grundy(99) == slow_octal("0.77", 100)[99]


@pytest.mark.parametrize("name", ["kayles", "dawsons_chess", "dawsons_kayles"])
def test_published_sequences(name):
    entry = DATA["sequences"][name]
    values = entry["values"]
    off = entry["offset"]
    got = OctalGame(entry["code"]).grundy_values(len(values) + off).tolist()
    assert got[off:] == values


def test_grundys_game_against_oeis_and_slow():
    entry = IMPARTIAL["grundys_game"]
    got = GrundysGame().grundy_values(len(entry["values"])).tolist()
    assert got == entry["values"]
    slow = HeapGame(lambda n: [(a, n - a) for a in range(1, n) if 2 * a != n])
    assert (made_on(False, GrundysGame).grundy_values(400) == slow.grundy_values(400)).all()


def test_subtraction_games_against_slow_mex():
    assert SubtractionGame([1, 3, 4]).grundy_values(200).tolist() == slow_subtraction(lambda k: k in (1, 3, 4), 200)
    assert SubtractionGame([2, 5, 7, 11]).grundy_values(300).tolist() == slow_subtraction(
        lambda k: k in (2, 5, 7, 11), 300
    )
    for excluded in ([1], [1, 2], [2, 3, 7], [1, 4, 5, 9]):
        for native in (False, None):
            got = made_on(native, SubtractionGame, all_but=excluded).grundy_values(300).tolist()
            assert got == slow_subtraction(lambda k: k not in excluded, 300), (excluded, native)
    got = SubtractionGame(rule=is_square).grundy_values(500).tolist()
    assert got == slow_subtraction(is_square, 500)


def test_subtract_a_square_grows_past_its_first_table():
    g = SubtractionGame(rule=is_square)
    g.grundy_values(30)
    assert g.grundy_values(400).tolist() == slow_subtraction(is_square, 400)


def test_heap_game_rule_and_solver_agree():
    kayles = OctalGame("0.77")
    assert kayles.moves(4) == [(1, 1), (1, 2), (2,), (3,)]
    s = kayles.solver()
    assert isinstance(s, ImpartialSolver)
    assert [s.grundy(n) for n in range(40)] == kayles.grundy_values(40).tolist()
    assert s.grundy_sum([5, 7, 9]) == 4 ^ 2 ^ 4
    assert s.outcome([1, 2, 3]) == "P"  # 1 ^ 2 ^ 3 = 0
    generic = HeapGame(lambda n: kayles.moves(n))
    assert (generic.grundy_values(80) == kayles.grundy_values(80)).all()


def test_heap_game_rule_errors():
    with pytest.raises(MoveFunctionError, match="heap 1: every heap left must be smaller than 1"):
        HeapGame(lambda n: [(n,)]).grundy_values(5)
    with pytest.raises(MoveFunctionError, match="iterable of heap sizes"):
        HeapGame(lambda n: [n - 1] if n else []).grundy_values(5)
    with pytest.raises(HeapCodeError):
        HeapGame("not a function")
    with pytest.raises(HeapCodeError, match="heap size"):
        OctalGame("0.77").grundy(-1)


def test_subtraction_game_argument_errors():
    with pytest.raises(HeapCodeError, match="exactly one"):
        SubtractionGame()
    with pytest.raises(HeapCodeError, match="exactly one"):
        SubtractionGame([1], all_but=[2])
    with pytest.raises(HeapCodeError, match="ints >= 1"):
        SubtractionGame([0, 1])
    with pytest.raises(HeapCodeError, match="empty"):
        SubtractionGame([])


@pytest.mark.parametrize("entry", [e for e in DATA["periods"] if not e.get("slow")], ids=lambda e: e["code"])
def test_published_periods(entry):
    assert OctalGame(entry["code"]).period() == (entry["preperiod"], entry["period"])


@pytest.mark.slow
@pytest.mark.parametrize("entry", [e for e in DATA["periods"] if e.get("slow")], ids=lambda e: e["code"])
def test_published_periods_slow(entry):
    assert OctalGame(entry["code"]).period(limit=4_000_000) == (entry["preperiod"], entry["period"])


def test_certified_periods_hold_far_beyond_the_certificate():
    # the certificate is a proof: the period must hold on values computed well past it
    for code in ["0.77", "0.137", "0.1377", "0.34", "0.71", "0.75", "4.37", "0.333", "0.4"]:
        g = OctalGame(code)
        p = g.periodicity(limit=20000)
        assert p is not None and p.certified, code
        n0, per = p.as_tuple()
        values = (
            np.array(slow_octal(code, p.needed + 3 * per + 40)) if p.needed < 1500 else g.grundy_values(p.needed * 3)
        )
        assert (values[n0 + per :] == values[n0 : len(values) - per]).all(), code
        if n0 > 0:
            assert values[n0 - 1] != values[n0 - 1 + per], code  # n0 is the least preperiod


def test_certificate_length_formula():
    # 2 * n0 + 2 * p + t values: the check runs over n0 <= n < 2 n0 + p + t
    assert certificate_length(71, 12, 2, 2) == 2 * 71 + 2 * 12 + 2
    assert certificate_length(0, 7, 4, 1) == 1 + 7 + 4
    assert certificate_length(5, 3, 2, 3) == 3 * 5 + 3 * 3 + 2


def test_subtraction_periods():
    assert SubtractionGame([1, 3, 4]).period() == (0, 7)
    assert SubtractionGame([1, 2, 3]).period() == (0, 4)
    assert SubtractionGame(all_but=[1]).arithmetic_period() == (0, 2, 1)
    n0, p, s = SubtractionGame(all_but=[2, 3, 7]).arithmetic_period()
    values = SubtractionGame(all_but=[2, 3, 7]).grundy_values(3000)
    assert (values[n0 + p :] - values[n0:-p] == s).all() and s > 0


def test_period_refuses_without_a_theorem():
    with pytest.raises(PeriodNotCertifiedError, match="no periodicity theorem"):
        GrundysGame().period()
    with pytest.raises(PeriodNotCertifiedError, match="arithmetic_period"):
        SubtractionGame(all_but=[1]).period()
    with pytest.raises(PeriodNotCertifiedError, match="within the first 2000"):
        OctalGame("0.16").period(limit=2000)
    assert OctalGame("0.16").periodicity(limit=2000) is None


def test_period_progress_reports():
    seen = []
    OctalGame("0.127").periodicity(limit=4096, start=1024, progress=lambda n, msg: seen.append((n, msg)))
    assert [n for n, msg in seen if msg != "computing"] == [1024, 2048, 4096]  # the rounds' ends


def _arithmetic_holds(values, n0, p, s):
    return bool((values[n0 + p :] - values[n0 : len(values) - p] == s).all())


@pytest.mark.parametrize("excluded", [[1, 2, 3], [1, 2, 3, 4, 5], list(range(1, 21))])
def test_all_but_runs_report_their_arithmetic_period(excluded):
    # regression: these reported (1020, 1) with saltus 0, from 4 equal values at the end
    # of the first 1024; the values are floor(n / (k + 1)), period k + 1, saltus 1
    k = len(excluded)
    g = SubtractionGame(all_but=excluded)
    found = g.periodicity()
    assert (found.preperiod, found.period, found.saltus) == (0, k + 1, 1)
    assert found.certified
    assert g.arithmetic_period() == (0, k + 1, 1)
    values = g.grundy_values(50_000)
    assert values.tolist() == [n // (k + 1) for n in range(50_000)]
    assert g.grundy(10**30 + 3) == (10**30 + 3) // (k + 1)  # from the proved period and saltus


def test_reported_periods_hold_on_every_computed_value():
    # values computed past the search's window must not contradict what is reported
    for game in (SubtractionGame(all_but=[1, 2, 3]), SubtractionGame(all_but=[2, 3, 7]), OctalGame("0.77")):
        values = game.grundy_values(20_000)
        found = game.periodicity(start=16)
        assert _arithmetic_holds(values, found.preperiod, found.period, found.saltus), game


def test_all_but_certificate_holds_far_beyond_the_first_prefix_that_proves_it():
    # for random excluded sets, the first prefix on which the bound certifies a period:
    # the period must hold on 10x as many values (the engine is checked against a plain
    # mex above); many of these sets have a preperiod, so the bound's K and n0 matter
    from cgtkit.heap.periodicity import find_period

    rng = random.Random(19)
    with_preperiod = 0
    for _ in range(150):
        excluded = sorted(rng.sample(range(1, 25), rng.randint(1, 7)))
        game = SubtractionGame(all_but=excluded)
        n = 8
        while (found := find_period(game.grundy_values(n), None, 1, all_but=excluded[-1])) is None:
            n += max(1, n // 8)
        values = game.grundy_values(max(10 * found.needed, 3000))
        assert _arithmetic_holds(values, found.preperiod, found.period, found.saltus), excluded
        assert found.saltus >= 1 and found.certified
        with_preperiod += found.preperiod > 0
    assert with_preperiod >= 5


def test_observed_periods_need_the_later_half_of_the_values():
    from cgtkit.heap.periodicity import find_period

    found = find_period(np.arange(1024) // 4, None, 1, saltus=True)  # not (1020, 1, 0)
    assert (found.preperiod, found.period, found.saltus, found.certified) == (0, 4, 1, False)
    squares = SubtractionGame(rule=is_square)
    assert squares.periodicity(limit=4096) is None
    with pytest.raises(PeriodNotCertifiedError, match="no periodicity theorem applies to a rule"):
        squares.arithmetic_period()
    with pytest.raises(HeapCodeError, match="limit is the most heaps to compute, an int >= 1; got -1"):
        OctalGame("0.77").periodicity(limit=-1)


def _last_mismatch_slow(G, p, s):
    for i in range(len(G) - p - 1, -1, -1):
        if G[i + p] - G[i] != s:
            return i + 1
    return 0


@pytest.mark.parametrize("arithmetic", [False, True])
def test_preperiods_by_z_function_against_a_plain_scan(arithmetic):
    # the O(n) Z-function twin of "scan back from the end for each p", on random
    # sequences built to repeat (periodic or arithmetic tails, long constant runs)
    from cgtkit.heap.periodicity import preperiods

    rng = random.Random(5 + arithmetic)
    for _ in range(300):
        period, lead = rng.randint(1, 9), rng.randint(0, 12)
        cycle = [rng.choice([0, 0, 1, 2]) for _ in range(period)]
        step = rng.randint(0, 3) if arithmetic else 0
        G = [rng.randint(0, 5) for _ in range(lead)]
        G += [cycle[i % period] + step * (i // period) for i in range(rng.randint(1, 60))]
        G = np.array(G, dtype=np.int64)
        if len(G) < 2:
            continue
        n0, s = preperiods(G, arithmetic)
        for p in range(1, len(G)):
            want_s = int(G[-1] - G[-1 - p]) if arithmetic else 0
            assert int(s[p - 1]) == want_s
            assert int(n0[p - 1]) == _last_mismatch_slow(G.tolist(), p, want_s), (G.tolist(), p)
    Z = _twins.Z_FUNCTION_PY([1, 1, 2, 1, 1, 2, 1], [0] * 7)
    assert Z == [7, 1, 0, 4, 1, 0, 1]


@NATIVE
@settings(max_examples=80)
@given(st.lists(st.integers(0, 3), max_size=200), st.integers(1, 30), st.integers(-2, 2))
def test_native_period_kernels_against_their_twins(seq, p, s):
    with backend.use("native"):
        fast = backend.heap_kernels()
    G = np.array(seq, dtype=np.int64)
    assert fast.z_function(G).tolist() == _twins.Z_FUNCTION_PY(seq, [0] * len(seq))
    assert fast.last_mismatch(G, len(G), p, s) == _twins.LAST_MISMATCH_PY(G.tolist(), len(G), p, s)
    assert fast.last_mismatch(G, len(G), p, s) == _twins.last_mismatch_numpy(G, len(G), p, s)


@NATIVE
@pytest.mark.parametrize("code, top", [("0.766", 512), ("0.414", 512), ("0.565", 512), ("0.104", 16), ("0.205", 40)])
def test_wide_values_against_the_native_plain_mex(code, top):
    """Codes whose values grow (past 512: the wide bitset paths) or whose heaps are
    mostly rare whatever the mask (the engine drops the mask: the full-scan path,
    narrow and wide) against the plain mex kernel, which shares none of their code."""
    c = TakeBreakCode.parse(code)
    n = 6000
    want = np.zeros(n, dtype=np.int64)
    ks = [np.array(c.takes(i), dtype=np.int64) for i in range(3)]
    with backend.use("native"):
        backend.heap_kernels().fill_plain(
            want, 1, n, *ks, False, np.zeros(n + 1, dtype=np.int64), np.zeros(0, dtype=np.int64)
        )
    assert want.max() >= top
    game = made_on(True, OctalGame, code)
    assert game.grundy_values(n).tolist() == want.tolist()
    assert game._engine.mask == 0  # most heaps rare: the plain full scan ran
    stepped = made_on(True, OctalGame, code)
    for size in (300, 301, 303, 1000, 1003, 2500, n):  # kernel calls start mid-way
        got = stepped.grundy_values(size)
    assert got.tolist() == want.tolist()
