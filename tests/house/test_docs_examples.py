"""The examples in README.md and in the pages under docs/ run as doctests (the guides
with a test of their own, such as docs/analysis.md, are run there), and the README's
pictures are what docs/make_images.py draws."""

import doctest
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = ROOT / "docs"
OWN_TESTS = {"analysis.md", "engine.md", "loopy.md", "misere.md"}  # tests/*/test_*_docs.py
GUIDES = [ROOT / "README.md"] + sorted(
    p for p in DOCS.rglob("*.md") if p.name not in OWN_TESTS and ">>> " in p.read_text(encoding="utf-8")
)


def test_the_guides_are_found():
    names = {p.name for p in GUIDES}
    assert {"README.md", "foundations.md", "heap.md", "rulesets.md", "getting-started.md"} <= names
    assert {"infinitesimals.md", "thermography.md"} <= names  # the tutorials of issue 31


@pytest.mark.parametrize("path", GUIDES, ids=[str(p.relative_to(ROOT)) for p in GUIDES])
def test_guide_examples(path):
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_readme_pictures_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_images", DOCS / "make_images.py")
    make_images = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_images)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, draw in make_images.PICTURES.items():
        assert f"docs/images/{name}" in readme
        committed = (DOCS / "images" / name).read_text(encoding="utf-8")
        assert committed == draw() + "\n", f"docs/images/{name} is stale: run .venv/bin/python docs/make_images.py"


def test_a_skipped_browser_check_says_so_in_one_line(tmp_path):
    """Without Chromium the notebooks' browser check skips; the run's summary says so
    in one line (a quiet run would show only a count of skips)."""
    import subprocess
    import sys

    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    (tmp_path / "test_notebooks.py").write_text(
        "import pytest\n\n\n"
        "@pytest.mark.parametrize('name', ['a', 'b'])\n"
        "def test_rendered_notebook_shows_its_pictures_in_a_browser(name):\n"
        "    pytest.skip('no chromium on the PATH: install it')\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    said = [line for line in done.stdout.splitlines() if "browser check" in line]
    assert said == ["notebooks: the browser check did not run (2 skipped): no chromium on the PATH: install it"]


def test_the_site_lists_every_page():
    """Every page under docs/ is in mkdocs.yml's navigation (a page outside it is built
    but reachable from nowhere), and every public package has an API page."""
    import re

    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:", 1)[1]
    listed = set(re.findall(r"([\w./-]+\.(?:md|ipynb))\s*$", nav, flags=re.M))
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*") if p.suffix in (".md", ".ipynb")}
    pages = {p for p in pages if not p.startswith("notebooks/.")}
    assert pages - listed == set()
    assert listed - pages == set()
    api = " ".join(p.read_text(encoding="utf-8") for p in (DOCS / "api").glob("*.md"))
    for package in ("numbers", "impartial", "partizan", "short", "heap", "rulesets", "loopy", "misere", "scoring"):
        assert f"::: cgtkit.{package}" in api, package
    assert "::: cgtkit.sweep\n" in api and "::: cgtkit.config\n" in api


def test_no_page_keeps_a_placeholder():
    """A line that is one all-capitals word (BENCH_IMPARTIAL) is a placeholder that a
    script was to replace: the page would show it as it is."""
    import re

    for path in [ROOT / "README.md", *DOCS.rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^[A-Z][A-Z0-9]*_[A-Z0-9_]+\s*$", text, flags=re.M), path


def test_api_pages_show_no_rest_escapes():
    """The docstrings write a plural as :class:`GameCache`\\ s (reStructuredText); the
    site's hook drops the escape, so the page does not show `GameCache`\\ s."""
    import re

    pytest.importorskip("mkdocs")
    pytest.importorskip("markdown")
    import cgtkit.loopy
    import cgtkit.memo
    import cgtkit.short.game

    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    for module in (cgtkit.short.game, cgtkit.loopy, cgtkit.memo):
        assert "\\ s" in module.__doc__  # what the hook has to undo
        shown = "\n".join(hooks._FenceDoctests(None).run(module.__doc__.splitlines()))
        assert "\\ " not in shown
        assert re.search(r"(GameCache|Stopper)`+s\b", shown), module.__name__
