"""Shared test configuration: the hypothesis profiles.

* ``default``: no deadline (the first example of a test may load the compiled kernel
  or fill an engine table, and the machines that run the suite are shared, so a
  per-example time limit only measures the machine) and 100 examples unless a test
  asks for its own number;
* ``ci``: the same, derandomized (every run draws the same examples, so a CI run
  is reproducible) and without the example database.

Choose one with the environment variable ``HYPOTHESIS_PROFILE`` (``ci`` in
``.ci/run``), or with pytest's ``--hypothesis-profile``.

The notebooks' browser check skips without Chromium; a quiet run (``-q``) would only
count the skips, so the summary ends with one line saying that it did not run and why.

Ctrl-C: a run started as a shell's background job inherits SIGINT ignored, and the
tests that send SIGINT to themselves (to check that long native work stops) would
then wait in vain; the suite restores Python's KeyboardInterrupt handler.
"""

from __future__ import annotations

import os
import signal

from hypothesis import settings

settings.register_profile("default", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=100, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_terminal_summary(terminalreporter) -> None:
    """One line when the rendered notebooks were not checked in a browser, with the reason."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "test_rendered_notebook" in r.nodeid]
    if skipped:
        why = skipped[0].longrepr[2] if isinstance(skipped[0].longrepr, tuple) else str(skipped[0].longrepr)
        terminalreporter.write_line(
            f"notebooks: the browser check did not run ({len(skipped)} skipped): {why.removeprefix('Skipped: ')}",
            yellow=True,
        )
