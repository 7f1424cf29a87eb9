"""Exports beside the printed sheets: one image per card face (`--format cards`), the files a
print-on-demand service's upload form takes (`--pod`), and Tabletop Simulator decks and tiles
(`--format tts`). Each draws the pieces as the sheets do (materials.cards.deck_pieces) and
renders them through the same PDF and pdfium path as the PNG previews, so a card looks the same
in every output."""
