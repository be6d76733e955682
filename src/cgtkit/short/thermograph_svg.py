"""Drawing thermographs: a dependency-free SVG string, and matplotlib when installed.

CGT draws thermographs with **values increasing to the left** (Left is positive) and the
temperature increasing upward; the walls are drawn from t = -1 (CGSuite's subzero
domain) to a little above the temperature, then the mast continues up.  Coordinates
are computed from the exact walls and converted to floats only for the picture.

>>> from cgtkit.short.notation import game
>>> from cgtkit.short.thermography import thermograph
>>> svg = thermograph(game("{3||2*|1*}")).to_svg()
>>> svg.startswith("<svg") and "mean 9/4" in svg and "t = 3/4" in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional
from html import escape  # (xml.sax.saxutils pulls in urllib and email: 35 ms of every start)

from ..errors import CGTError
from ..numbers import Dyadic

if TYPE_CHECKING:  # pragma: no cover
    from .thermography import Thermograph, Trajectory

__all__ = ["thermograph_svg", "thermograph_plot", "wall_points", "label_box", "describe"]


def _top(th: "Thermograph") -> Dyadic:
    """The highest temperature drawn: a margin above the mast's foot."""
    base = max(th.temperature, Dyadic(0))
    top: Dyadic = base + max(Dyadic(1), base.half())
    return top


def wall_points(wall: "Trajectory", top: Dyadic) -> list[tuple[Dyadic, Dyadic]]:
    """Exact (t, value) corners of a wall from t = -1 up to ``top``, bottom first."""
    ts = sorted({Dyadic(-1), *[p for p in wall.points if p < top], top})
    return [(t, wall(t)) for t in ts]


def _text_width(text: str, font: float) -> float:
    """A generous estimate of a sans-serif label's width (0.62 em a character)."""
    return 0.62 * font * len(text)


def label_box(x: float, y: float, text: str, anchor: str, font: float) -> tuple[float, float, float, float]:
    """The box ``(x0, y0, x1, y1)`` a label drawn at baseline ``(x, y)`` covers (estimated)."""
    w = _text_width(text, font)
    x0 = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
    return (x0, y - 0.8 * font, x0 + w, y + 0.25 * font)


def _label(cls: str, x: float, y: float, text: str, anchor: str = "start") -> str:
    return f'<text class="{cls}" x="{x:.2f}" y="{y:.2f}" text-anchor="{anchor}">{escape(text)}</text>'


def describe(th: "Thermograph") -> str:
    """A sentence for the picture's alt text: the stops, the mean and the temperature."""
    lstop, rstop = th.left(Dyadic(0)), th.right(Dyadic(0))
    return (
        f"Left stop {lstop}, Right stop {rstop}; the walls meet at temperature {th.temperature} "
        f"and the mast stands at the mean {th.mast}."
    )


def thermograph_svg(th: "Thermograph", width: int = 360, height: int = 280, title: Optional[str] = None) -> str:
    """An SVG document with both walls, the mast and labelled axes: the stops where the
    walls cross t = 0 (below the picture, each under its crossing), the mean at the
    mast's top, and a dashed line at the temperature (labelled ``t = T``) where the
    walls meet.  No label touches a wall or another label: the stops sit below the
    walls' lowest point, the ``t =`` labels in a right margin the walls never enter,
    the mean above the walls' top.  The document carries a ``<title>``, a ``<desc>``
    and an ``aria-label`` (its alt text).  Small sizes (``width < 300``) use a smaller
    margin and font, for a thumbnail beside a game's notation."""
    zero = Dyadic(0)
    top = _top(th)
    left_pts = wall_points(th.left, top)
    right_pts = wall_points(th.right, top)
    values = [v for _, v in left_pts + right_pts]
    vmin, vmax = min(values), max(values)
    if vmin == vmax:
        vmin, vmax = vmin - 1, vmax + 1
    small = width < 300
    pad, font = (20, 9) if small else (40, 11)
    t_text = f"t = {th.temperature}"
    label = 12 + max(_text_width("t = 0", font), _text_width(t_text, font))  # the right margin, for the t = labels
    bottom = pad // 2 + font + 6 + (0 if small else font + 6)  # the stops' row and the value caption
    w_in, h_in = width - 2 * pad - label, height - pad - bottom

    def x(v: Dyadic) -> float:  # larger values further LEFT
        return pad + float(vmax - v) / float(vmax - vmin) * w_in

    def y(t: Dyadic) -> float:
        return pad + float(top - t) / float(top + 1) * h_in

    def poly(points: Iterable[tuple[Dyadic, Dyadic]], cls: str, colour: str) -> str:
        coords = " ".join(f"{x(v):.2f},{y(t):.2f}" for t, v in points)
        return f'<polyline class="{cls}" points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>'

    name = title or f"Thermograph {th}"
    alt = f"{name}. {describe(th)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{font}" '
        f'role="img" aria-label="{escape(alt)}">',
        f"<title>{escape(name)}</title>",
        f"<desc>{escape(describe(th))}</desc>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    right = width - pad - label
    y0, yt, ybase = y(zero), y(th.temperature), y(Dyadic(-1))
    # the lines t = 0 and t = T, labelled in the right margin (the T label moved off the
    # t = 0 label when the two lines are closer than a line of text)
    parts.append(f'<line class="axis" x1="{pad}" y1="{y0:.2f}" x2="{right:.2f}" y2="{y0:.2f}" stroke="#999"/>')
    parts.append(
        f'<line class="temperature" x1="{pad}" y1="{yt:.2f}" x2="{right:.2f}" y2="{yt:.2f}" '
        'stroke="#666" stroke-dasharray="4 3"/>'
    )
    y0_text, yt_text = y0 + font / 3, yt + font / 3
    if th.temperature != zero:
        parts.append(_label("axis-label", right + 8, y0_text, "t = 0"))
        if abs(yt_text - y0_text) < font + 2:
            yt_text = y0_text + (-(font + 2) if th.temperature > zero else font + 2)
    parts.append(_label("temperature-label", right + 8, yt_text, t_text))
    if not small:
        parts.append(f'<text x="{pad}" y="{height - pad // 2:.2f}">value (Left, +) &#8592;  &#8594; (Right, -)</text>')
        parts.append(
            f'<text x="12" y="{pad}" transform="rotate(-90 12 {pad})" text-anchor="end">temperature &#8593;</text>'
        )
    parts.append(poly(left_pts, "left-wall", "#1f4fd1"))
    parts.append(poly(right_pts, "right-wall", "#d12f1f"))
    # the mast, and the mean above the walls' top, beside the mast (on its left when
    # the right side has no room)
    xm = x(th.mast)
    parts.append(
        f'<line class="mast" x1="{xm:.2f}" y1="{yt:.2f}" x2="{xm:.2f}" y2="{pad / 2:.2f}" '
        'stroke="black" stroke-width="2"/>'
    )
    mean = f"mean {th.mast}"
    fits = xm + 4 + _text_width(mean, font) <= width - 2
    parts.append(_label("mast-label", xm + 4 if fits else xm - 4, pad / 2 + font, mean, "start" if fits else "end"))
    # the stops: a dot where each wall crosses t = 0, a dotted drop to the stops' row
    # below the walls, and the value there (one label when the stops are equal)
    ys = ybase + font + 3
    stops = [("left-stop", th.left(zero)), ("right-stop", th.right(zero))]
    for cls, v in stops:
        xs = x(v)
        parts.append(f'<circle class="{cls}" cx="{xs:.2f}" cy="{y0:.2f}" r="3" fill="black"/>')
        parts.append(
            f'<line class="{cls}-drop" x1="{xs:.2f}" y1="{y0:.2f}" x2="{xs:.2f}" y2="{ybase + 2:.2f}" '
            'stroke="#999" stroke-dasharray="1 2"/>'
        )
    (_, lv), (_, rv) = stops
    xl, xr = x(lv), x(rv)  # xl <= xr: the Left stop is the larger value
    lt, rt = str(lv), str(rv)
    if lv == rv:
        parts.append(_label("stop-label", xl, ys, lt, "middle"))
    else:
        half_l, half_r = _text_width(lt, font) / 2, _text_width(rt, font) / 2
        if xl + half_l + 4 <= xr - half_r:  # room for both centred under their crossings
            parts.append(_label("left-stop-label", xl, ys, lt, "middle"))
            parts.append(_label("right-stop-label", xr, ys, rt, "middle"))
        else:  # back to back about the midpoint between the crossings
            mid = (xl + xr) / 2
            parts.append(_label("left-stop-label", mid - 3, ys, lt, "end"))
            parts.append(_label("right-stop-label", mid + 3, ys, rt, "start"))
    parts.append("</svg>")
    return "\n".join(parts)


def thermograph_plot(th: "Thermograph", ax: Any = None, **style: Any) -> Any:
    """Draw the thermograph on a matplotlib ``ax`` (value axis inverted: Left is left)."""
    try:
        import matplotlib.pyplot as plt  # noqa: F401  (optional dependency)
    except ImportError as exc:  # pragma: no cover - depends on the machine
        raise CGTError("Thermograph.plot needs matplotlib: pip install matplotlib (or use to_svg())") from exc
    if ax is None:
        _, ax = plt.subplots()
    top = _top(th)
    for wall, colour, label in ((th.left, "tab:blue", "left wall"), (th.right, "tab:red", "right wall")):
        pts = wall_points(wall, top)
        ax.plot([float(v) for _, v in pts], [float(t) for t, _ in pts], color=colour, label=label, **style)
    ax.plot([float(th.mast)] * 2, [float(th.temperature), float(top)], color="black", label="mast", **style)
    if not ax.xaxis_inverted():
        ax.invert_xaxis()
    ax.set_xlabel("value (Left is positive, drawn to the left)")
    ax.set_ylabel("temperature")
    return ax
