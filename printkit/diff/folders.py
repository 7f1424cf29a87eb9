"""What a build wrote, read back: the games of an output folder, and each game's materials
(its PDF, and its card map when its pages hold cards).

An output folder is either what `--out` names (one folder per game inside) or one game's folder
(`output/shields_up`), so that two copies of one game's output can be compared whatever they
are called.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from printkit.card_map import SUFFIX as CARD_MAP
from printkit.card_map import CardBox, NotACardMap, read_card_map


@dataclass(frozen=True)
class MaterialOutput:
    name: str
    pdf: Path
    cards: list[CardBox] | None  # None: no card map (a map, a sheet, a reference)


@dataclass(frozen=True)
class GameOutput:
    game: str
    folder: Path
    materials: dict[str, MaterialOutput]


class NotAnOutput(Exception):
    """A path that is not an output folder of printkit, or holds a file it cannot read."""

    def __init__(self, path: Path, reason: str, hint: str, line: int = 0, column: int = 0) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason, self.hint = path, reason, hint
        self.line, self.column = line, column  # where in a text file; 0 for a folder or a PDF


def read_output(path: Path) -> dict[str, GameOutput]:
    """The games of an output folder, by game id (a game's own folder: that game alone)."""
    hint = "name a folder 'printkit build' wrote: its --out folder, or one game's folder in it"
    if not path.is_dir():
        reason = "does not exist" if not path.exists() else "is not a folder"
        raise NotAnOutput(path, f"{reason}, so it is not an output folder", hint)
    if is_game_folder(path):
        return {path.name: read_game(path.name, path)}
    try:
        folders = sorted(p for p in path.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError as error:
        raise NotAnOutput(path, f"cannot be listed: {error.strerror}", hint) from error
    games = {folder.name: read_game(folder.name, folder) for folder in folders if _pdfs(folder)}
    if not games:
        raise NotAnOutput(
            path, "holds no PDF that a build wrote, so it is not an output folder", hint
        )
    return games


def is_game_folder(path: Path) -> bool:
    """One game's output folder (its PDFs in it), not an --out folder of several."""
    return path.is_dir() and bool(_pdfs(path))


def _pdfs(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.pdf") if not p.name.startswith("."))
    except OSError:
        return []


def read_game(game: str, folder: Path) -> GameOutput:
    """One game's folder of an output folder: its materials, by name."""
    materials = {}
    for pdf in _pdfs(folder):
        card_map = pdf.with_name(pdf.stem + CARD_MAP)
        cards = None
        page_count = _page_count(pdf)
        if card_map.is_file():
            try:
                cards = read_card_map(card_map, page_count)
            except NotACardMap as error:
                raise NotAnOutput(
                    card_map,
                    f"{error.predicate} ({error})",
                    error.hint,
                    error.line,
                    error.column,
                ) from error
        materials[pdf.stem] = MaterialOutput(pdf.stem, pdf, cards)
    return GameOutput(game, folder, materials)


def _page_count(path: Path) -> int:
    """The PDF's pages; a PDF that pdfium cannot open is refused before any comparison."""
    try:
        document = pypdfium2.PdfDocument(path)
    except (pypdfium2.PdfiumError, OSError) as error:
        raise NotAnOutput(
            path, f"cannot be read as a PDF ({error})", "build the game again to write it anew"
        ) from error
    try:
        return len(document)
    finally:
        document.close()
