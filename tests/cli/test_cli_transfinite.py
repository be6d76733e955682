"""`cgtkit surreal` and `cgtkit nimber`: CGSuite's text in and out, --json, bad input exits 2."""

import json

import pytest

from support.cli_run import lines, run


def test_surreal_one_value(capsys):
    status, out, err = run(capsys, "surreal", "omega - 1")
    assert status == 0 and err == ""
    assert lines(out) == {
        "value": "ω-1",
        "kind": "generalized ordinal (a difference of ordinals)",
        "sign": "1",
        "birthday": "ω+1",
    }


def test_surreal_two_values(capsys):
    status, out, _ = run(capsys, "surreal", "omega^omega", "1/(omega+1)")
    facts = lines(out)
    assert status == 0
    assert facts["sum"] == "(ω^(ω+1)+ω^ω+1)/(ω+1) (x + y)"  # CGSuite's EvalTest row
    assert facts["quotient"] == "ω^(ω+1)+ω^ω (x / y)" and facts["order"] == "x > y"
    assert facts["y birthday"].startswith("undefined: ")


def test_surreal_json(capsys):
    status, out, _ = run(capsys, "surreal", "--json", "1/3", "3/4")
    data = json.loads(out)
    assert status == 0
    assert data["x_value"] == "1/3" and data["x_birthday"] == "ω" and data["y_birthday"] == "3"
    assert data["sum"] == "13/12" and data["product"] == "1/4" and data["y_kind"] == "dyadic rational"


def test_nimber(capsys):
    status, out, _ = run(capsys, "nimber", "*omega", "*omega^omega")
    facts = lines(out)
    assert status == 0
    assert facts["x nimber"] == "*ω" and facts["x degree"].startswith("6 ")
    assert facts["y degree"].startswith("20 ")
    assert facts["nim product"] == "*ω^(ω+1) (x * y)" and facts["nim sum"] == "*(ω^ω+ω) (x + y)"
    status, out, _ = run(capsys, "nimber", "--json", "*ω")
    assert json.loads(out) == {"nimber": "*ω", "degree": 6, "inverse": "*(3ω^2)", "square_root": "*(2ω^2)"}


@pytest.mark.parametrize(
    "argv, message",
    [
        (["surreal", "2 $ 3"], "unexpected character '$' at column 3"),
        (["surreal", "1/0"], "division by zero at column 2"),
        (["surreal"], "give one or two values"),
        (["surreal", "1", "2", "3"], "give one or two values"),
        (["nimber", "*ω^ω^ω"], "not below ω^(ω^ω)"),
        (["nimber", "*(omega-1)"], "not an ordinal"),
    ],
)
def test_errors_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err.splitlines()[0]
