"""Random small boards of black (x) and white (o) stones for the Clobber, Konane and
Amazons tests, and the mirror image that negates a position."""

from hypothesis import strategies as st


def boards(max_height: int, max_width: int, cells: str) -> st.SearchStrategy[str]:
    """Board texts (rows joined by ``|``): 1..max_height rows of 1..max_width cells,
    each drawn from ``cells`` (repeat a character to make it likelier)."""
    return st.integers(1, max_height).flatmap(
        lambda h: st.integers(1, max_width).flatmap(
            lambda w: st.lists(st.lists(st.sampled_from(cells), min_size=w, max_size=w), min_size=h, max_size=h).map(
                lambda rows: "|".join("".join(r) for r in rows)
            )
        )
    )


def mirror(text: str) -> str:
    """The board flipped left to right with the colours swapped: in a game where black
    and white move alike, its value is the negative."""
    return "|".join(r[::-1] for r in text.split("|")).translate(str.maketrans("xo", "ox"))


def symmetric(text: str, image: str) -> str:
    """The board made symmetric under ``image`` ("half turn", "rows" reversed, or each
    row reversed: "columns"), each cell of the later half copied from its image."""
    rows = [list(r) for r in text.split("|")]
    h, w = len(rows), len(rows[0])
    for i in range(h):
        for j in range(w):
            a, b = {"half turn": (h - 1 - i, w - 1 - j), "rows": (h - 1 - i, j), "columns": (i, w - 1 - j)}[image]
            if (a, b) < (i, j):
                rows[i][j] = rows[a][b]
    return "|".join("".join(r) for r in rows)


def symmetric_boards(max_height: int, max_width: int, cells: str) -> st.SearchStrategy[str]:
    """Random boards (see :func:`boards`) made symmetric under a mirror or the half turn."""
    return st.tuples(boards(max_height, max_width, cells), st.sampled_from(["half turn", "rows", "columns"])).map(
        lambda t: symmetric(*t)
    )
