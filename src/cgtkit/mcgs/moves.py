"""MCGS's move notation: each move of a component of a sum named as MCGS names it, and
the winning moves of a sum written that way.

In a sum of two or more games MCGS writes a move ``i:move``, ``i`` the game's index in
the sum (from 0, in the order the games were written); within one game, each game
names its own moves (learned from MCGS v1.5's ``print_move`` of each game and its
test corpus, ``winning_moves_all.test``):

==================================  ===================================================
clobber_1xn, elephants, gen_toads    ``from-to``, the points of the strip from 1
nogo_1xn                             ``3_X`` (Black's stone on point 3), ``3_O``
toppling_dominoes                    ``3L``, ``3R``: the domino from 1, toppled which way
clobber, cannibal_clobber            ``a1-b1``: column letter, row from 1
domineering                          ``a1-a2``: the domino's two squares, upper-left first
amazons                              ``from-to-arrow``
fission                              ``b2_V`` (Black splits vertically), ``b2_H``
nogo                                 ``b2_X``, ``b2_O``
sheep                                ``from-to-n``, n the sheep sent
gen_king_dirt                        ``a2_X`` (a stone placed), ``b1-a1`` (a king step)
integer_game                         ``INT``
dyadic_rational                      ``DEC`` (Black's move), ``INC`` (White's)
switch_game                          ``SWITCH_L``, ``SWITCH_R``
nimber, up_star                      the game after the move: ``*3``; ``2*``, ``-1``, ``0``
kayles                               ``take-smaller-larger``: the pins taken, the rows left
==================================  ===================================================

In the impartial variant either player may make either colour's moves, each named as
that colour's move.  cgtkit's rulesets give a position's options, not moves; a move is
named from what it changes (the squares before and after), and an option that several
moves reach (toppling a whole row from either end) gets every one of their names.

>>> from cgtkit.mcgs.testfile import GameTerm
>>> from cgtkit.mcgs.games import component
>>> [name for name, _ in options(component(GameTerm("clobber_1xn", "XOX")), "B")]
['1-2', '3-2']
>>> sorted(winning_moves([component(GameTerm("toppling_dominoes", "XOO#"))], "B"))
['1R', '4L']
"""

from __future__ import annotations

from typing import Callable, Optional

from ..errors import CGTError
from ..numbers import Dyadic
from ..search import who_wins
from ..short.constants import nimber
from ..short.game import Game
from .games import Component, Unsupported, component, kayles_nim, position_of
from .testfile import GameTerm

__all__ = ["options", "winning_moves", "first_wins"]

Cell = tuple[int, int]
Diff = dict[Cell, tuple[str, str]]  # the squares a move changed: (before, after)
Namer = Callable[[Diff, list[list[str]], str, Callable[[Cell], str]], list[str]]


def _point(cell: Cell) -> str:
    return str(cell[1] + 1)


def _square(cell: Cell) -> str:
    if cell[1] >= 26:
        raise Unsupported("MCGS names columns a to z only")
    return chr(ord("a") + cell[1]) + str(cell[0] + 1)


def _adjacent(p: Cell, q: Cell) -> bool:
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1


def _only(cells: list[Cell]) -> Optional[Cell]:
    return cells[0] if len(cells) == 1 else None


# --- naming a ruleset's move from the squares it changed ------------------------------


def _capture(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    """Clobber and Cannibal Clobber: a stone steps onto a neighbour (in Cannibal
    Clobber an own stone may be eaten: then every own neighbour names the move)."""
    src = _only([p for p, (b, a) in diff.items() if b == me and a == "."])
    if src is None:
        return []
    dst = [p for p, (b, a) in diff.items() if a == me]
    if not dst:
        h, w = len(after), len(after[0])
        dst = [(src[0] + dr, src[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
        dst = [q for q in dst if 0 <= q[0] < h and 0 <= q[1] < w and after[q[0]][q[1]] == me]
    return [f"{at(src)}-{at(q)}" for q in dst if _adjacent(src, q)]


def _slide(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    """A piece moves from one point to an empty one (Elephants, generalized Toads)."""
    src = _only([p for p, (b, a) in diff.items() if b == me and a == "."])
    dst = _only([p for p, (b, a) in diff.items() if b == "." and a == me])
    return [f"{at(src)}-{at(dst)}"] if src and dst and len(diff) == 2 else []


def _domino(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    filled = sorted(p for p, (b, a) in diff.items() if b == ".")
    return [f"{at(filled[0])}-{at(filled[1])}"] if len(filled) == 2 == len(diff) else []


def _amazon(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    src = _only([p for p, (b, a) in diff.items() if b == me])
    dst = _only([p for p, (b, a) in diff.items() if a == me])
    arrow = _only([p for p, (b, a) in diff.items() if a == "#"])
    return [f"{at(src)}-{at(dst)}-{at(arrow)}"] if src and dst and arrow else []


def _fission(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    split = _only([p for p, (b, a) in diff.items() if a == "."])
    return [f"{at(split)}_{'V' if me == 'X' else 'H'}"] if split else []


def _stone(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    """A stone placed (NoGo)."""
    placed = _only([p for p, (b, a) in diff.items() if b == "." and a == me])
    return [f"{at(placed)}_{me}"] if placed and len(diff) == 1 else []


def _king(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    """King Dirt: a stone placed, or a king step that leaves dirt behind."""
    if len(diff) == 1:
        return _stone(diff, after, me, at)
    src = _only([p for p, (b, a) in diff.items() if b == me and a == "#"])
    dst = _only([p for p, (b, a) in diff.items() if b == "." and a == me])
    return [f"{at(src)}-{at(dst)}"] if src and dst and len(diff) == 2 else []


def _herd(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    """Sheep: part of a herd sent from one square to an empty one; cells are counts."""
    src = _only([p for p, (b, a) in diff.items() if b != "0" and a != "0"])
    dst = _only([p for p, (b, a) in diff.items() if b == "0"])
    return [f"{at(src)}-{at(dst)}-{abs(int(after[dst[0]][dst[1]]))}"] if src and dst and len(diff) == 2 else []


def _topple(diff: Diff, after: list[list[str]], me: str, at: Callable[[Cell], str]) -> list[str]:
    """Toppling Dominoes: the fallen dominoes are a run's end up to the toppled one;
    a whole run falls from either end, so it has two names."""
    fallen = sorted(diff)
    row = fallen[0][0]
    if any(r != row for r, _ in fallen) or [c for _, c in fallen] != list(range(fallen[0][1], fallen[-1][1] + 1)):
        return []
    before = {c: diff[(row, c)][0] if (row, c) in diff else after[row][c] for c in range(len(after[row]))}
    x, y = fallen[0][1], fallen[-1][1]
    start, end = x, y
    while start > 0 and before[start - 1] != ".":
        start -= 1
    while end + 1 < len(before) and before[end + 1] != ".":
        end += 1
    names = []
    if x == start and before[y] in (me, "#"):
        names.append(f"{at((row, y))}L")
    if y == end and before[x] in (me, "#"):
        names.append(f"{at((row, x))}R")
    return names


#: each section of a ruleset: how its moves are named, and by points or squares
NAMERS: dict[str, tuple[Namer, Callable[[Cell], str]]] = {
    "clobber_1xn": (_capture, _point),
    "clobber": (_capture, _square),
    "cannibal_clobber": (_capture, _square),
    "elephants": (_slide, _point),
    "gen_toads": (_slide, _point),
    "domineering": (_domino, _square),
    "amazons": (_amazon, _square),
    "fission": (_fission, _square),
    "nogo_1xn": (_stone, _point),
    "nogo": (_stone, _square),
    "sheep": (_herd, _square),
    "toppling_dominoes": (_topple, _point),
    "gen_king_dirt": (_king, _square),
}


def _cells(position: object, section: str) -> list[list[str]]:
    """A position's squares, as its text writes them (after any ``rules:`` prefix)."""
    text = str(position).split(":", 1)[-1]
    rows = text.split("|")
    if section == "sheep":
        return [r.split() for r in rows]
    return [list(r.upper()) for r in rows]


def _name(section: str, before: list[list[str]], option: object, me: str) -> list[str]:
    after = _cells(option, section)
    if len(after) != len(before) or any(len(a) != len(b) for a, b in zip(after, before)):
        raise Unsupported(f"a move of [{section}] changed the board's shape; cannot name it")
    diff = {
        (i, j): (b, a)
        for i, (rb, ra) in enumerate(zip(before, after))
        for j, (b, a) in enumerate(zip(rb, ra))
        if a != b
    }
    namer, at = NAMERS[section]
    names = namer(diff, after, me, at) if diff else []
    if not names:
        raise Unsupported(f"cannot name the [{section}] move to {option} in MCGS's notation")
    return names


def _ruleset_options(c: Component, colours: str) -> list[tuple[str, Component]]:
    term = c.term
    position = position_of(term)
    before = _cells(position, term.section)
    out: list[tuple[str, Component]] = []
    for colour in colours:
        found = position.left_moves() if colour == "B" else position.right_moves()
        for option in dict.fromkeys(found):
            if term.impartial:
                from ..rulesets.variants import impartial_variant

                n = impartial_variant(option).nim_value
                after = Component(term, nimber(n), n)
            else:
                after = Component(term, position=option)
            out.extend((name, after) for name in _name(term.section, before, option, "X" if colour == "B" else "O"))
    return out


# --- MCGS's basic games: moves of their literal forms ----------------------------------


def _basic_options(c: Component, colour: str) -> list[tuple[str, GameTerm]]:
    """The moves of ``colour`` in a basic game, each with the game after it as MCGS
    writes one (so :func:`component` gives its value and its variant's nim value)."""
    term = c.term
    value = c.term.text
    imp = term.impartial

    def to(section: str, text: str) -> GameTerm:
        return GameTerm(section, text, imp, term.line)

    if term.section == "integer_game":
        n = int(value)
        step = 1 if colour == "B" else -1
        return [("INT", to("integer_game", str(n - step)))] if n * step > 0 else []
    if term.section == "dyadic_rational":
        x = Dyadic("".join(value.split()))
        if x.denominator == 1:
            n, step = x.numerator, 1 if colour == "B" else -1
            return [("DEC" if colour == "B" else "INC", to("integer_game", str(n - step)))] if n * step > 0 else []
        delta = Dyadic(1, x.denominator)
        return (
            [("DEC", to("dyadic_rational", str(x - delta)))]
            if colour == "B"
            else [("INC", to("dyadic_rational", str(x + delta)))]
        )
    if term.section == "switch_game":
        import re

        a, b = [i for i in re.split(r"[\s,]+", re.sub(r"\s*/\s*", "/", value.strip())) if i]
        return [("SWITCH_L", to("dyadic_rational", a))] if colour == "B" else [("SWITCH_R", to("dyadic_rational", b))]
    if term.section == "nimber":
        return [(f"*{k}", to("nimber", str(k))) for k in range(int(value))]
    assert term.section == "up_star"
    ups, star = _up_star(c)
    sign = 1 if colour == "B" else -1
    moves: list[tuple[int, bool]] = []
    if ups == 0:
        moves = [(0, False)] if star else []
    elif ups * sign > 0:  # the side the ups favour moves to 0 (and ^* to * too)
        moves = [(0, False)] + ([(0, True)] if star and abs(ups) == 1 else [])
    else:  # the other side moves one step towards 0, flipping the star
        moves = [(ups + sign, not star)]
    return [(f"{u}{'*' if s else ''}", to("up_star", f"{u}{' *' if s else ''}")) for u, s in moves]


def _up_star(c: Component) -> tuple[int, bool]:
    items = [i for i in c.term.text.replace(",", " ").split() if i]
    ints = [i for i in items if i != "*"]
    return (int(ints[0]) if ints else 0), "*" in items


def _kayles_options(c: Component) -> list[tuple[str, Component]]:
    n = int(c.term.text)
    out = []
    for take in (1, 2):
        for small in range((n - take) // 2 + 1):
            large = n - take - small
            if large >= 0:
                g = kayles_nim(small) ^ kayles_nim(large)
                out.append((f"{take}-{small}-{large}", Component(c.term, nimber(g), g)))
    return out


BASIC = ("integer_game", "dyadic_rational", "switch_game", "nimber", "up_star")
IMPARTIAL = ("nimber", "kayles")  # MCGS's impartial games (besides the impartial variants)


def options(c: Component, player: str) -> list[tuple[str, Component]]:
    """Every move of ``player`` ("B", "W", or "N": either, for an impartial game) in
    one component, named as MCGS names it, with the component after it.  In an
    impartial variant both colours' moves are the moves of either player."""
    section = c.term.section
    if section == "kayles":
        return _kayles_options(c)
    if section == "nimber":
        return [(name, component(t)) for name, t in _basic_options(c, "B")]
    colours = "BW" if c.term.impartial or player == "N" else player
    if section in BASIC:
        return [(name, component(t)) for colour in colours for name, t in _basic_options(c, colour)]
    if section in NAMERS:
        return _ruleset_options(c, colours)
    raise Unsupported(f"MCGS's move notation for [{section}] is not known")


# --- the winning moves of a sum --------------------------------------------------------


def first_wins(parts: list[Component], player: str) -> bool:
    """Whether ``player`` ("B" Left, "W" Right) wins the sum moving first: searched
    on the positions when there are any, else read from the summed value."""
    if any(c.position is not None for c in parts):
        return who_wins([c.term_of_sum for c in parts], "L" if player == "B" else "R")
    total = sum((c.value for c in parts), Game.of(0))
    return not total <= 0 if player == "B" else not total >= 0


def winning_moves(parts: list[Component], player: str) -> set[str]:
    """The winning moves of ``player`` in the sum of ``parts``, in MCGS's notation:
    for "B" or "W", a move after which the opponent, moving first, loses; for "N"
    (every part impartial), a move to nim value 0."""
    if player == "N" and not all(c.term.impartial or c.term.section in IMPARTIAL for c in parts):
        raise CGTError("winning moves N need every game of the sum impartial")
    indexed = len(parts) > 1
    found = set()
    for i, c in enumerate(parts):
        for name, after in options(c, player):
            rest = parts[:i] + [after] + parts[i + 1 :]
            if player == "N":
                nim = 0
                for p in rest:
                    nim ^= p.nim_value or 0
                wins = nim == 0
            else:
                wins = not first_wins(rest, "W" if player == "B" else "B")
            if wins:
                found.add(f"{i}:{name}" if indexed else name)
    return found
