"""`cgtkit value EXPR --all`, `cgtkit analyse EXPR` and `cgtkit thermograph EXPR --svg FILE`.

Expected values: {3|-2} is a switch (Lessons in Play ch. 6: stops 3 and -2, mean 1/2,
temperature 5/2); misère by hand (each move leaves the other player without a move, who
then wins: P); {3||2*|1*} and ^ from CGSuite's CanonicalShortGameTestCase.scala.
"""

import xml.etree.ElementTree as ET

import pytest
from support.cli_run import lines as facts
from support.cli_run import run


SWITCH = {
    "value": "{3|-2}",
    "outcome": "N (the first player wins)",
    "number": "no (not a number)",
    "birthday": "4",
    "misere outcome": "P",
    "left stop": "3",
    "right stop": "-2",
    "mean": "1/2",
    "temperature": "5/2",
    "confusion interval": "[-2, 3]",
    "thermograph": "Thermograph(1/2,[5/2],[0,-1],1/2,[5/2],[0,1])",
    "freeze": "1/2*",
    "reduced canonical form": "{3|-2}",
    "infinitesimal": "false",
    "numberish": "false",
    "all-small": "false",
    "atomic": "false",
    "atomic weight": "none (not atomic)",
    "companion": "{3|-2}",
    "uptimal expansion": "none (not uptimal)",
    "temper": "odd",
    "even": "false",
    "odd": "false",
    "incentives": "{{5|0}}",
    "left incentives": "{{5|0}}",
    "right incentives": "{{5|0}}",
}


def test_value_all_prints_every_property(capsys):
    status, out, err = run(capsys, "value", "{3|-2}", "--all")
    assert status == 0 and err == ""
    assert facts(out) == SWITCH
    assert out.splitlines()[0] == "value: {3|-2}"


def test_value_without_all_is_unchanged(capsys):
    status, out, _ = run(capsys, "value", "{3|-2}")
    assert status == 0 and set(facts(out)) == {"value", "outcome", "number", "birthday"}


def test_value_all_for_an_infinitesimal(capsys):
    # CGSuite: ^ has atomic weight 1, companion ^*, uptimal expansion 0.1, incentives {^*}
    status, out, _ = run(capsys, "value", "^", "--all")
    f = facts(out)
    assert status == 0
    assert f["atomic weight"] == "1" and f["atomic"] == "true" and f["companion"] == "^*"
    assert f["uptimal expansion"] == "0.1" and f["incentives"] == "{^*}" and f["left incentives"] == "{v}"
    assert f["temperature"] == "0" and f["misere outcome"] == "R" and f["all-small"] == "true"


def test_value_all_with_the_example_game(capsys):
    status, out, _ = run(capsys, "value", "--example-game", "3", "--all")
    assert status == 0 and "thermograph" in facts(out)


def test_analyse_prints_the_same_properties(capsys):
    # the same facts in the same words as cgtkit value --all (one formatter: cli.describe)
    status, out, _ = run(capsys, "analyse", "{3|-2}")
    assert status == 0
    assert facts(out) == SWITCH


def test_analyse_cgsuite_game(capsys):
    status, out, _ = run(capsys, "analyse", "{3||2*|1*}")
    f = facts(out)
    assert f["thermograph"] == "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
    assert f["freeze"] == "9/4*" and f["reduced canonical form"] == "{3||2|1}" and f["temper"] == "odd"


def test_thermograph_writes_svg(capsys, tmp_path):
    target = tmp_path / "out.svg"
    status, out, err = run(capsys, "thermograph", "{3||2|1}", "--svg", str(target))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "value: {3||2|1}"
    assert "thermograph: Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])" in lines
    assert "t = 1/2: left wall 5/2, right wall 2" in lines
    assert lines[-1] == f"svg: {target}"
    root = ET.parse(target).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    classes = [el.get("class") for el in root.iter() if el.get("class")]
    assert classes.count("left-wall") == 1 and classes.count("right-wall") == 1 and classes.count("mast") == 1
    assert root.find(ns + "title").text == "Thermograph of {3||2|1}"


def test_thermograph_svg_to_a_bad_path(capsys, tmp_path):
    status, _, err = run(capsys, "thermograph", "^", "--svg", str(tmp_path / "missing" / "x.svg"))
    assert status == 2 and "cannot write" in err


@pytest.mark.parametrize("argv", [["analyse"], ["thermograph"], ["value", "{1|", "--all"]])
def test_errors(capsys, argv):
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.startswith(f"cgtkit {argv[0]}: error:")
