"""Compile the reference documents of a game: render the template, check the Markdown, lay
it out.

What the layout cannot print is found in the Markdown first and reported where it was written:
at the rule text the template printed, else at the template line that wrote it
(reference/checks.py, reference/origin.py). The quick reference is laid out at
the largest text size, from 10 pt down to 7 pt, that fits the pages it is given, found by
bisection, each try stopping at the first page too many; when even 7 pt does not fit, that is a
diagnostic, never an extra page.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.check.plain_text import game_icons
from printkit.diagnostics import (
    REFERENCE_NO_RULES,
    REFERENCE_OVERFLOW,
    REFERENCE_TEMPLATE,
    REFERENCE_TOO_LONG,
    TEMPLATE_TOO_LARGE,
    Diagnostics,
    Span,
    relative,
)
from printkit.draw.ops import Document
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey
from printkit.materials.paper import material_paper
from printkit.materials.texts import MaterialTexts
from printkit.model.layout import Layout
from printkit.model.version import NO_EDITION, Edition
from printkit.reference.checks import MarkdownProblem, markdown_problems
from printkit.reference.compose import (
    DEFAULT_TEMPLATES,
    ComposeError,
    Problem,
    compose,
    printed_prose,
    template_path,
)
from printkit.reference.markdown import markdown_lines
from printkit.reference.origin import Trace
from printkit.reference.pdf import (
    RULES_MOST_PAGES,
    Built,
    TooManyPages,
    quick_reference,
    rules_reference,
)

QUICK_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)  # points, largest first


def compile_quick_reference(
    loaded: LoadedPackage,
    material_id: str,
    _layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
) -> Document | None:
    prepared = _prepare(loaded, material_id, paper, "quick_reference.md.j2", diagnostics)
    if prepared is None:
        return None
    title, size, markdown = prepared
    pages = loaded.package.materials[material_id].pages
    edition = loaded.package.game.edition
    fitted = _largest_fitting(markdown, title, size, pages, edition)
    if fitted is None:
        diagnostics.add(
            REFERENCE_OVERFLOW,
            f"material '{material_id}': the quick reference needs more than {pages} page(s) "
            f"even at {QUICK_SIZES[-1]:g} pt",
            loaded.spans.value(("materials", material_id, "pages")),
            hint="allow 'pages: 2', or leave sections out in a template of your own",
        )
        return None
    base, built = fitted

    def flow(space: str) -> bytes:
        """The fitting layout is the document on screen; for the press only the colours differ."""
        if space == "rgb":
            return built.pdf
        return quick_reference(markdown, title, size, base, pages, space, edition).pdf

    return Document(title, flow=flow, subject=edition.subject)


@lru_cache(maxsize=4)
def _largest_fitting(
    markdown: str,
    title: str,
    size: tuple[float, float],
    pages: int,
    edition: Edition = NO_EDITION,
) -> tuple[float, Built] | None:
    """The largest of QUICK_SIZES at which the text fits `pages`, and its layout; None when
    none does. Most quick references fit at the largest size, which is tried first; then a
    bisection of the rest (smaller text never needs more pages). Kept for the next material
    asking the same: copies of one quick reference are laid out once (a game of fifty took
    10 to 16 s to validate)."""
    tried: dict[int, Built | None] = {}

    def fits(index: int) -> bool:
        try:
            tried[index] = quick_reference(
                markdown, title, size, QUICK_SIZES[index], pages, edition=edition
            )
        except TooManyPages:
            tried[index] = None
        return tried[index] is not None

    if fits(0):
        return QUICK_SIZES[0], tried[0]
    low, high = 1, len(QUICK_SIZES)
    while low < high:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    built = tried.get(low)
    return None if built is None else (QUICK_SIZES[low], built)


def compile_rules_reference(
    loaded: LoadedPackage,
    material_id: str,
    _layouts: dict[str, Layout],
    paper: str,
    diagnostics: Diagnostics,
) -> Document | None:
    prepared = _prepare(loaded, material_id, paper, "rules_reference.md.j2", diagnostics)
    if prepared is None:
        return None
    title, size, markdown = prepared
    edition = loaded.package.game.edition
    try:
        built = _rules_layout(markdown, title, size, edition)
    except TooManyPages:
        diagnostics.add(
            REFERENCE_TOO_LONG,
            f"material '{material_id}': the rules reference needs more than "
            f"{RULES_MOST_PAGES} pages",
            loaded.spans.value(("materials", material_id)),
            hint="a rules reference is the game's rules once; check the template's loops",
        )
        return None

    def flow(space: str) -> bytes:
        if space == "rgb":
            return built.pdf
        return rules_reference(markdown, title, size, space, edition).pdf

    return Document(title, flow=flow, subject=edition.subject)


@lru_cache(maxsize=4)
def _rules_layout(markdown: str, title: str, size: tuple[float, float], edition: Edition) -> Built:
    """The rules reference laid out in RGB, once for copies of the same material."""
    return rules_reference(markdown, title, size, edition=edition)


def _prepare(
    loaded: LoadedPackage,
    material_id: str,
    paper: str,
    default_template: str,
    diagnostics: Diagnostics,
) -> tuple[str, tuple[float, float], str] | None:
    """The title, the page size and the Markdown; None (with a diagnostic) when they fail."""
    spec = loaded.package.materials[material_id]
    where = loaded.spans.value(("materials", material_id))
    if loaded.package.rules is None:
        diagnostics.add(
            REFERENCE_NO_RULES,
            f"material '{material_id}' prints the rules, but the game has no 'rules:'",
            where,
            hint="write the rules as data (docs/rules.md) or remove the material",
        )
        return None
    chosen = material_paper(loaded, material_id, spec.paper, paper, "paper", diagnostics)
    if chosen is None:
        return None
    name = spec.template or default_template
    default = loaded.package.game.titled(_kind_title(spec.kind))
    title = MaterialTexts(loaded, diagnostics).title(material_id, default)
    try:
        markdown = compose(loaded, name, title)
    except ComposeError as error:
        _report(loaded, material_id, error.problem, diagnostics)
        return None
    icons = game_icons(loaded.package)
    problems = markdown_problems(markdown, loaded.package.rules.sections, icons)
    if problems:
        in_template = _in_rule_texts(loaded, markdown, problems, diagnostics)
        for problem in _located(loaded, name, title, markdown, in_template):
            _report(loaded, material_id, problem, diagnostics)
        return None
    return title, chosen[1], markdown


def _in_rule_texts(
    loaded: LoadedPackage,
    markdown: str,
    problems: list[MarkdownProblem],
    diagnostics: Diagnostics,
) -> list[MarkdownProblem]:
    """Report each problem written by a rule text the template prints at that text, where the
    designer can mend it (printkit's own templates are not theirs to change), once for every
    document printing it; give back the others, the template's own."""
    texts = printed_prose(loaded)
    lines = markdown_lines(markdown)
    left = []
    for problem in problems:
        path = None if problem.line is None else _writer(lines[problem.line], problem, texts)
        if path is None:
            left.append(problem)
            continue
        diagnostics.add(
            problem.code,
            f"rule text printed in a reference document: {problem.message}",
            loaded.spans.value(path),
            hint=problem.hint,
        )
    return left


def _writer(
    line: str, problem: MarkdownProblem, texts: list[tuple[PathKey, str]]
) -> PathKey | None:
    """The rule text whose printed form holds the problem's column of `line`: the longest when
    one text is printed inside another; None when the template's own text holds it."""
    holding = [
        (path, printed)
        for path, printed in texts
        if printed and _holds(line, printed, problem.column)
    ]
    return max(holding, key=lambda text: len(text[1]))[0] if holding else None


def _holds(line: str, printed: str, column: int) -> bool:
    """Whether an occurrence of `printed` in `line` spans `column`."""
    start = line.find(printed)
    while 0 <= start <= column:
        if column < start + len(printed):
            return True
        start = line.find(printed, start + 1)
    return False


def _located(
    loaded: LoadedPackage,
    name: str,
    title: str,
    markdown: str,
    problems: list[MarkdownProblem],
) -> list[Problem]:
    """The problems of the Markdown at the template lines that wrote them: the template is
    rendered again with line marks (the first rendering stays unmarked, byte for byte)."""
    if not problems:
        return []  # each was a rule text's: no second rendering
    try:
        trace: Trace | None = Trace(compose(loaded, name, title, marked=True), markdown)
    except ComposeError:  # the marks pushed it past a bound: the template's first line
        trace = None
    located: dict[tuple[Path | None, int, str, str], Problem] = {}
    for problem in problems:
        origin = None
        if trace is not None and problem.line is not None:
            origin = trace.at(problem.line, problem.column)
        template, line = (origin.template, origin.line) if origin else (name, 1)
        file = template_path(loaded, template)
        # A template line in a loop writes a mistake many times: it is reported once.
        key = (file, line, problem.code, problem.message)
        located.setdefault(key, Problem(problem.message, file, line, problem.code, problem.hint))
    return list(located.values())


def _report(
    loaded: LoadedPackage, material_id: str, problem: Problem, diagnostics: Diagnostics
) -> None:
    message = f"template of material '{material_id}': {problem.message}"
    hint = problem.hint or "the names a template may use are listed in docs/reference-documents.md"
    if problem.file is not None and not problem.file.is_relative_to(DEFAULT_TEMPLATES):
        span = Span(relative(problem.file), max(problem.line, 1), problem.column)
    elif problem.code == TEMPLATE_TOO_LARGE and (longest := _longest_text(loaded)):
        # printkit's own template is not the designer's to shorten: the text it prints is
        path, length = longest
        span = loaded.spans.value(path)
        message += f"; the longest text it prints is this one, {length:,} characters"
        hint = "a reference document prints the game's rules and errata whole: shorten this text"
    else:
        span = loaded.spans.value(("materials", material_id, "template"))
    diagnostics.add(problem.code or REFERENCE_TEMPLATE, message, span, hint=hint)


_PRINTED = ("rules", "errata")  # the sections of a game printkit's reference templates print


def _longest_text(loaded: LoadedPackage) -> tuple[PathKey, int] | None:
    """The longest text of the sections the reference templates print, and its length; the
    first of the longest, in the order the files write them."""
    longest: tuple[PathKey, int] | None = None
    pending: list[tuple[PathKey, object]] = [((s,), loaded.source.get(s)) for s in _PRINTED[::-1]]
    while pending:
        path, value = pending.pop()
        if isinstance(value, str) and (longest is None or len(value) > longest[1]):
            longest = (path, len(value))
        elif isinstance(value, dict):
            pending.extend(reversed([((*path, k), v) for k, v in value.items()]))
        elif isinstance(value, list):
            pending.extend(reversed([((*path, i), v) for i, v in enumerate(value)]))
    return longest


def _kind_title(kind: str) -> str:
    return "quick reference" if kind == "quick_reference" else "rules"
