"""Building blocks shared by every model: the strict base, colours, sizes and imposition."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError
from reportlab.lib import colors

from printkit.model.units import Length, NonNegativeLength, PositiveLength

_NAMED_COLOURS = {name.lower() for name in colors.getAllNamedColors()}


def check_colour(value: str) -> str:
    text = value.strip().lower()
    if text.startswith("#") and len(text) in (4, 7):
        try:
            int(text[1:], 16)
        except ValueError:
            pass
        else:
            return text
    if text in _NAMED_COLOURS:
        return text
    raise PydanticCustomError(
        "colour", "'{value}' is not a colour (use #rrggbb or a name like 'red')", {"value": value}
    )


Colour = Annotated[str, AfterValidator(check_colour)]


class Strict(BaseModel):
    """Base of every model: unknown keys are errors and models are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class PrintedMaterial(Strict):
    """What every material kind shares: how its colours reach the paper."""

    colour: Literal["rgb", "cmyk"] = Field(
        "rgb",
        description="cmyk: a press-ready PDF (colour-managed CMYK, black on the black plate, "
        "PDF/X-1a output intent), as commercial card printers ask",
    )
    ink_limit: float = Field(
        300, gt=0, le=400, description="highest total ink coverage in percent (cmyk only)"
    )


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
