"""Running the command line inside a test: the exit status and what it printed."""

from cgtkit.cli.main import main


def run(capsys, *argv):
    """``cgtkit *argv``: (exit status, standard output, standard error)."""
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def lines(out):
    """The ``key: value`` lines of an output as a dict."""
    return dict(line.split(": ", 1) for line in out.strip().splitlines())


def interrupted(*argv, after=4.0, sig=None):
    """``cgtkit *argv`` in a child process, sent Ctrl-C (or the signal ``sig``) after
    ``after`` seconds while still running: (exit status, standard error).  ``after``
    leaves time for start-up.
    Fails the test if the command ends
    before Ctrl-C or does not stop within 20 s of it."""
    import os
    import pathlib
    import signal
    import subprocess
    import sys
    import time

    import pytest

    def interruptible():
        # a child of a shell's background job starts with SIGINT ignored, and Python
        # then installs no KeyboardInterrupt handler: give it Ctrl-C as a terminal would
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(__file__).parent.parent.parent / "src"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "cgtkit.cli", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=interruptible,
    )
    time.sleep(after)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT if sig is None else sig)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("the command did not stop within 20 s of Ctrl-C")
    return proc.returncode, err
