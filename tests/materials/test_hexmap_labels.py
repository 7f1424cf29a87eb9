"""The hex label format language: rendering, reading back, and the formats it refuses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.model.hexlabels import LabelFormatError, parse_format, render_all, split_digits


@pytest.mark.parametrize(
    ("source", "col", "row", "label"),
    [
        ("{col:02}{row:02}", 1, 1, "0101"),
        ("{col:02}{row:02}", 2, 1, "0201"),
        ("{col:02}{row:02}", 12, 7, "1207"),
        ("{col:02}{row:02}", 100, 3, "10003"),
        ("{col:A}{row}", 1, 4, "A4"),
        ("{col:A}{row}", 27, 10, "AA10"),
        ("{col:a}.{row}", 3, 2, "c.2"),
        ("{row:03}/{col}", 5, 9, "009/5"),
        ("{{{col}}}", 4, 1, "{4}"),
    ],
)
def test_render(source: str, col: int, row: int, label: str) -> None:
    assert parse_format(source).render(col, row) == label


@given(st.integers(1, 999), st.integers(1, 999))
def test_labels_read_back(col: int, row: int) -> None:
    for source in ("{col:02}.{row:02}", "{col:A}{row}", "{row}-{col:a}"):
        fmt = parse_format(source)
        assert fmt.parse(fmt.render(col, row)) == (col, row)


def test_wargame_digits_split_in_half() -> None:
    assert split_digits("0304") == (3, 4)
    assert split_digits("100100") == (100, 100)
    assert split_digits("123") is None
    assert split_digits("A1") is None


@pytest.mark.parametrize(
    ("source", "says"),
    [
        ("{column:02}{row:02}", "unknown field '{column}'"),
        ("{col:x}{row}", "unknown spec ':x'"),
        ("{col{row}", "never closed"),
        ("{col}}{row}", "no opening"),
        ("hex", "no {col} or {row}"),
    ],
)
def test_formats_that_cannot_be_rendered(source: str, says: str) -> None:
    with pytest.raises(LabelFormatError) as error:
        parse_format(source)
    assert says in str(error.value)
    assert error.value.hint


def test_a_format_that_prints_one_label_for_two_hexes_is_refused() -> None:
    positions = {(c, r): (c, r) for c in range(1, 13) for r in range(1, 13)}
    with pytest.raises(LabelFormatError, match="'111' for both column 1 row 11"):
        render_all(parse_format("{col}{row}"), positions)
    assert len(set(render_all(parse_format("{col}.{row}"), positions).values())) == 144


def test_letters_start_at_one() -> None:
    with pytest.raises(LabelFormatError, match="no letter form"):
        parse_format("{col:A}{row}").render(0, 1)
