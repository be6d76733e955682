"""Take-and-break codes in CGSuite's full syntax: the parser, the normal form, the moves,
and the Grundy sequences of the engines against a plain mex over the moves and against
CGSuite's and published values (tests/data/tbcodes_cgsuite.json names each source)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cgtkit import backend
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import HeapCodeError, PeriodNotCertifiedError
from cgtkit.heap import GrundysGame, OctalGame, TakeBreakCode
from cgtkit.heap.code_engine import CodeEngine, ExpandingSplitEngine, split_shape
from cgtkit.heap.sequences import SplitEngine
from cgtkit.heap.codes import partitions
from cgtkit.nimbers import mex

from support.cli_run import run

DATA = json.loads((Path(__file__).parent.parent / "data" / "tbcodes_cgsuite.json").read_text())
NATIVE = pytest.mark.skipif(not (backend.extension() is not None), reason="the native extension is not built")
ENGINES = [False, pytest.param(None, marks=NATIVE)]


def octal(code, native):
    """The game of ``code`` computed by the native kernels or their python twins."""
    with backend.use("python" if native is False else "native"):
        return OctalGame(code)


def slow_values(code: str, n: int) -> list[int]:
    """The definition: each heap's value is the mex of its options' nim-sums."""
    c = TakeBreakCode.parse(code)
    G = [0] * n
    for h in range(1, n):
        seen = set()
        for option in c.options(h):
            x = 0
            for part in option:
                x ^= G[part]
            seen.add(x)
        G[h] = mex(seen)
    return G


def spelled(options) -> str:
    return "  ".join(",".join(map(str, o)) if o else "-" for o in options)


# --- CGSuite's TBCodeTest ------------------------------------------------------------
@pytest.mark.parametrize("code, normal", sorted(DATA["normal_forms"]["cases"].items()))
def test_normal_form_is_cgsuites(code, normal):
    parsed = TakeBreakCode.parse(code)
    assert parsed.normal_form() == str(parsed) == normal
    assert TakeBreakCode.parse(normal) == parsed


@pytest.mark.parametrize("case", DATA["options"]["cases"], ids=lambda c: f"{c['code']}@{c['heap']}")
def test_options_are_cgsuites(case):
    assert spelled(TakeBreakCode.parse(case["code"]).options(case["heap"])) == case["options"]


# --- CGSuite's GameHeapTest and published sequences ------------------------------------
@pytest.mark.parametrize("native", ENGINES)
@pytest.mark.parametrize("case", DATA["rulesets"]["cases"], ids=lambda c: c["code"])
def test_cgsuite_rulesets(case, native):
    game = octal(case["code"], native)
    assert game.grundy_values(21).tolist() == case["values"]
    assert len(game.moves(20)) == case["options_20"]
    assert game.misere_grundy_values(21).tolist() == case["misere_values"]


@pytest.mark.parametrize("case", DATA["rulesets"]["cases"], ids=lambda c: c["code"])
def test_cgsuite_periods_within_2000_heaps(case):
    found = OctalGame(case["code"]).periodicity(limit=2000)
    if case["period"] is None:
        assert found is None or not found.certified
    else:
        assert found is not None and found.certified
        assert found.as_tuple() == (case["period"]["preperiod"], case["period"]["period"])


@pytest.mark.parametrize("native", ENGINES)
@pytest.mark.parametrize("case", DATA["sequences"], ids=lambda c: c["code"])
def test_published_sequences(case, native):
    n = len(case["values"])
    assert octal(case["code"], native).grundy_values(n).tolist() == case["values"]


@pytest.mark.parametrize("native", ENGINES)
def test_lasker_nim_formula(native):
    (case,) = [f for f in DATA["formulas"] if f["name"] == "Lasker's Nim"]
    want = [0] + [n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else n - 1 for n in range(1, 600)]
    game = octal(case["code"], native)
    assert isinstance(game._engine, ExpandingSplitEngine)
    for size in (10, 300, 600):  # the removals listed grow with the heaps asked for
        assert game.grundy_values(size).tolist() == want[:size]


def test_grundys_game_code_is_grundys_game():
    assert OctalGame("4!.0").grundy_values(3000).tolist() == GrundysGame().grundy_values(3000).tolist()


# --- the engines against the plain mex -------------------------------------------------
CODES = [
    "4!.0",
    "0.[3]",
    "4.[3]",
    "{2+}=.0",
    "{2+}!.0",
    "0.3F?",
    "0.3F!",
    "0.*",
    "0.*!",
    "0.*?",
    "0.*=",
    "80.0",
    "G00.0",
    "0.7[03]",
    "0.{0,1,3+}",
    "0.{2,3?+}",
    "0.G",
    "0.&100;",
    "0.[7]",
    "0.[F]",
    "0.4=",
    "0.{2,3!}",
    "4!.7",
    "0.3[1]",
    "{2,4+}.3",
    "0.1[4=]",
    "&48;0.7",
    "C!.1",
]


@pytest.mark.parametrize("native", ENGINES)
@pytest.mark.parametrize("code", CODES)
def test_engines_against_the_plain_mex(code, native):
    n = 24
    game = octal(code, native)
    assert game.grundy_values(n).tolist() == slow_values(code, n)


def _random_digit(rng: random.Random) -> str:
    kind = rng.random()
    mod = rng.choice(["", "", "!", "?", "="])
    if kind < 0.55:
        return rng.choice("0123456789ABCDEFG") + mod
    if kind < 0.7:
        return "*" + mod
    counts = sorted(rng.sample(range(0, 5), rng.randint(1, 3)))
    return "{" + ",".join(map(str, counts)) + ("+" if rng.random() < 0.4 else "") + "}" + mod


def random_code(rng: random.Random) -> str | None:
    """A random spelling in the full syntax (None when it is not a valid code)."""
    d0 = rng.choice(["0", "4", "8", "C", "4!", "{2+}", "{2,3}=", "G"])
    adds = "".join(rng.choice(["0", "8", "G", "{4}"]) for _ in range(rng.randint(0, 1) if rng.random() < 0.2 else 0))
    tail = [_random_digit(rng) for _ in range(rng.randint(0, 3))]
    if tail and rng.random() < 0.3:
        cut = rng.randint(0, len(tail) - 1)
        tail = tail[:cut] + ["["] + tail[cut:] + ["]"]
    text = adds + d0 + "." + "".join(tail)
    try:
        TakeBreakCode.parse(text)
    except HeapCodeError:
        return None
    return text


def test_engines_against_the_plain_mex_on_random_codes():
    rng = random.Random(29)
    tried = 0
    while tried < 80:
        code = random_code(rng)
        if code is None:
            continue
        tried += 1
        want = slow_values(code, 16)
        for native in (False, None) if (backend.extension() is not None) else (False,):
            assert octal(code, native).grundy_values(16).tolist() == want, code


# codes whose two-heap moves mix free, unequal and equal splits: the split kernel
MIXED = ["4!.6", "0.4!6", "0.6=4!", "4?.[6]", "0.[4!6]", "0.4=6", "4=.0", "0.44!4=", "0.6!6=4?"]


@pytest.mark.parametrize("native", ENGINES)
@pytest.mark.parametrize("code", MIXED)
def test_mixed_two_heap_codes_run_on_the_split_kernel(code, native):
    n = 160 if native is None else 90
    game = octal(code, native)
    assert isinstance(game._engine, (SplitEngine, ExpandingSplitEngine))
    assert game.grundy_values(n).tolist() == slow_values(code, n)


def test_random_two_heap_codes_on_the_split_kernel():
    rng = random.Random(35)
    for _ in range(40):
        digits = [rng.choice("0123456789ABCDEF") + rng.choice(["", "!", "?", "="]) for _ in range(rng.randint(1, 4))]
        code = "0." + "".join(digits)
        if split_shape(TakeBreakCode.parse(code)) is None:
            continue
        want = slow_values(code, 60)
        for native in (False, None) if (backend.extension() is not None) else (False,):
            assert octal(code, native).grundy_values(60).tolist() == want, code


def test_code_engine_grows_in_steps_like_in_one_go():
    code = TakeBreakCode.parse("0.{0,2+}G")
    whole = CodeEngine(code)
    whole.extend(40)
    stepped = CodeEngine(code)
    for size in (2, 3, 9, 17, 40):
        stepped.extend(size)
    assert stepped.values[:40].tolist() == whole.values[:40].tolist() == slow_values("0.{0,2+}G", 40)


def test_code_engine_failure_forgets_everything(monkeypatch):
    from cgtkit.heap import code_engine

    engine = CodeEngine(TakeBreakCode.parse("0.*!"))
    engine.extend(10)
    with monkeypatch.context() as m:

        def boom(*args):
            raise MemoryError("simulated")

        m.setattr(code_engine, "partitions", boom)  # the splits listed one by one
        with pytest.raises(MemoryError):
            engine.extend(20)
    assert engine.values is None and engine.n == 1
    engine.extend(20)
    assert engine.values[:20].tolist() == slow_values("0.*!", 20)


# --- laws ---------------------------------------------------------------------------------
@st.composite
def codes(draw):
    code = random_code(random.Random(draw(st.integers(0, 2**32))))
    return code if code is not None else "0.77"


@settings(max_examples=300, deadline=None)
@given(codes())
def test_normal_form_reads_back(text):
    code = TakeBreakCode.parse(text)
    again = TakeBreakCode.parse(code.normal_form())
    assert again == code and again.normal_form() == code.normal_form()


def _respellings(code: TakeBreakCode) -> list[str]:
    """Other spellings of the same game: digits in braces, the repeating part unrolled
    once or doubled, ``!`` for ``?`` on two heaps, leading zeros."""
    out = []
    digits = [str(d) for d in code.take]

    def braces(d) -> str:
        if d.is_zero:
            return "0"
        listed = ",".join(f"{j}{c}" for j, c in enumerate(d.counts) if c is not None)
        return "{" + listed + ("+" if d.more else "") + "}"

    def join(head: list[str], take: list[str], period: int) -> str:
        fixed, rep = take[1 : len(take) - period], take[len(take) - period :] if period else []
        return "".join(head) + take[0] + "." + "".join(fixed) + (f"[{''.join(rep)}]" if rep else "")

    head = [str(d) for d in reversed(code.add)]
    out.append(join([braces(d) for d in reversed(code.add)], [braces(d) for d in code.take], code.period))
    out.append("0" + join(head, digits, code.period))
    if code.period:
        p = code.period
        rep = digits[len(digits) - p :]
        out.append(join(head, digits + rep, 2 * p))
        out.append(join(head, digits + rep[:1], p) if p else "")
    two = [s.replace("?", "!") if d.max_heaps == 2 else s for d, s in zip(code.take, digits)]
    out.append(join(head, two, code.period))
    return [s for s in out if s]


@settings(max_examples=60, deadline=None)
@given(codes())
def test_spellings_of_one_game_give_one_sequence(text):
    code = TakeBreakCode.parse(text)
    want = octal(code, False).grundy_values(14).tolist()
    for other in _respellings(code):
        assert OctalGame(other).grundy_values(14).tolist() == want, (text, other)


def test_named_spellings_of_one_game():
    for group in (
        ["0.[3]", "0.3[3]", "0.[33]", "0.33[3]", "0.{0,1}[{1,0}]"],
        ["4!.0", "4?.0", "{2!}.0", "{2?}.0", "04!.0"],
        ["0.7", "0.{0,1,2}", "0.{0!,1=,2}"],
        ["0.*", "0.{0+}", "0.{0,1+}", "0.{0,1,2,3,4+}"],
        ["0.3f", "0.3F", "0.{0,1}{0,1,2,3}"],
    ):
        sequences = {tuple(OctalGame(c).grundy_values(30).tolist()) for c in group}
        assert len(sequences) == 1, group


def test_partitions_count_and_obey_their_modifier():
    assert len(list(partitions(20, 4))) == 64  # p(20, 4): partitions of 20 into exactly 4 parts
    assert len(list(partitions(20, 4, "!"))) == 23  # into 4 distinct parts
    assert len(list(partitions(20, 4, "?"))) == 63 and list(partitions(20, 4, "=")) == [(5, 5, 5, 5)]
    for parts in partitions(30, 5, "!"):
        assert sum(parts) == 30 and len(set(parts)) == 5 and list(parts) == sorted(parts)
    assert sum(1 for j in range(31) for _ in partitions(30, j)) == 5604  # p(30)


# --- what the code says about periods -----------------------------------------------------
@pytest.mark.parametrize(
    "code, why",
    [
        ("4!.0", "unequal or equal"),
        ("0.[3]", "repeating part"),
        ("0.*", "any number of heaps"),
        ("{2+}=.0", "any number"),
    ],
)
def test_no_certificate_is_claimed(code, why):
    game = OctalGame(code)
    assert game.code.certificate_shape() is None
    with pytest.raises(PeriodNotCertifiedError, match=why):
        game.period(limit=500)
    found = game.periodicity(limit=256)
    assert found is None or not found.certified


@pytest.mark.parametrize("code", ["0.2G", "G0.7", "0.J", "G0.1"])
def test_certified_periods_of_wider_codes_hold_further(code):
    """Base-32, &N; and adding digits keep the octal theorem (t and j from the code); a
    period it certifies is checked on four times the values it used."""
    game = OctalGame(code)
    t, j = game.code.certificate_shape()
    found = game.periodicity(limit=1000, start=64)
    assert found is not None and found.certified
    assert found.needed == j * max(found.preperiod, 1) + j * found.period + t
    values = OctalGame(code).grundy_values(4 * found.needed)
    found.check(values)


# --- errors -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, message",
    [
        ("0.9x", "character 'x' at column 4 is not a digit"),
        ("  0.[3", "not closed with ']'"),
        ("0.3]", "character ']' at column 4 closes a repeating part"),
        ("[3].0", "character '[' at column 1 cannot stand before the point"),
        ("0.&12", "character '&' at column 3 starts a large digit &N; that has no closing ';'"),
        ("0.{2!}!", "character '!' at column 5 gives a count its own modifier"),
        ("0.{1,x}", "character 'x' at column 6 is not part of a heap count"),
        ("0.[3]3", "character ']' at column 5 must end the code"),
        ("0.{5000}", "above 1023"),
        ("1.0", "digit d0 = '1' at column 1 lets a heap move to itself"),
        ("C0.0", "digit 'C' at column 1 adds 1 token"),
        ("0", "has no point"),
        ("", "is empty"),
    ],
)
def test_malformed_codes_say_where(text, message):
    with pytest.raises(HeapCodeError, match=message.replace("[", r"\[").replace("]", r"\]").replace("{", r"\{")):
        TakeBreakCode.parse(text)


def test_old_accessors_keep_working():
    c = TakeBreakCode.parse("0.137")
    assert c.digits == (0, 1, 3, 7) and c.takes(2) == (3,) and c.max_take == 3 and c.max_parts == 2
    with pytest.raises(HeapCodeError, match="plain codes"):
        TakeBreakCode.parse("4!.0").digits
    assert OctalGame(c).name == "0.137" and OctalGame("0.137").rules_key == OctalGame(c).rules_key


# --- the CLI and the sweep ------------------------------------------------------------------
def test_cli_octal_takes_the_full_syntax(capsys):
    status, out, err = run(capsys, "octal", "4!.0", "--n", "12", "--period", "--limit", "2048", "--no-progress")
    assert status == 0 and "4!.0" in out and "0 0 0 1 0 2 1 0 2 1 0 2" in out
    assert "certified: no" in out or "period: none" in out
    status, out, err = run(capsys, "octal", "0.{2!}!", "--no-progress")
    assert status == 2 and "column 5" in err and len(err.strip().splitlines()) == 1


def test_sweep_accepts_the_full_syntax():
    from cgtkit.sweep.heap_tasks import canonical_code, heap_task

    assert canonical_code("04!.0") == "4!.0" and canonical_code("0.[33]") == "0.[33]"
    row = heap_task("octal", "4!.0", 2048)
    assert row["status"] == "open" and row["first_values"].startswith("[0,0,0,1,0,2,1,0,2,1")
    assert heap_task("octal", "4.7", 2048)["status"] == "certified"
