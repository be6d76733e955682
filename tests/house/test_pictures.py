"""The pictures Jupyter shows: a game's notation with its thermograph when hot, ruleset
boards as SVG, a Grundy sequence's scatter plot with its period marked."""

import sys
import xml.etree.ElementTree as ET

import pytest

from cgtkit import game
from cgtkit.errors import CGTError
from cgtkit.heap import OctalGame, SubtractionGame
from cgtkit.rulesets import (
    Amazons,
    Clobber,
    Cram,
    Domineering,
    HackenbushGraph,
    HackenbushStalks,
    HackenbushTree,
    Kayles,
    Konane,
    ToadsAndFrogs,
)
from cgtkit.rulesets.backsliding_toads import BackslidingToadsAndFrogs
from cgtkit.rulesets.board_svg import grid_svg
from cgtkit.rulesets.foxandgeese import FoxAndGeese
from cgtkit.rulesets.hare_and_hounds import HareAndHounds
from cgtkit.short.thermography import thermograph

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and int(root.get("width")) > 0 and int(root.get("height")) > 0
    return root


def with_class(root: ET.Element, prefix: str) -> list[ET.Element]:
    return [el for el in root.iter() if (el.get("class") or "").split(" ")[0] == prefix]


# --- games -----------------------------------------------------------------------------
def test_a_hot_game_shows_notation_outcome_and_its_thermograph():
    html = game("{3||2|1}")._repr_html_()
    assert "<code>{3||2|1}</code>" in html and "outcome L, temperature 3/4" in html
    svg = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    root = parse(svg)
    assert len(with_class(root, "mast")) == 1 and len(with_class(root, "left-wall")) == 1


@pytest.mark.parametrize("expr, temperature", [("^*", "0"), ("3/4", "-1/4"), ("5", "-1"), ("*2", "0")])
def test_a_cold_or_tepid_game_has_no_thermograph(expr, temperature):
    html = game(expr)._repr_html_()
    assert "<svg" not in html and f"temperature {temperature}" in html


def test_the_thermograph_labels_the_mast_and_the_temperature_where_the_walls_meet():
    th = thermograph(game("{3||2|1}"))  # mast 9/4, temperature 3/4 (Winning Ways' example)
    root = parse(th.to_svg())
    line = with_class(root, "temperature")[0]
    mast = with_class(root, "mast")[0]
    assert line.get("y1") == line.get("y2") == mast.get("y1")  # the mast stands on the temperature line
    foot = f"{mast.get('x1')},{line.get('y1')}"
    for wall in with_class(root, "left-wall") + with_class(root, "right-wall"):
        assert foot in wall.get("points").split()  # each wall reaches the mast's foot at t = 3/4
    assert with_class(root, "temperature-label")[0].text == "t = 3/4"
    assert with_class(root, "mast-label")[0].text == "mean 9/4"


# --- boards ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "position, cells, black, white",
    [
        (Domineering("..#|...|.##"), 9, 0, 0),
        (Cram("...|..."), 6, 0, 0),
        (Clobber("xo.|ox."), 6, 2, 2),
        (Konane("xxo|.o."), 6, 2, 2),
        (Amazons("x...|.#..|...o"), 12, 1, 1),
    ],
)
def test_a_board_has_one_square_per_cell_and_one_stone_per_stone(position, cells, black, white):
    root = parse(position._repr_svg_())
    assert len(with_class(root, "cell")) == cells
    stones = [el.get("class") for el in with_class(root, "stone")]
    assert stones.count("stone black" + (" amazon" if isinstance(position, Amazons) else "")) == black
    assert len(stones) == black + white
    filled = [el for el in with_class(root, "cell") if el.get("fill") == "#555"]
    assert len(filled) == str(position).count("#")


def test_toads_and_frogs_strips():
    for position in (ToadsAndFrogs("TT.F.F"), BackslidingToadsAndFrogs("tt.f.f")):
        root = parse(position._repr_svg_())
        assert len(with_class(root, "cell")) == 6
        assert len(with_class(root, "toad")) == 2 and len(with_class(root, "frog")) == 2
        assert [el.get("x") for el in with_class(root, "cell")][:2] == ["4", "40"]


def test_fox_and_geese_board():
    p = FoxAndGeese(geese=[(3, 1), (3, 3), (3, 5), (3, 7)], fox=(1, 5))
    root = parse(p._repr_svg_())
    assert len(with_class(root, "goose")) == 4 and len(with_class(root, "fox")) == 1
    assert len(with_class(root, "cell")) + len(with_class(root, "light")) == 3 * 8


def test_hare_and_hounds_board():
    p = HareAndHounds("D..|D...H|D..")
    root = parse(p._repr_svg_())
    assert len(with_class(root, "hound")) == 3 and len(with_class(root, "hare")) == 1
    assert len(with_class(root, "point")) == 11 - 4
    assert len(with_class(root, "line")) == 22  # the classic board's lines (each once)
    hare = with_class(root, "hare")[0].find("{http://www.w3.org/2000/svg}circle")
    hound = with_class(root, "hound")[0].find("{http://www.w3.org/2000/svg}circle")
    assert int(hare.get("cx")) > int(hound.get("cx"))  # the hare on the right end


@pytest.mark.parametrize(
    "position, colours",
    [
        (HackenbushStalks("LRL,LL,G"), ["blue", "red", "blue", "blue", "blue", "green"]),
        (HackenbushTree("L(R,G(G,L))"), ["blue", "red", "green", "green", "blue"]),
        (HackenbushGraph("g-a:L a-b:R b-g:G a-a:G a-b:L"), ["blue", "red", "green", "green", "blue"]),
    ],
)
def test_hackenbush_draws_each_edge_in_its_colour(position, colours):
    root = parse(position._repr_svg_())
    assert [el.get("class").split()[1] for el in with_class(root, "edge")] == colours
    assert len(with_class(root, "ground")) == 1


def test_a_tree_stands_its_branches_on_their_parent():
    root = parse(HackenbushTree("L(R,G)")._repr_svg_())
    trunk, left, right = with_class(root, "edge")
    top = (trunk.get("x2"), trunk.get("y2"))
    assert (left.get("x1"), left.get("y1")) == top == (right.get("x1"), right.get("y1"))
    assert int(left.get("x2")) < int(top[0]) < int(right.get("x2"))  # the trunk stands between its branches


def test_kayles_draws_its_pins():
    root = parse(Kayles("xx.x")._repr_svg_())
    assert len(with_class(root, "cell")) == 4 and len(with_class(root, "stone")) == 3


def test_a_position_too_big_to_draw_shows_as_text():
    assert Kayles("x" * 5000)._repr_svg_() is None
    assert Domineering.rectangle(70, 70)._repr_svg_() is None
    assert HackenbushStalks("L" * 5000)._repr_svg_() is None
    assert Domineering.rectangle(60, 60)._repr_svg_() is not None


def test_text_is_escaped():
    root = parse(grid_svg(["x."], "a <b> & 'c'"))
    assert root.find(SVG + "title").text == "a <b> & 'c'"


# --- Grundy sequences ------------------------------------------------------------------
def test_a_sequence_carries_its_values_and_period():
    seq = SubtractionGame([1, 3, 4]).sequence(30)
    assert seq[:8].tolist() == [0, 1, 0, 1, 2, 3, 2, 0]  # the coin game's values (Winning Ways ch. 4)
    assert (seq.preperiod, seq.period) == (0, 7)


def test_the_plot_marks_the_preperiod_and_the_period():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seq = OctalGame("0.07").sequence(200)  # Dawson's Kayles: preperiod 53, period 34
    ax = seq.plot()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["G(n)", "preperiod 53", "period 34"]
    period = ax.patches[1].get_path().transformed(ax.patches[1].get_patch_transform()).get_extents()
    assert (period.x0, period.x1) == (52.5, 86.5)  # heaps 53 .. 86: the first period
    assert len(ax.collections[0].get_offsets()) == 200
    plt.close(ax.figure)
    png = seq._repr_png_()
    assert png.startswith(b"\x89PNG") and len(png) > 1000


def test_without_matplotlib_plot_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    seq = SubtractionGame([1, 2]).sequence(10)
    with pytest.raises(CGTError, match=r"pip install 'cgtkit\[plot\]'"):
        seq.plot()
    assert seq._repr_png_() is None  # Jupyter then shows the text form
