"""The sweep fault tests' known point: a ``cgtkit`` driver stopped by the runner's hook
(:class:`cgtkit.sweep.runner.Pause`, ``CGTKIT_SWEEP_PAUSE=K:PATH``) once it has
committed exactly ``K`` results, and the worker that holds the most of the rest.
Nothing here waits for a time to pass: each wait is for a state, bounded only by a
deadline that fails the test."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Callable

DEADLINE = 300.0  # seconds: a state not reached by then fails the test


def paused(argv: list[str], gate: Path, after: int) -> subprocess.Popen:
    """``argv`` (a ``cgtkit`` command) started with the pause at ``after`` results;
    it goes on once the file ``gate`` exists."""
    env = dict(os.environ, CGTKIT_SWEEP_PAUSE=f"{after}:{gate}")
    return subprocess.Popen(argv, stdout=subprocess.PIPE, env=env)


def wait_for_pause(count: Callable[[], int], proc: subprocess.Popen, after: int) -> None:
    """Until ``count()`` (the rows committed) is ``after``, the driver still running."""
    deadline = time.monotonic() + DEADLINE
    while count() < after and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the driver ended before its pause"
    assert count() == after, f"{count()} rows at the pause, not {after}"


def busiest_worker(client) -> tuple[str, int, list[str]]:  # type: ignore[no-untyped-def]
    """The worker holding the most of the sweep's tasks (finished and not yet
    committed, or running): its address, its pid and those keys (at least one)."""
    deadline = time.monotonic() + DEADLINE
    while True:
        has, running = client.has_what(), client.processing()
        held = {
            w: sorted(str(k) for k in set(has.get(w, ())) | set(running.get(w, ())) if str(k).startswith("cgtkit-"))
            for w in set(has) | set(running)
        }
        address = max(held, key=lambda w: len(held[w]), default=None)
        if address is not None and held[address]:
            return address, client.run(os.getpid, workers=[address])[address], held[address]
        assert time.monotonic() < deadline, "no worker holds a task of the sweep"
        time.sleep(0.02)


def kill_worker(client, address: str, pid: int) -> None:  # type: ignore[no-untyped-def]
    """SIGKILL the worker ``pid``, and wait until the scheduler has dropped it."""
    import signal

    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + DEADLINE
    while address in client.scheduler_info().get("workers", {}):
        assert time.monotonic() < deadline, "the scheduler still lists the killed worker"
        time.sleep(0.02)
