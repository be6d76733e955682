"""MCGS's ``.test`` files, read and written.

MCGS (Folkersen, Müller and Du's solver for sums of games) keeps its test corpus in a
small text format, described in its ``input/info.test``: a file is a stream of
comments ``/* ... */``, section titles ``[clobber_1xn]`` (or ``[impartial clobber]``)
saying which game the following positions are, positions (a bare word, or bracketed
``( ... )`` when it holds spaces), and command blocks ``{ ... }``.  Every command in a
block acts on the sum of the positions written since the previous block:

* ``{B win}``, ``{W loss}``, ``{B}``: who wins the sum with Black (Left) or White
  (Right) moving first, with an expected result or none;
* ``{N 3}``: the nim value of an impartial sum;
* ``{winning moves B 0:4-5 1:2-3}`` (or ``None``): the set of winning moves, each
  prefixed by its component's index when the sum has two or more;
* ``{thermograph L: (1, -1) (0, 0) R: (-1, -1) (0, 0)}``: the thermograph's walls.

:func:`read` turns a text into a :class:`TestFile` of :class:`Case` s; :func:`write`
turns cases back into text that MCGS (and :func:`read`) reads.

>>> f = read('''{version 1.7}
... [clobber_1xn] XOXO (OX)
... /* two strips */
... {B win, W loss, N}
... ''')
>>> case = f.cases[0]
>>> [(g.section, g.text) for g in case.games]
[('clobber_1xn', 'XOXO'), ('clobber_1xn', 'OX')]
>>> case.commands
(Solve(player='B', expected=True), Solve(player='W', expected=False), NimValue(expected=None))
>>> case.description
'two strips'
>>> read(write(f)) == f
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator, Optional, Union

from ..errors import CGTError
from ..numbers import Dyadic

__all__ = [
    "MCGSFormatError",
    "GameTerm",
    "Solve",
    "NimValue",
    "WinningMoves",
    "Thermograph",
    "Command",
    "Case",
    "TestFile",
    "read",
    "write",
]

VERSIONS = ("1.5", "1.6", "1.7")


class MCGSFormatError(CGTError, ValueError):
    """A ``.test`` text that does not follow MCGS's format; the message names the line
    and column."""


@dataclass(frozen=True)
class GameTerm:
    """One position of a sum: its section's game name, whether the section asked for
    the impartial variant, and its text as written (brackets removed)."""

    section: str
    text: str
    impartial: bool = False
    line: int = dataclasses.field(default=0, compare=False)

    def __str__(self) -> str:
        return f"[{'impartial ' if self.impartial else ''}{self.section}] ({self.text})"


@dataclass(frozen=True)
class Solve:
    """Who wins with ``player`` ("B" Left, "W" Right) moving first: ``expected`` is True
    (a win), False (a loss) or None (not given)."""

    player: str
    expected: Optional[bool] = None

    def __str__(self) -> str:
        return self.player + ("" if self.expected is None else " win" if self.expected else " loss")


@dataclass(frozen=True)
class NimValue:
    """The nim value of an impartial sum, ``expected`` or None."""

    expected: Optional[int] = None

    def __str__(self) -> str:
        return "N" + ("" if self.expected is None else f" {self.expected}")


@dataclass(frozen=True)
class WinningMoves:
    """The winning moves of ``player`` ("B", "W", or "N" for the impartial search):
    ``expected`` is a frozenset of move texts (empty for MCGS's ``None``), or None
    when not given."""

    player: str
    expected: Optional[frozenset[str]] = None

    def __str__(self) -> str:
        if self.expected is None:
            return f"winning moves {self.player}"
        return f"winning moves {self.player} " + (" ".join(sorted(self.expected)) or "None")


Scaffold = tuple[tuple[Dyadic, Dyadic], ...]  # (value, temperature) points, temperature rising


@dataclass(frozen=True)
class Thermograph:
    """The thermograph of the sum: ``expected`` is (left wall, right wall), each a
    tuple of (value, temperature) points from temperature -1 up to the mast, or None."""

    expected: Optional[tuple[Scaffold, Scaffold]] = None

    def __str__(self) -> str:
        if self.expected is None:
            return "thermograph"
        walls = (" ".join(f"({x}, {t})" for x, t in wall) for wall in self.expected)
        return "thermograph L: {} R: {}".format(*walls)


Command = Union[Solve, NimValue, WinningMoves, Thermograph]


@dataclass(frozen=True)
class Case:
    """A sum and the commands run on it; ``descriptions[i]`` is the text of the
    comments that belong to command i (MCGS shows them in its reports)."""

    games: tuple[GameTerm, ...]
    commands: tuple[Command, ...]
    descriptions: tuple[str, ...] = ()
    line: int = dataclasses.field(default=0, compare=False)

    @property
    def description(self) -> str:
        """The comment shared by the commands (the first command's)."""
        return self.descriptions[0] if self.descriptions else ""


@dataclass(frozen=True)
class TestFile:
    """A whole ``.test`` file: its version and its cases in order."""

    version: str
    cases: tuple[Case, ...]
    name: str = dataclasses.field(default="<text>", compare=False)

    __test__ = False  # not a pytest test class


# --- reading -------------------------------------------------------------------------

_CLOSING = {"/*": "*/", "[": "]", "(": ")", "{": "}"}


def _comment_end(text: str, start: int) -> int:
    """Where the comment opened at ``start`` closes (comments nest, as in MCGS's own
    description of its format), or -1."""
    depth, i = 0, start
    while i < len(text):
        if text.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif text.startswith("*/", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                return i - 2
        else:
            i += 1
    return -1


def _tokens(text: str, name: str) -> Iterator[tuple[str, str, int, int]]:
    """(kind, body, line, column): kind is one of "/*", "[", "(", "{" for an enclosed
    part (body without its delimiters) or "word" for a bare word."""
    i, line, line_start, n = 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line, line_start, i = line + 1, i + 1, i + 1
            continue
        if c.isspace():
            i += 1
            continue
        column = i - line_start + 1
        opener = "/*" if text.startswith("/*", i) else c if c in "[({" else None
        if opener is None:
            if c in "])}" or text.startswith("*/", i):
                raise MCGSFormatError(f"{name}:{line}:{column}: {c!r} closes nothing")
            j = i
            while j < n and not text[j].isspace() and text[j] not in "[({" and not text.startswith("/*", j):
                j += 1
            yield "word", text[i:j], line, column
            i = j
            continue
        closer = _CLOSING[opener]
        end = _comment_end(text, i) if opener == "/*" else text.find(closer, i + len(opener))
        if end < 0:
            raise MCGSFormatError(f"{name}:{line}:{column}: {opener!r} is never closed by {closer!r}")
        inner = text.find(opener, i + len(opener), end) if opener != "/*" else -1
        if inner >= 0 and opener in "[(":
            raise MCGSFormatError(f"{name}:{line}:{column}: {opener!r} opened again before {closer!r}")
        body = text[i + len(opener) : end]
        yield opener, body, line, column
        newlines = body.count("\n")
        if newlines:
            line += newlines
            line_start = i + len(opener) + body.rfind("\n") + 1
        i = end + len(closer)


def _split_commands(body: str) -> list[str]:
    """The commands of a block: split at commas outside parentheses, comments dropped."""
    parts, depth, current, i = [], 0, [], 0
    while i < len(body):
        if body.startswith("/*", i):
            end = body.find("*/", i + 2)
            i = len(body) if end < 0 else end + 2
            current.append(" ")
            continue
        c = body[i]
        depth += c == "("
        depth -= c == ")"
        if c == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    parts.append("".join(current))
    return [" ".join(p.split()) for p in parts]


def _dyadic(text: str, where: str) -> Dyadic:
    try:
        return Dyadic("".join(text.split()))
    except (CGTError, ValueError, ZeroDivisionError):
        raise MCGSFormatError(f"{where}: {text.strip()!r} is not a dyadic rational") from None


def _scaffold(text: str, where: str) -> Scaffold:
    points = []
    for chunk in text.split(")"):
        chunk = chunk.strip()
        if not chunk:
            continue
        if not chunk.startswith("("):
            raise MCGSFormatError(f"{where}: a thermograph point must be written (value, temperature)")
        coords = chunk[1:].split(",")
        if len(coords) != 2:
            raise MCGSFormatError(f"{where}: a thermograph point has two coordinates, not {chunk[1:]!r}")
        points.append((_dyadic(coords[0], where), _dyadic(coords[1], where)))
    if not points:
        raise MCGSFormatError(f"{where}: a thermograph wall needs at least one point")
    return tuple(points)


def _command(text: str, where: str) -> Command:
    words = text.split()
    if not words:
        raise MCGSFormatError(f"{where}: an empty command")
    head = words[0]
    if head in ("B", "W") and len(words) <= 2:
        if len(words) == 1:
            return Solve(head)
        if words[1] in ("win", "loss"):
            return Solve(head, words[1] == "win")
        raise MCGSFormatError(f"{where}: expected 'win' or 'loss' after {head!r}, not {words[1]!r}")
    if head == "N" and len(words) <= 2:
        if len(words) == 1:
            return NimValue()
        if not words[1].isdigit():
            raise MCGSFormatError(f"{where}: a nim value is a non-negative integer, not {words[1]!r}")
        return NimValue(int(words[1]))
    if head == "winning" and len(words) >= 3 and words[1] == "moves":
        player = words[2]
        if player not in ("B", "W", "N"):
            raise MCGSFormatError(f"{where}: winning moves of 'B', 'W' or 'N', not {player!r}")
        moves = words[3:]
        if not moves:
            return WinningMoves(player)
        if moves == ["None"]:
            return WinningMoves(player, frozenset())
        return WinningMoves(player, frozenset(moves))
    if head == "thermograph":
        rest = text[len("thermograph") :].strip()
        if not rest:
            return Thermograph()
        left_at, right_at = rest.find("L:"), rest.find("R:")
        if left_at != 0 or right_at < 0:
            raise MCGSFormatError(f"{where}: a thermograph is written 'L: points R: points'")
        return Thermograph((_scaffold(rest[2:right_at], where), _scaffold(rest[right_at + 2 :], where)))
    raise MCGSFormatError(f"{where}: unknown command {text!r}")


def _section(body: str, where: str) -> tuple[str, bool]:
    words = body.split()
    if len(words) == 2 and words[0] == "impartial":
        return words[1], True
    if len(words) == 1:
        return words[0], False
    raise MCGSFormatError(f"{where}: a section title is a game's name, or 'impartial' and a name; not [{body}]")


def _descriptions(comments: list[str], count: int, where: str) -> tuple[str, ...]:
    """Which comment belongs to which of ``count`` commands: ``_...`` to none,
    ``#k ...`` to command k only, any other to all."""
    shared: list[str] = []
    own: dict[int, list[str]] = {}
    for comment in comments:
        text = comment.strip()
        if text.startswith("_"):
            continue
        if text.startswith("#") and text[1:2].isdigit():
            digits = len(text) - len(text[1:].lstrip("0123456789"))
            k = int(text[1:digits])
            if k >= count:
                raise MCGSFormatError(f"{where}: comment #{k} names no command (the block has {count})")
            own.setdefault(k, []).append(text[digits:].strip())
        else:
            shared.append(text)
    texts = tuple(" ".join(shared + own.get(k, [])) for k in range(count))
    return texts if any(texts) else ()


def read(text: str, name: str = "<text>") -> TestFile:
    """The test file written in ``text`` (``name`` is used in error messages).

    A file's first command block may be ``{version V}``; without it the version is
    1.7, MCGS's current one.
    """
    version: Optional[str] = None
    section: Optional[tuple[str, bool]] = None
    games: list[GameTerm] = []
    comments: list[str] = []
    cases: list[Case] = []
    first = True
    for kind, body, line, column in _tokens(text, name):
        where = f"{name}:{line}:{column}"
        if kind == "/*":
            comments.append(body)
            continue
        if kind == "{" and first and body.split()[:1] == ["version"]:
            words = body.split()
            if len(words) != 2 or words[1] not in VERSIONS:
                raise MCGSFormatError(f"{where}: unsupported version {body.strip()!r} (read: {', '.join(VERSIONS)})")
            version, first = words[1], False
            comments.clear()
            continue
        first = False
        if kind == "[":
            section = _section(body, where)
        elif kind in ("(", "word"):
            if section is None:
                raise MCGSFormatError(f"{where}: position {body.strip()!r} comes before any [section]")
            games.append(GameTerm(section[0], " ".join(body.split()), section[1], line))
        else:  # a command block
            commands = tuple(_command(c, where) for c in _split_commands(body) if c)
            cases.append(Case(tuple(games), commands, _descriptions(comments, len(commands), where), line))
            games, comments = [], []
    return TestFile(version or VERSIONS[-1], tuple(cases), name)


# --- writing -------------------------------------------------------------------------


def _comment(text: str) -> str:
    return "/* " + text.replace("*/", "* /") + " */"


def write(test_file: TestFile) -> str:
    """The text of ``test_file`` in MCGS's format, one case a paragraph; every
    position bracketed, descriptions as comments (``#k`` where they differ)."""
    out = [f"{{version {test_file.version}}}", ""]
    for case in test_file.cases:
        shown = set(case.descriptions)
        if len(shown) == 1 and case.description:
            out.append(_comment(case.description))
        elif len(shown) > 1:
            out.extend(_comment(f"#{k} {d}") for k, d in enumerate(case.descriptions) if d)
        section: Optional[tuple[str, bool]] = None
        line: list[str] = []
        for game in case.games:
            if (game.section, game.impartial) != section:
                if line:
                    out.append(" ".join(line))
                section = (game.section, game.impartial)
                line = [f"[{'impartial ' if game.impartial else ''}{game.section}]"]
            line.append(f"({game.text})")
        if line:
            out.append(" ".join(line))
        out.append("{" + ", ".join(str(c) for c in case.commands) + "}")
        out.append("")
    return "\n".join(out)
