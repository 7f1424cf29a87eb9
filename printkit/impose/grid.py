"""N-up grids: how many pieces fit on a sheet, and where each one goes."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.model.units import mm


@dataclass(frozen=True)
class Grid:
    """Cells of equal size, centred on the paper, or at `top_edge` when several grids share a
    page. Positions are trim top-left corners."""

    paper_width: float
    paper_height: float
    cell_width: float
    cell_height: float
    gap: float
    columns: int
    rows: int
    top_edge: float | None = None

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def width(self) -> float:
        return self.columns * self.cell_width + (self.columns - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.cell_height + (self.rows - 1) * self.gap

    @property
    def left(self) -> float:
        return (self.paper_width - self.width) / 2

    @property
    def top(self) -> float:
        if self.top_edge is not None:
            return self.top_edge
        return (self.paper_height - self.height) / 2

    def position(self, index: int) -> tuple[float, float]:
        row, column = divmod(index % self.per_sheet, self.columns)
        return (
            self.left + column * (self.cell_width + self.gap),
            self.top + row * (self.cell_height + self.gap),
        )

    def cut_xs(self) -> list[float]:
        """Every vertical cut line, left to right (shared lines appear once)."""
        return _cuts(self.left, self.cell_width, self.gap, self.columns)

    def cut_ys(self) -> list[float]:
        return _cuts(self.top, self.cell_height, self.gap, self.rows)


def _cuts(start: float, size: float, gap: float, count: int) -> list[float]:
    cuts: list[float] = []
    for i in range(count):
        a = start + i * (size + gap)
        for edge in (a, a + size):
            if not cuts or abs(cuts[-1] - edge) > 1e-6:
                cuts.append(edge)
    return cuts


MIN_KEPT_BLEED = mm(1)  # the least bleed an outer side keeps


def fitting_margin(margin: float, bleed: float) -> float:
    """How far inside the paper's edge the pieces' trims stay: the printable margin, and
    beyond it at least MIN_KEPT_BLEED of their bleed (all of a smaller one). A grid that
    filled the printable area to its edge would have the printer's margin cut the outer
    bleed to nothing, and a cut a hair outside the line would leave white."""
    return margin + min(bleed, MIN_KEPT_BLEED)


def fit_grid(
    paper: tuple[float, float],
    cell: tuple[float, float],
    gap: float,
    margin: float,
) -> Grid | None:
    """The largest grid whose cells stay `margin` inside the paper (`fitting_margin`: the
    printable margin and the bleed kept); None if nothing fits."""
    columns = int((paper[0] - 2 * margin + gap + 1e-6) // (cell[0] + gap))
    rows = int((paper[1] - 2 * margin + gap + 1e-6) // (cell[1] + gap))
    if columns < 1 or rows < 1:
        return None
    return Grid(paper[0], paper[1], cell[0], cell[1], gap, columns, rows)
