"""Print-on-demand presets: what a service's upload form takes, as a small YAML file a designer
can copy and edit (printkit/presets/pod/*.yaml), and the files `printkit build --pod NAME`
writes from it.

A preset gives the card size it is for, the bleed, the safe zone, the resolution, the file type
(one PNG per face, or one PDF of one card per page), the colour and how the files are named,
and cites where each number comes from (`source:`). A preset file with a mistake is a diagnostic
at its line, as a game's files are, before anything is built.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field, ValidationError

from printkit.diagnostics import POD_NAMING, POD_SIZE, Diagnostics, did_you_mean
from printkit.export.images import MAX_SLUG, ImageSet, card_images
from printkit.export.pieces import DrawnPieces, material_decks
from printkit.export.raster import page_pdf
from printkit.impose.pod import piece_page
from printkit.load.files import GameFiles
from printkit.load.yaml_spans import SourceMap, load_yaml
from printkit.model.base import Size, Strict
from printkit.model.errors import report_validation_error
from printkit.model.limits import MAX_PIECES
from printkit.model.units import NonNegativeLength, to_mm

if TYPE_CHECKING:
    from printkit.build import CheckedGame

SHIPPED = Path(__file__).resolve().parent.parent / "presets" / "pod"
_SIZE_TOLERANCE = 0.5  # points: sizes given in mm and in inches differ by rounding only


class Source(Strict):
    """Where a preset's numbers come from: the page, and what it says (or that a number
    could not be found there)."""

    url: str = Field(min_length=1)
    says: str = Field(min_length=1)


class PodPreset(Strict):
    name: str = Field(min_length=1, description="the service, as its site names it")
    source: list[Source] = Field(min_length=1, description="where each number comes from")
    card: Size = Field(description="the trim size the preset is for (a poker card: 2.5 × 3.5 in)")
    bleed: NonNegativeLength = Field(description="art beyond the trim on every side")
    safe: NonNegativeLength = Field(description="margin inside the trim kept free of text")
    dpi: int = Field(ge=72, le=1200, description="resolution of images (PNG) or of raster art")
    file: Literal["png", "pdf"] = Field(description="png: one image per face; pdf: one file")
    colour: Literal["rgb", "cmyk"] = "rgb"
    order: Literal["front_back", "back_front"] = Field(
        "front_back", description="pdf: the pages of each card, front first or back first"
    )
    naming: str = Field(
        min_length=1,
        description="file name after '<material>.': png: fields {number}, {side}, {name}; "
        "pdf: no fields",
    )
    shared_back: str | None = Field(
        None, description="png: the one back image's name when every card has the same back"
    )

    def key(self) -> str:
        """The preset as the build cache's key holds it."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True)


def shipped_presets() -> list[str]:
    return sorted(path.stem for path in SHIPPED.glob("*.yaml"))


def preset_path(value: str) -> Path | None:
    """The file `--pod VALUE` names: a shipped preset's name, or a path to a preset file."""
    if value in shipped_presets():
        return SHIPPED / f"{value}.yaml"
    path = Path(value)
    return path if path.is_file() else None


def unknown_preset_hint(value: str) -> str:
    return f"{did_you_mean(value, shipped_presets())} (or give a preset file's path)"


def load_preset(path: Path, diagnostics: Diagnostics) -> PodPreset | None:
    """The preset at `path`, or None with its mistakes as located diagnostics."""
    loaded = load_yaml(path, diagnostics, GameFiles(path.parent))
    if loaded is None:
        return None
    try:
        preset = PodPreset.model_validate(loaded.data)
    except ValidationError as error:
        report_validation_error(error, loaded.data, loaded.spans, PodPreset, diagnostics)
        return None
    names = [("naming", preset.naming), ("shared_back", preset.shared_back)]
    for key, pattern in names:
        if pattern is not None and not _check_naming(
            preset, key, pattern, loaded.spans, diagnostics
        ):
            return None
    return preset


_FIELDS = {"naming": {"number", "side", "name"}, "shared_back": set()}
SIDES = ("front", "back")  # what {side} stands for
# A file is named '<material>.<name>': with a material id of up to 80 characters, a name of up
# to 150 keeps it within the 255 characters file systems allow.
MAX_NAME = 150


def _check_naming(
    preset: PodPreset, key: str, pattern: str, spans: SourceMap, diagnostics: Diagnostics
) -> bool:
    """A name pattern must give one plain file name of the preset's type for every card."""
    allowed = _FIELDS[key] if preset.file == "png" else set()
    problem = None
    try:
        fields = [(f, spec) for _, f, spec, _ in string.Formatter().parse(pattern) if f is not None]
        used = {field for field, _ in fields}
        unknown = sorted(used - allowed)
        if unknown:
            problem = f"'{{{unknown[0]}}}' is not a field a {preset.file} name can use"
        elif (spec_problem := _spec_problem(fields)) is not None:
            problem = spec_problem
        else:
            samples = [pattern.format(number=1, side=side, name="card") for side in SIDES]
            sample = samples[0]
            longest = pattern.format(number=MAX_PIECES, side="front", name="x" * MAX_SLUG)
            odd = next((n for n in samples if "/" in n or "\\" in n or n.startswith(".")), None)
            if len(longest) > MAX_NAME:
                problem = f"a name may be {len(longest)} characters long, over {MAX_NAME}"
            elif odd is not None:  # a back's name too: '{side:/>5}' pads 'back' with a '/'
                problem = f"'{odd}' is not a plain file name"
            elif not sample.endswith(f".{preset.file}"):
                problem = f"'{sample}' does not end in '.{preset.file}'"
            elif preset.file == "png" and key == "naming" and not {"number", "side"} <= used:
                problem = "a name per face must use {number} and {side}, or faces overwrite"
    except (ValueError, KeyError, IndexError, TypeError) as error:
        problem = f"not a name pattern: {error}"
    if problem is None:
        return True
    fields = ", ".join(f"{{{f}}}" for f in sorted(allowed)) or "no fields"
    diagnostics.add(
        POD_NAMING,
        f"{key}: {problem}",
        spans.value((key,)),
        hint=f"a {preset.file} preset's {key} takes {fields}, e.g. "
        + ("'tgc-{number:03d}-{side}.png'" if allowed else f"'deck.{preset.file}'"),
    )
    return False


def _spec_problem(fields: list[tuple[str, str | None]]) -> str | None:
    """What makes a field's format unsafe to try: a width or precision past a file name's
    length (formatting '{number:>999999999}' would build a gigabyte), or a field inside it."""
    for field, spec in fields:
        if spec and "{" in spec:
            return f"'{{{field}:{spec}}}': a field's format cannot hold another field"
        widths = [int(digits) for digits in re.findall(r"\d+", spec or "")]
        if widths and max(widths) > MAX_NAME:
            return f"'{{{field}:{spec}}}' pads to {max(widths):,} characters, over {MAX_NAME}"
    return None


def check_size(
    game: CheckedGame, material_id: str, preset: PodPreset, diagnostics: Diagnostics
) -> None:
    """A warning when the material's cards are not the size the preset is for."""
    decks = material_decks(game, material_id)
    if decks is None or game.played.package.materials[material_id].kind != "cards":
        return
    deck = game.played.package.decks.get(decks[0])
    name = deck.layout if deck is not None else None
    layout = game.layouts.get(name) if name else None
    if layout is None:
        return
    want = (preset.card.width, preset.card.height)
    have = (layout.width, layout.height)
    if _fits(have, want):
        return
    diagnostics.add(
        POD_SIZE,
        f"material '{material_id}' prints {_mm(have)} cards; {preset.name}'s preset is for "
        f"{_mm(want)}",
        game.loaded.spans.value(("materials", material_id, "deck")),
        hint="use the preset for this card size (copy one and set 'card:'), or change the "
        "layout's size",
    )


def _fits(have: tuple[float, float], want: tuple[float, float]) -> bool:
    """The same size, either way up (a preset for portrait cards serves landscape ones)."""
    return all(abs(a - b) <= _SIZE_TOLERANCE for a, b in zip(have, want, strict=True)) or all(
        abs(a - b) <= _SIZE_TOLERANCE for a, b in zip(have, want[::-1], strict=True)
    )


def _mm(size: tuple[float, float]) -> str:
    return f"{to_mm(size[0]):.1f} × {to_mm(size[1]):.1f} mm"


def pod_files(
    material_id: str, title: str, drawn: DrawnPieces, preset: PodPreset
) -> Iterator[tuple[str, bytes]]:
    """What the service's upload form takes, each named `<material>.<naming>`."""
    if preset.file == "png":
        images = ImageSet(preset.bleed, preset.dpi, preset.naming, preset.shared_back)
        yield from card_images(material_id, drawn, images)
        return
    pages = []
    for card in drawn.cards:
        sides = [card.piece.front, card.piece.back]
        if preset.order == "back_front":
            sides.reverse()
        pages += [piece_page(card.piece, ops, preset.bleed) for ops in sides]
    pdf = page_pdf(pages, drawn.symbols, f"{title} · {preset.name}", preset.colour)
    yield f"{material_id}.{preset.naming}", pdf
