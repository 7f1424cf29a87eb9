"""Lengths with units. Inside the code every length is in PostScript points (1/72 in)."""

from __future__ import annotations

import re
from typing import Annotated, Any, NoReturn

from pydantic import AfterValidator, BeforeValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

MM = 72.0 / 25.4
POINTS_PER_UNIT = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
MAX_LENGTH = 100_000 * MM  # 100 m: a bound that keeps every computation with lengths finite

# A decimal, or a fraction as inches are written (1/8in, 1 1/4in: a whole number, a space, the
# fraction), of at most nine digits a part.
_LENGTH = re.compile(
    r"^\s*(-?)(?:(\d+(?:\.\d+)?|\.\d+)|(?:(\d{1,9})\s+)?(\d{1,9})/(\d{1,9}))\s*([A-Za-z]*)\s*$"
)
LENGTH_PATTERN = r"^-?(\d+(\.\d+)?|\.\d+|(\d{1,9}\s+)?\d{1,9}/\d{1,9})\s*(mm|cm|in|pt)$"
UNSIGNED_PATTERN = LENGTH_PATTERN.replace("^-?", "^")


def parse_length(value: Any, usual_unit: str | None = None) -> float:
    """'63mm' or '1/8in' → points. A bare number is refused: its unit would be a guess, which
    the hint may offer when the field has a `usual_unit` (points, for type)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise PydanticCustomError("length_type", "expected a length such as '63mm' or '2.5in'")
    if isinstance(value, int | float):
        _no_unit(value, usual_unit)
    match = _LENGTH.match(value)
    if not match:
        raise PydanticCustomError(
            "length_type", "'{value}' is not a length such as '63mm' or '1/8in'", {"value": value}
        )
    sign, decimal, whole, numerator, denominator, unit = match.groups()
    if denominator is not None and int(denominator) == 0:
        raise PydanticCustomError(
            "length_type", "'{value}' divides by zero: not a length", {"value": value}
        )
    number = float(decimal) if decimal is not None else _fraction(whole, numerator, denominator)
    number = -number if sign else number
    if not unit:
        _no_unit(value.strip(), usual_unit)
    if unit not in POINTS_PER_UNIT:
        raise PydanticCustomError(
            "length_unit",
            "unknown unit '{unit}' in length '{value}'",
            {"unit": unit, "value": value},
        )
    points = number * POINTS_PER_UNIT[unit]
    if not abs(points) <= MAX_LENGTH:  # also false for inf, which 400 digits parse to
        raise PydanticCustomError(
            "length_too_long",
            "length '{value}' is longer than 100 m, more than anything printkit prints",
            {"value": value},
        )
    return points


def in_millimetres(value: Any) -> str | None:
    """'25in' → '25mm': a length's number as written, read as millimetres, for the hint on a
    unit slip; None when `value` is no length or is already in millimetres."""
    match = _LENGTH.match(value) if isinstance(value, str) else None
    if match is None or match.group(6) in ("", "mm"):
        return None
    return f"{value[: match.start(6)].strip()}mm"


def _no_unit(value: str | float, usual_unit: str | None) -> NoReturn:
    raise PydanticCustomError(
        "length_no_unit", "length {value} has no unit", {"value": value, "usual_unit": usual_unit}
    )


def parse_type_size(value: Any) -> float:
    """A text's size: a length, whose bare number is told it is measured in points."""
    return parse_length(value, "pt")


def _fraction(whole: str | None, numerator: str, denominator: str) -> float:
    return int(whole or 0) + int(numerator) / int(denominator)


def _length_schema(pattern: str) -> WithJsonSchema:
    return WithJsonSchema({"type": "string", "pattern": pattern, "examples": ["63mm", "2.5in"]})


def _must_be_positive(points: float) -> float:
    """Sizes: a piece, a hex or a font of zero size cannot be drawn or cut."""
    if points <= 0:
        raise PydanticCustomError(
            "length_not_positive",
            "a size of {value} mm is not greater than zero",
            {"value": f"{to_mm(points):g}"},
        )
    return points


def _must_not_be_negative(points: float) -> float:
    """Bleeds, margins, radii and line widths: zero means none, below zero means nothing."""
    if points < 0:
        raise PydanticCustomError(
            "length_negative", "a length of {value} mm is negative", {"value": f"{to_mm(points):g}"}
        )
    return points


# Signed: offsets and positions, which may reach into the bleed.
Length = Annotated[float, BeforeValidator(parse_length), _length_schema(LENGTH_PATTERN)]
PositiveLength = Annotated[
    float,
    BeforeValidator(parse_length),
    AfterValidator(_must_be_positive),
    _length_schema(UNSIGNED_PATTERN),
]
TypeSize = Annotated[
    float,
    BeforeValidator(parse_type_size),
    AfterValidator(_must_be_positive),
    _length_schema(UNSIGNED_PATTERN),
]
NonNegativeLength = Annotated[
    float,
    BeforeValidator(parse_length),
    AfterValidator(_must_not_be_negative),
    _length_schema(UNSIGNED_PATTERN),
]


def mm(value: float) -> float:
    """Millimetres to points, for code that states print conventions in mm."""
    return value * MM


def to_mm(points: float) -> float:
    return points / MM
