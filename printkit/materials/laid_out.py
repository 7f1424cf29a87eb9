"""The characters of text one material lays out, added up against MAX_LAID_OUT_TEXT.

Fitting a text to its room tries sizes and wraps it, and drawing it places every glyph: a
card deck's texts, or a sheet's headings, labels, texts and cells over all its pages, cost in
proportion to their characters. A shared package can print 100,000 characters from one
template, or write two million in one heading; past the bound, a text is not laid out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit.model.limits import MAX_LAID_OUT_TEXT


@dataclass
class LaidOutText:
    characters: int = 0

    def admits(self, text: str, report: Callable[[str], None]) -> bool:
        """Whether `text` may still be laid out; the text whose characters pass the bound is
        reported (`report` is given the message), once for the material."""
        before = self.characters
        self.characters += len(text)
        if self.characters <= MAX_LAID_OUT_TEXT:
            return True
        if before <= MAX_LAID_OUT_TEXT:
            report(
                f"the text of this material adds up to more than {MAX_LAID_OUT_TEXT:,} "
                "characters here"
            )
        return False
