"""Where pieces meet in an SVG: each clip stretched under the neighbour painted after it.

Neighbouring pieces share a cut line, each clipped exactly to it. A browser smooths each clip's
edge on its own: the pixel the line crosses gets part coverage from one piece, then part from
the other over it, and the paper shows through what is left, a line of lighter pixels down
every shared cut line of a counter sheet (Chromium drew 169,196,234 blue counters meeting in
a column of 178,202,236 at 96 dpi, 189,211,239 at other sizes; `shape-rendering="crispEdges"`
on the clip changed nothing there). The piece painted first is drawn `SEAM` further, under its
neighbour, so the neighbour's smoothed edge lies over that piece's own bleed, not over paper.
Only the SVG does this: the PDF, the file that is printed, stays exactly as imposed (pdfium
draws its shared lines without a seam).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from printkit.draw.ops import Group, Op

# How far the first piece reaches under its neighbour (pt): more than a pixel down to 50 %
# zoom (1.5 pt a pixel), well inside a bleed (3 mm is 8.5 pt); only a neighbour that leaves
# its edge unpainted shows it.
SEAM = 2.0
_PLACES = 3  # the SVG's rounding (1/1000 pt): edges equal there meet on the page

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in the parent's coordinates


def stretched_clips(ops: Sequence[Op]) -> dict[int, tuple[float, float, float, float]]:
    """The clip (x, y, w, h, in the piece's own coordinates) of each of `ops` (by index) that
    shares an edge with a sibling painted after it, stretched by SEAM across that edge.
    Pieces are the groups placed by a translation and clipped to a rectangle."""
    boxes = {index: box for index, op in enumerate(ops) if (box := _box(op)) is not None}
    edges: dict[tuple[int, float], list[int]] = defaultdict(list)  # (side, where) -> pieces
    for index, box in boxes.items():
        for side, where in enumerate(box):
            edges[side, round(where, _PLACES)].append(index)
    stretched = {}
    for index, box in boxes.items():
        # Each side meets the opposite side of a later piece (left meets right, top bottom)
        # whose span along the edge overlaps this one's.
        grown = tuple(
            where + SEAM * (1 if side >= 2 else -1) * _meets_later(index, side, boxes, edges)
            for side, where in enumerate(box)
        )
        if grown != box:
            op = ops[index]
            assert isinstance(op, Group)
            dx, dy = op.matrix[4], op.matrix[5]
            x0, y0, x1, y1 = grown
            stretched[index] = (x0 - dx, y0 - dy, x1 - x0, y1 - y0)
    return stretched


def _meets_later(
    index: int, side: int, boxes: dict[int, Box], edges: dict[tuple[int, float], list[int]]
) -> bool:
    """Whether side `side` (0 left, 1 top, 2 right, 3 bottom) of piece `index` lies along the
    opposite side of a piece painted after it, the two overlapping along that line."""
    box = boxes[index]
    along = 1 - side % 2  # a left or right side runs along y (1), a top or bottom along x (0)
    low, high = box[along], box[along + 2]
    return any(
        other > index and min(high, boxes[other][along + 2]) > max(low, boxes[other][along])
        for other in edges.get(((side + 2) % 4, round(box[side], _PLACES)), ())
    )


def _box(op: Op) -> Box | None:
    """A placed piece's clip in its parent's coordinates; None for anything else."""
    if not isinstance(op, Group) or op.clip is None or op.clip_path is not None:
        return None
    a, b, c, d, dx, dy = op.matrix
    if (a, b, c, d) != (1.0, 0.0, 0.0, 1.0):
        return None
    x, y, w, h = op.clip
    return (x + dx, y + dy, x + dx + w, y + dy + h)
