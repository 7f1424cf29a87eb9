"""Packages for the export tests, written out by the tests that build them: a poker deck of
any size whose every card has its own colour (so the pixels tell which card is where) and one
back for all, and a counter sheet of round and square tokens."""

from __future__ import annotations

from pathlib import Path

from support import RGB


def card_colour(index: int) -> RGB:
    """A colour of its own for each of up to 256 cards, never near white or black."""
    return ((index * 37) % 160 + 60, (index * 91) % 160 + 60, (index * 53 + 80) % 160 + 60)


def hex_of(colour: RGB) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour)


BACK = (32, 64, 160)


def poker_deck(cards: int, extra: str = "") -> str:
    """A poker-size deck of `cards` cards with 1/8 in of bleed, a colour and a name each."""
    rows = "\n".join(
        f"      - {{name: Card {i}, colour: '{hex_of(card_colour(i))}', effect: Effect {i}}}"
        for i in range(1, cards + 1)
    )
    return f"""\
game: {{title: Poker Deck, players: "2"}}
components:
  deck: {{count: {cards}}}
layouts:
  face:
    size: poker
    background: "{{{{ card.colour }}}}"
    regions:
      mark: {{kind: box, x: 4mm, y: 4mm, width: 12mm, height: 8mm, fill: "#000000"}}
      title: {{x: 4mm, y: 20mm, width: 55mm, height: 10mm, text: "{{{{ card.name }}}}",
              size: 11pt, color: "#ffffff", fill: "#000000"}}
  back:
    size: poker
    background: "{hex_of(BACK)}"
    regions:
      title: {{x: 4mm, y: 40mm, width: 55mm, height: 10mm, text: "back", size: 11pt,
              color: "#ffffff"}}
decks:
  deck:
    layout: face
    back: back
    fields: {{colour: text, effect: text}}
    cards:
{rows}
materials:
  deck:
    kind: cards
    deck: deck
    impose: {{bleed: 0.125in, backs: long_edge}}
{extra}"""


TOKENS = """\
game: {title: Tokens, players: "2"}
components:
  coins: {count: 3}
  crates: {count: 2}
layouts:
  coin: {shape: circle, size: 3/4in, background: "#d4a017"}
  crate: {shape: square, size: 1in, background: "#8b5a2b"}
  crate_back: {shape: square, size: 1in, background: "#444444"}
decks:
  coins:
    layout: coin
    cards: [{name: Coin, count: 3}]
  crates:
    layout: crate
    back: crate_back
    cards: [{name: Crate, count: 2}]
materials:
  tokens:
    kind: counters
    decks: [coins, crates]
"""


def write_game(root: Path, game: str, text: str) -> Path:
    """The package as rule_data/<game>/game.yaml under `root`; the rule-data folder."""
    folder = root / "rule_data" / game
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder.parent
