"""balance.pdf: the figures of balance.json drawn for a designer, with reportlab's graphics.

Rates are bars with their 95 % interval as whiskers, lengths are histograms, sweeps are lines
with whiskers at each value. Every chart is titled with its agents and n. The PDF is written
with reportlab's invariant mode and the report holds no time, so the same figures give the same
bytes (for any --workers).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing, Line, PolyLine, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from printkit.draw.fonts import FACES, register_fonts

WIDTH = A4[0] - 36 * mm
BAR = HexColor("#4a78b5")
NEVER = HexColor("#c0392b")
INK = HexColor("#222222")
GRID = HexColor("#bbbbbb")
FOOT = HexColor("#000000")  # small print black, as PRINT.md asks of text
LABEL_WIDTH = 60 * mm
ROW = 13  # points per bar


def _styles() -> dict[str, ParagraphStyle]:
    regular, bold = FACES["regular"][0], FACES["bold"][0]
    return {
        "title": ParagraphStyle("title", fontName=bold, fontSize=16, leading=20, spaceAfter=6),
        "heading": ParagraphStyle(
            "heading", fontName=bold, fontSize=12, leading=15, spaceBefore=10, spaceAfter=3
        ),
        "body": ParagraphStyle("body", fontName=regular, fontSize=8.5, leading=11),
    }


def percent(value: float) -> str:
    return f"{value * 100:.1f} %"


def _interval_text(figure: dict[str, Any]) -> str:
    return (
        f"{percent(figure['estimate'])} [{percent(figure['low'])}, {percent(figure['high'])}] "
        f"({_count(figure['count'])}/{figure['n']})"
    )


TITLE_SIZE, TITLE_LEADING = 8.5, 10.5


def _title_lines(title: str) -> list[str]:
    """A chart's title wrapped to the chart's width (agents and n make titles long)."""
    return simpleSplit(title, FACES["bold"][0], TITLE_SIZE, WIDTH)


def _draw_title(drawing: Drawing, lines: list[str]) -> None:
    for index, line in enumerate(lines):
        y = drawing.height - 10 - index * TITLE_LEADING
        drawing.add(String(0, y, line, fontName=FACES["bold"][0], fontSize=TITLE_SIZE))


def _count(value: float) -> str:
    return f"{value:g}"


def rate_bars(
    title: str,
    rows: Sequence[tuple[str, dict[str, Any]]],
    reference: float | None = None,
    mark_never: bool = False,
) -> Drawing:
    """Horizontal bars from 0 to 100 %, whiskers at the interval, the text of each figure;
    a dashed line at `reference` (the fair share); with `mark_never`, the names of figures
    that never happened in red (an end condition or a rule no playout reached)."""
    lines = _title_lines(title)
    height = 22 + ROW * len(rows) + (len(lines) - 1) * TITLE_LEADING
    drawing = Drawing(WIDTH, height)
    _draw_title(drawing, lines)
    height -= (len(lines) - 1) * TITLE_LEADING  # the rows below the title, as with one line
    scale = (WIDTH - LABEL_WIDTH - 70 * mm) / 1.0
    left = LABEL_WIDTH
    for row, (label, figure) in enumerate(rows):
        y = height - 24 - row * ROW
        never = mark_never and figure["count"] == 0
        drawing.add(String(0, y + 2, label[:48], fontName=FACES["regular"][0], fontSize=7.5,
                           fillColor=NEVER if never else INK))  # fmt: skip
        drawing.add(Rect(left, y, figure["estimate"] * scale, ROW - 4, fillColor=BAR,
                         strokeColor=None))  # fmt: skip
        low, high = left + figure["low"] * scale, left + figure["high"] * scale
        middle = y + (ROW - 4) / 2
        drawing.add(Line(low, middle, high, middle, strokeColor=INK, strokeWidth=0.8))
        drawing.add(Line(low, y, low, y + ROW - 4, strokeColor=INK, strokeWidth=0.8))
        drawing.add(Line(high, y, high, y + ROW - 4, strokeColor=INK, strokeWidth=0.8))
        drawing.add(String(left + scale + 6, y + 2, _interval_text(figure),
                           fontName=FACES["regular"][0], fontSize=7))  # fmt: skip
    top, bottom = height - 14, height - 24 - (len(rows) - 1) * ROW
    drawing.add(Line(left, bottom, left, top, strokeColor=GRID))
    drawing.add(Line(left + scale, bottom, left + scale, top, strokeColor=GRID))
    if reference is not None:
        x = left + reference * scale
        drawing.add(Line(x, bottom - 2, x, top, strokeColor=NEVER, strokeDashArray=(2, 2)))
    return drawing


def change_bars(title: str, rows: Sequence[tuple[str, dict[str, Any]]]) -> Drawing:
    """A question's paired changes in points around 0: a bar to each estimate, black whiskers
    at its 95 % interval, a grey line at its Bonferroni interval (the one that decides
    "clear"), the figures as text."""
    lines = _title_lines(title)
    height = 22 + ROW * len(rows) + (len(lines) - 1) * TITLE_LEADING
    drawing = Drawing(WIDTH, height)
    _draw_title(drawing, lines)
    height -= (len(lines) - 1) * TITLE_LEADING
    reach = max([0.05] + [abs(o[k][e]) for _, o in rows for k in ("change", "bonferroni")
                          for e in ("low", "high")])  # fmt: skip
    span = WIDTH - LABEL_WIDTH - 70 * mm
    zero = LABEL_WIDTH + span / 2

    def x_of(value: float) -> float:
        return zero + value / reach * span / 2

    for row, (label, option) in enumerate(rows):
        y = height - 24 - row * ROW
        middle = y + (ROW - 4) / 2
        change, wide = option["change"], option["bonferroni"]
        drawing.add(String(0, y + 2, label[:48], fontName=FACES["regular"][0], fontSize=7.5,
                           fillColor=INK))  # fmt: skip
        start, stop = sorted((zero, x_of(change["estimate"])))
        drawing.add(Rect(start, y, stop - start, ROW - 4, fillColor=BAR, strokeColor=None))
        drawing.add(Line(x_of(wide["low"]), middle, x_of(wide["high"]), middle,
                         strokeColor=GRID, strokeWidth=2.5))  # fmt: skip
        low, high = x_of(change["low"]), x_of(change["high"])
        drawing.add(Line(low, middle, high, middle, strokeColor=INK, strokeWidth=0.8))
        drawing.add(Line(low, y, low, y + ROW - 4, strokeColor=INK, strokeWidth=0.8))
        drawing.add(Line(high, y, high, y + ROW - 4, strokeColor=INK, strokeWidth=0.8))
        verdict = "clear" if option["clear"] else "not clear"
        text = (f"{change['estimate'] * 100:+.1f} [{change['low'] * 100:+.1f}, "
                f"{change['high'] * 100:+.1f}] {verdict}")  # fmt: skip
        drawing.add(String(LABEL_WIDTH + span + 6, y + 2, text, fontName=FACES["regular"][0],
                           fontSize=7))  # fmt: skip
    top, bottom = height - 14, height - 24 - (len(rows) - 1) * ROW
    drawing.add(Line(zero, bottom - 2, zero, top, strokeColor=NEVER, strokeDashArray=(2, 2)))
    for value in (-reach, reach):
        drawing.add(String(x_of(value), bottom - 9, f"{value * 100:+.0f} points",
                           fontName=FACES["regular"][0], fontSize=6,
                           textAnchor="middle"))  # fmt: skip
    return drawing


def histogram(title: str, distribution: dict[str, Any], unit: str) -> Drawing:
    """Counts per bin, with the median and quartiles in the caption."""
    q1, median, q3 = distribution["quartiles"]
    caption = (f"{title}: median {median:g} {unit}, quartiles {q1:g} to {q3:g}, "
               f"range {distribution['min']} to {distribution['max']}")  # fmt: skip
    lines = _title_lines(caption)
    drawing = Drawing(WIDTH, 120 + (len(lines) - 1) * TITLE_LEADING)
    _draw_title(drawing, lines)
    height = 120
    bins = distribution["histogram"]
    if not bins:
        return drawing
    tallest = max(count for _, _, count in bins) or 1
    width = WIDTH / len(bins)
    plot = height - 40
    for index, (low, high, count) in enumerate(bins):
        bar = plot * count / tallest
        drawing.add(Rect(index * width + 1, 14, width - 2, bar, fillColor=BAR,
                         strokeColor=None))  # fmt: skip
        if index % max(1, len(bins) // 10) == 0:
            label = str(low) if low == high else f"{low}–{high}"
            drawing.add(String(index * width + 1, 3, label, fontName=FACES["regular"][0],
                               fontSize=6))  # fmt: skip
    drawing.add(Line(0, 14, WIDTH, 14, strokeColor=GRID))
    return drawing


def sweep_lines(title: str, points: Sequence[dict[str, Any]], key: str) -> Drawing:
    """A figure across a sweep's values: a line through the estimates, whiskers at each."""
    lines = _title_lines(title)
    drawing = Drawing(WIDTH, 130 + (len(lines) - 1) * TITLE_LEADING)
    _draw_title(drawing, lines)
    height = 130
    plot_bottom, plot_top, left = 24, height - 22, 30
    span = WIDTH - left - 20
    step = span / max(1, len(points) - 1)

    def y_of(value: float) -> float:
        return plot_bottom + value * (plot_top - plot_bottom)

    line = []
    for index, point in enumerate(points):
        figure = point[key]
        x = left + index * step
        line.extend([x, y_of(figure["estimate"])])
        drawing.add(Line(x, y_of(figure["low"]), x, y_of(figure["high"]), strokeColor=INK))
        drawing.add(String(x - 6, 10, str(point["value"]), fontName=FACES["regular"][0],
                           fontSize=7))  # fmt: skip
        drawing.add(String(x + 3, y_of(figure["estimate"]) + 2, percent(figure["estimate"]),
                           fontName=FACES["regular"][0], fontSize=6))  # fmt: skip
    for level in (0.0, 0.5, 1.0):
        drawing.add(Line(left, y_of(level), left + span, y_of(level), strokeColor=GRID,
                         strokeDashArray=(1, 2)))  # fmt: skip
        drawing.add(String(0, y_of(level) - 2, percent(level), fontName=FACES["regular"][0],
                           fontSize=6))  # fmt: skip
    if len(line) > 2:
        drawing.add(PolyLine(line, strokeColor=BAR, strokeWidth=1.2))
    return drawing


def _agents(batch: dict[str, Any]) -> str:
    return " vs ".join(batch["agents"]) if len(batch["agents"]) > 1 else batch["agents"][0]


def _batch_flowables(batch: dict[str, Any], styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """The core figures of one batch, each chart titled with its agents and n."""
    who = f"{_agents(batch)}, {batch['players']} players, n = {batch['playouts']}"
    completion = batch["completion"]
    parts: list[Flowable] = [
        Paragraph("Completion", styles["heading"]),
        rate_bars(
            f"Games finished, timed out, tied, broken ({who})",
            [
                ("finished", completion["finished"]),
                ("timed out (max_turns)", completion["timeouts"]),
                ("tied", completion["ties"]),
                ("invariant broken", completion["errors"]),
            ],
        ),
        Paragraph("Seat advantage", styles["heading"]),
        Paragraph(
            "Each seat's score in finished games (a tie counts its share). The dashed line "
            "is the fair share; a seat whose whiskers miss it has a clear advantage or "
            "disadvantage.",
            styles["body"],
        ),
        rate_bars(
            f"Score by seat ({who})",
            [(f"seat {s['seat']}", s) for s in batch["seats"]],
            reference=batch["seats"][0]["fair_share"] if batch["seats"] else None,
        ),
    ]
    if batch["agent_scores"]:
        parts += [
            Paragraph("Agents", styles["heading"]),
            rate_bars(
                f"Score by agent over every seat it sat in ({who})",
                [(f"player {a['player']}: {a['agent']}", a) for a in batch["agent_scores"]],
                reference=1 / batch["players"],
            ),
        ]
    parts += [
        Paragraph("How games end", styles["heading"]),
        rate_bars(
            f"End condition that ended the game ({who}); red: never happened",
            [(e["end"], e) for e in batch["ends"]],
            mark_never=True,
        ),
        Paragraph("Game length", styles["heading"]),
        histogram(f"Turns per finished game ({who})", batch["length"]["turns"], "turns"),
    ]
    for seat in batch["length"]["decisions"]:
        parts.append(histogram(f"Decisions of seat {seat['seat']} ({who})", seat, "decisions"))
    precision = batch["precision"]
    needed = ", ".join(f"{k}: {v:,}" for k, v in precision["playouts_for"].items())
    parts += [
        Paragraph("Precision", styles["heading"]),
        Paragraph(
            f"The {escape(precision['figure'])} is known to ±{percent(precision['half_width'])} "
            f"(95 %, n = {precision['n']}). Playouts needed: {needed}.",
            styles["body"],
        ),
        Paragraph("Rule use", styles["heading"]),
        Paragraph(
            "Share of games in which each rule, card effect or engine event happened; "
            "red names never happened in these playouts.",
            styles["body"],
        ),
        rate_bars(
            f"Games using each rule ({who})",
            [(u["event"], u) for u in batch["rule_use"]],
            mark_never=True,
        ),
    ]
    return parts


def _question_flowables(
    name: str, question: dict[str, Any], styles: dict[str, ParagraphStyle]
) -> list[Flowable]:
    parts: list[Flowable] = [
        Paragraph(f"Question {escape(name)}: {escape(question['text'])}", styles["heading"]),
        Paragraph(
            f"{escape(question['agent'])} against {escape(', '.join(question['against']))}, "
            f"same seeds (common random numbers), every seat order. {len(question['options'])} "
            "comparison(s): an effect is called clear only when its Bonferroni interval "
            "misses 0.",
            styles["body"],
        ),
    ]
    options = question["options"]
    if options:
        seeds, per_arm = options[0]["seeds"], options[0]["baseline"]["n"]
        parts.append(change_bars(
            f"Change of {question['agent']}'s score, in points, against "
            f"{', '.join(question['against'])} ({question['players']} players, n = {per_arm} "
            f"playouts per arm: {seeds} seeds in every seat order); black: 95 % interval, "
            f"grey: Bonferroni interval over {len(options)} comparison(s)",
            [(f"{o['mode']} {o['option']}", o) for o in options],
        ))  # fmt: skip
        parts.append(Spacer(1, 8))
    for option in options:
        change = option["change"]
        verdict = "clear" if option["clear"] else "not clear"
        parts.append(Paragraph(
            f"<b>{escape(option['mode'])} {escape(option['option'])}</b>: score "
            f"{_interval_text(option['changed'])}"
            f" against {_interval_text(option['baseline'])}; change "
            f"{change['estimate'] * 100:+.1f} points [{change['low'] * 100:+.1f}, "
            f"{change['high'] * 100:+.1f}] over {option['seeds']} seeds ({verdict}).",
            styles["body"]))  # fmt: skip
    parts += [
        Spacer(1, 3),
        Paragraph(
            f"<b>Observational, not an effect: win rate when X was taken.</b> In the games "
            f"{escape(question['agent'])} played as it is (the baseline above), its score where it "
            "made the move at least once and where it never did. Winners' choices are "
            "biased (a player ahead or behind moves differently), so this is not what the "
            "move is worth; the controlled change above is.",
            styles["body"],
        ),
    ]
    for seen in question["observational"]:
        parts.append(Paragraph(
            f"{escape(seen['option'])}: win rate when taken {_interval_text(seen['taken'])}; when "
            f"not taken {_interval_text(seen['not_taken'])}.", styles["body"]))  # fmt: skip
    return parts


def _split_flowables(
    name: str, split: dict[str, Any], styles: dict[str, ParagraphStyle]
) -> list[Flowable]:
    """Game length before and after an event: how often it happened, then both parts."""
    who = f"{' vs '.join(split['agents'])}, n = {split['playouts']}"
    means = ". ".join(
        f"{part.capitalize()} it: mean {split[part]['mean']['estimate']:.1f} turns "
        f"[{split[part]['mean']['low']:.1f}, {split[part]['mean']['high']:.1f}]"
        for part in ("before", "after")
    )
    parts: list[Flowable] = [
        Paragraph(f"Length split {escape(name)}: {escape(split['text'])}", styles["heading"]),
        Paragraph(
            f"The turns completed before the turn in which <b>{escape(split['at'])}</b> first "
            f"happened, and the turns from that one to the end, in the finished games where "
            f"it happened ({escape(who)}). It happened in "
            f"{_interval_text(split['reached'])} of the finished games. {means} (95 %).",
            styles["body"],
        ),
    ]
    for part in ("before", "after"):
        title = f"Turns {part} {split['at']} ({who}, {split[part]['n']} games)"
        parts.append(histogram(title, split[part], "turns"))
    return parts


def _share_text(share: float) -> str:
    """A probability as a percentage; one too small to show is never printed as 0."""
    return f"{share * 100:.1f}" if share >= 0.0005 else "<0.1"


def exact_table(table: dict[str, Any], styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """An exact distribution per row: the percentage for each count, and the mean; or why the
    table was left out."""
    if "left_out" in table:
        bound = table["left_out"]
        why = (
            f"<b>{table['title']}</b>: left out. It needed more than the {bound['left']:,} "
            f"positions and chance outcomes left of the {bound['bound']:,} a report's exact "
            "tables may enumerate together."
        )
        return [Paragraph(why, styles["body"]), Spacer(1, 6)]
    counts = sorted({d["rounds"] for row in table["rows"] for d in row["distribution"]})
    header = [table["unit"], *map(str, counts), "mean"]
    body = []
    for row in table["rows"]:
        shares = {d["rounds"]: d["share"] for d in row["distribution"]}
        cells = [_share_text(shares[c]) if c in shares else "" for c in counts]
        body.append([row["label"], *cells, f"{row['mean_value']:.2f}"])
    label, mean = 34 * mm, 12 * mm
    width = (WIDTH - label - mean) / len(counts)
    grid = Table([header, *body], colWidths=[label, *[width] * len(counts), mean], hAlign="LEFT")
    grid.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FACES["regular"][0], 6.5),
        ("FONT", (0, 0), (-1, 0), FACES["bold"][0], 6.5),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, GRID),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
    ]))  # fmt: skip
    caption = (
        f"<b>{escape(table['title'])}</b> (the chance of each number of "
        f"{escape(table['unit'])}, in %)"
    )
    return [Paragraph(caption, styles["body"]), Spacer(1, 2), grid, Spacer(1, 6)]


def render_report(balance: dict[str, Any]) -> bytes:
    """balance.pdf from balance.json's data."""
    register_fonts()
    styles = _styles()
    buffer = io.BytesIO()
    edition = balance.get("edition", "")  # a balance.json written before versions has none
    document = SimpleDocTemplate(
        buffer, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
        bottomMargin=16 * mm, title=f"Balance of {balance['title']}", author="printkit",
        creator="printkit", invariant=1, initialFontName=FACES["regular"][0],
        subject=f"{balance['title']}, {edition}" if edition else "",
    )  # fmt: skip
    settings = ", ".join(f"{k} = {v}" for k, v in balance["settings"].items()) or "none"
    story: list[Flowable] = [
        Paragraph(f"Balance of {escape(balance['title'])}", styles["title"]),
        Paragraph(
            escape(
                f"Engine {balance['engine']['name']} {balance['engine']['version']}; played "
                f"rules {balance['rules_hash']}; seed {balance['seed']}; settings: {settings}. "
            )
            + "Every figure is a rate with its 95 % interval (Wilson) and its counts.",
            styles["body"],
        ),
        Spacer(1, 4),
        *_batch_flowables(balance["batch"], styles),
    ]
    if balance["exact"]:
        story += [
            Paragraph("Exact tables", styles["heading"]),
            Paragraph(
                "Enumerated from every chance outcome with its exact probability, not sampled: "
                "no interval, the same for any n and seed. The exact fractions are in "
                "balance.json.",
                styles["body"],
            ),
            Spacer(1, 3),
        ]
        for table in balance["exact"]:
            story.append(KeepTogether(exact_table(table, styles)))
    for name, sweep in balance["sweeps"].items():
        who = f"{' vs '.join(sweep['agents'])}, n = {sweep['playouts']} per value"
        story.append(KeepTogether([
            Paragraph(f"Sweep {escape(name)}: {escape(sweep['path'])}", styles["heading"]),
            sweep_lines(f"Seat 1 score by {sweep['path']} ({who})", sweep["points"], "seat_1"),
            sweep_lines(f"Timeouts by {sweep['path']} ({who})", sweep["points"], "timeouts"),
        ]))  # fmt: skip
    if balance["ladder"]:
        n = balance["ladder"][0]["playouts"]
        story.append(KeepTogether([
            Paragraph("Skill ladder", styles["heading"]),
            Paragraph("Each agent against the one below it, every seat order on the same seeds: "
                      "the higher the stronger agent's score, the more the game rewards the "
                      "skill it adds.", styles["body"]),
            rate_bars(f"Score of the stronger agent (n = {n} per rung)",
                      [(f"{r['stronger']} vs {r['weaker']}", r) for r in balance["ladder"]],
                      reference=0.5),
        ]))  # fmt: skip
    for name, question in balance["questions"].items():
        story.append(KeepTogether(_question_flowables(name, question, styles)))
    for name, split in balance.get("splits", {}).items():  # none in an older balance.json
        story.append(KeepTogether(_split_flowables(name, split, styles)))
    footer = _footer(" · ".join(p for p in (f"Balance of {balance['title']}", edition) if p))
    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def _footer(text: str) -> Callable[[Canvas, SimpleDocTemplate], None]:
    """Each page's foot: the game, its version and the page, as every material's footer."""

    def draw(canvas: Canvas, document: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(FACES["regular"][0], 7)
        canvas.setFillColor(FOOT)
        canvas.drawCentredString(A4[0] / 2, 8 * mm, f"{text} · page {document.page}")
        canvas.restoreState()

    return draw
