"""Drawing thermographs: a dependency-free SVG string, and matplotlib when installed.

CGT draws thermographs with **values increasing to the left** (Left is positive) and the
temperature increasing upward; the walls are drawn from t = -1 (CGSuite's subzero
domain) to a little above the temperature, then the mast continues up.  Coordinates
are computed from the exact walls and converted to floats only for the picture.

>>> from cgtkit.short.notation import game
>>> from cgtkit.short.thermography import thermograph
>>> svg = thermograph(game("{3||2*|1*}")).to_svg()
>>> svg.startswith("<svg") and "mast 9/4" in svg and "t = 3/4" in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional
from html import escape  # (xml.sax.saxutils pulls in urllib and email: 35 ms of every start)

from ..errors import CGTError
from ..numbers import Dyadic

if TYPE_CHECKING:  # pragma: no cover
    from .thermography import Thermograph, Trajectory

__all__ = ["thermograph_svg", "thermograph_plot", "wall_points"]


def _top(th: "Thermograph") -> Dyadic:
    """The highest temperature drawn: a margin above the mast's foot."""
    base = max(th.temperature, Dyadic(0))
    top: Dyadic = base + max(Dyadic(1), base.half())
    return top


def wall_points(wall: "Trajectory", top: Dyadic) -> list[tuple[Dyadic, Dyadic]]:
    """Exact (t, value) corners of a wall from t = -1 up to ``top``, bottom first."""
    ts = sorted({Dyadic(-1), *[p for p in wall.points if p < top], top})
    return [(t, wall(t)) for t in ts]


def thermograph_svg(th: "Thermograph", width: int = 360, height: int = 280, title: Optional[str] = None) -> str:
    """An SVG document with both walls, the mast and labelled axes: the mast's value at
    its top, a dashed line at the temperature (labelled ``t = T``) where the walls meet,
    the line t = 0 and the values at its ends.  Small sizes (``width < 300``) use a
    smaller margin and font, for a thumbnail beside a game's notation."""
    top = _top(th)
    left_pts = wall_points(th.left, top)
    right_pts = wall_points(th.right, top)
    values = [v for _, v in left_pts + right_pts]
    vmin, vmax = min(values), max(values)
    if vmin == vmax:
        vmin, vmax = vmin - 1, vmax + 1
    small = width < 300
    pad, font = (20, 9) if small else (40, 11)
    label = 5 * font  # a right margin for the labels of the lines t = 0 and t = T
    w_in, h_in = width - 2 * pad - label, height - 2 * pad

    def x(v: Dyadic) -> float:  # larger values further LEFT
        return pad + float(vmax - v) / float(vmax - vmin) * w_in

    def y(t: Dyadic) -> float:
        return pad + float(top - t) / float(top + 1) * h_in

    def poly(points: Iterable[tuple[Dyadic, Dyadic]], cls: str, colour: str) -> str:
        coords = " ".join(f"{x(v):.2f},{y(t):.2f}" for t, v in points)
        return f'<polyline class="{cls}" points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>'

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{font}">',
        f"<title>{escape(title or str(th))}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    # axes: t = 0 horizontal line, labelled in the right margin
    right = width - pad - label
    y0 = y(Dyadic(0))
    parts.append(f'<line class="axis" x1="{pad}" y1="{y0:.2f}" x2="{right}" y2="{y0:.2f}" stroke="#999"/>')
    parts.append(f'<text x="{right + 4}" y="{y0 + font / 3:.2f}">t = 0</text>')
    if not small:
        parts.append(f'<text x="{pad}" y="{height - 8}">value (Left, +) &#8592;  &#8594; (Right, -)</text>')
        parts.append(
            f'<text x="12" y="{pad}" transform="rotate(-90 12 {pad})" text-anchor="end">temperature &#8593;</text>'
        )
    # the temperature: a dashed line at the height where the walls meet the mast
    yt = y(th.temperature)
    parts.append(
        f'<line class="temperature" x1="{pad}" y1="{yt:.2f}" x2="{right}" y2="{yt:.2f}" '
        'stroke="#666" stroke-dasharray="4 3"/>'
    )
    parts.append(
        f'<text class="temperature-label" x="{right + 4}" y="{yt + font / 3:.2f}">'
        f"t = {escape(str(th.temperature))}</text>"
    )
    parts.append(poly(left_pts, "left-wall", "#1f4fd1"))
    parts.append(poly(right_pts, "right-wall", "#d12f1f"))
    xm = x(th.mast)
    parts.append(
        f'<line class="mast" x1="{xm:.2f}" y1="{yt:.2f}" x2="{xm:.2f}" y2="{pad / 2:.2f}" '
        'stroke="black" stroke-width="2"/>'
    )
    parts.append(
        f'<text class="mast-label" x="{xm + 4:.2f}" y="{pad / 2 + font:.2f}">mast {escape(str(th.mast))}</text>'
    )
    for v in sorted({vmin, vmax, th.mast}):  # the ends' labels stay inside the picture
        anchor = "start" if v == vmax else "end" if v == vmin else "middle"
        parts.append(f'<text x="{x(v):.2f}" y="{y0 + 2 * font + 4:.2f}" text-anchor="{anchor}">{escape(str(v))}</text>')
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
