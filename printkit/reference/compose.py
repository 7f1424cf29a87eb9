"""Render a reference template (Jinja2, writing Markdown) over the rules of a game.

Templates come from the game's own folder when it has one of that name, else from printkit's
`templates/` folder, and run in the same bounded sandbox as every other template of a package.
Rule prose is itself a template ("costs {{ actions.buy.cost }} actions"); `prose()` renders it
with `ref()` turned into a link to the section's heading, so the documents print the numbers
of the data and link the sections they name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    BytecodeCache,
    Environment,
    TemplateNotFound,
    TemplateSyntaxError,
)
from jinja2.bccache import Bucket

from printkit.check.prose import prose_texts
from printkit.check.rule_index import ENTRY_KINDS, Entry, rule_entries
from printkit.check.sections import home_section
from printkit.load.files import TEMPLATE, GameFiles, NotFound, Refused
from printkit.load.package import LoadedPackage
from printkit.load.yaml_spans import PathKey
from printkit.model.package import Erratum, Package
from printkit.model.rules import DiceTable, LookupTable, RangeTable, Rules, Section
from printkit.model.rules_context import (
    EMPTY_RULES,
    TABLE_ROWS,
    TableRow,
    prose_of,
    rules_context,
    section_name,
)
from printkit.reference.errata import NOT_STATED, Version, erratum_changes
from printkit.reference.origin import LineMarks
from printkit.reference.tables import data_cells, data_columns, is_filler, key_heading
from printkit.sandbox.environment import BoundedEnvironment, budget
from printkit.sandbox.expressions import TemplateProblem, explain, names_read, render
from printkit.sandbox.helpers import Helper, HelperMisuse, Parameter
from printkit.sandbox.views import describe

DEFAULT_TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@dataclass(frozen=True)
class Problem:
    """Why a template failed: the message, and the template file and line when known."""

    message: str
    file: Path | None
    line: int
    code: str | None = None
    hint: str | None = None
    column: int = 1


class ComposeError(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class GameTemplates(BaseLoader):
    """Templates read through the game's gate: the game's own file of that name when it has
    one (inside its folder, bounded, UTF-8), else printkit's, which are trusted. An include,
    import or extends resolves here too, so no template reaches a file the gate refuses."""

    def __init__(self, files: GameFiles) -> None:
        self.files = files

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Any]:
        path = self.path(template)
        if path is None or path.is_dir():  # '.' or '' names the game's folder, not a file
            raise TemplateNotFound(template)
        if path.parent == DEFAULT_TEMPLATES:
            return path.read_text(encoding="utf-8"), str(path), lambda: True
        return self.files.text(path, TEMPLATE), str(path), lambda: True

    def path(self, name: str) -> Path | None:
        """The file a template name means; Refused when the game's folder may not give it."""
        try:
            return self.files.locate(name, TEMPLATE)
        except NotFound:
            packaged = DEFAULT_TEMPLATES / name
            return packaged if packaged.is_file() else None


class _Compiled(BytecodeCache):
    """Compiled templates kept for the rest of the process, keyed by name and file and checked
    against the source's hash (Jinja's own bytecode cache, in memory): every reference material
    composes in a fresh environment, and fifty copies of a quick reference compiled its template
    fifty times, most of a `validate`."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _Compiled()  # templates without line marks only: the marks change the code


def template_path(loaded: LoadedPackage, name: str) -> Path | None:
    """The template file a material's name means, None when there is none it may read."""
    try:
        return GameTemplates(loaded.files).path(name)
    except Refused:
        return None


def compose(loaded: LoadedPackage, name: str, title: str, marked: bool = False) -> str:
    """The Markdown a template writes for this game, under the document's `title` (the
    material's own, or the game's and its kind's: the templates' `document_title`);
    ComposeError says where it failed. `marked`: with the marks of reference/origin.py, to
    trace a line back to the template."""
    environment = BoundedEnvironment()
    if marked:
        environment.add_extension(LineMarks)
    else:
        environment.bytecode_cache = _COMPILED
    environment.loader = GameTemplates(loaded.files)
    context = reference_context(loaded) | {"document_title": markdown_text(title)}
    try:
        template = environment.get_template(name)
        with budget():
            return template.render(context)
    except Refused as refused:
        file, line = (refused.at, refused.line) if refused.at else _where(refused, loaded, name)
        problem = Problem(refused.message, file, line, refused.code, refused.hint, refused.column)
        raise ComposeError(problem) from None
    except TemplateNotFound as error:
        file, line = _where(error, loaded, name)  # an include's line, or the material's
        raise ComposeError(Problem(f"no template '{error.name}'", file, line)) from None
    except TemplateSyntaxError as error:
        file = Path(error.filename) if error.filename else template_path(loaded, name)
        raise ComposeError(Problem(error.message or str(error), file, error.lineno)) from None
    except Exception as error:  # any failure of the game's template is a diagnostic
        file, line = _where(error, loaded, name)
        problem = explain(error)
        raise ComposeError(Problem(str(problem), file, line, problem.code, problem.hint)) from None


def _where(error: BaseException, loaded: LoadedPackage, name: str) -> tuple[Path | None, int]:
    """The innermost frame of a template file in the traceback: Jinja maps it to the line."""
    found: tuple[Path | None, int] = (template_path(loaded, name), 0)
    trace = error.__traceback__
    while trace is not None:
        filename = trace.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            found = (Path(filename), trace.tb_lineno)
        trace = trace.tb_next
    return found


def reference_context(loaded: LoadedPackage) -> dict[str, Any]:
    """The rules context of model/rules.py plus what a document needs to lay out the rules."""
    package = loaded.package
    rules = package.rules or EMPTY_RULES
    context = rules_context(package)
    entries = list(rule_entries(rules))
    covered = {rule for section in rules.sections.values() for rule in section.covers}
    prose = _rule_prose(package)

    @cache
    def as_written() -> Version:
        """The text's version, for the errata appendix: its prose filled in from its own data,
        a value it never states (which an erratum supplies) marked so (made when a document
        first asks, as few do)."""
        text = loaded.as_written
        written = rules_context(text, ref=_link(text.rules or EMPTY_RULES))
        written["values"] = dict.fromkeys(rules.values, NOT_STATED) | written["values"]
        return Version(text, _prose_in(written))

    @cache
    def names() -> frozenset[str]:
        """The words the rules write with a capital inside a sentence: names ('Red', 'the
        Crown'), which keep it after a colon (made when a document first asks)."""
        return frozenset(
            word
            for _, said in prose_texts(package)
            for word in _INSIDE_A_SENTENCE.findall(prose(said))
        )

    sections = Parameter("section_id", str, "a section id", lambda: rules.sections)
    entry = Parameter("entry", Entry, "a rule entry (as covered() and entries_of() give)")
    rule = Parameter("rule_id", str, "a rule id")
    table = Parameter("table", TABLES, "a table (as 'tables' holds)")
    context |= {
        # Rule text's ref() of an unknown section is the references check's (PK500, at the
        # text); a template's names a section the rules have (PK406 at the template's line).
        "ref": Helper("ref", _link(rules), (sections,)),
        "prose": Helper(
            "prose",
            _given_its_row(prose, rules),
            (Parameter("text", (str, type(None), *TABLE_ROWS), "a text, or a table's row"),),
        ),
        "covered": Helper(
            "covered",
            lambda section_id: [
                e
                for rule in rules.sections[section_id].covers
                for e in entries
                if e.id == rule and e.kind != "section"
            ],
            (sections,),
        ),
        # A rule several sections cover is printed in the first; the others link to it.
        "home": Helper(
            "home",
            lambda rule_id: home_section(rules, rule_id),
            (rule,),
        ),
        "uncovered": [e for e in entries if e.kind != "section" and e.id not in covered],
        "section_title": Helper(
            "section_title", section_name, (Parameter("section", Section, "a section"),)
        ),
        "row_key": Helper("row_key", row_key, (table, Parameter("row", object, "a row"))),
        "key_heading": Helper("key_heading", key_heading, (table,)),
        "data_columns": Helper("data_columns", data_columns, (table,)),
        "data_cells": Helper("data_cells", data_cells, (table, Parameter("row", object, "a row"))),
        "is_filler": Helper("is_filler", lambda t: is_filler(t, row_key, prose), (table,)),
        "errata": package.errata,
        # what an erratum's plays change, from the text's data and the played rules' data
        "changes": Helper(
            "changes",
            lambda erratum: erratum_changes(
                erratum, as_written(), Version(package, prose), row_key
            ),
            (Parameter("erratum", Erratum, "an erratum (as 'errata' holds)"),),
        ),
        "entries_of": Helper(
            "entries_of",
            lambda kind: [e for e in entries if e.kind == kind],
            (Parameter("kind", str, "a kind of rule", lambda: ENTRY_KINDS),),
        ),
        "cell": Helper("cell", cell, (Parameter("text", object, "a value"),)),
        "after_colon": Helper(
            "after_colon",
            lambda text: after_colon(text, names()),
            (Parameter("text", str, "a text"),),
        ),
        "title": Helper("title", title, (entry,)),
        "named": Helper(
            "named",
            lambda rule_id: next(
                (title(e) for e in entries if e.id == rule_id), rule_id.replace("_", " ")
            ),
            (rule,),
        ),
        # a heading's link target: '## Title {#id}'
        "anchor": Helper(
            "anchor", lambda key: "{#" + key + "}", (Parameter("key", str, "a text"),)
        ),
    }
    return context


TABLES = (DiceTable, RangeTable, LookupTable)


def printed_prose(loaded: LoadedPackage) -> list[tuple[PathKey, str]]:
    """Every rule text with its path, printed as the documents' prose() prints it: where a
    problem of a document's Markdown is looked for, to report it at the text that wrote it."""
    prose = _rule_prose(loaded.package)
    return [(path, prose(said)) for path, said in prose_texts(loaded.package)]


Prose = Callable[[str | TableRow | None], str]


def _rule_prose(package: Package) -> Prose:
    """Rule text as the documents print it: rendered with the names the validator renders it
    with (check/prose.py), ref() of a section the rules have a link to its heading."""
    return _prose_in(rules_context(package, ref=_link(package.rules or EMPTY_RULES)))


def _prose_in(context: dict[str, Any]) -> Prose:
    """Prose as one version of the rules prints it: filled in from that version's context (a
    table row's result, given the row, seeing it as `row`), on one line; a template with a
    mistake as it is written (the validator reports it)."""

    def prose(said: str | TableRow | None) -> str:
        if not said:
            return ""
        text, names = prose_of(said, context)
        try:
            return " ".join(render(text, names).split())
        except TemplateProblem:
            return " ".join(text.split())

    return prose


def _given_its_row(prose: Prose, rules: Rules) -> Prose:
    """prose() as a template calls it: a table row's result that reads `row` prints only from
    its row (`prose(row)`); given as a text (`prose(row.result)`) it would print its braces as
    written, and no check would have said so. (Any other text that fails, the validator
    reports at the text.)"""

    @cache
    def reading_their_row() -> frozenset[str]:
        return frozenset(
            row.result
            for table in rules.tables.values()
            for row in table.rows
            if isinstance(row, TABLE_ROWS) and "row" in names_read(row.result)
        )

    def called(said: str | TableRow | None) -> str:
        if isinstance(said, str) and said in reading_their_row():
            raise HelperMisuse(
                f"prose() is given {describe(said)}, a table row's result that reads 'row': "
                "it prints from its row",
                "write prose(row), not prose(row.result): the result then sees its row",
            )
        return prose(said)

    return called


def _link(rules: Any) -> Callable[[str], str]:
    """A section of `rules` as a link to its heading, its title saying where the section is
    for a document that leaves it out (the quick reference): there "§3 Scoring" would name a
    section of its own, which it does not have."""

    def link(section_id: str) -> str:
        section = rules.sections[section_id]
        name = section_name(section)
        elsewhere = f"rules {name}" if section.number else f"{name} in the rules"
        return f'[{name}](#{section_id} "{elsewhere.replace(chr(34), chr(92) + chr(34))}")'

    return link


# A capitalised word after a word or a comma inside a sentence (not after . : ! ? or at the
# start), and a text's first word when it is a capital then small letters ('The', not 'DM').
_INSIDE_A_SENTENCE = re.compile(r"(?:(?<=[^\W_] )|(?<=[^\W_][,;)] ))[A-Z][a-z]+\b")
_FIRST_WORD = re.compile(r"[A-Z][a-z]*\b")
# A second sentence: an end of sentence, then a capital.
_SENTENCES = re.compile(r"[.!?] +[A-Z]")


def after_colon(text: str, names: frozenset[str]) -> str:
    """`text` as it reads after a label and a colon that a template joins it to ('On a tie:
    the tied player wins'): its first letter small, as after a colon in running text, unless
    the text is more than one sentence or its first word is a name (one of `names`, which
    the rules capitalise inside a sentence, or a word of capitals: 'DM', 'I')."""
    first = _FIRST_WORD.match(text)
    if first is None or first[0] in names or len(first[0]) < 2 or _SENTENCES.search(text):
        return text
    return text[0].lower() + text[1:]


# A Markdown link as _link writes it: [text](target "title"), the title optional.
_LINK = re.compile(r'\[([^\]]*)\]\([^)\s]*(?:\s+"((?:[^"\\]|\\.)*)")?\)')


def unlinked(text: str) -> str:
    """`text` with each Markdown link as a page without headings prints it (a sheet, where a
    rule text's ref() lands nowhere): its title, which says where the section is ('rules §3
    Scoring'), else its text; never the link's brackets and target."""
    return _LINK.sub(lambda link: (link[2] or "").replace('\\"', '"') or link[1], text)


def row_key(table: DiceTable | RangeTable | LookupTable, row: Any) -> str:
    """How a row's key is printed: a roll (3, 4–5), a range (≤ 2, 3–5, 6+) or the key."""
    if isinstance(table, DiceTable):
        return str(row.roll).replace("-", "–")
    if isinstance(table, LookupTable):
        return str(row.key)
    if row.min is None and row.max is None:
        return "any"
    if row.min is None:
        return f"{row.max} or less"
    if row.max is None:
        return f"{row.min} or more"
    return str(row.min) if row.min == row.max else f"{row.min}–{row.max}"


def markdown_text(text: str) -> str:
    """Text that prints as written in Markdown: its punctuation escaped, so that a title's
    '<draft>', '*v2*' or '[beta](x)' is not read as HTML, emphasis or a link."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\g<0>", text)


_MARKDOWN_PUNCTUATION = re.compile(r"[\\`*_{}\[\]()#+!<>|~&]")


def cell(text: Any) -> str:
    """Text fit for one cell of a Markdown table: one line, no column separator."""
    return " ".join(str(text).split()).replace("|", "/")


def title(entry: Entry) -> str:
    """What a rule is called in print: its title, a term's word, or its id in words."""
    node = entry.node
    named = getattr(node, "title", None) or getattr(node, "term", None)
    return named or entry.id.replace("_", " ").capitalize()
