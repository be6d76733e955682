"""The random graphs the tests draw, in one place: graphs of Col, Snort and Arc Kayles
(as text), Hackenbush pictures (as text), and loopy game graphs (edge lists)."""

from __future__ import annotations

import random

from cgtkit.loopy import LoopyGraph


def graph_text(rng: random.Random, n: int, p: float, tints: bool, named: bool = False) -> str:
    """A graph on ``n`` vertices, each edge with probability ``p``, a third of the
    vertices tinted at random when ``tints``; vertices ``0 .. n-1``, or random names in
    a shuffled text when ``named``."""
    names = (
        rng.sample([f"v{i}" for i in range(40)] + list("abcdefghijklmnop"), n) if named else list(map(str, range(n)))
    )
    items = [f"{a}-{b}" for i, a in enumerate(names) for b in names[i + 1 :] if rng.random() < p]
    items += [f"{v}[{rng.choice('LR')}]" if tints and rng.random() < 0.3 else v for v in names]
    if named:
        rng.shuffle(items)
    return " ".join(items)


def hackenbush_text(rng: random.Random, vertices: int, edges: int, colours: str = "LRG") -> str:
    """Random edges among ``g`` and ``vertices`` others: loops, parallel edges and
    parts not joined to the ground all possible."""
    names = ["g"] + [f"v{i}" for i in range(vertices)]
    return " ".join(f"{rng.choice(names)}-{rng.choice(names)}:{rng.choice(colours)}" for _ in range(edges))


def edge_lists(rng: random.Random, n: int, p: float) -> list[list[int]]:
    """For each of ``n`` vertices, its options: each vertex with probability ``p``."""
    return [[w for w in range(n) if rng.random() < p] for _ in range(n)]


def loopy_graph(seed: int, n: int) -> LoopyGraph:
    """A partizan game graph on ``n`` vertices, at most two options a side, from 0."""
    rng = random.Random(seed)
    left = [sorted(rng.sample(range(n), rng.randint(0, min(2, n)))) for _ in range(n)]
    right = [sorted(rng.sample(range(n), rng.randint(0, min(2, n)))) for _ in range(n)]
    return LoopyGraph(left, right, 0)
