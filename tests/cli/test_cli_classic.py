"""The classic problems on the command line (nim, coins, heaps, two-ends, cake, ...)."""

import json

from support.cli_run import run


def test_nim(capsys):
    status, out, _ = run(capsys, "nim", "3", "4", "5")
    assert status == 0 and "nim-sum: 2" in out and "heap 1: 3 -> 1" in out
    status, out, _ = run(capsys, "nim", "1", "2", "3")
    assert "outcome: P" in out and "winning move" not in out


def test_coins_and_heaps(capsys):
    _, out, _ = run(capsys, "coins", "10", "--take", "1,3,4")
    assert "A (moving first) wins." in out and "period 7" in out
    _, out, _ = run(capsys, "coins", "7", "--take", "1,3,4")
    assert "B (moving second) wins." in out
    _, out, _ = run(capsys, "heaps", "5", "6", "7", "--take", "1,3,4")
    assert "heap 5: Grundy value 3" in out and "nim-sum: 1" in out


def test_coins_with_huge_takes(capsys):
    # regression: --take 10**12 said "no period found" although no move is possible
    status, out, _ = run(capsys, "coins", "10", "--take", "10**12")
    assert status == 0
    assert "no move: every amount in the take-set is more than 10" in out and "B (moving second) wins." in out
    assert "period 2000000000000 after a preperiod of 0 (proven)" in out
    status, out, err = run(capsys, "coins", "10**13", "--take", "10**12,1000000000001")
    assert status == 2 and out == "" and "beyond reach" in err and "--limit" in err
    status, out, _ = run(capsys, "coins", "10", "--take", "10**12,1000000000001")
    assert status == 0 and "B (moving second) wins." in out and "period: not computed" in out
    status, out, _ = run(capsys, "heaps", "10**100", "7", "--take", "1,3,4")
    assert status == 0 and "heap 7: Grundy value 0" in out and "nim-sum: 2" in out


def test_two_ends_and_cake(capsys):
    _, out, _ = run(capsys, "two-ends", "--", "1", "-100", "1")
    assert "margin with best play: -98" in out and "game: take any number from either end" in out
    _, out, _ = run(capsys, "two-ends", "--one", "--", "1", "-100", "1")
    assert "margin with best play: -100" in out and "game: one coin from either end" in out
    _, out, _ = run(capsys, "two-ends", "--one", "--json", "8", "15", "3", "7")
    assert json.loads(out) == {"values": [8, 15, 3, 7], "game": "one coin", "margin": 11}
    _, out, _ = run(capsys, "cake-queries", "12x1", "1x2", "2x12", "--query", "1:2", "--query", "2:3")
    assert "[1, 2]: Yes" in out and "[2, 3]: No" in out


def test_errors_are_one_line_and_exit_2(capsys):
    status, _, err = run(capsys, "coins", "10", "--take", "0")
    assert status == 2 and "error: the take-set contains 0" in err
    status, _, err = run(capsys, "cake-queries", "12by1", "--query", "1:1")
    assert status == 2 and "WxH" in err
    status, _, err = run(capsys, "coins", "10", "--take", "a,b")
    assert status == 2 and err.count("\n") == 1 and "see cgtkit coins --help" in err
