"""Drawing ruleset positions as SVG: boards of cells (Domineering, Cram, Clobber,
Konane, Amazons, Fox and Geese), a Toads and Frogs strip, Hackenbush trees and
graphs standing on the ground, and a board of points and lines (Hare and Hounds).

Each position class's ``_repr_svg_`` (what Jupyter shows) calls one function here
with the position's plain description (its rows, its strip, its edges), so this module
knows no position class.  Every picture carries its title as alt text (``<title>``
and ``aria-label``).  Coordinates are whole pixels; text is escaped.  Colours
follow the convention Left = blue/black, Right = red/white.  A position too big to be
worth a picture (more than :data:`MAX_ITEMS` squares or edges) gives None, and Jupyter
shows its text instead.

>>> svg = grid_svg(["x.o", "#.."], "Clobber")
>>> svg.startswith("<svg") and svg.count('class="cell"') == 6 and svg.count('class="stone ') == 2
True
>>> svg = hackenbush_svg([(0, "L"), (1, "R"), (1, "G")], "L(R,G)")
>>> svg.count('class="edge ') == 3 and 'class="ground"' in svg
True
>>> strip_svg("x" * 10_000, "a long row") is None
True
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Optional, Sequence

__all__ = ["grid_svg", "strip_svg", "hackenbush_svg", "hackenbush_graph_svg", "hunt_svg", "MAX_ITEMS"]

MAX_ITEMS = 4096  # squares or edges: beyond this a position has no picture

CELL = 36  # pixels per square
MARGIN = 4
_COLOURS = {"L": "#1f4fd1", "R": "#d12f1f", "G": "#1f9d3a"}  # blue, red, green edges
_EDGE_NAMES = {"L": "blue", "R": "red", "G": "green"}


def _document(width: int, height: int, title: str, body: Iterable[str]) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" aria-label="{escape(title)}">',
            f"<title>{escape(title)}</title>",
            *body,
            "</svg>",
        ]
    )


def _stone(cx: int, cy: int, kind: str) -> str:
    fill, stroke = ("black", "black") if kind == "black" else ("white", "black")
    r = CELL * 3 // 8
    return (
        f'<circle class="stone {kind}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    )


def _piece(cx: int, cy: int, cls: str, label: str, fill: str, ink: str) -> str:
    r = CELL * 3 // 8
    return (
        f'<g class="{cls}"><circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="black" stroke-width="2"/>'
        f'<text x="{cx}" y="{cy + CELL // 6}" text-anchor="middle" font-size="{CELL // 2}" fill="{ink}">'
        f"{escape(label)}</text></g>"
    )


def grid_svg(rows: Sequence[str], title: str, amazons: bool = False, checkered: bool = False) -> Optional[str]:
    """A board of square cells, one character each: ``.`` empty, ``#`` filled (a
    placed domino, an Amazons arrow), ``x`` a black stone (Left's), ``o`` a white one
    (Right's), `` `` a light square of a checkered board (Fox and Geese), ``G`` a goose
    and ``F`` the fox.  With ``amazons`` the stones are drawn as amazons (queens)."""
    h, w = len(rows), max((len(r) for r in rows), default=0)
    if h * w > MAX_ITEMS:
        return None
    width, height = w * CELL + 2 * MARGIN, h * CELL + 2 * MARGIN
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>']
    half = CELL // 2
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            x, y = MARGIN + j * CELL, MARGIN + i * CELL
            if checkered and ch == " ":
                body.append(f'<rect class="light" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f3e6c8"/>')
                continue
            fill = "#555" if ch == "#" else "#b58863" if checkered else "#f4f4f4"
            body.append(
                f'<rect class="cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#333"/>'
            )
            cx, cy = x + half, y + half
            if ch in "xo":
                kind = "black" if ch == "x" else "white"
                if amazons:
                    ink = "white" if ch == "x" else "black"
                    body.append(_piece(cx, cy, f"stone {kind} amazon", "\u265b", kind, ink))
                else:
                    body.append(_stone(cx, cy, kind))
            elif ch == "G":
                body.append(_piece(cx, cy, "goose", "G", "white", "black"))
            elif ch == "F":
                body.append(_piece(cx, cy, "fox", "F", "#e07b18", "white"))
    return _document(width, height, title, body)


def strip_svg(strip: str, title: str) -> Optional[str]:
    """A Toads and Frogs strip: ``T`` a toad (Left's, blue, moves right), ``F`` a frog
    (Right's, red, moves left), ``.`` an empty square."""
    if len(strip) > MAX_ITEMS:
        return None
    strip = strip.upper()
    width, height = max(len(strip), 1) * CELL + 2 * MARGIN, CELL + 2 * MARGIN
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>']
    for j, ch in enumerate(strip):
        x = MARGIN + j * CELL
        body.append(
            f'<rect class="cell" x="{x}" y="{MARGIN}" width="{CELL}" height="{CELL}" fill="#f4f4f4" stroke="#333"/>'
        )
        if ch in "TF":
            fill, cls = (_COLOURS["L"], "toad") if ch == "T" else (_COLOURS["R"], "frog")
            body.append(_piece(x + CELL // 2, MARGIN + CELL // 2, cls, ch, fill, "white"))
    return _document(width, height, title, body)


def _edge(x1: int, y1: int, x2: int, y2: int, colour: str) -> str:
    return (
        f'<line class="edge {_EDGE_NAMES[colour]}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
        f'stroke="{_COLOURS[colour]}" stroke-width="4" stroke-linecap="round"/>'
    )


def _dot(x: int, y: int) -> str:
    return f'<circle class="vertex" cx="{x}" cy="{y}" r="3" fill="black"/>'


def hackenbush_svg(edges: Sequence[tuple[int, str]], title: str) -> Optional[str]:
    """A forest of Hackenbush trees on the ground, from its edges in preorder as
    ``(depth, colour)`` pairs (what ``cgtkit.rulesets.hackenbush.parse_tree`` returns;
    a stalk is a tree without branches).  Leaves get a column each, left to right; an
    edge with branches stands above the middle of them (computed leaves first, without
    recursion)."""
    n = len(edges)
    if n > MAX_ITEMS:
        return None
    parent = [-1] * n
    stack: list[int] = []
    for i, (d, _) in enumerate(edges):
        del stack[d:]
        parent[i] = stack[-1] if stack else -1
        stack.append(i)
    has_kids = [False] * n
    for p in parent:
        if p >= 0:
            has_kids[p] = True
    column = [0.0] * n  # the x of each edge's top vertex, in columns
    leaves = 0
    for i in range(n):
        if not has_kids[i]:
            column[i] = float(leaves)
            leaves += 1
    kids_x: list[list[float]] = [[] for _ in range(n)]
    for i in reversed(range(n)):
        if has_kids[i]:
            column[i] = (min(kids_x[i]) + max(kids_x[i])) / 2
        if parent[i] >= 0:
            kids_x[parent[i]].append(column[i])
    step = CELL
    depth = max((d for d, _ in edges), default=0) + 1
    width = max(leaves, 1) * step + 2 * MARGIN
    ground = MARGIN + depth * step + step // 2
    height = ground + MARGIN + step // 2

    def x_of(c: float) -> int:
        return MARGIN + step // 2 + round(c * step)

    def y_of(level: int) -> int:
        return ground - level * step

    body = [
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<rect class="ground" x="0" y="{ground}" width="{width}" height="{height - ground}" fill="#8a7a5c"/>',
    ]
    dots = []
    for i, (d, colour) in enumerate(edges):
        top_x = x_of(column[i])
        bottom_x = top_x if parent[i] < 0 else x_of(column[parent[i]])
        body.append(_edge(bottom_x, y_of(d), top_x, y_of(d + 1), colour))
        dots.append(_dot(top_x, y_of(d + 1)))
    return _document(width, height, title, body + dots)


def hackenbush_graph_svg(edges: Sequence[tuple[str, str, str]], title: str, ground: str = "g") -> Optional[str]:
    """A Hackenbush graph, from its edges ``(u, v, colour)``: the ground is the strip
    at the bottom, every other vertex stands at its distance from the ground (breadth
    first), spread evenly along its level; a loop is a small circle on its vertex and
    parallel edges bow apart."""
    if len(edges) > MAX_ITEMS:
        return None
    level = {ground: 0}
    frontier = [ground]
    while frontier:
        nxt = []
        for a in frontier:
            for u, v, _ in edges:
                for here, there in ((u, v), (v, u)):
                    if here == a and there not in level:
                        level[there] = level[a] + 1
                        nxt.append(there)
        frontier = nxt
    for u, v, _ in edges:  # (parsing keeps only grounded edges; be safe anyway)
        for w in (u, v):
            level.setdefault(w, 1)
    rows: dict[int, list[str]] = {}
    for name, lv in level.items():
        if name != ground:
            rows.setdefault(lv, []).append(name)
    widest = max((len(r) for r in rows.values()), default=1)
    step = 2 * CELL
    width = widest * step + 2 * MARGIN
    top = max(rows, default=1)
    ground_y = MARGIN + top * step + step // 2
    height = ground_y + MARGIN + CELL // 2
    pos: dict[str, tuple[int, int]] = {}
    for lv, names in rows.items():
        gap = (width - 2 * MARGIN) // len(names)
        for k, name in enumerate(names):
            pos[name] = (MARGIN + gap * k + gap // 2, ground_y - lv * step)
    body = [
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<rect class="ground" x="0" y="{ground_y}" width="{width}" height="{height - ground_y}" fill="#8a7a5c"/>',
    ]
    seen: dict[tuple[str, str], int] = {}
    for u, v, colour in edges:
        a, b = sorted((u, v))
        k = seen.get((a, b), 0)
        seen[(a, b)] = k + 1
        if a == b:  # a loop
            x, y = pos.get(a, (width // 2, ground_y))
            r = CELL // 3 + 4 * k
            body.append(
                f'<circle class="edge {_EDGE_NAMES[colour]}" cx="{x}" cy="{y - r}" r="{r}" fill="none" '
                f'stroke="{_COLOURS[colour]}" stroke-width="4"/>'
            )
            continue
        p = pos.get(u) or (pos[v][0], ground_y)
        q = pos.get(v) or (pos[u][0], ground_y)
        if k == 0:
            body.append(_edge(p[0], p[1], q[0], q[1], colour))
        else:  # bow a parallel edge to alternate sides, across the straight one
            bend = (CELL // 2) * ((k + 1) // 2) * (1 if k % 2 else -1)
            dx, dy = q[0] - p[0], q[1] - p[1]
            length = max(1.0, (dx * dx + dy * dy) ** 0.5)
            mx = (p[0] + q[0]) // 2 + round(-dy / length * 2 * bend)
            my = (p[1] + q[1]) // 2 + round(dx / length * 2 * bend)
            body.append(
                f'<path class="edge {_EDGE_NAMES[colour]}" d="M {p[0]} {p[1]} Q {mx} {my} {q[0]} {q[1]}" '
                f'fill="none" stroke="{_COLOURS[colour]}" stroke-width="4"/>'
            )
    body.extend(_dot(x, y) for x, y in pos.values())
    return _document(width, height, title, body)


def hunt_svg(
    points: Sequence[tuple[int, int]], lines: Sequence[Sequence[int]], cells: str, title: str
) -> Optional[str]:
    """A board of points joined by lines (Hare and Hounds): ``points[k]`` is point k's
    ``(column, row)``, ``lines[k]`` the points joined to it, ``cells[k]`` what stands
    there: ``D`` a hound (Left's, blue), ``H`` the hare (Right's, red), ``.`` nothing."""
    if len(points) > MAX_ITEMS:
        return None
    step = 2 * CELL
    cols = max((c for c, _ in points), default=0) + 1
    rows = max((r for _, r in points), default=0) + 1
    width, height = (cols - 1) * step + CELL + 2 * MARGIN, (rows - 1) * step + CELL + 2 * MARGIN

    def at(k: int) -> tuple[int, int]:
        c, r = points[k]
        return MARGIN + CELL // 2 + c * step, MARGIN + CELL // 2 + r * step

    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>']
    for k, others in enumerate(lines):
        x1, y1 = at(k)
        for j in others:
            if j > k:
                x2, y2 = at(j)
                body.append(
                    f'<line class="line" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333" stroke-width="2"/>'
                )
    for k, ch in enumerate(cells):
        x, y = at(k)
        if ch == "D":
            body.append(_piece(x, y, "hound", "D", _COLOURS["L"], "white"))
        elif ch == "H":
            body.append(_piece(x, y, "hare", "H", _COLOURS["R"], "white"))
        else:
            body.append(f'<circle class="point" cx="{x}" cy="{y}" r="5" fill="#333"/>')
    return _document(width, height, title, body)
