"""Subcommands of the rulesets group: the value of a position, and play against the
perfect player.

* ``cgtkit NAME POSITION`` for every ruleset NAME in :mod:`cgtkit.rulesets.registry`
  (made from each ruleset's declaration; a name that is already a command, such as
  the loopy rulesets' own, keeps that command)
  (``cgtkit domineering "....|....|....|...."``, ``cgtkit hackenbush "L(R,GG)"``,
  ``cgtkit col "a-b-c"``, ...), and the generic ``cgtkit ruleset NAME POSITION``:
  print the canonical value, the outcome, and the number or nim value when it is
  one; ``--all`` adds what ``cgtkit value --all`` prints (stops, mean, temperature,
  thermograph and the rest); ``--moves`` also lists every option with its value; ``--jobs N`` runs the
  native search of a large position on N threads; ``--outcome`` prints only who
  wins, which a game of stones finds without the full value (``cgtkit clobber
  --outcome "xoxox|oxoxo|xoxox|oxoxo|xoxox"``); ``--variant impartial|dicotic|twisted``
  gives the value of that variant of the position (:mod:`cgtkit.rulesets.variants`).
* ``cgtkit rulesets``: the known rulesets, each with an example position.
* ``cgtkit play NAME POSITION [--as left|right] [--first left|right]``: a game in the
  terminal.  The board is drawn (a grid with lettered columns and numbered rows,
  :mod:`.board`), and after each move a line says who is winning and by how much.
  The person types a move as its number in the list, or on a grid as the squares
  it changes (``a1 a2``); ``?`` lists the legal moves with their values; ``q``, the
  end of input and Ctrl-C quit.  The computer replies with a best move.  Moves are
  read from standard input, one per line, so a game can be scripted:
  ``printf '1\\n1\\n' | cgtkit play toads "TT..FF"``.

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
from ..rulesets.registry import declarations, entries, is_impartial, lookup, normalise_name
from ..rulesets.registry import is_board as _declared_board
from ._args import UsageError, a_or_an, count
from ._output import Report, add_json_option
from ._progress import Progress, add_progress_options, mode
from ._tables import Evictions, add_table_size_option
from .board import changed, draw, squares_in
from .describe import OTHER, game_facts, outcome_text, verdict, winner

_SIDES = ("left", "right")


def position_facts(position: Any, details: bool = False) -> list[tuple[str, Any, str]]:
    """The ``(key, data, text)`` facts of a position's value (:func:`~.describe.game_facts`);
    an impartial position's nim value is its ruleset's.  ``details`` (``--all``) adds
    what ``cgtkit value --all`` prints of the value; a loopy ruleset's value gets the
    facts of a loopy value.

    >>> from cgtkit.rulesets.kayles import Kayles
    >>> [f"{k}: {t}" for k, _, t in position_facts(Kayles("xxx"))][:2]
    ['value: *3', 'outcome: N (the first player wins)']
    >>> "temperature" in [k for k, _, _ in position_facts(Kayles("xxx"), details=True)]
    True
    """
    if getattr(position, "declaration", None) is not None and position.declaration.loopy:
        return _loopy_facts(position)
    g = position.value
    facts = game_facts(g, nim_value=position.nim_value) if is_impartial(position) else game_facts(g)
    if details:
        from .analysis_commands import analysis_facts

        facts += analysis_facts(g, basics=False)
    return facts


def _loopy_facts(position: Any) -> list[tuple[str, Any, str]]:
    """The value of a loopy ruleset's position: a loopy value's facts, or a
    generalised Grundy value (an int or ``∞{K}``) with the outcome."""
    from .loopy_commands import value_facts

    v = position.value
    if isinstance(v, int) or not hasattr(v, "outcome"):
        facts: list[tuple[str, Any, str]] = [("value", v if isinstance(v, int) else str(v), str(v))]
        outcome = getattr(position, "outcome", None)
        if isinstance(outcome, str):
            facts.append(("outcome", outcome, outcome_text(outcome) if outcome in "LRPN" else f"{outcome} (a draw)"))
        return facts
    return value_facts(v)


def _parse_position(name: str, text: str) -> Any:
    cls = lookup(name)
    try:
        return cls(text)
    except TypeError:  # a ruleset whose positions are not written as one string
        example = entries()[normalise_name(name)].command
        raise UsageError(f"a {cls.__name__} position is not one string: {example}") from None


def is_board(position: Any) -> bool:
    """Whether ``position`` is played on a grid of squares (placement games, games of
    stones, Toads and Frogs, rows of pins): drawn with lettered columns and numbered
    rows, its moves named by the squares they change (:mod:`.board`).

    >>> from cgtkit.rulesets.kayles import Kayles
    >>> from cgtkit.rulesets.cakes import Cutcake
    >>> is_board(Kayles("xx.x")), is_board(Cutcake("4x3"))
    (True, False)
    """
    return _declared_board(position)


def _squares(before: Any, after: Any) -> Optional[list[str]]:
    return changed(str(before), str(after)) if is_board(before) else None


def _move_name(before: Any, after: Any) -> Optional[str]:
    squares = _squares(before, after)
    return " ".join(squares) if squares else None


def _outcome_of(position: Any) -> Outcome:
    """Who wins ``position`` (``--outcome``): by the outcome search of a game of stones
    (no full value, see :meth:`~cgtkit.rulesets.stones.StoneRuleset.outcome_of`), else
    from the value."""
    from ..rulesets.stones import StonePosition

    return position.outcome if isinstance(position, StonePosition) else position.value.outcome


def _variant(position: Any, variant: Optional[str], args: argparse.Namespace) -> Any:
    """The position, or its ``--variant`` (impartial, dicotic or twisted)."""
    if variant is None:
        return position
    if args.moves or getattr(args, "outcome", False):
        raise UsageError(f"--variant {variant} gives the variant's value; it does not go with --moves or --outcome")
    from ..rulesets import variants

    return getattr(variants, f"{variant}_variant")(position)


def _bounded(position: Any, args: argparse.Namespace) -> Evictions:
    """Bound the table of ``position``'s native search that the command fills (the
    table of values; with ``--outcome`` the outcome table) to ``--table-size`` (a
    position with no native search, or the python engine, refuses it); the
    evictions from now on."""
    from .. import search
    from ..rulesets import database

    if getattr(args, "outcome", False):
        if args.table_size is not None:
            search.set_table_bound(position, args.table_size)
        return Evictions("outcome table", lambda: search.table_stats(position))
    if args.table_size is not None:
        database.set_bound(position, args.table_size)
    return Evictions("table of values", lambda: database.stats(position))


def _show_value(args: argparse.Namespace) -> None:
    position = _variant(_parse_position(args.ruleset, args.position), getattr(args, "variant", None), args)
    evicted = _bounded(position, args)
    if getattr(args, "outcome", False):
        if args.moves:
            raise UsageError("--moves lists every option's value; it does not go with --outcome")
        with Progress(
            mode(args.progress), f"{type(position).__name__}: outcome", unit="positions", poll=native.positions_known
        ):
            o = _outcome_of(position)
        with Report(args) as out:
            out.fact("position", _shown(position), f"{_shown(position)} ({type(position).__name__})")
            out.data("ruleset", type(position).__name__)
            out.fact("outcome", str(o), outcome_text(o))
            evicted.report(out)
        return
    label = f"{type(position).__name__}: value"
    with Progress(mode(args.progress), label, unit="positions", poll=native.positions_known):
        facts = position_facts(position, details=args.all)  # a position beyond reach is refused before any output
    with Report(args) as out:
        out.fact("position", _shown(position), f"{_shown(position)} ({type(position).__name__})")
        out.data("ruleset", type(position).__name__)
        out.facts(facts)
        evicted.report(out)
        if args.moves:
            impartial = is_impartial(position)
            sides = [("moves", "left")] if impartial else [("left moves", "left"), ("right moves", "right")]
            for label, side in sides:
                options = _options(position, side, impartial)
                out.say(f"{label}: {len(options)}")
                listed = []
                for i, option in enumerate(options, 1):
                    move = _move_name(position, option)
                    listed.append({"position": _shown(option), "value": option.value, "move": move})
                    out.say(f"  {i}. {_shown(option)}    value {option.value}")
                out.data(label, listed)


def _show_value_on_threads(args: argparse.Namespace) -> None:
    """:func:`_show_value` with the native search on ``--jobs`` threads."""
    with native.threads(args.jobs):
        _show_value(args)


def _list(args: argparse.Namespace) -> None:
    known = declarations()
    with Report(args) as out:
        out.data(
            "rulesets",
            [
                {
                    "name": n,
                    "summary": d.summary,
                    "example": d.example,
                    "class": d.cls.__name__,
                    "impartial": d.impartial,
                    "board": d.board,
                    "loopy": d.loopy,
                    "native": d.native is not None,
                }
                for n, d in known.items()
            ],
        )
        for name, d in known.items():
            out.say(f"{name:18} {d.summary}; e.g. {d.command}")


# --- play -----------------------------------------------------------------------------------
def _options(position: Any, side: str, impartial: bool) -> list[Any]:
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


def standing(position: Any, side: str) -> str:
    """Who is winning ``position`` with ``side`` to move, and by how much.

    >>> from cgtkit.rulesets.kayles import Kayles
    >>> from cgtkit.rulesets.placement import Domineering
    >>> standing(Kayles("xxx"), "right")
    'Right to move: the first player wins (value *3), so Right is winning.'
    >>> standing(Domineering(".|.|."), "left")
    'Left to move: Left wins by 1 playing first or second.'
    """
    g = position.value
    text = f"{side.capitalize()} to move: {verdict(g)}"
    if g.is_number and g.number != 0 or g.outcome in (Outcome.L, Outcome.R):
        return text + "."
    return text + f", so {winner(g, side).capitalize()} is winning."


def _list_moves(position: Any, options: list[Any], side: str, out: TextIO) -> None:
    """The numbered legal moves of ``side``, each with its value and who then wins."""
    for i, option in enumerate(options, 1):
        move = _move_name(position, option)
        then = winner(option.value, OTHER[side]).capitalize()
        named = f"{move}  -> " if move else ""
        print(f"  {i:>2}. {named}{_shown(option)}    value {option.value}, then {then} wins", file=out)


def _moved(position: Any, option: Any, person: bool = False) -> str:
    """``plays a1 a2, leaving .#|.#`` on a grid, else ``moves to LR`` (``play``,
    ``move`` for the person)."""
    move = _move_name(position, option)
    s = "" if person else "s"
    return f"play{s} {move}, leaving {_shown(option)}" if move else f"move{s} to {_shown(option)}"


def _choose(line: str, position: Any, options: list[Any]) -> tuple[Optional[int], str]:
    """The option a typed move names (its number, or the squares it changes), or
    None and a one-line reason."""
    if line.isdigit():
        if 1 <= int(line) <= len(options):
            return int(line) - 1, ""
        return None, f"there is no move {line}: type a number from 1 to {len(options)}, ? for the list, q to quit"
    squares = squares_in(line)
    if squares:
        named = [_squares(position, o) or [] for o in options]
        hits = [i for i, s in enumerate(named) if s == squares]  # in the order typed, else as a set
        if not hits:
            hits = [i for i, s in enumerate(named) if sorted(s) == sorted(squares)]
        if len(hits) == 1:
            return hits[0], ""
        if hits:
            return None, f"{' '.join(squares)} names {len(hits)} moves: type its number (? lists them)"
        return None, f"{' '.join(squares)} is not a legal move here: type ? for the legal moves"
    return None, f"{line!r} is not a move: type a move's number or its squares (e.g. a1 a2), ? for the list, q to quit"


def play(
    position: Any,
    human: str = "left",
    first: str = "left",
    read: Optional[Callable[[], str]] = None,
    out: Optional[TextIO] = None,
    echo: bool = False,
    progress: str = "off",
) -> Optional[str]:
    """Play ``position`` with a person as ``human`` against the perfect player; returns
    the winner (``"left"`` or ``"right"``), or None if the person quit.  ``read``
    returns the person's next line ('' at the end of input); ``echo`` repeats it
    (for input that is not typed at a terminal); while values are computed, the
    ``progress`` (a mode of :func:`._progress.mode`) of the value commands shows."""

    def thinking() -> Progress:
        return Progress(progress, f"{type(position).__name__}: value", unit="positions", poll=native.positions_known)

    out = out or sys.stdout
    read = read or sys.stdin.readline
    impartial = is_impartial(position)
    computer = OTHER[human]
    name = type(position).__name__
    print(
        f"{name}: you are {human.capitalize()}, the computer is {computer.capitalize()}; "
        f"{first.capitalize()} moves first.",
        file=out,
    )
    board = is_board(position)
    how = "a move's number" + (" or the squares it changes (e.g. a1 a2)" if board else "")
    print(f"Type {how}; ? lists your moves with their values; q quits.", file=out)
    side = first
    while True:
        print("", file=out)
        print(draw(_shown(position)) if board else "   " + _shown(position), file=out)
        with thinking():
            now = standing(position, side)
            options = _options(position, side, impartial)
        print(now, file=out)
        if not options:
            won = OTHER[side]
            who = "You win!" if won == human else "The computer wins."
            print(f"{side.capitalize()} has no move, so {won.capitalize()} wins. {who}", file=out)
            return won
        if side == human:
            choice = None
            while choice is None:
                print(f"Your move ({side.capitalize()}, {len(options)} legal; ? lists them): ", end="", file=out)
                out.flush()
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
                if line in ("?", "help", "h"):
                    with thinking():
                        [o.value for o in options]
                    _list_moves(position, options, side, out)
                    continue
                choice, why = _choose(line, position, options)
                if choice is None:
                    print(f"  {why}", file=out)
            print(f"You ({side.capitalize()}) {_moved(position, options[choice], person=True)}", file=out)
            position = options[choice]
        else:
            with thinking():
                i = best_move(position, side, impartial)
            assert i is not None
            print(f"The computer ({side.capitalize()}) {_moved(position, options[i])}", file=out)
            position = options[i]
        side = OTHER[side]


def _play(args: argparse.Namespace) -> None:
    position = _parse_position(args.ruleset, args.position)
    try:
        play(position, human=args.side, first=args.first, echo=not sys.stdin.isatty(), progress=mode(args.progress))
    except KeyboardInterrupt:
        print("", flush=True)  # the prompt's line ends; main says "interrupted"
        raise


_JOBS_HELP = "threads for the native search of one large position (default 1)"
_OUTCOME_HELP = (
    "print only who wins; games of stones (Clobber, Konane, Amazons, Col and Snort grids) "
    "find it by a search that needs no full value, for boards whose value is beyond reach"
)


_jobs = count(1, "--jobs")


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this group's subcommands to the cgtkit parser (a ruleset whose name is
    already a command keeps that command; use ``cgtkit ruleset NAME`` for it).  The
    rulesets' declarations are read, not imported: a command imports its own ruleset
    only when it runs."""
    known = entries()
    names = ", ".join(known)
    p = sub.add_parser(
        "ruleset",
        help="the value of a position of a named ruleset (see: cgtkit rulesets)",
        description=f"Print the value of a position.  Rulesets: {names}.  Each also has its own "
        "command: cgtkit domineering '..|..' is cgtkit ruleset domineering '..|..'.",
    )
    p.add_argument("ruleset", metavar="NAME", help="the ruleset's name, e.g. domineering (list: cgtkit rulesets)")
    p.add_argument("position", metavar="POSITION", help="the position in the ruleset's notation, e.g. '..|..'")
    _value_options(p)
    p.set_defaults(run=_show_value_on_threads)

    p = sub.add_parser(
        "rulesets",
        help="list the rulesets with an example position each",
        description="List every ruleset cgtkit knows, with a one-line summary and an example position.",
    )
    add_json_option(p)
    p.set_defaults(run=_list)

    p = sub.add_parser(
        "play",
        help="play a position against the perfect player (e.g. cgtkit play toads TT..FF)",
        description="Play in the terminal against the perfect player.  The board is drawn (a grid: "
        "columns a, b, ... from the left, rows 1, 2, ... from the top) and after each move a line "
        "says who is winning and by how much.  Type a move's number, or on a grid the squares it "
        "changes (a1 a2 for a domino on the top-left corner); ? lists your moves with their values; "
        "q (or the end of input, or Ctrl-C) quits.  Moves are read from standard input, one a line.  "
        f"Rulesets: {names}.",
        epilog="example: cgtkit play domineering '...|...|...' --as right",
    )
    p.add_argument("ruleset", metavar="NAME", help="the ruleset's name, e.g. toads (list: cgtkit rulesets)")
    p.add_argument("position", metavar="POSITION", help="the starting position in the ruleset's notation")
    p.add_argument("--as", dest="side", choices=_SIDES, default="left", help="your side (default left)")
    p.add_argument("--first", choices=_SIDES, default="left", help="who moves first (default left)")
    add_progress_options(p)
    p.set_defaults(run=_play)

    for name, d in known.items():
        if name in sub.choices:
            continue
        cls = d.class_name
        p = sub.add_parser(
            name,
            help=f"{d.summary}: value of a position, e.g. {d.command.removeprefix(f'cgtkit {name} ')}",
            description=f"The value of {a_or_an(cls)} {cls} position, e.g. {d.command}.",
        )
        p.add_argument("position", metavar="POSITION", help=f'the position, e.g. "{d.example}"')
        _value_options(p)
        p.set_defaults(run=_show_value_on_threads, ruleset=name)


def _value_options(p: argparse.ArgumentParser) -> None:
    """The options of a ruleset's value command."""
    p.add_argument("--moves", action="store_true", help="also list every option and its value")
    p.add_argument("--all", action="store_true", help="also stops, mean, temperature, thermograph and the rest")
    p.add_argument("--jobs", type=_jobs, default=1, metavar="N", help=_JOBS_HELP)
    p.add_argument("--outcome", action="store_true", help=_OUTCOME_HELP)
    add_table_size_option(p, "the native search's table of values (default 512M; with --outcome its outcome table, 1G)")
    p.add_argument(
        "--variant",
        choices=("impartial", "dicotic", "twisted"),
        help="the value of a variant of the position (CGSuite's): either player makes either's moves; "
        "no one moves once a player cannot; the players swap roles after each move",
    )
    add_progress_options(p)
    add_json_option(p)
