"""Delimited parts of a template's text ({{ … }}, {% … %}) found in one pass, without Jinja2:
the checks that read a template as text (numbers retyped in prose, a lone '=') need them set
aside, and a lazy '.*?' pattern looked for the close from every opening (40,000 '{{' with none
closed: 16 s)."""

from __future__ import annotations

EXPRESSIONS_AND_STATEMENTS = {"{{": "}}", "{%": "%}"}
STATEMENTS = {"{%": "%}"}


def cut_out(text: str, closes: dict[str, str], filler: str) -> str:
    """The text with each part that an opener of `closes` opens and its close closes made
    `filler`; an opening never closed is text, as are any later of its kind."""
    pieces: list[str] = []
    start = 0
    upcoming = {opener: text.find(opener) for opener in closes}
    while True:
        open_at = [(index, opener) for opener, index in upcoming.items() if index >= 0]
        if not open_at:
            break
        index, opener = min(open_at)
        end = text.find(closes[opener], index + len(opener))
        if end < 0:  # never closed, nor is any later one of its kind
            upcoming[opener] = -1
            continue
        pieces += [text[start:index], filler]
        start = end + len(closes[opener])
        for other, at in upcoming.items():
            if 0 <= at < start:
                upcoming[other] = text.find(other, start)
    pieces.append(text[start:])
    return "".join(pieces)
