"""A triangle-grid board (the realm of a roll-and-write) resolved from its data and checked.

The checks are what makes a hand-drawn board wrong in play: a cell in no area or in two, a
feature over another, a feature outside the area that lists it, an area short of the pieces the
rules count on, a target a player can never reach; and for the shapes drawn beside the board,
a shape in two pieces, two shapes that are the same once turned or flipped, a shape that fits
nowhere in some area. Each is reported at the line of the data that is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from printkit.diagnostics import (
    BOARD_AREAS,
    BOARD_COUNT,
    BOARD_FEATURE,
    BOARD_UNREACHABLE,
    SHAPE_DUPLICATE,
    SHAPE_NO_FIT,
    SHAPE_SPLIT,
    did_you_mean,
)
from printkit.geometry.trigrid import (
    Cell,
    canonical,
    hexagon,
    is_connected,
    neighbours,
    placements,
    shared_side,
)
from printkit.model.sheet import ShapesElement, Span, TriangleGridElement

Report = Callable[[str, str, tuple, str], None]  # code, message, data path, hint
AT_KEY = object()  # ends a reported path to point at the key rather than its value
TWO_CELLS = ("rectangle", "die")  # styles drawn across a pair of cells (a rhombus)


@dataclass(frozen=True)
class BoardPiece:
    kind: str
    area: str | None  # None: a shared piece
    cells: frozenset[Cell]
    path: tuple  # where the piece is written, relative to the element


@dataclass(frozen=True)
class Board:
    cells: frozenset[Cell]
    areas: dict[str, frozenset[Cell]]
    pieces: tuple[BoardPiece, ...]

    def blocked(self, element: TriangleGridElement) -> frozenset[Cell]:
        return frozenset(
            cell
            for piece in self.pieces
            if element.styles[piece.kind].blocks
            for cell in piece.cells
        )

    def of_kind(self, kind: str, area: str | None = None) -> list[BoardPiece]:
        return [p for p in self.pieces if p.kind == kind and (area is None or p.area == area)]


def span_cells(span: Span) -> Iterator[Cell]:
    row, first, last = span
    return ((c, row) for c in range(first, last + 1))


def _cell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def resolve_board(element: TriangleGridElement, report: Report) -> Board | None:
    """The board with its areas and pieces, or None after reporting what is wrong."""
    board = element.board
    if board.hexagon is not None:
        cells = hexagon(board.hexagon)
    else:
        cells = frozenset(cell for span in board.rows or () for cell in span_cells(span))
    areas = _areas(element, cells, report)
    if areas is None:
        return None
    pieces = _pieces(element, cells, areas, report)
    if pieces is None:
        return None
    resolved = Board(cells, areas, tuple(pieces))
    counted = _counts(element, resolved, report)
    reached = _reach(element, resolved, report)
    linked = _links(element, resolved, report)
    return resolved if counted and reached and linked else None


def _areas(
    element: TriangleGridElement, cells: frozenset[Cell], report: Report
) -> dict[str, frozenset[Cell]] | None:
    """Every cell of the board in exactly one area."""
    owner: dict[Cell, str] = {}
    areas: dict[str, frozenset[Cell]] = {}
    fine = True
    for name, area in element.areas.items():
        mine: set[Cell] = set()
        for index, span in enumerate(area.rows):
            for cell in span_cells(span):
                where = ("areas", name, "rows", index)
                if cell not in cells:
                    fine = False
                    report(
                        BOARD_AREAS,
                        f"area '{name}' holds cell {_cell_text(cell)}, which is not on the board",
                        where,
                        "cells are [c, r]: row r counts upward, c along the row",
                    )
                    break
                if cell in owner and owner[cell] != name:
                    fine = False
                    report(
                        BOARD_AREAS,
                        f"cell {_cell_text(cell)} is in area '{owner[cell]}' and in area '{name}'",
                        where,
                        "every cell belongs to exactly one area: shorten one of the two spans",
                    )
                    break
                owner[cell] = name
                mine.add(cell)
        areas[name] = frozenset(mine)
    missing = sorted(cells - owner.keys(), key=lambda cell: (cell[1], cell[0]))
    if missing and fine:
        fine = False
        report(
            BOARD_AREAS,
            f"{len(missing)} cell(s) of the board belong to no area, the first "
            f"{_cell_text(missing[0])}",
            ("board",),
            "every cell belongs to exactly one area: add the cells to an area's rows",
        )
    return areas if fine else None


def _listed(element: TriangleGridElement) -> Iterator[tuple[str, str | None, list[Cell], tuple]]:
    """Every piece as written: kind, area (None for shared), cells, path."""
    for kind, pieces in element.shared.items():
        for index, cells in enumerate(pieces):
            yield kind, None, cells, ("shared", kind, index)
    for name, area in element.areas.items():
        for kind, pieces in area.features.items():
            for index, cells in enumerate(pieces):
                yield kind, name, cells, ("areas", name, "features", kind, index)


def _pieces(
    element: TriangleGridElement,
    cells: frozenset[Cell],
    areas: dict[str, frozenset[Cell]],
    report: Report,
) -> list[BoardPiece] | None:
    """The pieces, each a known kind, on the board, inside its area, over no other piece, in
    one piece, and two neighbouring cells where its style draws across a pair."""
    taken: dict[Cell, BoardPiece] = {}
    pieces: list[BoardPiece] = []
    fine = True
    for kind, area, listed, path in _listed(element):
        problem = _piece_problem(element, kind, area, listed, cells, areas, taken)
        if problem is not None:
            fine = False
            report(BOARD_FEATURE, problem[0], path if problem[2] else path[:-1], problem[1])
            continue
        piece = BoardPiece(kind, area, frozenset(listed), path)
        pieces.append(piece)
        taken.update(dict.fromkeys(piece.cells, piece))
    return pieces if fine else None


def _piece_problem(
    element: TriangleGridElement,
    kind: str,
    area: str | None,
    listed: list[Cell],
    cells: frozenset[Cell],
    areas: dict[str, frozenset[Cell]],
    taken: dict[Cell, BoardPiece],
) -> tuple[str, str, bool] | None:
    """(message, hint, at the piece rather than its kind) for a wrong piece, else None."""
    style = element.styles.get(kind)
    if style is None:
        return (
            f"feature kind '{kind}' has no style",
            did_you_mean(kind, element.styles, otherwise="add it under 'styles' with its 'draw'"),
            False,
        )
    where = f"'{kind}' piece {[list(c) for c in listed]}"
    for cell in listed:
        if cell not in cells:
            return (f"{where}: cell {_cell_text(cell)} is not on the board", "check [c, r]", True)
        if area is not None and cell not in areas[area]:
            return (
                f"{where} is listed under area '{area}' but cell {_cell_text(cell)} is not in it",
                "list the piece under the area that holds its cells",
                True,
            )
        if cell in taken:
            other = taken[cell]
            owner = f"area '{other.area}'" if other.area else "the shared features"
            return (
                f"{where} overlaps the '{other.kind}' piece of {owner} at {_cell_text(cell)}",
                "features never share a cell: move one of them",
                True,
            )
    if not is_connected(listed):
        return (f"{where} is not one piece", "its cells must join along sides", True)
    if style.draw in TWO_CELLS and (len(listed) != 2 or shared_side(*listed) is None):
        return (
            f"{where}: a '{style.draw}' is drawn across two cells that share a side",
            "list exactly two neighbouring cells (a rhombus)",
            True,
        )
    return None


def _counts(element: TriangleGridElement, board: Board, report: Report) -> bool:
    fine = True
    for name in element.areas:
        for kind, wanted in element.require.per_area.items():
            found = len(board.of_kind(kind, name))
            if found != wanted:
                fine = False
                report(
                    BOARD_COUNT,
                    f"area '{name}' has {found} '{kind}' piece(s); every area needs {wanted}",
                    ("areas", name, AT_KEY),
                    f"the rules count on {wanted} per area (require: per_area)",
                )
    return fine


def _reach(element: TriangleGridElement, board: Board, report: Report) -> bool:
    """A flood from the sides of the start pieces through free cells must touch every target."""
    rule = element.require.reach
    if rule is None:
        return True
    free = board.cells - board.blocked(element)
    starts = [cell for piece in board.of_kind(rule.start) for cell in piece.cells]
    reached = set(_flood(_beside(starts) & free, free))
    fine = True
    for piece in board.of_kind(rule.to):
        if not _beside(piece.cells) & reached:
            fine = False
            report(
                BOARD_UNREACHABLE,
                f"the '{rule.to}' piece at {_cell_text(min(piece.cells))} cannot be reached from "
                f"the '{rule.start}' through free cells",
                piece.path,
                "open a way: move a blocking feature, or move the piece",
            )
    return fine


def _beside(cells: Iterable[Cell]) -> set[Cell]:
    return {neighbour for cell in cells for neighbour in neighbours(cell)}


def _flood(seeds: set[Cell], room: frozenset[Cell]) -> set[Cell]:
    reached, pending = set(seeds), list(seeds)
    while pending:
        for neighbour in neighbours(pending.pop()):
            if neighbour in room and neighbour not in reached:
                reached.add(neighbour)
                pending.append(neighbour)
    return reached


def _links(element: TriangleGridElement, board: Board, report: Report) -> bool:
    links = element.links
    if links is None:
        return True
    short = [name for name in element.areas if len(board.of_kind(links.between, name)) != 1]
    if short:
        report(
            BOARD_COUNT,
            f"links join one '{links.between}' piece per area; area '{short[0]}' has "
            f"{len(board.of_kind(links.between, short[0]))}",
            ("links", "between"),
            "give every area exactly one piece of the linked kind",
        )
    return not short


def check_shapes(
    element: ShapesElement,
    fit_in: tuple[TriangleGridElement, Board] | None,
    report: Report,
) -> bool:
    """Each shape one piece, no two alike (turned or flipped), each fitting in every area."""
    fine = True
    seen: dict[tuple[Cell, ...], str] = {}
    rooms: dict[str, frozenset[Cell]] = {}  # each area's free cells, found once
    if fit_in is not None:
        grid, board = fit_in
        blocked = board.blocked(grid)
        rooms = {area: cells - blocked for area, cells in board.areas.items()}
    for name, cells in element.shapes.items():
        where = ("shapes", name)
        if not is_connected(cells):
            fine = False
            report(SHAPE_SPLIT, f"shape '{name}' is not one piece", where, "join its cells")
            continue
        form = canonical(cells)
        if form in seen:
            fine = False
            report(
                SHAPE_DUPLICATE,
                f"shape '{name}' is shape '{seen[form]}' turned, flipped or moved",
                where,
                "each shape must differ from the others",
            )
            continue
        seen[form] = name
        if fit_in is not None:
            fine = _fits_everywhere(name, cells, rooms, fit_in[0].id, report) and fine
    return fine


def _fits_everywhere(
    name: str, cells: list[Cell], rooms: dict[str, frozenset[Cell]], grid: str, report: Report
) -> bool:
    for area, room in rooms.items():
        if next(placements(cells, room), None) is None:
            report(
                SHAPE_NO_FIT,
                f"shape '{name}' fits nowhere in area '{area}' of '{grid}'",
                ("shapes", name),
                "a player who rolls it there could not draw it: make it smaller or the area "
                "roomier",
            )
            return False
    return True
