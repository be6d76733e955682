"""What a thermograph's picture says (issue 31): the stops where the walls cross t = 0,
the mean and the temperature where the walls meet, each label clear of the walls and
of the other labels (checked from the SVG's coordinates), and alt text on every
picture a notebook shows."""

import xml.etree.ElementTree as ET

import pytest

from cgtkit import game
from cgtkit.short.thermography import stops, thermograph

SVG = "{http://www.w3.org/2000/svg}"
EM = 0.62  # a generous width of a sans-serif character, in ems


def texts(root: ET.Element) -> dict[str, str]:
    return {el.get("class"): el.text for el in root.iter(SVG + "text") if el.get("class")}


def box(el: ET.Element, font: float) -> tuple[float, float, float, float]:
    x, y, w = float(el.get("x")), float(el.get("y")), EM * font * len(el.text)
    anchor = el.get("text-anchor", "start")
    x0 = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    return (x0, y - 0.8 * font, x0 + w, y + 0.25 * font)


def segment_meets_box(p, q, b) -> bool:
    """Liang-Barsky: does the segment pq enter the box b = (x0, y0, x1, y1)?"""
    (x0, y0, x1, y1), (px, py), (qx, qy) = b, p, q
    lo, hi = 0.0, 1.0
    for d, low, high, start in ((qx - px, x0, x1, px), (qy - py, y0, y1, py)):
        if d == 0:
            if not low <= start <= high:
                return False
            continue
        t1, t2 = (low - start) / d, (high - start) / d
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo > hi:
            return False
    return True


def on_segment(r, p, q, eps=0.02) -> bool:
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    inside = (
        min(p[0], q[0]) - eps <= r[0] <= max(p[0], q[0]) + eps
        and min(p[1], q[1]) - eps <= r[1] <= max(p[1], q[1]) + eps
    )
    return inside and abs(cross) <= eps * max(1.0, abs(q[0] - p[0]) + abs(q[1] - p[1]))


def boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


GAMES = [
    "{3||2|1}",
    "{3/2|-3/2}",
    "{2|-1}",
    "{1/4|-1/4}",
    "{10|-10}",
    "{3||2*|1*}",
    "{1|0}",
    "{5|4}",
    "{0|-1/2}",
    "{4|1/2}",
    "{{2|1}|{0|-3}}",
    "5",
    "3/4",
    "^*",
    "{1/2|1/4}",
    "{100|99/64}",
]


@pytest.mark.parametrize("size", [(360, 280), (220, 150)])
@pytest.mark.parametrize("expr", GAMES)
def test_labels_say_the_stops_mean_and_temperature_and_touch_nothing(expr, size):
    g = game(expr)
    th = thermograph(g)
    root = ET.fromstring(th.to_svg(width=size[0], height=size[1]))
    font = float(root.get("font-size"))
    said = texts(root)
    left, right = stops(g)  # from the game, not from the walls
    if left == right:
        assert said["stop-label"] == str(left)
    else:
        assert said["left-stop-label"] == str(left) and said["right-stop-label"] == str(right)
    assert said["mast-label"] == f"mean {th.mast}"
    assert said["temperature-label"] == f"t = {th.temperature}"
    labels = [el for el in root.iter(SVG + "text") if el.get("transform") is None]
    boxes = [box(el, font) for el in labels]
    width, height = float(root.get("width")), float(root.get("height"))
    for b, el in zip(boxes, labels):
        assert 0 <= b[0] and b[2] <= width and 0 <= b[1] and b[3] <= height, el.text
    for i in range(len(boxes)):
        for j in range(i):
            assert not boxes_meet(boxes[i], boxes[j]), (labels[i].text, labels[j].text)
    for wall in root.iter(SVG + "polyline"):
        pts = [tuple(map(float, p.split(","))) for p in wall.get("points").split()]
        for b, el in zip(boxes, labels):
            assert not any(segment_meets_box(p, q, b) for p, q in zip(pts, pts[1:])), (el.text, wall.get("class"))


def test_the_stops_are_where_the_walls_cross_t_0():
    root = ET.fromstring(thermograph(game("{3||2|1}")).to_svg())
    axis = [el for el in root.iter(SVG + "line") if el.get("class") == "axis"][0]
    dots = {el.get("class"): el for el in root.iter(SVG + "circle")}
    for side in ("left-stop", "right-stop"):
        wall = [el for el in root.iter(SVG + "polyline") if el.get("class") == side.replace("stop", "wall")][0]
        pts = [tuple(map(float, p.split(","))) for p in wall.get("points").split()]
        x, y = float(dots[side].get("cx")), float(axis.get("y1"))
        assert any(on_segment((x, y), p, q) for p, q in zip(pts, pts[1:]))  # the dot is on the wall
        label = [el for el in root.iter(SVG + "text") if el.get("class") == side + "-label"][0]
        assert label.get("x") == dots[side].get("cx")  # centred under its crossing


def test_the_readme_picture_is_the_drawing_of_today():
    from pathlib import Path

    picture = Path(__file__).parent.parents[1] / "docs" / "images" / "thermograph.svg"
    said = texts(ET.parse(picture).getroot())
    assert said["left-stop-label"] == "3" and said["right-stop-label"] == "2"
    assert said["mast-label"] == "mean 9/4" and said["temperature-label"] == "t = 3/4"


def alt_of_svg(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    title = root.find(SVG + "title")
    assert title is not None and title.text and root.get("aria-label")
    return root.get("aria-label")


def test_every_svg_a_notebook_shows_has_alt_text():
    from cgtkit.rulesets import Domineering, HackenbushTree, ToadsAndFrogs
    from cgtkit.rulesets.hare_and_hounds import HareAndHounds

    g = game("{3||2|1}")
    html = g._repr_html_()
    inline = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    assert "Left stop 3, Right stop 2" in alt_of_svg(inline)
    assert "temperature 3/4" in alt_of_svg(thermograph(g)._repr_svg_())
    for position in (
        Domineering("..#|..."),
        HackenbushTree("L(R,G)"),
        ToadsAndFrogs("TT.F"),
        HareAndHounds("D..|D...H|D.."),
    ):
        assert str(position) in alt_of_svg(position._repr_svg_())


def test_a_grundy_plot_has_alt_text():
    pytest.importorskip("matplotlib")
    from cgtkit.heap import OctalGame

    html = OctalGame("0.77").sequence(100)._repr_html_()
    assert html.startswith("<img ") and 'alt="Scatter plot of the Grundy values of 0.77' in html
