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
