"""Compile a `sheet` material: elements flowed down the page, rows side by side.

Every box a player writes in is drawn (so paper works), and with `fillable: true` it also gets a
PDF form field over exactly that box, named from the element's id: a stat box `crew`, the boxes
of a checkbox track `port_cannon.3.check.1`, the steps of a number track `health.7`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic_core import PydanticCustomError

from printkit.check.plain_text import game_icons, plain_text_problem
from printkit.check.values import uses_undefined
from printkit.diagnostics import (
    BAD_VALUE,
    FORM_FIELD_NAME_TAKEN,
    SHEET_OVERFLOW,
    TEMPLATE_ERROR,
    TEXT_TOO_MUCH,
    TOO_MANY_PIECES,
    UNKNOWN_REFERENCE,
    Diagnostics,
    did_you_mean,
    shown_value,
)
from printkit.draw.ops import Document, FormField, Line, Op, Page, Paint, Rect, Text, field_value
from printkit.draw.text import LEADING, fit_text, parse_markup, text_width
from printkit.impose.placement import ACTUAL_SIZE, note
from printkit.load.package import LoadedPackage
from printkit.materials.board import AT_KEY, Board, Report, check_shapes, resolve_board
from printkit.materials.board_draw import (
    Frame,
    board_extent,
    draw_board,
    draw_shapes,
    shapes_height,
    widest_shape,
)
from printkit.materials.laid_out import LaidOutText
from printkit.materials.paper import material_paper
from printkit.materials.purchases import repeated_items
from printkit.materials.sheet_badges import badge_ops, cycle_ops
from printkit.materials.sheet_nup import impose_small_sheets, small_sheet_grid
from printkit.materials.texts import MaterialTexts, rendered
from printkit.model.base import check_colour, colour_hint, is_template
from printkit.model.layout import Layout
from printkit.model.limits import MAX_PIECES, MAX_SHEET_FIELDS, MAX_SHEET_PAPER
from printkit.model.sheet import (
    MAX_COPIES,
    MAX_GRID,
    Badge,
    CheckboxElement,
    Column,
    CycleElement,
    Element,
    GridElement,
    HeadingElement,
    Labelled,
    NumberTrackElement,
    RowElement,
    ShapesElement,
    SheetMaterial,
    SlotsElement,
    StatElement,
    TableElement,
    TextElement,
    TriangleGridElement,
)
from printkit.model.units import mm
from printkit.model.version import with_edition
from printkit.reference.compose import reference_context as sheet_context
from printkit.reference.compose import unlinked
from printkit.sandbox.expressions import TemplateProblem, evaluate, render

MARGIN = mm(12)
SMALL_MARGIN = mm(6)  # inside the trim of a small sheet
GAP = mm(4)  # between elements, down the page and across a row
LABEL = 8.0  # points: element labels
HEADING = (15.0, 11.0)  # points: a heading's size, and the least it shrinks to, short of room
HEADING_BADGE = 14.0  # points across: a heading's badge, within its line above the rule
BOX = mm(5)  # a checkbox's side
TICK = mm(4)  # a table row's checkbox: inside the row's lines
STEP = mm(6.5)  # a number track's box
# clear each side of a number in a box of its own (4 mm boxes held "20" with 0.6 mm)
NUMBER_ROOM = mm(1)
NUMBER_ROW_GAP = mm(1)  # between the rows of a track that wraps
MAX_TRACK_BOXES = 1_000  # more than any paper holds at the smallest box a number fits
STAT = (mm(12), mm(10))  # minimum width and the height of a stat box
ROW_HEIGHT = mm(5.5)  # a table row
GRID_CELL = mm(9)  # a score card's box: tall enough to write a score in
INK = "#1f2d3d"
CELL = (8.0, 7.0)  # points: a table cell's text, and the least it shrinks to before wrapping
CELL_PAD = 2.0  # above and below a table cell's text
FONT, BOLD = "PK-Regular", "PK-Bold"


@dataclass
class _Flow:
    """Where the next element goes, what has been drawn, and what to report."""

    loaded: LoadedPackage
    material_id: str
    fillable: bool
    diagnostics: Diagnostics
    context: dict[str, Any]
    icons: Mapping[str, str] = field(default_factory=dict)  # the game's, which print no icon here
    laid_out: LaidOutText = field(default_factory=LaidOutText)  # the material's, every page's
    prefix: str = ""  # on a repeated sheet, field names start with the item: 'ship2.'
    ops: list[Op] = field(default_factory=list)
    # boards drawn so far by element id (None: reported broken), for the shapes that fit in one
    boards: dict[str, tuple[TriangleGridElement, Board] | None] = field(default_factory=dict)
    # the page's form fields by name: the path of what names each (an id, a column's title)
    named: dict[str, tuple] = field(default_factory=dict)
    clashed: set[tuple] = field(default_factory=set)  # what names a field already named

    def where(self, *path: str | int) -> Any:
        return self.loaded.spans.value(("materials", self.material_id, *path))

    def report(self, code: str, message: str, path: tuple, hint: str) -> None:
        """A finding about the material, at `path` under it (ending in AT_KEY: at the key)."""
        if path and path[-1] is AT_KEY:
            where = self.loaded.spans.key(("materials", self.material_id, *path[:-1]))
        else:
            where = self.where(*path)
        self.diagnostics.add(code, f"material '{self.material_id}': {message}", where, hint=hint)

    def reporter(self, base: tuple) -> Report:
        """Report a finding at a path under the element at `base`."""

        def report(code: str, message: str, path: tuple, hint: str) -> None:
            self.report(code, message, (*base, *path), hint)

        return report

    def text(
        self,
        source: str,
        path: tuple,
        extra: dict | None = None,
        face: str = "regular",
        markup: bool = False,
        lines: bool = False,
    ) -> str:
        """A template rendered, on one line, and checked against the `face` it is drawn in
        (with `markup`, its bold and italic parts in theirs). With `lines` its line breaks are
        kept, as card text keeps them: a text element's numbered steps are one a line."""
        text = self.rendered(source, path, extra)
        if text is None:
            return ""
        text = unlinked(text)
        return self.checked(text.strip() if lines else " ".join(text.split()), path, face, markup)

    def rendered(self, source: str, path: tuple, extra: dict | None = None) -> str | None:
        """A template rendered; None once a failure is reported at `path`."""
        return rendered(
            source,
            {**self.context, **(extra or {})},
            lambda code, message, hint: self.report(code, message, path, hint),
        )

    def checked(self, text: str, path: tuple, face: str = "regular", markup: bool = False) -> str:
        """The text, with what DejaVu's `face` cannot print in it reported at `path`; none
        once the material's texts pass their bound (PK808 at the one that passes it)."""
        if not self.laid_out.admits(text, lambda message: self._too_much(message, path)):
            return ""
        problem = plain_text_problem(text, self.icons, face, markup)
        if problem is not None:
            self.report(problem.code, problem.message, path, problem.hint)
        return text

    def _too_much(self, message: str, path: tuple) -> None:
        self.report(
            TEXT_TOO_MUCH,
            message,
            path,
            "shorten the texts, or split the sheet over several materials (limits: "
            "'printkit schema --limits')",
        )

    def field(
        self,
        kind: str,
        name: str,
        named_at: tuple,
        box: tuple[float, float, float, float],
        value: str = "",
    ) -> None:
        """A form field over `box` on a fillable sheet, named from what `named_at` is the path
        of (an element's id, a table column's title). A PDF form keeps one field per name: two
        boxes of one name filled in together, and a box to tick and one to write in under one
        name made no valid form, so a name a page already has is refused, once per element."""
        if not self.fillable:
            return
        first = self.named.setdefault(name, named_at)
        if first == named_at:
            field = FormField(kind, self.prefix + name, *box, value)  # type: ignore[arg-type]
            self.ops.append(field)
            return
        if named_at in self.clashed:
            return
        self.clashed.add(named_at)  # said without the page's prefix: once for every page
        column = named_at[-1] == "title"
        self.report(
            FORM_FIELD_NAME_TAKEN,
            f"form field '{name}' is already the name of a field, named at line "
            f"{self.where(*first).line}",
            named_at,
            f"give the {'column another title' if column else 'element another id'}: its boxes "
            "are named from it, and a PDF form keeps one field per name (what a player enters "
            "would show in both boxes)",
        )


def compile_sheet(
    loaded: LoadedPackage,
    material_id: str,
    _layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
) -> Document | None:
    """One page, or with `repeat` one page per item of the data (each item checked against
    the purchase rules first)."""
    spec: SheetMaterial = loaded.package.materials[material_id]
    chosen = material_paper(loaded, material_id, spec.paper, paper, "paper", diagnostics)
    if chosen is None:
        return None
    context = sheet_context(loaded)
    title = MaterialTexts(loaded, diagnostics, context).title(material_id)
    footer = with_edition(title, loaded.package.game.edition)
    if spec.back is not None and spec.size is None:
        diagnostics.add(
            BAD_VALUE,
            f"material '{material_id}': a back is printed behind a small sheet, and this one "
            "fills the paper",
            loaded.spans.key(("materials", material_id, "back")),
            hint="give the sheet a 'size': small sheets are imposed n-up, each sheet of them "
            "followed by their backs for double-sided printing",
        )
        return None
    items = repeated_items(loaded, material_id, spec, context, diagnostics)
    if items is None:
        return None
    size = (spec.size.width, spec.size.height) if spec.size else chosen[1]
    icons = game_icons(loaded.package)
    laid_out = LaidOutText()
    flows, counts = [], []
    for index, item in enumerate(items):
        flow = _Flow(loaded, material_id, spec.fillable, diagnostics, context, icons, laid_out)
        if spec.repeat is not None:
            flow.context = {**context, spec.each: item}
            flow.prefix = f"{spec.each}{index + 1}."
        copies = _copies(flow, spec.copies, f" for item {index + 1}" if spec.repeat else "")
        if copies is None:
            return None
        flows.append(flow)
        counts.append(copies)
    if not _paper_bounded(flows[0], spec, sum(counts), chosen[1]):
        return None
    pages: list[Page] = []
    backs: list[Page] = []
    fields = 0
    for index, (flow, copies) in enumerate(zip(flows, counts, strict=True)):
        page = _page(flow, spec.elements, "elements", footer, size, footed=spec.size is None)
        if page is None:
            return None
        fields += copies * sum(isinstance(op, FormField) for op in page.ops)
        if not _fields_bounded(flow, fields, f" (at item {index + 1})" if spec.repeat else ""):
            return None
        # A full page is its own sheet, its copies following it; small ones go n-up below.
        pages += [replace(page, ops=_copied(page.ops, n, copies)) for n in range(1, copies + 1)]
        if spec.back is not None:  # printed only: a back holds no form field
            turned = _Flow(loaded, material_id, False, diagnostics, flow.context, icons)
            back = _page(turned, spec.back, "back", footer, size, footed=False)
            if back is None:
                return None
            backs += [back] * copies
    if spec.size is not None:
        pages = impose_small_sheets(
            loaded, material_id, spec, (pages, backs), chosen, footer, diagnostics
        )
        if pages is None:
            return None
    return Document(title, pages)


def _copies(flow: _Flow, copies: int | str, item: str) -> int | None:
    """How many copies of the page: the number given, or what the template gives for its
    `item` (a die's count in the inventory); None after reporting why not."""
    return _count(flow, copies, ("copies",), MAX_COPIES, "a page prints", "times", item)


def _count(
    flow: _Flow,
    value: int | str,
    path: tuple,
    most: int,
    verb: str,
    unit: str,
    item: str = "",
) -> int | None:
    """A count written as a number (which the model bounds) or as a template giving one, from
    1 to `most` as the number would be; None after reporting why not. The hint reads
    "{verb} 1 to {most} {unit}": "a grid has 1 to 40 rows"."""
    if isinstance(value, int):
        return value
    count = _whole(flow, value, path)
    if count is not None and not 1 <= count <= most:
        flow.report(
            BAD_VALUE,
            f"{path[-1]} '{value}' gives {shown_value(count)}{item}, not a number from 1 to {most}",
            path,
            f"{verb} 1 to {most} {unit}: check the value the template reads",
        )
        return None
    return count


def _paper_bounded(
    flow: _Flow, spec: SheetMaterial, copies: int, paper: tuple[float, float]
) -> bool:
    """Whether the copies of the sheet's pages, added up over its items, fill at most
    MAX_SHEET_PAPER pages of paper (small sheets n-up) and make at most MAX_PIECES pieces;
    reported at `copies` when not, before any page is drawn."""
    grid = small_sheet_grid(paper, (spec.size.width, spec.size.height)) if spec.size else None
    per_paper = grid.per_sheet if grid is not None else 1  # a sheet too large: refused later
    filled = -(-copies // per_paper)
    if filled <= MAX_SHEET_PAPER and copies <= MAX_PIECES:
        return True
    made = f"{copies:,} pieces, {filled:,} pages of paper" if spec.size else f"{copies:,} pages"
    flow.report(
        TOO_MANY_PIECES,
        f"its copies add up to {made}: at most {MAX_SHEET_PAPER:,} pages of paper and "
        f"{MAX_PIECES:,} pieces",
        ("copies",),
        "print fewer copies of each item, or split the items over several sheets (see "
        "`printkit schema --limits`)",
    )
    return False


def _fields_bounded(flow: _Flow, fields: int, item: str) -> bool:
    """Whether the form fields of the pages drawn so far, copies included, are within
    MAX_SHEET_FIELDS; reported at `fillable`, at the `item` that passes it, when not."""
    if fields <= MAX_SHEET_FIELDS:
        return True
    flow.report(
        TOO_MANY_PIECES,
        f"its pages hold more than {MAX_SHEET_FIELDS:,} form fields with their copies{item}",
        ("fillable",),
        "each field of a filled-in PDF costs memory as it is written: print fewer copies or "
        "items, or set 'fillable: false' (the boxes still print)",
    )
    return False


def _copied(ops: list[Op], copy: int, copies: int) -> list[Op]:
    """One copy of a page's ops: its form fields renamed `copy2.…` when there are several."""
    if copies == 1:
        return ops
    return [
        replace(op, name=f"copy{copy}.{op.name}") if isinstance(op, FormField) else op for op in ops
    ]


def _page(
    flow: _Flow,
    elements: list[Element],
    key: str,
    title: str,
    size: tuple[float, float],
    footed: bool,
) -> Page | None:
    """The elements (the sheet's under `key`: its face, or its back) down the page; a full page
    gets the actual-size note at its foot, in the strip kept for it (where a reference
    document's footer is, whatever the elements' height), a small sheet (imposed n-up) leaves
    that to the sheet it lands on."""
    width, height = size
    margin = MARGIN if footed else SMALL_MARGIN
    bottom = height - margin - (mm(6) if footed else 0)  # room for the note under the sheet
    y = margin
    for index, element in enumerate(elements):
        if element.place is None:
            room = width - 2 * margin
            if element.width is not None and element.width > room + 0.01:
                flow.report(
                    SHEET_OVERFLOW,
                    f"the element is {_mm(element.width)} mm wide, the page has {_mm(room)} mm",
                    (key, index, "width"),
                    f"give it a smaller 'width', or {_larger(footed)}",
                )
                return None
            used = _element(flow, element, margin, y, element.width or room, (key, index))
            y += used + GAP
            continue
        left, top = margin + element.place.x, margin + element.place.y
        room = element.width or width - margin - left
        used = _element(flow, element, left, top, room, (key, index))
        if left + room > width - margin + 0.01 or top + used > bottom + 0.01:
            flow.report(
                SHEET_OVERFLOW,
                f"the placed element reaches past the page's "
                f"margins ({_mm(left + room)} × {_mm(top + used)} mm)",
                (key, index, "place"),
                "move it up or left, or make it narrower",
            )
            return None
    if y - GAP > bottom:
        need, room = y - GAP - margin, bottom - margin
        kept = "its margins and the note at its foot" if footed else "its margins"
        flow.report(
            SHEET_OVERFLOW,
            f"the elements need {_mm(need)} mm of height, {_mm(need - room)} mm more than the "
            f"{_mm(room)} mm the {'page' if footed else 'sheet'} leaves them (its "
            f"{_mm(height)} mm less {kept})",
            (key,),
            f"move elements into rows, shorten tables, or {_larger(footed)}",
        )
        return None
    if footed:
        flow.ops += note(f"{ACTUAL_SIZE} · {title}", (width, height), bottom, margin)
    return Page(width, height, flow.ops, label=title)


def _larger(footed: bool) -> str:
    """What gives a sheet more room: the paper of a full page, the `size` of a small sheet."""
    return "choose a larger paper" if footed else "give the sheet a larger 'size'"


def _mm(points: float) -> str:
    return f"{points * 25.4 / 72:.0f}"


def _element(flow: _Flow, element: Element, x: float, y: float, w: float, path: tuple) -> float:
    """Draw one element with its top-left corner at (x, y); return the height it took.
    Templates see what the reference documents see (the rules context, `prose()`…)."""
    if isinstance(element, RowElement):
        return _row(flow, element, x, y, w, path)
    if isinstance(element, HeadingElement):
        return _heading(flow, element, x, y, w, path)
    if isinstance(element, TextElement):
        text = flow.text(element.text, (*path, "text"), markup=True, lines=True)
        runs = parse_markup(text, {}, "regular").runs
        fitted = fit_text(runs, (x, y, w, element.height), 9, 6, "left", "top", "#000000")
        if not fitted.fits:
            flow.report(
                SHEET_OVERFLOW,
                f"text does not fit its {_mm(element.height)} mm",
                path,
                "give the element a larger 'height', or shorten the text",
            )
        flow.ops += fitted.ops
        return element.height
    return _DRAWERS[type(element)](flow, element, x, y, w, path)


def _heading(
    flow: _Flow, element: HeadingElement, x: float, y: float, w: float, path: tuple
) -> float:
    """The heading over a rule, its badge at the right end (the text keeps its place): a text
    too wide for its room (less the badge's) shrinks, down to HEADING[1], rather than run on."""
    text = flow.text(element.text, (*path, "text"), face="bold")
    badge = None if element.badge is None else _badge(flow, element.badge, (*path, "badge"))
    room = w - (HEADING_BADGE + mm(1.5) if element.badge is not None else 0)
    largest, least = HEADING
    size = min(largest, largest * room / max(text_width(text, BOLD, largest), 1e-6))
    if size < least:  # not drawn: a 2-million-character heading took 28 s to draw, 10 km wide
        need = text_width(text, BOLD, least)
        _too_wide(flow, "the heading", need, room, (*path, "text"), "a shorter text")
    else:
        flow.ops.append(Text(x, y + 13, text, BOLD, size, INK))
    flow.ops.append(Line(x, y + 17, x + w, y + 17, Paint(None, INK, 0.8)))
    if badge is not None:
        flow.ops += badge_ops(badge, x + w - HEADING_BADGE / 2, y + 8, HEADING_BADGE)
    return 19.0


def _cycle(flow: _Flow, element: CycleElement, x: float, y: float, w: float, path: tuple) -> float:
    """The cycle in the order its rows chain: from the first row, each row's `next`."""
    rows = _rows(flow, element.rows, (*path, "rows"))
    if rows is None:
        return 0.0
    names = [flow.text(element.name, (*path, "name"), {"row": row}) for row in rows]
    after = {
        name: flow.text(element.next, (*path, "next"), {"row": row})
        for name, row in zip(names, rows, strict=True)
    }
    order = names[:1]
    while order and after[order[-1]] in after and after[order[-1]] not in order:
        order.append(after[order[-1]])
    if len(names) < 2 or len(order) != len(names) or after.get(order[-1]) != order[0]:
        chain = ", ".join(f"{name} → {after[name]}" for name in names)
        flow.report(
            BAD_VALUE,
            f"the rows do not make one cycle ({chain})",
            (*path, "next"),
            "each row's 'next' must name another row, and following them must visit "
            "every row and come back to the first",
        )
        return 0.0
    missing = [name for name in order if name not in element.badges]
    if missing:
        flow.report(
            UNKNOWN_REFERENCE,
            f"'{missing[0]}' has no badge",
            (*path, "badges"),
            did_you_mean(missing[0], element.badges, otherwise="add it under 'badges'"),
        )
        return 0.0
    if element.size > w:
        return _too_wide(flow, "the cycle", element.size, w, path, "a smaller 'size'")
    verb = flow.text(element.verb, (*path, "verb"))
    shown = [(name, _badge(flow, element.badges[name], (*path, "badges", name))) for name in order]
    if any(badge is None for _, badge in shown):
        return 0.0
    flow.ops += cycle_ops(shown, verb, x, y, w, element.size)
    return element.size + 24  # the names above and below


def _too_wide(
    flow: _Flow,
    what: str,
    need: float,
    have: float,
    path: tuple,
    smaller: str,
    room: str = "the element",
) -> float:
    """PK260, with `smaller`: what of this kind of element makes it narrower (each kind its
    own key: a hint must never name a key the element refuses); `room` is what has `have`."""
    flow.report(
        SHEET_OVERFLOW,
        f"{what} needs {_mm(need)} mm of width, {room} has {_mm(have)} mm",
        path,
        f"give it {smaller}, or more room (a wider paper, fewer elements beside it in a row)",
    )
    return 0.0


def _grid(
    flow: _Flow, element: TriangleGridElement, x: float, y: float, w: float, path: tuple
) -> float:
    """A triangle-grid board, checked first: nothing is drawn from data that is wrong."""
    board = resolve_board(element, flow.reporter(path))
    flow.boards[element.id] = None if board is None else (element, board)
    if board is None:
        return 0.0
    centre, half_width, half_height = board_extent(element, board)
    if 2 * half_width > w:
        return _too_wide(flow, "the board", 2 * half_width, w, path, "a smaller 'side'")
    frame = Frame(element.side, centre, (x + w / 2, y + half_height))

    def label(source: str, where: tuple, extra: dict, face: str) -> str:
        return flow.text(source, (*path, *where), extra, face)

    flow.ops += draw_board(element, board, frame, label)
    return 2 * half_height


def _shapes(
    flow: _Flow, element: ShapesElement, x: float, y: float, w: float, path: tuple
) -> float:
    fit = None
    if element.fit_in is not None:
        if element.fit_in not in flow.boards:
            flow.report(
                UNKNOWN_REFERENCE,
                f"shapes fit in '{element.fit_in}', which is not a triangle_grid above them",
                (*path, "fit_in"),
                "name the id of a triangle_grid element placed before the shapes",
            )
            return 0.0
        fit = flow.boards[element.fit_in]
        if fit is None:
            return 0.0  # the board is wrong and reported already
    if not check_shapes(element, fit, flow.reporter(path)):
        return 0.0
    share = w / len(element.shapes)
    if widest_shape(element) > share - mm(2):
        need = widest_shape(element) + mm(2)
        return _too_wide(flow, "a shape", need, share, path, "a smaller 'side' or fewer shapes")
    flow.ops += draw_shapes(element, x, y, w)
    return shapes_height(element)


def _row(flow: _Flow, row: RowElement, x: float, y: float, w: float, path: tuple) -> float:
    """Children side by side: those with a width get it, the others share what is left."""
    fixed = sum(child.width or 0 for child in row.elements)
    free = [child for child in row.elements if child.width is None]
    share = (w - fixed - GAP * (len(row.elements) - 1)) / len(free) if free else 0
    tallest, left = 0.0, x
    for index, child in enumerate(row.elements):
        if child.place is not None:
            flow.report(
                BAD_VALUE,
                "an element in a row takes its place in the row",
                (*path, "elements", index, "place"),
                "remove 'place', or move the element out of the row",
            )
            return 0.0
        width = child.width or share
        if width <= 0:
            flow.report(
                SHEET_OVERFLOW,
                "the row's elements are wider than the page",
                (*path, "elements", index),
                "narrow the elements that give a width, or split the row",
            )
            return 0.0
        tallest = max(tallest, _element(flow, child, left, y, width, (*path, "elements", index)))
        left += width + GAP
    return tallest


def _label(flow: _Flow, element: Labelled, x: float, y: float, w: float, path: tuple) -> None:
    """The element's label, after its badge if it has one, on one line of the element's
    width `w`."""
    label = flow.text(element.label, (*path, "label"), face="bold")
    badge = None if element.badge is None else _badge(flow, element.badge, (*path, "badge"))
    if badge is not None:
        flow.ops += badge_ops(badge, x + LABEL * 0.75, y + LABEL * 0.55, LABEL * 1.5)
        x += LABEL * 1.9
        w -= LABEL * 1.9
    if _one_line_fits(flow, "the label", label, (BOLD, LABEL), w, (*path, "label")):
        flow.ops.append(Text(x, y + LABEL, label, BOLD, LABEL, INK))


def _one_line_fits(
    flow: _Flow,
    what: str,
    text: str,
    font: tuple[str, float],
    w: float,
    path: tuple,
    room: str = "the element",
) -> bool:
    """Whether a text printed on one line (a label, a stat's note, a column's title: none
    wraps) fits the width `room` gives it; PK260 at it when not, and it is not drawn (a
    2-million-character label took 58 s to draw, kilometres wide)."""
    need = text_width(text, *font)
    if need <= w + 1e-6:
        return True
    _too_wide(flow, what, need, w, path, "a shorter text", room)
    return False


def _badge(flow: _Flow, badge: Badge, path: tuple) -> Badge | None:
    """The badge as this page draws it: a colour given as a template (a die's colour looked up
    in the data) is rendered here and must give a colour; None once it is reported that not."""
    flow.checked(badge.letter, (*path, "letter"), "bold")
    if not is_template(badge.color):
        return badge
    text = flow.rendered(badge.color, (*path, "color"))
    if text is None:
        return None
    try:
        colour = check_colour(text)
    except PydanticCustomError:
        flow.report(
            BAD_VALUE,
            f"badge colour '{badge.color}' gives '{text.strip()}', not a colour",
            (*path, "color"),
            f"the template must give #rrggbb or a colour's name: {colour_hint(text)}",
        )
        return None
    return badge.model_copy(update={"color": colour})


def _stat(flow: _Flow, stat: StatElement, x: float, y: float, w: float, path: tuple) -> float:
    """A labelled box; its `value` is filled in as if typed (a fillable sheet's field holds
    it, so a player can change it), its `note` printed small in the corner."""
    box_w = max(STAT[0], w)
    _label(flow, stat, x, y, box_w, path)
    top = y + LABEL + 3
    flow.ops.append(Rect(x, top, box_w, STAT[1], Paint("#ffffff", INK, 0.8), radius=2))
    if stat.note is not None:
        note = flow.text(stat.note, (*path, "note"))
        size = 7.0
        if _one_line_fits(
            flow, "the note", note, (FONT, size), box_w - 4, (*path, "note"), "the box"
        ):
            right = x + box_w - 2 - text_width(note, FONT, size)
            flow.ops.append(Text(right, top + size + 1, note, FONT, size))
    value = flow.text(stat.value, (*path, "value")) if stat.value is not None else ""
    if value and not (flow.fillable and _typeable(value)):
        # Printed on the page where no field can hold it: a paper-only sheet, or characters
        # beyond those the field's embedded face holds (draw/pdf_forms.py).
        flow.ops.append(field_value(FormField("text", stat.id, x, top, box_w, STAT[1], value)))
        value = ""
    flow.field("text", stat.id, (*path, "id"), (x, top, box_w, STAT[1]), value)
    return top + STAT[1] - y


def _typeable(text: str) -> bool:
    """Text a form field shows in the embedded face's first subset: printable ASCII."""
    return text.isascii() and text.isprintable()


def _checkboxes(
    flow: _Flow, track: CheckboxElement, x: float, y: float, w: float, path: tuple
) -> float:
    _label(flow, track, x, y, w, path)
    group_w = track.per_group * BOX + (track.per_group - 1) * mm(1)
    spacing = max(group_w + mm(4), mm(12))
    if track.groups * spacing - (spacing - group_w) > w:
        flow.report(
            SHEET_OVERFLOW,
            f"{track.groups} groups of {track.per_group} boxes "
            f"need {_mm(track.groups * spacing)} mm, the element has {_mm(w)} mm",
            path,
            "give the element more width (a row of its own), or fewer boxes per group",
        )
        return 0.0
    top = y + LABEL + 3
    for group in range(1, track.groups + 1):
        left = x + (group - 1) * spacing
        if track.groups > 1 or "group_label" in track.model_fields_set:  # one group: no "1"
            caption = _group_label(track.group_label, group)
            flow.ops.append(Text(left, top + 7, caption, FONT, 7.0, INK))
        for box in range(1, track.per_group + 1):
            bx = left + (box - 1) * (BOX + mm(1))
            flow.ops.append(Rect(bx, top + 9, BOX, BOX, Paint("#ffffff", INK, 0.8)))
            name = f"{track.id}.{group}.check.{box}"
            flow.field("checkbox", name, (*path, "id"), (bx, top + 9, BOX, BOX))
    return top + 9 + BOX - y


def _group_label(template: str, n: int) -> str:
    """A group's caption: the template over its number (a failing one shows the number)."""
    try:
        return render(template, {"n": n})
    except TemplateProblem:
        return str(n)


def _numbers(
    flow: _Flow, track: NumberTrackElement, x: float, y: float, w: float, path: tuple
) -> float:
    _label(flow, track, x, y, w, path)
    start = _whole(flow, track.start, (*path, "start"))
    end = _whole(flow, track.end, (*path, "end"))
    if start is None or end is None:
        return 0.0
    count = abs(end - start) + 1
    if count > MAX_TRACK_BOXES:  # measured below in floats, which a 400-digit count overflows
        flow.report(
            SHEET_OVERFLOW,
            f"a track from {shown_value(start)} to {shown_value(end)} is more boxes than a "
            f"page holds (at most {MAX_TRACK_BOXES:,})",
            path,
            "check 'start' and 'end': a track is as many boxes as a row of the page holds",
        )
        return 0.0
    numbers = range(start, end + 1) if end >= start else range(start, end - 1, -1)  # or down
    size = 7.5
    digits = max(text_width(str(n), FONT, size) for n in (start, end))
    widest = digits + mm(1)  # beside a tick box
    least = digits + 2 * NUMBER_ROOM  # a box of its own: the number clear of its edges
    # Boxes share the width the track is given; without one, each is STEP wide. A row that
    # does not hold them all wraps, its rows as even as can be (a d20 on a small tracker).
    unit = least if track.width is not None else max(STEP, least)
    per_row = min(count, int((w + 1e-6) // unit))
    if per_row < 1:
        flow.report(
            SHEET_OVERFLOW,
            f"a track from {start} to {end} needs {_mm(unit)} mm for a box, "
            f"the element has {_mm(w)} mm",
            path,
            "give the track a row of its own or a larger 'width', or check 'start' and 'end'",
        )
        return 0.0
    rows = -(-count // per_row)
    per_row = -(-count // rows)
    step = w / per_row if track.width is not None else unit
    top = y + LABEL + 3
    # A PDF checkbox is square, and lies exactly over the square drawn for it. A box with room
    # for its number and a tick box beside it (a turn track's 15 mm box, room for a marker)
    # holds both, as a table row does: a tick there leaves the number readable. Else each
    # number is in a square box, the whole box ticked, across the number (a hull track crossed
    # off), centred in its share of the width.
    pad = (STEP - TICK) / 2  # round a tick box inside a number's box
    beside = step - TICK - 2 * pad >= widest
    side = TICK if beside else min(step, max(STEP, least))  # the checkbox's
    height = STEP if beside else side  # the boxes'
    for index, number in enumerate(numbers):
        row, column = divmod(index, per_row)
        cell, box_top = x + column * step, top + row * (height + NUMBER_ROW_GAP)
        if beside:
            flow.ops.append(Rect(cell, box_top, step, STEP, Paint("#ffffff", INK, 0.8)))
            tick, tick_top = cell + step - pad - TICK, box_top + pad
            flow.ops.append(Rect(tick, tick_top, TICK, TICK, Paint("#ffffff", INK, 0.8)))
            middle = (cell + tick) / 2
        else:
            tick, tick_top = cell + (step - side) / 2, box_top
            flow.ops.append(Rect(tick, box_top, side, side, Paint("#ffffff", INK, 0.8)))
            middle = tick + side / 2
        label = str(number)
        left = middle - text_width(label, FONT, size) / 2
        flow.ops.append(Text(left, box_top + height - 5, label, FONT, size, INK))
        flow.field("checkbox", f"{track.id}.{number}", (*path, "id"), (tick, tick_top, side, side))
    return top + rows * height + (rows - 1) * NUMBER_ROW_GAP - y


def _whole(flow: _Flow, value: int | str, path: tuple) -> int | None:
    """A track's end: a number, or a template that gives one (a number held in the data)."""
    if isinstance(value, int):
        return value
    text = flow.text(value, path)
    try:
        return int(text)
    except ValueError:
        if uses_undefined(value, flow.context):
            return None  # the undefined value is the mistake: PK535 where it is used
        flow.report(
            BAD_VALUE,
            f"'{value}' gives '{text}', not a whole number",
            path,
            "give a number, or a template such as '{{ values.health }}'",
        )
        return None


def _rows(flow: _Flow, expression: str, path: tuple) -> list | None:
    """The list an element's `rows` expression gives, or None after reporting why not."""
    try:
        return list(evaluate(expression, flow.context))
    except (TemplateProblem, TypeError) as problem:
        flow.report(
            getattr(problem, "code", None) or TEMPLATE_ERROR,
            f"rows {problem}",
            path,
            "'rows' is an expression giving a list, such as rules.tables.upgrades.rows",
        )
        return None


def _table(flow: _Flow, table: TableElement, x: float, y: float, w: float, path: tuple) -> float:
    """A row per item; a cell's text (markup rendered) shrinks to CELL[1] points on one line,
    then wraps at that size, the row growing to hold it, so no text prints below 7 pt."""
    items = _rows(flow, table.rows, (*path, "rows"))
    if items is None:
        return 0.0
    fixed = sum(column.width or 0 for column in table.columns)
    free = [column for column in table.columns if column.width is None]
    share = (w - fixed) / len(free) if free else 0.0
    widths = [column.width or share for column in table.columns]
    lefts = [x + sum(widths[:index]) for index in range(len(widths))]
    titles = [  # templates: rendered once, for the heading, the field names and the messages
        flow.text(column.title, (*path, "columns", index, "title"), face="bold")
        for index, column in enumerate(table.columns)
    ]
    for index, (left, width, title) in enumerate(zip(lefts, widths, titles, strict=True)):
        where = (*path, "columns", index, "title")
        fits = _one_line_fits(
            flow, "the column's title", title, (BOLD, 8.0), width - 4, where, "the column"
        )
        if fits:
            flow.ops.append(Text(left + 2, y + 9, title, BOLD, 8.0, INK))
    flow.ops.append(Line(x, y + 12, x + w, y + 12, Paint(None, INK, 0.8)))
    top = y + 12
    for number, item in enumerate(items, start=1):
        cells = []
        for index, (left, column) in enumerate(zip(lefts, table.columns, strict=True)):
            where = (left + 2, top, widths[index] - 4)
            fitted = _cell(flow, column, titles[index], item, where, (*path, index))
            if fitted is None:
                return 0.0
            cells.append(fitted)
        height = max(ROW_HEIGHT, *(lines * CELL[1] * LEADING + 2 * CELL_PAD for _, lines in cells))
        columns = zip(cells, lefts, widths, table.columns, titles, strict=True)
        for index, ((ops, _), left, width, column, title) in enumerate(columns):
            flow.ops += ops
            if column.tick or column.write:  # the model requires the table's id for a name
                box_w = TICK if column.tick else width - 4
                box_y = top + (height - TICK) / 2  # as tall as a tick box: room for a digit
                flow.ops.append(Rect(left + 2, box_y, box_w, TICK, Paint("#ffffff", INK, 0.8)))
                kind = "checkbox" if column.tick else "text"
                name = f"{table.id}.{number}.{_slug(title)}"
                title_at = (*path, "columns", index, "title")
                flow.field(kind, name, title_at, (left + 2, box_y, box_w, TICK))
        top += height
        flow.ops.append(Line(x, top, x + w, top, Paint(None, "#9aa7b4", 0.4)))
    return top - y


def _cell(
    flow: _Flow,
    column: Column,
    title: str,
    item: Any,
    box: tuple[float, float, float],
    path: tuple,
) -> tuple[list[Op], int] | None:
    """A cell's drawn text and its number of lines; None after reporting why it cannot be.
    `title` is the column's, as printed."""
    left, top, room = box
    if column.tick:
        room -= TICK + mm(1)
        left += TICK + mm(1)
    try:
        text = " ".join(unlinked(render(column.cell, {**flow.context, "row": item})).split())
    except TemplateProblem as problem:
        flow.report(
            problem.code or TEMPLATE_ERROR,
            f"column '{title}' {problem}",
            (*path[:-1], "columns", path[-1], "cell"),
            problem.hint or "a cell template sees `row`, the item of its row",
        )
        return None
    text = flow.checked(text, (*path[:-1], "columns", path[-1], "cell"), markup=True)
    if not text:
        return [], 1
    runs = parse_markup(text, {}, "regular").runs
    largest, smallest = CELL
    one_line = fit_text(runs, (left, top, room, ROW_HEIGHT), largest, smallest, valign="middle")
    if one_line.fits and one_line.lines == 1:
        return one_line.ops, 1
    wrapped = fit_text(runs, (left, top + CELL_PAD, room, 1e6), smallest, smallest)
    if not wrapped.fits:
        flow.report(
            SHEET_OVERFLOW,
            f"a word of '{text}' is wider than column '{title}' at {smallest:g} pt",
            (*path[:-1], "columns", path[-1]),
            "give the column a 'width', narrow the others, or shorten the text",
        )
        return None
    return wrapped.ops, wrapped.lines


def _slug(title: str) -> str:
    """A column title as part of a field name: 'Got it' → 'got_it'."""
    return "_".join("".join(c if c.isalnum() else " " for c in title.lower()).split()) or "tick"


def _score_grid(flow: _Flow, grid: GridElement, x: float, y: float, w: float, path: tuple) -> float:
    """Headings across the top and down the left (when given), a box per row and column:
    squares of the `cell` given (a board for tiles of that size), else score-card boxes
    GRID_CELL tall sharing the width."""
    _label(flow, grid, x, y, w, path)
    rows = _headings(flow, grid.rows, (*path, "rows"))
    columns = _headings(flow, grid.columns, (*path, "columns"))
    if rows is None or columns is None:
        return 0.0
    size = LABEL
    heading_w = max((text_width(h, BOLD, size) for h in rows), default=0.0)
    left = x + (heading_w + mm(2) if heading_w else 0.0)
    needed = max((text_width(h, BOLD, size) + mm(1) for h in columns), default=0.0)
    if grid.cell is not None and grid.cell < needed:
        flow.report(
            SHEET_OVERFLOW,
            f"the grid's column headings need boxes {_mm(needed)} mm wide, its 'cell' is "
            f"{_mm(grid.cell)} mm",
            (*path, "cell"),
            "give it a larger 'cell', or shorter headings",
        )
        return 0.0
    cell_h = grid.cell or GRID_CELL
    cell_w = grid.cell or min(cell_h * 2.5, (x + w - left) / len(columns))
    least = grid.cell or max(BOX, needed)  # a box's width at the least
    if cell_w < least or left + len(columns) * cell_w > x + w + 0.01:
        need = left - x + len(columns) * least
        smaller = (
            "fewer 'columns' or a smaller 'cell'"
            if grid.cell
            else "fewer 'columns' or shorter headings"
        )
        return _too_wide(flow, "the grid", need, w, path, smaller)
    top = y + LABEL + 3
    if any(columns):
        for index, heading in enumerate(columns):
            centre = left + (index + 0.5) * cell_w
            flow.ops.append(
                Text(
                    centre - text_width(heading, BOLD, size) / 2,
                    top + size,
                    heading,
                    BOLD,
                    size,
                    INK,
                )
            )
        top += size + mm(1.5)
    for row, heading in enumerate(rows):
        row_top = top + row * cell_h
        if heading:
            baseline = row_top + (cell_h + size * 0.7) / 2
            flow.ops.append(Text(x, baseline, heading, BOLD, size, INK))
        for column in range(len(columns)):
            box_x = left + column * cell_w
            flow.ops.append(Rect(box_x, row_top, cell_w, cell_h, Paint("#ffffff", INK, 0.8)))
            name = f"{grid.id}.{row + 1}.{column + 1}"
            flow.field("text", name, (*path, "id"), (box_x, row_top, cell_w, cell_h))
    return top + len(rows) * cell_h - y


def _headings(flow: _Flow, given: int | str | list[str], path: tuple) -> list[str] | None:
    """A grid's headings: those given (rendered), or as many empty ones as the count (or the
    template giving it: `{{ values.rounds }}`); None after reporting why not."""
    if isinstance(given, list):
        return [
            flow.text(heading, (*path, index), face="bold") for index, heading in enumerate(given)
        ]
    count = _count(flow, given, path, MAX_GRID, "a grid has", path[-1])
    return None if count is None else [""] * count


def _slots(flow: _Flow, slots: SlotsElement, x: float, y: float, w: float, path: tuple) -> float:
    """Square spaces a piece sits on, captioned inside at the foot (a die hides nothing)."""
    _label(flow, slots, x, y, w, path)
    count = len(slots.slots)
    spacing = slots.size + mm(3)
    if count * spacing - mm(3) > w:
        what = f"{count} spaces of {_mm(slots.size)} mm"
        return _too_wide(flow, what, count * spacing, w, path, "a smaller 'size' or fewer slots")
    top = y + LABEL + 3
    size = 7.0
    for index, caption in enumerate(slots.slots):
        left = x + index * spacing
        text = flow.text(caption, (*path, "slots", index), markup=True)
        flow.ops.append(
            Rect(left, top, slots.size, slots.size, Paint("#ffffff", INK, 0.8), radius=mm(2))
        )
        fitted = fit_text(
            parse_markup(text, {}, "regular").runs,
            (left + 2, top + slots.size - size * 2.4 - 2, slots.size - 4, size * 2.4),
            size, 6.0, "center", "bottom", INK,
        )  # fmt: skip
        if not fitted.fits:
            flow.report(
                SHEET_OVERFLOW,
                f"the caption '{text}' does not fit its {_mm(slots.size)} mm space",
                (*path, "slots", index),
                "shorten the caption, or give the spaces a larger 'size'",
            )
        flow.ops += fitted.ops
    return top + slots.size - y


# Each remaining kind of element and the function that draws it.
_DRAWERS: dict[type, Any] = {
    StatElement: _stat,
    CheckboxElement: _checkboxes,
    NumberTrackElement: _numbers,
    TriangleGridElement: _grid,
    ShapesElement: _shapes,
    CycleElement: _cycle,
    TableElement: _table,
    GridElement: _score_grid,
    SlotsElement: _slots,
}
