"""The argument parser every subcommand is built with, the argument types they share,
and small text helpers.

:class:`Parser` is argparse's parser with one difference: a usage error is one line on
stderr that says what was wrong and where the help is (``cgtkit octal: error: argument
--n: ... (see cgtkit octal --help)``), and the exit status is 2.  The types:

* :func:`count`: an exact integer; ``10**7`` and ``10^7`` are accepted as well as
  digits, so ``cgtkit coins 10**100 --take 1,3,4`` needs no 101-digit argument;
* :func:`int_list`: a comma-separated list of such integers (``1,3,4``);
* :func:`size`: ``WxH`` (``6x4``); :func:`pair`: ``A:B`` or ``A,B`` (``1:3``);
* :func:`byte_size`: bytes, with a binary unit if wanted (``512M``, ``2G``, ``1.5GiB``);
* :func:`game_text`: the words of a game expression joined, refused when empty;
* :func:`output_file`: a file to write, refused before any work when its folder does
  not exist or its extension is not one of those allowed (:func:`writing` turns a
  failure to write it later into the same one-line error).

A bad value becomes a one-line error naming the option.

>>> count()("10**7"), count()("1_000"), count(1)("7")
(10000000, 1000, 7)
>>> count(1, "--limit")("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: --limit must be at least 1, got -1
>>> int_list("a take-set")("1, 3,10^2"), size("a cake")("6x4"), pair("a query", ":")("1:3")
([1, 3, 100], (6, 4), (1, 3))
>>> byte_size("--table-size")("2G"), byte_size("--table-size")("512MiB"), byte_size("--table-size")("4096")
(2147483648, 536870912, 4096)
>>> size("a cake")("6 by 4")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a cake: '6 by 4' is not a size WxH, e.g. 6x4
>>> a_or_an("Amazons"), a_or_an("Kayles"), a_or_an("N"), a_or_an("P")
('an', 'a', 'an', 'a')
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
from typing import Callable, Iterable, Iterator, NoReturn, Optional, Sequence

from ..errors import CGTError

__all__ = [
    "Parser",
    "count",
    "parse_count",
    "int_list",
    "size",
    "byte_size",
    "pair",
    "game_text",
    "output_file",
    "writing",
    "UsageError",
    "a_or_an",
]


class Parser(argparse.ArgumentParser):
    """argparse's parser whose usage errors are one line and a pointer to the help.

    >>> import contextlib, io
    >>> p = Parser(prog="cgtkit demo"); _ = p.add_argument("--n", type=count(0, "--n"))
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     try:
    ...         p.parse_args(["--n", "x"])
    ...     except SystemExit as exc:
    ...         print(exc.code)
    2
    >>> print(err.getvalue(), end="")
    cgtkit demo: error: argument --n: 'x' is not an integer (write digits, or a power such as 10**7) (see cgtkit demo --help)
    """

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())
        # "argument --n: --n: ..." (argparse's prefix, then the type's own): say it once
        message = re.sub(r"^argument (\S+): \1: ", r"argument \1: ", message)
        choice = re.match(r"argument (?:COMMAND|command): invalid choice: '([^']*)'", message)
        if choice is not None or "arguments are required: COMMAND" in message:
            known = sorted(self._commands())
            if choice is None:
                message = "no command given"
            else:
                message = f"unknown command {choice.group(1)!r}"
                import difflib

                close = difflib.get_close_matches(choice.group(1), known, n=1)
                if close:
                    message += f"; did you mean {close[0]}?"
            message += f" (see {self.prog} --help for the commands)"
        else:
            message += f" (see {self.prog} --help)"
        self.exit(2, f"{self.prog}: error: {message}\n")

    def _commands(self) -> list[str]:
        for action in self._actions:
            if action.nargs == argparse.PARSER and isinstance(action.choices, dict):  # the subcommands
                return list(action.choices)
        return []


def _fail(what: str, text: str, wanted: str) -> NoReturn:
    raise argparse.ArgumentTypeError(f"{what}: {text!r} is not {wanted}")


_POWER = re.compile(r"^([+-]?\d[\d_]*)(?:\s*(?:\*\*|\^)\s*(\d[\d_]*))?$")
_MAX_EXPONENT_DIGITS = 100_000  # 10**100000 has 100,001 digits: big enough for any question


def parse_count(text: str) -> int:
    """An integer written in digits or as a power ``B**E`` / ``B^E`` (E >= 0).

    >>> parse_count("2^10"), parse_count("-3")
    (1024, -3)
    """
    m = _POWER.match(str(text).strip())
    if m is None:
        raise ValueError(f"{text!r} is not an integer (write digits, or a power such as 10**7)")
    base = int(m.group(1))
    if m.group(2) is None:
        return base
    exponent = int(m.group(2))
    if abs(base) > 1 and exponent * len(str(abs(base))) > _MAX_EXPONENT_DIGITS:
        raise ValueError(f"{text!r} has more than {_MAX_EXPONENT_DIGITS:,} digits")
    return int(base**exponent)


def count(minimum: int | None = 0, what: str = "the number") -> Callable[[str], int]:
    """An argparse ``type``: :func:`parse_count`, at least ``minimum`` (None: no bound)."""

    def convert(text: str) -> int:
        try:
            value = parse_count(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{what}: {exc}") from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"{what} must be at least {minimum}, got {value}")
        return value

    convert.__name__ = "count"  # argparse names the type in some messages
    return convert


def int_list(what: str = "the list", minimum: int | None = None) -> Callable[[str], list[int]]:
    """An argparse ``type``: comma-separated integers (each as :func:`parse_count`), at
    least one."""

    def convert(text: str) -> list[int]:
        try:
            items = [parse_count(x) for x in text.replace(" ", "").split(",") if x]
        except ValueError:
            _fail(what, text, "a comma-separated list of integers, e.g. 1,3,4")
        if not items:
            _fail(what, text, "a list: it has no numbers; write e.g. 1,3,4")
        low = [x for x in items if minimum is not None and x < minimum]
        if low:
            raise argparse.ArgumentTypeError(f"{what}: every number must be at least {minimum}, got {low[0]}")
        return items

    convert.__name__ = "list"
    return convert


def size(what: str = "the size") -> Callable[[str], tuple[int, int]]:
    """An argparse ``type``: ``WxH`` (both at least 1)."""

    def convert(text: str) -> tuple[int, int]:
        parts = text.lower().replace(" ", "").split("x")
        try:
            w, h = (parse_count(x) for x in parts)
        except ValueError:
            _fail(what, text, "a size WxH, e.g. 6x4")
        if w < 1 or h < 1:
            _fail(what, text, "a size WxH with both sides at least 1")
        return w, h

    convert.__name__ = "size"
    return convert


def byte_size(what: str) -> Callable[[str], int]:
    """An argparse type: a positive number of bytes, ``512M``, ``2G`` or plain digits
    (K, M, G and T are binary units; a trailing ``B`` or ``iB`` is allowed)."""
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}

    def parse(text: str) -> int:
        t = text.strip().lower().removesuffix("b").removesuffix("i")
        scale = units.get(t[-1:], 1)
        try:
            value = int(float(t[:-1] if t[-1:] in units else t) * scale)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"{what}: {text!r} is not a size such as 512M or 2G") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{what} must be positive, got {text}")
        return value

    return parse


def pair(what: str = "the pair", sep: str = ":") -> Callable[[str], tuple[int, int]]:
    """An argparse ``type``: two integers ``A{sep}B`` (parentheses allowed)."""

    def convert(text: str) -> tuple[int, int]:
        try:
            a, b = (parse_count(x) for x in text.replace("(", "").replace(")", "").split(sep))
        except ValueError:
            _fail(what, text, f"two integers A{sep}B, e.g. 1{sep}3")
        return a, b

    convert.__name__ = "pair"
    return convert


def game_text(words: Sequence[str], example: str) -> str:
    """The game expression given as ``words`` (the shell may split it), or a usage
    error naming an ``example`` when there is none."""
    text = " ".join(words).strip()
    if not text:
        raise UsageError(f"no game given: write e.g. {example}")
    return text


def output_file(what: str, extensions: Optional[Callable[[], Iterable[str]]] = None) -> Callable[[str], str]:
    """An argparse ``type``: the path of a file to write.  Refused at once (before a long
    computation) when its folder does not exist, when it names a folder, and when
    ``extensions()`` is given and the file's extension is not one of them.

    >>> output_file("--csv")("/nonexistent/x.csv")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --csv: cannot write /nonexistent/x.csv: no folder /nonexistent
    >>> output_file("--plot", lambda: ["png", "svg"])("k.xyz")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --plot: cannot write k.xyz: the format is chosen by the extension, one of .png, .svg
    """

    def convert(text: str) -> str:
        def refuse(why: str) -> NoReturn:
            raise argparse.ArgumentTypeError(f"{what}: cannot write {text}: {why}")

        if not text:
            refuse("no file name")
        folder = os.path.dirname(text) or "."
        if not os.path.isdir(folder):
            refuse(f"no folder {folder}")
        if os.path.isdir(text):
            refuse("it is a folder")
        if extensions is not None:
            known = sorted(extensions())
            if os.path.splitext(text)[1].lower().lstrip(".") not in known:
                refuse("the format is chosen by the extension, one of " + ", ".join(f".{e}" for e in known))
        return text

    convert.__name__ = "file"
    return convert


@contextlib.contextmanager
def writing(path: str) -> Iterator[None]:
    """Within it, failing to write ``path`` (no such folder, no permission, a full disk)
    is a one-line :class:`CGTError` naming the file.

    >>> with writing("/nonexistent/x.csv"):
    ...     open("/nonexistent/x.csv", "w")
    Traceback (most recent call last):
    ...
    cgtkit.errors.CGTError: cannot write /nonexistent/x.csv: No such file or directory
    """
    try:
        yield
    except OSError as exc:
        raise CGTError(f"cannot write {path}: {exc.strerror or exc}") from None


class UsageError(CGTError):
    """A usage error found after parsing: main prints it as one line with a pointer to
    the command's help, exit status 2."""


# letters whose name starts with a vowel sound ("an F", "an N-position")
_VOWEL_LETTERS = set("AEFHILMNORSX")


def a_or_an(word: str) -> str:
    """The indefinite article for ``word``: a single capital letter by its spoken name,
    otherwise by the first letter (good enough for the names cgtkit prints)."""
    if len(word) == 1 or (len(word) > 1 and word[0].isupper() and not word[1].isalpha()):
        return "an" if word[0].upper() in _VOWEL_LETTERS else "a"
    return "an" if word[:1].lower() in "aeiou" else "a"
