"""Render a reference template (Jinja2, writing Markdown) over the rules of a game.

Templates come from the game's own folder when it has one of that name, else from printkit's
`templates/` folder, and run in the same bounded sandbox as every other template of a package.
Rule prose is itself a template ("costs {{ actions.buy.cost }} actions"); `prose()` renders it
with `ref()` turned into a link to the section's heading, so the documents print the numbers
of the data and link the sections they name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader, TemplateError, TemplateNotFound, TemplateSyntaxError

from printkit.check.rule_index import Entry, rule_entries
from printkit.load.package import LoadedPackage
from printkit.materials.sandbox import BoundedEnvironment, LimitExceeded, budget
from printkit.materials.templates import TemplateProblem, render
from printkit.model.rules import DiceTable, LookupTable, RangeTable
from printkit.model.rules_context import EMPTY_RULES, rules_context, section_name
from printkit.reference.errata import erratum_changes
from printkit.reference.tables import data_cells, data_columns, is_filler, key_heading

DEFAULT_TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@dataclass(frozen=True)
class Problem:
    """Why a template failed: the message, and the template file and line when known."""

    message: str
    file: Path | None
    line: int
    code: str | None = None
    hint: str | None = None


class ComposeError(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def template_path(loaded: LoadedPackage, name: str) -> Path | None:
    for folder in (loaded.folder, DEFAULT_TEMPLATES):
        if (folder / name).is_file():
            return folder / name
    return None


def compose(loaded: LoadedPackage, name: str) -> str:
    """The Markdown a template writes for this game; ComposeError says where it failed."""
    environment = BoundedEnvironment()
    environment.loader = FileSystemLoader([str(loaded.folder), str(DEFAULT_TEMPLATES)])
    try:
        template = environment.get_template(name)
        with budget():
            return template.render(reference_context(loaded))
    except TemplateNotFound as error:
        raise ComposeError(Problem(f"no template '{error.name}'", None, 0)) from None
    except TemplateSyntaxError as error:
        file = Path(error.filename) if error.filename else template_path(loaded, name)
        raise ComposeError(Problem(error.message or str(error), file, error.lineno)) from None
    except (TemplateError, LimitExceeded, TemplateProblem, TypeError, ValueError) as error:
        file, line = _where(error, loaded, name)
        code = getattr(error, "code", None)
        hint = getattr(error, "hint", None)
        message = getattr(error, "message", None) or str(error)
        raise ComposeError(Problem(message, file, line, code, hint)) from None


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
    context = rules_context(package, ref=_link(rules))
    entries = list(rule_entries(rules))
    covered = {rule for section in rules.sections.values() for rule in section.covers}

    def prose(text: str | None) -> str:
        if not text:
            return ""
        try:
            return " ".join(render(text, context).split())
        except TemplateProblem:
            return " ".join(text.split())  # the validator reports the prose's own mistake

    context |= {
        "prose": prose,
        "covered": lambda section_id: [
            e
            for rule in rules.sections[section_id].covers
            for e in entries
            if e.id == rule and e.kind != "section"
        ],
        # A rule several sections cover is printed in the first; the others link to it.
        "home": lambda rule_id: next(
            (sid for sid, section in rules.sections.items() if rule_id in section.covers), None
        ),
        "uncovered": [e for e in entries if e.kind != "section" and e.id not in covered],
        "section_title": section_name,
        "row_key": row_key,
        "key_heading": key_heading,
        "data_columns": data_columns,
        "data_cells": data_cells,
        "is_filler": lambda table: is_filler(table, row_key, prose),
        "errata": package.errata,
        # what an erratum's plays change, from the text's data and the played rules' data
        "changes": lambda erratum: erratum_changes(
            erratum, loaded.as_written, package, prose, row_key
        ),
        "entries_of": lambda kind: [e for e in entries if e.kind == kind],
        "cell": cell,
        "title": title,
        "named": lambda rule_id: next(
            (title(e) for e in entries if e.id == rule_id), rule_id.replace("_", " ")
        ),
        "anchor": lambda key: "{#" + key + "}",  # a heading's link target: '## Title {#id}'
    }
    return context


def _link(rules: Any):
    def link(section_id: str) -> str:
        section = rules.sections.get(section_id)
        name = section_name(section) if section else section_id
        return f"[{name}](#{section_id})"

    return link


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


def cell(text: Any) -> str:
    """Text fit for one cell of a Markdown table: one line, no column separator."""
    return " ".join(str(text).split()).replace("|", "/")


def title(entry: Entry) -> str:
    """What a rule is called in print: its title, a term's word, or its id in words."""
    node = entry.node
    named = getattr(node, "title", None) or getattr(node, "term", None)
    return named or entry.id.replace("_", " ").capitalize()
