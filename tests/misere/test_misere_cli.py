"""`cgtkit misere CODE --heaps N [--quotient] [--sum ...]` and `cgtkit misere-value EXPR`.

Expected values come from the library (tested against brute force and CGSuite in
test_misere_canonical.py and test_misere_quotient.py); here the commands are checked to
print them and to report bad input as errors with a column."""

from support.cli_run import run


def test_quotient_of_0_75(capsys):
    status, out, _ = run(capsys, "misere", "0.75", "--heaps", "30", "--quotient")
    assert status == 0
    assert "order: 8" in out
    assert "presentation: <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>" in out
    assert "P-portion: {a, b^2}" in out
    assert "period 2 from heap 8" in out


def test_sum_and_winning_move(capsys):
    status, out, _ = run(capsys, "misere", "0.75", "--heaps", "30", "--sum", "5,7,12")
    assert status == 0
    assert "sum 5 + 7 + 12: N" in out and "winning move: heap 5 -> 1 + 2" in out


def test_canonical_forms_of_heaps(capsys):
    status, out, _ = run(capsys, "misere", "0.77", "--heaps", "5")
    assert status == 0 and "*[2[2]321]" in out  # Kayles heap 5, CGSuite's example


def test_misere_value(capsys):
    status, out, _ = run(capsys, "misere-value", "*[2#0] + *[2]")
    assert status == 0
    assert "value: *[(2#0)[2]]" in out and "outcome: P" in out


def test_errors(capsys):
    status, _, err = run(capsys, "misere-value", "*[2#0")
    assert status == 2 and "'[' at column 2 is never closed" in err
    status, _, err = run(capsys, "misere", "0.07", "--heaps", "30", "--quotient", "--subtract", "1,2")
    assert status == 2 and "exactly one" in err
