"""How a running command is stopped: Ctrl-C (SIGINT) and SIGTERM (``kill``'s default
signal, and what a batch system sends before it kills a job) alike.

While a command runs, SIGTERM raises :class:`Terminated`, a ``KeyboardInterrupt``,
wherever Ctrl-C would raise one, native searches included (they look for pending
signals as they go): so whatever a command does on Ctrl-C (``cgtkit solve
--tt-save`` saves its table, a database build its checkpoint) it does on SIGTERM too.
That matters most for a search run in the background (``nohup cgtkit ... &``), which
a non-interactive shell starts with SIGINT ignored.  The exit status is 130 after
Ctrl-C, 143 after SIGTERM.

>>> exit_status(KeyboardInterrupt()), exit_status(Terminated())
(130, 143)
>>> stopped(KeyboardInterrupt()), stopped(Terminated())
('interrupted', 'terminated')
"""

from __future__ import annotations

import contextlib
import signal
from typing import Any, Iterator

__all__ = ["Terminated", "terminate_as_interrupt", "exit_status", "stopped"]


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived while a command ran."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated("terminated")


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within it, SIGTERM raises :class:`Terminated` (where the signal module can set
    a handler: the main thread of a platform with SIGTERM); the old handler after."""
    try:
        old = signal.signal(signal.SIGTERM, _raise_terminated)
    except (ValueError, AttributeError, OSError):  # not the main thread, or no SIGTERM
        old = None
    try:
        yield
    finally:
        if old is not None:
            signal.signal(signal.SIGTERM, old)


def exit_status(exc: KeyboardInterrupt) -> int:
    """The exit status of a command stopped by ``exc``: 143 for SIGTERM, else 130."""
    return 143 if isinstance(exc, Terminated) else 130


def stopped(exc: KeyboardInterrupt) -> str:
    """The word a command prints when ``exc`` stopped it: "terminated" or "interrupted"."""
    return "terminated" if isinstance(exc, Terminated) else "interrupted"
