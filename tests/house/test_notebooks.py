"""The tutorial notebooks in docs/notebooks/ run headless (nbclient) so they cannot rot,
and their rendered HTML (nbconvert) shows its pictures in a real browser (the system's
Chromium, driven by playwright); screenshots go to build/screenshots/ for a person to
look at.

The browser check skips when Chromium is not installed, unless CGTKIT_REQUIRE_BROWSER
is set (CI sets it: there a missing browser is a failure)."""

import os
import shutil
from pathlib import Path

import pytest

from cgtkit.config import setting

ROOT = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = sorted((ROOT / "docs" / "notebooks").glob("*.ipynb"))
SCREENSHOTS = ROOT / "build" / "screenshots"

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

_EXECUTED: dict[str, "nbformat.NotebookNode"] = {}  # name -> the notebook with its outputs


def executed(path: Path):
    """The notebook at ``path``, run once in a fresh kernel (kept for the browser check)."""
    if path.stem not in _EXECUTED:
        nb = nbformat.read(path, as_version=4)
        nbclient.NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
        ).execute()
        _EXECUTED[path.stem] = nb
    return _EXECUTED[path.stem]


def outputs(nb) -> list[dict]:
    """Each code cell's last output's data (``{}`` for a cell without a result)."""
    found = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            data = [o.get("data", {"text/plain": o.get("text", "")}) for o in cell.outputs]
            found.append(data[-1] if data else {})
    return found


# what each notebook must show: (cell index among code cells, mime type, text in it)
EXPECTED = {
    "tutorial": [
        (2, "text/html", "<code>{3||2|1}</code>"),
        (2, "text/html", "<svg"),  # the hot game's thermograph
        (5, "image/svg+xml", 'class="cell"'),  # the Domineering board
        (6, "text/plain", "game('+-3/2')"),
        (7, "image/png", ""),  # Kayles' Grundy sequence
        (7, "text/plain", "preperiod=71, period=12"),
    ],
    "impartial": [
        (1, "text/plain", "[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1]"),  # Grundy's game, OEIS A002188
        (2, "text/plain", "WinningMove(component=0, label=4, option=4, result=[4, 6, 7])"),
        (3, "image/png", ""),
        (3, "text/plain", "preperiod=0, period=7"),  # S(1,3,4): P-positions 0, 2 mod 7
    ],
    "partizan": [
        (4, "text/plain", "((Dyadic('3'), Dyadic('2')), Dyadic('9/4'), Dyadic('3/4'))"),
        (5, "image/svg+xml", 'class="mast"'),
        (7, "text/plain", "['{3||2|1}', '{11/4||2|3/2}', '{5/2|2*}', '9/4*']"),
    ],
    "heap_games": [
        (1, "image/png", ""),
        (1, "text/plain", "preperiod=53, period=34"),  # Dawson's Kayles (Winning Ways ch. 16)
        (2, "text/plain", "(71, 12)"),  # Kayles
    ],
    "rulesets": [
        (0, "image/svg+xml", 'class="cell"'),
        (2, "image/svg+xml", 'class="stone black"'),
        (5, "image/svg+xml", "amazon"),
        (7, "image/svg+xml", 'class="toad"'),
        (9, "image/svg+xml", 'class="edge green"'),
        (12, "image/svg+xml", 'class="fox"'),
        (13, "text/plain", "{4|3||2}"),  # Fox and Geese, as CGSuite gives it
    ],
}


def test_every_notebook_has_its_checks():
    assert sorted(p.stem for p in NOTEBOOKS) == sorted(EXPECTED)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_and_shows_its_results(path):
    nb = executed(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    results = outputs(nb)
    for index, mime, text in EXPECTED[path.stem]:
        assert mime in results[index], (index, mime, sorted(results[index]))
        assert text in results[index][mime], (index, results[index][mime][:200])


def _chromium() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser():
    path = _chromium()
    if path is None:
        if setting("CGTKIT_REQUIRE_BROWSER"):
            pytest.fail("CGTKIT_REQUIRE_BROWSER is set but no chromium is on the PATH (apt-get install chromium)")
        pytest.skip("no chromium on the PATH: install it (apt-get install chromium) to check the rendered notebooks")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_rendered_notebook_shows_its_pictures_in_a_browser(browser, path, tmp_path):
    from nbconvert import HTMLExporter

    html, _ = HTMLExporter().from_notebook_node(executed(path))
    page_file = tmp_path / f"{path.stem}.html"
    page_file.write_text(html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        page.goto(page_file.as_uri(), wait_until="domcontentloaded")
        pictures = page.locator(".jp-OutputArea-output svg:not(svg svg), .jp-OutputArea-output img")
        expected = sum(
            "image/svg+xml" in data or "image/png" in data or "<svg" in data.get("text/html", "")
            for data in outputs(executed(path))
        )
        assert pictures.count() == expected > 0  # every picture the kernel made is on the page
        for i in range(pictures.count()):
            box = pictures.nth(i).bounding_box()
            assert box is not None and box["width"] > 20 and box["height"] > 20, (i, box)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{path.stem}.png"), full_page=True)
    finally:
        page.close()
