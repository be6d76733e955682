"""Draw the README's pictures into docs/images/ from the code, so they stay true.

Run ``.venv/bin/python docs/make_images.py`` after changing a drawing;
tests/test_readme.py fails while a committed picture differs from what this draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

IMAGES = Path(__file__).resolve().parent / "images"


def _thermograph() -> str:
    from cgtkit import game
    from cgtkit.short.thermography import thermograph

    return thermograph(game("{3||2|1}")).to_svg(title="Thermograph of {3||2|1}: mean 9/4, temperature 3/4")


def _domineering() -> str:
    from cgtkit.rulesets import Domineering

    return Domineering("....|....|..#.|.##.")._repr_svg_()


#: file name -> what draws it
PICTURES: dict[str, Callable[[], str]] = {"thermograph.svg": _thermograph, "domineering.svg": _domineering}


def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        (IMAGES / name).write_text(draw() + "\n", encoding="utf-8")
        print(f"wrote {IMAGES / name}")


if __name__ == "__main__":
    main()
