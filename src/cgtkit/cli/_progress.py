"""Progress of a long command on standard error: the one helper every command uses.

Three modes, chosen by :func:`mode`: ``"bar"`` (a tqdm bar with done/total, rate and
ETA, or a counter with rate and elapsed time when the total is unknown, drawn once the
work has taken a second and wiped when it ends; the default when stderr is a
terminal), ``"plain"`` (``--progress``: one plain line every few
seconds, for logs), and ``"off"`` (``--no-progress``, and the default when stderr is
not a terminal: nothing but the result is printed).

A :class:`Progress` is a context manager.  Work that reports its own progress calls
:meth:`Progress.update` (or passes :meth:`Progress.callback` as a library's
``progress=`` hook: it accepts ``(done)``, ``(done, message)`` and ``(done, depth)``);
native work that says nothing while it runs is watched with ``poll=``, a function
returning a count (e.g. table entries) that a background thread reads every half
second, so the line shows that work goes on.  In mode ``"off"`` nothing is started.
tqdm is imported only when a bar is drawn, so ``cgtkit --help`` does not load it.

>>> with Progress("off", "heaps", total=10) as p:
...     p.update(5)
>>> p.done
5
>>> plain_line("Kayles", 500, 1000, "heaps", 2.0, None)
'cgtkit: Kayles: 500/1,000 heaps (50%), 250 heaps/s, ETA 2 s, 2 s elapsed'
"""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Any, Callable, Iterator, Optional, TextIO

__all__ = ["Progress", "mode", "add_progress_options", "plain_line", "without_delays", "PLAIN_EVERY", "BAR_DELAY"]

PLAIN_EVERY = 5.0  # seconds between two plain lines
_TICK = 0.5  # seconds between two refreshes of a bar or polls of a count
BAR_DELAY = 1.0  # seconds before a bar is first drawn


@contextlib.contextmanager
def without_delays() -> Iterator[None]:
    """Within it, progress shows at once: a bar is drawn from the first update and a
    plain line is printed at every update (no :data:`BAR_DELAY`, no :data:`PLAIN_EVERY`
    wait), and a watched count is read every few milliseconds, so that a test sees
    what a long command would show.  A setting for the process: use it from one
    thread.

    >>> import io; out = io.StringIO()
    >>> with without_delays(), Progress("plain", "work", total=4, unit="heaps", stream=out) as p:
    ...     p.update(2)
    >>> "work: 2/4 heaps" in out.getvalue()
    True
    """
    global PLAIN_EVERY, BAR_DELAY, _TICK
    saved = PLAIN_EVERY, BAR_DELAY, _TICK
    PLAIN_EVERY = BAR_DELAY = 0.0
    _TICK = 0.002
    try:
        yield
    finally:
        PLAIN_EVERY, BAR_DELAY, _TICK = saved


def mode(choice: Optional[bool], stream: Optional[TextIO] = None) -> str:
    """The progress mode from ``--progress`` (True), ``--no-progress`` (False) or
    neither (None: a bar on a terminal, else nothing).

    >>> mode(True), mode(False)
    ('plain', 'off')
    """
    if choice is True:
        return "plain"
    if choice is False:
        return "off"
    stream = stream if stream is not None else sys.stderr
    try:
        return "bar" if stream.isatty() else "off"
    except (AttributeError, ValueError):
        return "off"


def add_progress_options(p: Any) -> None:
    """Add ``--progress`` / ``--no-progress`` (``args.progress``: True, False or None)."""
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="print a progress line on stderr every few seconds (default: a bar when stderr is a terminal, "
        "else nothing)",
    )
    group.add_argument("--no-progress", dest="progress", action="store_false", help="never show progress")


def _seconds(s: float) -> str:
    s = int(s)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def plain_line(
    label: str, done: Optional[int], total: Optional[int], unit: str, elapsed: float, note: Optional[str]
) -> str:
    """The line ``--progress`` prints: done/total, rate, ETA (when the total is
    known) and elapsed time (only that when nothing is counted: ``done`` None).

    >>> plain_line("Q", None, None, "", 75.0, None)
    'cgtkit: Q: 1 min 15 s elapsed'
    """
    parts = []
    if done is not None:
        rate = done / elapsed if elapsed > 0 else 0.0
        parts.append(f"{done:,}/{total:,} {unit} ({100 * done // total}%)" if total else f"{done:,} {unit}")
        parts.append(f"{rate:,.0f} {unit}/s")
        if total and rate > 0 and done < total:
            parts.append(f"ETA {_seconds((total - done) / rate)}")
    parts.append(f"{_seconds(elapsed)} elapsed")
    if note:
        parts.append(note)
    return f"cgtkit: {label}: " + ", ".join(parts)


class Progress:
    """Progress of one task (see the module's docstring)."""

    def __init__(
        self,
        how: str,
        label: str,
        total: Optional[int] = None,
        unit: str = "",
        poll: Optional[Callable[[], int]] = None,
        stream: Optional[TextIO] = None,
    ) -> None:
        if how not in ("bar", "plain", "off"):
            raise ValueError(f"progress mode is 'bar', 'plain' or 'off', not {how!r}")
        self.how, self.label, self.total, self.unit, self.poll = how, label, total, unit, poll
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.counting = total is not None or poll is not None  # else only the time is shown
        self.note: Optional[str] = None
        self._bar: Any = None
        self._lock: Any = None  # threading's, made when progress is shown
        self._stop: Any = None
        self._thread: Any = None
        self._start = self._last_line = 0.0
        self._drawn = False

    # --- the task's side -------------------------------------------------------------------
    def update(self, done: int, total: Optional[int] = None, note: Optional[str] = None) -> None:
        """``done`` units of the task are finished (of ``total``, when it changes)."""
        self.done = int(done)
        self.counting = True
        if total is not None:
            self.total = int(total)
        if note is not None:
            self.note = note
        if self._lock is not None:
            with self._lock:
                self._show()

    def callback(self, done: int, extra: Any = None) -> None:
        """A library's ``progress=`` hook: ``(done)``, ``(done, message)`` or ``(done, depth)``."""
        self.update(done, note=extra if isinstance(extra, str) else None)

    # --- showing -----------------------------------------------------------------------------
    def _show(self, tick: bool = False) -> None:
        if self.how == "bar" and self._bar is not None:
            bar = self._bar
            if self.total is not None and bar.total != self.total:
                bar.total = self.total
            bar.n = min(self.done, self.total) if self.total else self.done
            if self.note:
                bar.set_postfix_str(self.note, refresh=False)
            if time.monotonic() - self._start >= BAR_DELAY:  # quick work shows no bar at all
                self._drawn = True
                bar.refresh()
        elif self.how == "plain":
            now = time.monotonic()
            if now - self._last_line >= PLAIN_EVERY:
                self._last_line = now
                done = self.done if self.counting else None
                line = plain_line(self.label, done, self.total, self.unit, now - self._start, self.note)
                print(line, file=self.stream, flush=True)

    def _watch(self) -> None:
        while not self._stop.wait(_TICK):
            count = None
            if self.poll is not None:
                try:
                    count = int(self.poll())
                except Exception:  # a count is a nicety: never let it break the command
                    count = None
            with self._lock:
                if count is not None:
                    self.done = count
                self._show(tick=True)

    def __enter__(self) -> "Progress":
        if self.how == "off":
            return self
        import threading

        self._lock, self._stop = threading.Lock(), threading.Event()
        self._start = time.monotonic()
        self._last_line = self._start  # the first plain line after PLAIN_EVERY seconds
        if self.how == "bar":
            from tqdm import tqdm  # type: ignore[import-untyped]

            self._bar = tqdm(
                total=self.total,
                desc=self.label,
                unit=f" {self.unit}" if self.unit else "it",
                unit_scale=False,
                file=self.stream,
                leave=False,
                dynamic_ncols=True,
                mininterval=0.2,
                bar_format=None if self.counting else "{desc}: {elapsed} elapsed",
                delay=BAR_DELAY,  # tqdm draws nothing on its own before that
            )
        self._thread = threading.Thread(target=self._watch, name="cgtkit-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
        if self._bar is not None:
            if self._drawn:
                self._bar.clear()  # the bar goes: what the command prints stands alone
            self._bar.close()
            self._bar = None
