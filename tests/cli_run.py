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
