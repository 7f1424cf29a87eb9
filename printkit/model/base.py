"""Building blocks shared by every model: the strict base, colours, sizes and imposition."""

from __future__ import annotations

import difflib
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic import Strict as PydanticStrict
from pydantic_core import PydanticCustomError
from reportlab.lib import colors

from printkit.diagnostics import COLOUR_ONLY, PIECE_OVERHANGS_HEX, PREFLIGHT_ACCEPTABLE
from printkit.model.units import Length, NonNegativeLength, PositiveLength

_NAMED_COLOURS = {name.lower(): colour for name, colour in colors.getAllNamedColors().items()}
_HEX_COLOUR = re.compile(r"#(?:[0-9a-f]{3}|[0-9a-f]{6})")


def colour_hint(value: str) -> str:
    """'did you mean' for a misspelt colour name; else the forms a colour takes."""
    close = difflib.get_close_matches(value.strip().lower(), _NAMED_COLOURS, n=1, cutoff=0.75)
    return f"did you mean '{close[0]}'?" if close else "use #rrggbb or a name like 'red'"


def check_colour(value: str) -> str:
    """A colour every backend draws the same, in its one canonical form '#rrggbb': a name is
    looked up here rather than passed on, because SVG and reportlab know different names."""
    text = value.strip().lower()
    if _HEX_COLOUR.fullmatch(text):
        return "#" + "".join(c * 2 for c in text[1:]) if len(text) == 4 else text
    colour = _NAMED_COLOURS.get(text)
    if colour is None:
        raise PydanticCustomError(
            "colour",
            "'{value}' is not a colour ({hint})",
            {"value": value, "hint": colour_hint(value)},
        )
    if getattr(colour, "alpha", 1) < 1:
        raise PydanticCustomError(
            "colour",
            "'{value}' is see-through, which ink on paper cannot be",
            {"value": value},
        )
    red, green, blue = (round(255 * part) for part in colour.rgb())
    return f"#{red:02x}{green:02x}{blue:02x}"


Colour = Annotated[str, AfterValidator(check_colour)]

# A count or a track's end as YAML writes a whole number: pydantic would otherwise take the text
# "0", false and 0.0 for 0 (a card set aside, a track built from true to false).
WholeNumber = Annotated[int, PydanticStrict()]


def is_template(text: str) -> bool:
    """Whether `text` holds a template's marks, '{{' or '{%'."""
    return "{{" in text or "{%" in text


def colour_or_template(value: str) -> str:
    """A colour, or a template left for the page it is drawn on to give one (a die's colour
    looked up in the data differs from page to page): checked as a colour once rendered."""
    return value if is_template(value) else check_colour(value)


ColourTemplate = Annotated[str, AfterValidator(colour_or_template)]


# Unicode's control characters (category Cc) but the line break and the tab, its surrogates
# (Cs), and the two noncharacters XML refuses: one search per text, not a lookup per character
# (10,000 cards from a spreadsheet spent a third of their modelling time on the lookups).
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def unprintable_character(value: Any) -> str | None:
    """The first character text may not hold, in `value` or the lists and mappings in it, as
    'U+0001'; None when it holds none. Text as written and text a template makes are checked
    alike: either would reach a PDF's title or an SVG page."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            bad = _UNPRINTABLE.search(item)
            if bad is not None:
                return f"U+{ord(bad.group()):04X}"
        elif isinstance(item, list | tuple):
            pending += item
        elif isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
    return None


def refuse_control_characters(value: Any) -> Any:
    """Text may hold line breaks and tabs, never other control characters: they cannot be
    printed and would make SVG output ill-formed XML. Walks lists and mappings of text too."""
    code = unprintable_character(value)
    if code is not None:
        raise PydanticCustomError(
            "control_character",
            "text holds the control character {code}, which cannot be printed",
            {"code": code},
        )
    return value


class Checked(BaseModel):
    """Base of every model: immutable, numbers finite (no .inf or .nan reaches a renderer) and
    text printable."""

    # Validators are built at first use (printkit/model/lazy.py says why).
    model_config = ConfigDict(frozen=True, allow_inf_nan=False, defer_build=True)

    @field_validator("*", mode="after")
    @classmethod
    def _printable_text(cls, value: Any) -> Any:
        return refuse_control_characters(value)


# A data path as templates write it, and an erratum's `plays` key: names joined by dots, each
# name optionally indexed ('rules.tables.ranges.rows[1].min').
PLAYS_PATH = r"^[A-Za-z_]\w*(\[\d+\])*(\.[A-Za-z_]\w*(\[\d+\])*)*$"


class Strict(Checked):
    """A model whose unknown keys are errors (all but a card, whose extra keys are its values)."""

    model_config = Checked.model_config | ConfigDict(extra="forbid")


HEX_MAP_ACCEPTABLE = (COLOUR_ONLY, *PREFLIGHT_ACCEPTABLE)
COUNTERS_ACCEPTABLE = (PIECE_OVERHANGS_HEX, *PREFLIGHT_ACCEPTABLE)
_ACCEPT = "warnings the designer accepts for this material: the preflight's (PK760-PK768)"


class PreflightSpec(Strict):
    """The risks a material accepts: the preflight's. A kind whose own checks make a warning
    that is the designer's judgement accepts it too (its own subclass), and only that kind:
    accepted elsewhere, nothing would ever report it, and the designer would think it judged."""

    accept: list[Literal[PREFLIGHT_ACCEPTABLE]] = Field(default_factory=list, description=_ACCEPT)


class HexMapPreflight(PreflightSpec):
    accept: list[Literal[HEX_MAP_ACCEPTABLE]] = Field(
        default_factory=list, description=f"{_ACCEPT}, PK253 (terrain told by colour alone)"
    )


class CountersPreflight(PreflightSpec):
    accept: list[Literal[COUNTERS_ACCEPTABLE]] = Field(
        default_factory=list, description=f"{_ACCEPT}, PK305 (a counter overhanging its hex)"
    )


class PrintedMaterial(Strict):
    """What every material kind shares: how its colours reach the paper, and which risks
    (warnings) the designer accepts."""

    preflight: PreflightSpec = Field(default_factory=PreflightSpec)

    colour: Literal["rgb", "cmyk"] = Field(
        "rgb",
        description="cmyk: a press-ready PDF (colour-managed CMYK, black on the black plate, "
        "PDF/X-1a output intent), as commercial card printers ask",
    )
    ink_limit: float = Field(
        300, gt=0, le=400, description="highest total ink coverage in percent (cmyk only)"
    )

    def accepts(self, code: str) -> bool:
        """Whether the designer accepted this material's warnings of `code`."""
        return code in self.preflight.accept


class Size(Strict):
    width: PositiveLength
    height: PositiveLength


class ImposeSpec(Strict):
    mode: Literal["sheet", "print_on_demand", "fold"] = "sheet"
    paper: str | None = Field(None, description="a4, letter, a3, tabloid; default from the CLI")
    bleed: NonNegativeLength = Field(3 * 72 / 25.4)
    gutter: Literal["shared", "bleed"] = "shared"
    margin: NonNegativeLength = Field(
        5 * 72 / 25.4, description="unprintable edge of home printers"
    )
    crop_marks: bool = True
    backs: Literal["long_edge", "short_edge", "none"] = "long_edge"
    back_offset_x: Length = 0.0
    back_offset_y: Length = 0.0
    cut_corner_radius: NonNegativeLength | None = None
    calibration: bool = False
    fold: Literal["vertical", "horizontal"] = "vertical"
    opaque_backing: bool = Field(
        False,
        description="fold mode: after each sheet, a page for its reverse (print duplex) with a "
        "dark layer under every piece, so the glued piece does not let light through",
    )

    @model_validator(mode="after")
    def _backing_needs_fold(self) -> ImposeSpec:
        if self.opaque_backing and self.mode != "fold":
            raise PydanticCustomError(
                "backing_without_fold", "opaque_backing applies to fold-and-glue (mode: fold)"
            )
        return self
