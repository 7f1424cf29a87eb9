"""Reference documents as materials: a quick reference and a complete rules reference."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from printkit.model.base import PrintedMaterial


class ReferenceMaterial(PrintedMaterial):
    """Written from the game's `rules:` through a Jinja2 template that writes Markdown."""

    title: str | None = None
    paper: str | None = Field(None, description="a4 or letter; the command line's by default")
    template: str | None = Field(
        None, description="template file, looked up in the game's folder, then printkit's"
    )


class QuickReferenceMaterial(ReferenceMaterial):
    """One or two pages in two columns; the text shrinks (to 7 pt at the least) to fit them."""

    kind: Literal["quick_reference"]
    pages: int = Field(1, ge=1, le=2, description="pages the sheet must fit on")


class RulesReferenceMaterial(ReferenceMaterial):
    """Contents, outline, running header, page numbers, links between sections, errata."""

    kind: Literal["rules_reference"]
