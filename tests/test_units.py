"""Units: every length in YAML carries its unit, and becomes PostScript points (1/72 in)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from printkit.model.base import Size
from printkit.model.units import Length, TypeSize, in_millimetres, mm, parse_length, to_mm

LENGTH = TypeAdapter(Length)
TYPE_SIZE = TypeAdapter(TypeSize)

# Points per unit, from the definitions: 1 in = 72 pt = 25.4 mm, 1 cm = 10 mm.
PT_PER = {"mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0, "pt": 1.0}


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("63mm", 63 * 72 / 25.4),  # a standard card's width: 178.58 pt
        ("88mm", 88 * 72 / 25.4),
        ("2.5in", 180.0),  # a poker card's width
        ("3.5in", 252.0),
        ("0.5cm", 5 * 72 / 25.4),
        ("12pt", 12.0),
        ("25.4mm", 72.0),
        ("2.54cm", 72.0),
        (".5in", 36.0),
        ("-3mm", -3 * 72 / 25.4),
        ("0mm", 0.0),
        ("1/8in", 9.0),  # an imperial bleed, as PRINT.md gives it
        ("7/16in", 31.5),
        ("1 1/4in", 90.0),  # a whole number, a space, a fraction
        ("-1/8in", -9.0),
        ("3/2mm", 1.5 * 72 / 25.4),
    ],
)
def test_lengths_convert_to_points(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points, rel=1e-12, abs=1e-12)
    assert LENGTH.validate_python(text) == pytest.approx(points, rel=1e-12, abs=1e-12)


def test_an_inch_is_exactly_72_points_and_25_4_millimetres() -> None:
    assert parse_length("1in") == pytest.approx(parse_length("25.4mm"))
    assert parse_length("1in") == pytest.approx(parse_length("2.54cm"))
    assert parse_length("1in") == 72.0


@given(
    number=st.floats(min_value=-1000, max_value=1000, allow_nan=False).map(lambda v: round(v, 4)),
    unit=st.sampled_from(sorted(PT_PER)),
)
def test_any_number_with_a_known_unit_parses(number: float, unit: str) -> None:
    text = f"{number:.4f}{unit}"
    assert parse_length(text) == pytest.approx(float(f"{number:.4f}") * PT_PER[unit], abs=1e-9)


@given(st.floats(min_value=-5000, max_value=5000, allow_nan=False))
def test_mm_and_to_mm_are_inverse(value: float) -> None:
    assert to_mm(mm(value)) == pytest.approx(value, abs=1e-9)
    assert mm(value) == pytest.approx(value * 72 / 25.4, abs=1e-9)


@pytest.mark.parametrize("bare", [63, 2.5, "63", "2.5"])
def test_a_bare_number_is_refused_as_having_no_unit(bare: object) -> None:
    with pytest.raises(ValidationError) as caught:
        LENGTH.validate_python(bare)
    (error,) = caught.value.errors()
    assert error["type"] == "length_no_unit"
    assert "no unit" in error["msg"]


@pytest.mark.parametrize(("bare", "shown"), [(11, 11), (7.5, 7.5), (" 11 ", "11")])
def test_a_bare_text_size_is_told_its_usual_unit(bare: object, shown: object) -> None:
    """`size: 11` on a text: the hint can offer '11pt', where a length's unit is a guess."""
    with pytest.raises(ValidationError) as caught:
        TYPE_SIZE.validate_python(bare)
    (error,) = caught.value.errors()
    assert (error["type"], error["ctx"]) == ("length_no_unit", {"value": shown, "usual_unit": "pt"})
    with pytest.raises(ValidationError) as caught:
        LENGTH.validate_python(bare)
    assert caught.value.errors()[0]["ctx"]["usual_unit"] is None
    assert TYPE_SIZE.validate_python("11pt") == 11


@pytest.mark.parametrize(("text", "unit"), [("63px", "px"), ("2.5inch", "inch"), ("1em", "em")])
def test_an_unknown_unit_is_refused_and_named(text: str, unit: str) -> None:
    with pytest.raises(ValidationError) as caught:
        LENGTH.validate_python(text)
    (error,) = caught.value.errors()
    assert error["type"] == "length_unit"
    assert f"'{unit}'" in error["msg"]


NOT_LENGTHS = ("", "mm", "sixty mm", "6 3mm", "1/0in", "/8in", "1//8in", "1/8/2in", "1 /8in")


@pytest.mark.parametrize("junk", [*NOT_LENGTHS, "1/1234567890in", True, None, [63, "mm"]])
def test_things_that_are_not_lengths_are_refused(junk: object) -> None:
    with pytest.raises(ValidationError):
        LENGTH.validate_python(junk)


def test_a_size_model_takes_lengths_with_units() -> None:
    size = Size.model_validate({"width": "63mm", "height": "3.5in"})
    assert (size.width, size.height) == pytest.approx((63 * 72 / 25.4, 252.0))
    with pytest.raises(ValidationError):
        Size.model_validate({"width": 63, "height": "88mm"})


def test_the_schema_pattern_accepts_what_the_parser_accepts() -> None:
    """Editors validate lengths with the JSON Schema pattern; it must agree with the parser."""
    schema = LENGTH.json_schema()
    assert schema["type"] == "string"
    pattern = re.compile(schema["pattern"])
    for good in ("63mm", "2.5in", "0.5cm", "12pt", ".5in", "-3mm", "1/8in", "1 1/4in"):
        assert pattern.match(good), good
        parse_length(good)
    for bad in ("63", "63px", "mm", "2.5 inches", "1/8"):
        assert not pattern.match(bad), bad
        with pytest.raises(ValueError):
            parse_length(bad)
    json.dumps(schema)


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("25in", "25mm"),  # the slip PK354 names
        ("2.5cm", "2.5mm"),
        ("1 1/4in", "1 1/4mm"),
        (" 18 pt ", "18mm"),
        ("25mm", None),  # already millimetres: no other reading
        ("25", None),  # no unit
        ("twenty", None),
        (25, None),
        (None, None),
    ],
)
def test_a_length_read_as_millimetres(written: object, meant: str | None) -> None:
    assert in_millimetres(written) == meant
