"""cgtkit's environment variables: the one place that reads and checks every ``CGTKIT_*``.

* ``CGTKIT_ENGINE``: ``native`` (the default) or ``python`` (the twin engine);
* ``CGTKIT_MAX_DEPTH``: an integer at least 1, the longest line of play a search
  follows (default 4,000,000);
* ``CGTKIT_LOOPY_MAX_POSITIONS``: an integer at least 1, the positions a loopy value
  explores (default 1,000,000);
* ``CGTKIT_EATCAKE_MAX_COST``: a number at least 1 (``1e8``), the search bound of
  Eatcake (default ``Eatcake.max_cost``);
* ``CGTKIT_REQUIRE_BROWSER``: any value: the test suite fails, instead of skipping,
  without Chromium.

An empty variable is unset.  :func:`setting` reads one (its default when unset);
a value it cannot use is a :class:`~cgtkit.errors.ConfigError` naming the variable
and the values allowed, never a silent default.  ``import cgtkit`` checks them all
(:func:`check_environment`), so a typo in a value stops at once, and a ``CGTKIT_*``
name that is none of these (a typo in the name) is a :class:`ConfigWarning` that
names the known ones.  The ``cgtkit`` command says either in one line
(``cgtkit: error: CGTKIT_ENGINE='pyth': expected 'native' or 'python'``, exit
status 2).

>>> setting("CGTKIT_MAX_DEPTH", {"CGTKIT_MAX_DEPTH": "10**6"})
1000000
>>> setting("CGTKIT_MAX_DEPTH", {"CGTKIT_MAX_DEPTH": "-1"})
Traceback (most recent call last):
...
cgtkit.errors.ConfigError: CGTKIT_MAX_DEPTH='-1': expected an integer at least 1 (the longest line of play a search follows; default 4000000)
>>> print(*check_environment({"CGTKIT_ENGIN": "python", "HOME": "/root"}))
CGTKIT_ENGIN is not a cgtkit variable (did you mean CGTKIT_ENGINE?); the known ones are CGTKIT_ENGINE, CGTKIT_MAX_DEPTH, CGTKIT_LOOPY_MAX_POSITIONS, CGTKIT_EATCAKE_MAX_COST, CGTKIT_REQUIRE_BROWSER
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any, Callable, Mapping, NamedTuple, Optional

from .errors import ConfigError

__all__ = ["SETTINGS", "Setting", "setting", "is_set", "check_environment", "check_at_import", "ConfigWarning"]

PREFIX = "CGTKIT_"


class ConfigWarning(UserWarning):
    """A ``CGTKIT_*`` environment variable that cgtkit does not know (a typo in its name)."""


class Setting(NamedTuple):
    """One variable: the values it allows (in words), its default, and how its text is read
    (``read(text)`` returns the value or raises ValueError)."""

    allowed: str
    default: Any
    read: Callable[[str], Any]


def _engine(text: str) -> str:
    choice = text.strip().lower()
    if choice not in ("native", "python"):
        raise ValueError(text)
    return choice


def _integer(text: str) -> int:
    m = re.fullmatch(r"\s*(\d[\d_]*)\s*(?:(?:\*\*|\^)\s*(\d+)\s*)?", text)
    if m is None:
        raise ValueError(text)
    exponent = int(m.group(2) or 1)
    if exponent > 64:
        raise ValueError(text)
    value: int = int(m.group(1)) ** exponent
    if value < 1:
        raise ValueError(text)
    return value


def _number(text: str) -> int:
    try:
        value = float(text)
    except ValueError:
        value = float(_integer(text))
    if not value >= 1 or value == float("inf"):
        raise ValueError(text)
    return int(value)


SETTINGS: dict[str, Setting] = {
    "CGTKIT_ENGINE": Setting("'native' or 'python'", "native", _engine),
    "CGTKIT_MAX_DEPTH": Setting(
        "an integer at least 1 (the longest line of play a search follows; default 4000000)", 4_000_000, _integer
    ),
    "CGTKIT_LOOPY_MAX_POSITIONS": Setting(
        "an integer at least 1 (the positions a loopy value explores; default 1000000)", 1_000_000, _integer
    ),
    "CGTKIT_EATCAKE_MAX_COST": Setting(
        "a number at least 1, e.g. 1e8 (the bound on an Eatcake search; default Eatcake.max_cost)", None, _number
    ),
    "CGTKIT_REQUIRE_BROWSER": Setting("any value (the test suite then fails without Chromium)", False, bool),
}


def _environ(environ: Optional[Mapping[str, str]]) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def is_set(name: str, environ: Optional[Mapping[str, str]] = None) -> bool:
    """Whether the variable ``name`` is set to a non-empty value.

    >>> is_set("CGTKIT_ENGINE", {"CGTKIT_ENGINE": " "}), is_set("CGTKIT_ENGINE", {"CGTKIT_ENGINE": "python"})
    (False, True)
    """
    return bool(_environ(environ).get(name, "").strip())


def setting(name: str, environ: Optional[Mapping[str, str]] = None) -> Any:
    """The value of the known variable ``name`` (its default when unset or empty);
    :class:`~cgtkit.errors.ConfigError` when its value is not one it allows.

    >>> setting("CGTKIT_ENGINE", {}), setting("CGTKIT_ENGINE", {"CGTKIT_ENGINE": "Python"})
    ('native', 'python')
    >>> setting("CGTKIT_EATCAKE_MAX_COST", {"CGTKIT_EATCAKE_MAX_COST": "1e8"})
    100000000
    """
    known = SETTINGS[name]
    text = _environ(environ).get(name, "")
    if not text.strip():
        return known.default
    try:
        return known.read(text)
    except (ValueError, OverflowError):
        raise ConfigError(f"{name}={text!r}: expected {known.allowed}") from None


def check_environment(environ: Optional[Mapping[str, str]] = None) -> list[str]:
    """Check every ``CGTKIT_*`` variable that is set: a value a known one does not allow
    is a :class:`~cgtkit.errors.ConfigError` (the first such, in the order of
    :data:`SETTINGS`); returns one line for each unknown name, which names the known ones."""
    env = _environ(environ)
    for name in SETTINGS:
        setting(name, env)
    unknown = []
    for name in sorted(n for n in env if n.upper().startswith(PREFIX) and n not in SETTINGS):
        import difflib

        close = difflib.get_close_matches(name.upper(), SETTINGS, n=1, cutoff=0.8)
        hint = f" (did you mean {close[0]}?)" if close else ""
        unknown.append(f"{name} is not a cgtkit variable{hint}; the known ones are {', '.join(SETTINGS)}")
    return unknown


def running_as_command() -> bool:
    """Whether this process is the ``cgtkit`` command (its script, or ``python -m cgtkit.cli``).

    >>> running_as_command()
    False
    """
    if os.path.basename(sys.argv[0] if sys.argv else "") in ("cgtkit", "cgtkit.exe", "cgtkit-script.py"):
        return True
    argv = list(getattr(sys, "orig_argv", []))
    return any(a == "-m" and b in ("cgtkit.cli", "cgtkit.cli.main") for a, b in zip(argv, argv[1:])) or any(
        a in ("-mcgtkit.cli", "-mcgtkit.cli.main") for a in argv
    )


def check_at_import() -> None:
    """What ``import cgtkit`` does first: :func:`check_environment`.  A bad value raises
    its ConfigError (and stops the import), an unknown name is a :class:`ConfigWarning`;
    in the ``cgtkit`` command a bad value is one line on stderr and exit status 2 (the
    command's code has not started yet), and its ``main`` reports unknown names itself."""
    try:
        unknown = check_environment()
    except ConfigError as exc:
        if running_as_command():
            print(f"cgtkit: error: {exc}", file=sys.stderr)
            raise SystemExit(2) from None
        raise
    if unknown and not running_as_command():
        import warnings

        for line in unknown:
            warnings.warn(line, ConfigWarning, stacklevel=3)
