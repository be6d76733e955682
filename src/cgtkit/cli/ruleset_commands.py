"""Subcommands of the rulesets group: the value of a position, and play against the
perfect player.

* ``cgtkit NAME POSITION`` for every ruleset NAME in :mod:`cgtkit.rulesets.registry`
  (``cgtkit domineering "....|....|....|...."``, ``cgtkit hackenbush "L(R,GG)"``,
  ``cgtkit col "a-b-c"``, ...), and the generic ``cgtkit ruleset NAME POSITION``:
  print the canonical value, the outcome, and the number or nim value when it is
  one; ``--moves`` also lists every option with its value; ``--jobs N`` runs the
  native search of a large position on N threads.
* ``cgtkit rulesets``: the known rulesets, each with an example position.
* ``cgtkit play NAME POSITION [--as left|right] [--first left|right]``: a game in the
  terminal.  The board and the numbered legal moves are shown; the person types a
  number (``q`` quits), the computer replies with a best move, and the winner is
  announced.  Moves are read from standard input, one per line, so a game can be
  scripted: ``printf '1\\n1\\n' | cgtkit play toads "TT..FF"``.

The computer's choice: a move to an option that wins the rest of the game for it
(as Right an option ``<= 0``, as Left one ``>= 0``, in an impartial game an option of
nim value 0); when there is none, the first option on which its opponent still has
to find the winning reply (outcome N), else the first option.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Optional, TextIO

from ..outcome import Outcome
from ..rulesets import native
from ..rulesets.registry import RULESETS, is_impartial, lookup
from ._args import a_or_an
from .value_commands import describe

_SIDES = ("left", "right")


def value_lines(position: Any) -> list[str]:
    """The ``key: value`` lines for a position's value; an impartial position's value
    is its nimber, followed by its nim (Grundy) value.

    >>> from cgtkit.rulesets.kayles import Kayles
    >>> value_lines(Kayles("xxx"))
    ['value: *3', 'outcome: N (the first player wins)', 'nim value: 3']
    """
    if is_impartial(position):
        n = position.nim_value
        outcome = Outcome.P if n == 0 else Outcome.N
        return [f"value: {position.value}", f"outcome: {outcome.described}", f"nim value: {n}"]
    v = position.value
    lines = describe(v)
    if v.is_nimber and not v.is_number:
        lines.append(f"nim value: {v.nim_value}")
    return lines


def _parse_position(name: str, text: str) -> Any:
    cls = lookup(name)
    return cls(text)


def _show_value(args: argparse.Namespace) -> None:
    position = _parse_position(args.ruleset, args.position)
    lines = value_lines(position)  # a position beyond reach is refused before any output
    print(f"position: {position} ({type(position).__name__})")
    for line in lines:
        print(line)
    if args.moves:
        impartial = is_impartial(position)
        sides = (
            [("moves", position.moves())]
            if impartial
            else [
                ("left moves", position.left_moves()),
                ("right moves", position.right_moves()),
            ]
        )
        for label, options in sides:
            print(f"{label}: {len(options)}")
            for i, option in enumerate(options, 1):
                print(f"  {i}. {_shown(option)}    value {option.value}")


def _show_value_on_threads(args: argparse.Namespace) -> None:
    """:func:`_show_value` with the native search on ``--jobs`` threads."""
    with native.threads(args.jobs):
        _show_value(args)


def _list(args: argparse.Namespace) -> None:
    for name, entry in RULESETS.items():
        print(f'{name:18} {entry.summary}; e.g. cgtkit {name} "{entry.example}"')


# --- play -----------------------------------------------------------------------------------
def _options(position: Any, side: str, impartial: bool) -> list:
    if impartial:
        return list(position.moves())
    return list(position.left_moves() if side == "left" else position.right_moves())


def best_move(position: Any, side: str, impartial: Optional[bool] = None) -> Optional[int]:
    """The index of the computer's move for ``side`` (None if it has no move): a move
    after which it wins with its opponent to move, if there is one.

    >>> from cgtkit.rulesets.hackenbush import HackenbushStalks
    >>> from cgtkit.rulesets.kayles import Kayles
    >>> p = HackenbushStalks("R,LR")          # Right must not chop the lone red edge
    >>> [(str(o), str(o.value)) for o in p.right_moves()], best_move(p, "right")
    ([('LR', '1/2'), ('R,L', '0')], 1)
    >>> [o.nim_value for o in Kayles("xxx").moves()], best_move(Kayles("xxx"), "left")
    ([2, 1, 0, 1, 2], 2)
    """
    if impartial is None:
        impartial = is_impartial(position)
    options = _options(position, side, impartial)
    if not options:
        return None
    if impartial:
        wins = [i for i, o in enumerate(options) if o.nim_value == 0]
        return wins[0] if wins else 0
    outcomes = [o.value.outcome for o in options]
    # with the opponent to move, P and the mover's letter are wins for the mover
    good = (Outcome.P, Outcome.L) if side == "left" else (Outcome.P, Outcome.R)
    for wanted in (good, (Outcome.N,)):
        for i, out in enumerate(outcomes):
            if out in wanted:
                return i
    return 0


def _shown(position: Any) -> str:
    return str(position) or "(empty)"


def _board(position: Any) -> str:
    text = _shown(position)
    rows = text.split("|") if "|" in text else [text]
    return "\n".join("    " + r for r in rows)


def play(
    position: Any,
    human: str = "left",
    first: str = "left",
    read: Optional[Callable[[], str]] = None,
    out: Optional[TextIO] = None,
    echo: bool = False,
) -> Optional[str]:
    """Play ``position`` with a person as ``human`` against the perfect player; returns
    the winner (``"left"`` or ``"right"``), or None if the person quit.  ``read``
    returns the person's next line ('' at the end of input); ``echo`` repeats it
    (for input that is not typed at a terminal)."""
    out = out or sys.stdout
    read = read or sys.stdin.readline
    impartial = is_impartial(position)
    computer = "right" if human == "left" else "left"
    name = type(position).__name__
    print(
        f"{name}: you are {human.capitalize()}, the computer is {computer.capitalize()}; "
        f"{first.capitalize()} moves first.",
        file=out,
    )
    print("Type the number of a move, or q to quit.", file=out)
    side = first
    while True:
        print("", file=out)
        print(_board(position), file=out)
        value, outcome = (line.split(": ", 1)[1] for line in value_lines(position)[:2])
        print(f"  value {value}, outcome {outcome}; {side.capitalize()} to move", file=out)
        options = _options(position, side, impartial)
        if not options:
            winner = "right" if side == "left" else "left"
            who = "You win!" if winner == human else "The computer wins."
            print(f"{side.capitalize()} has no move, so {winner.capitalize()} wins. {who}", file=out)
            return winner
        if side == human:
            print(f"Your moves ({side.capitalize()}):", file=out)
            for i, option in enumerate(options, 1):
                print(f"  {i}. {_shown(option)}", file=out)
            choice = None
            while choice is None:
                print(f"Your move [1-{len(options)}]: ", end="", file=out)
                line = read()
                if not line:
                    print("\nEnd of input: the game is abandoned.", file=out)
                    return None
                line = line.strip()
                if echo:
                    print(line, file=out)
                if line.lower() in ("q", "quit", "exit"):
                    print("You quit.", file=out)
                    return None
                if line.isdigit() and 1 <= int(line) <= len(options):
                    choice = int(line) - 1
                else:
                    print(f"  please type a number from 1 to {len(options)} (or q to quit)", file=out)
            position = options[choice]
            print(f"You ({side.capitalize()}) move to: {_shown(position)}", file=out)
        else:
            i = best_move(position, side, impartial)
            assert i is not None
            position = options[i]
            print(f"The computer ({side.capitalize()}) moves to: {_shown(position)}", file=out)
        side = "right" if side == "left" else "left"


def _play(args: argparse.Namespace) -> None:
    position = _parse_position(args.ruleset, args.position)
    play(position, human=args.side, first=args.first, echo=not sys.stdin.isatty())


_JOBS_HELP = "threads for the native search of one large position (default 1)"


def _jobs(text: str) -> int:
    """A --jobs count: a positive int."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number of threads, not {text!r}")
    return int(text)


def register(sub: "argparse._SubParsersAction") -> None:
    """Add this group's subcommands to the cgtkit parser (a ruleset whose name is
    already a command keeps that command; use ``cgtkit ruleset NAME`` for it)."""
    names = ", ".join(RULESETS)
    p = sub.add_parser(
        "ruleset",
        help="the value of a position of a named ruleset (see: cgtkit rulesets)",
        description=f"Print the value of a position.  Rulesets: {names}.  Each also has its own "
        "command: cgtkit domineering '..|..' is cgtkit ruleset domineering '..|..'.",
    )
    p.add_argument("ruleset", metavar="NAME", help="the ruleset's name, e.g. domineering (list: cgtkit rulesets)")
    p.add_argument("position", metavar="POSITION", help="the position in the ruleset's notation, e.g. '..|..'")
    p.add_argument("--moves", action="store_true", help="also list every option and its value")
    p.add_argument("--jobs", type=_jobs, default=1, metavar="N", help=_JOBS_HELP)
    p.set_defaults(run=_show_value_on_threads)

    p = sub.add_parser(
        "rulesets",
        help="list the rulesets with an example position each",
        description="List every ruleset cgtkit knows, with a one-line summary and an example position.",
    )
    p.set_defaults(run=_list)

    p = sub.add_parser(
        "play",
        help="play a position against the perfect player (e.g. cgtkit play toads TT..FF)",
        description="Play in the terminal: the board and your numbered moves are shown, you type "
        "a number (q quits), the computer answers with a best move.  Moves are read from "
        f"standard input, one a line.  Rulesets: {names}.",
    )
    p.add_argument("ruleset", metavar="NAME", help="the ruleset's name, e.g. toads (list: cgtkit rulesets)")
    p.add_argument("position", metavar="POSITION", help="the starting position in the ruleset's notation")
    p.add_argument("--as", dest="side", choices=_SIDES, default="left", help="your side (default left)")
    p.add_argument("--first", choices=_SIDES, default="left", help="who moves first (default left)")
    p.set_defaults(run=_play)

    for name, entry in RULESETS.items():
        if name in sub.choices:
            continue
        p = sub.add_parser(
            name,
            help=f'{entry.summary}: value of a position, e.g. "{entry.example}"',
            description=f"The value of {a_or_an(entry.cls)} {entry.cls} position, "
            f'e.g. cgtkit {name} "{entry.example}".',
        )
        p.add_argument("position", metavar="POSITION", help=f'the position, e.g. "{entry.example}"')
        p.add_argument("--moves", action="store_true", help="also list every option and its value")
        p.add_argument("--jobs", type=_jobs, default=1, metavar="N", help=_JOBS_HELP)
        p.set_defaults(run=_show_value_on_threads, ruleset=name)
