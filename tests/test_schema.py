"""`printkit schema`: a JSON Schema that YAML editors can use to complete and check packages.

The schema is checked the way an editor would use it: each YAML file of the real packages must
pass, and common mistakes must not. The small validator below covers the JSON Schema keywords
the schema uses (no validator package is a test dependency).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pydantic
import pytest
import yaml
from support import (
    GOOD,
    RULE_DATA,
    marked_section,
    parse_diagnostics,
    run_cli,
    same_file,
)

from printkit.model.package import Package
from printkit.output import not_a_regular_file


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    result = run_cli("schema")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def errors(instance: Any, node: dict[str, Any], root: dict[str, Any], at: str = "") -> list[str]:
    """JSON Schema problems of `instance` ($ref, anyOf, oneOf, type, enum, const, pattern,
    properties, patternProperties, additionalProperties, propertyNames, items, required,
    minimum, maximum, maxLength, maxItems)."""
    if "$ref" in node:
        target: Any = root
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return errors(instance, target, root, at)
    found: list[str] = []
    for keyword in ("anyOf", "oneOf"):
        if keyword not in node:
            continue
        branches = [errors(instance, n, root, at) for n in node[keyword]]
        matching = sum(1 for b in branches if not b)
        if matching == 0:  # say why each branch failed, as editors do
            found += [f"{at}: matches none of {keyword}"] + [e for b in branches for e in b]
        elif keyword == "oneOf" and matching > 1:
            found.append(f"{at}: matches {matching} of oneOf")
    kinds = node.get("type")
    if kinds is not None:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        checks = {
            "object": lambda v: isinstance(v, dict),
            "array": lambda v: isinstance(v, list),
            "string": lambda v: isinstance(v, str),
            "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
            "boolean": lambda v: isinstance(v, bool),
            "null": lambda v: v is None,
        }
        if not any(checks[k](instance) for k in kinds):
            return [*found, f"{at}: {instance!r} is not {kinds}"]
    if "enum" in node and instance not in node["enum"]:
        found.append(f"{at}: {instance!r} not in {node['enum']}")
    if "const" in node and instance != node["const"]:
        found.append(f"{at}: {instance!r} is not {node['const']!r}")
    if isinstance(instance, str) and "pattern" in node and not re.search(node["pattern"], instance):
        found.append(f"{at}: {instance!r} does not match {node['pattern']}")
    if isinstance(instance, str) and len(instance) > node.get("maxLength", len(instance)):
        found.append(f"{at}: longer than {node['maxLength']} characters")
    if isinstance(instance, list) and len(instance) > node.get("maxItems", len(instance)):
        found.append(f"{at}: more than {node['maxItems']} items")
    if isinstance(instance, int | float) and not isinstance(instance, bool):
        if "minimum" in node and instance < node["minimum"]:
            found.append(f"{at}: {instance} < {node['minimum']}")
        if "maximum" in node and instance > node["maximum"]:
            found.append(f"{at}: {instance} > {node['maximum']}")
    if isinstance(instance, dict):
        for key in instance if "propertyNames" in node else ():
            found += errors(key, node["propertyNames"], root, f"{at} name {key!r}")
        properties = node.get("properties", {})
        for key in node.get("required", []):
            if key not in instance:
                found.append(f"{at}: missing {key!r}")
        extra = node.get("additionalProperties", True)
        patterns = node.get("patternProperties", {})
        for key, value in instance.items():
            matched = [n for pattern, n in patterns.items() if re.search(pattern, key)]
            if key in properties:
                found += errors(value, properties[key], root, f"{at}.{key}")
            elif matched:
                found += [e for n in matched for e in errors(value, n, root, f"{at}.{key}")]
            elif patterns:  # pydantic's named keys: a key that matches no pattern is refused
                found.append(f"{at}: key {key!r} matches no pattern")
            elif extra is False:
                found.append(f"{at}: unknown key {key!r}")
            elif isinstance(extra, dict):
                found += errors(value, extra, root, f"{at}.{key}")
    if isinstance(instance, list) and isinstance(node.get("items"), dict):
        for index, item in enumerate(instance):
            found += errors(item, node["items"], root, f"{at}[{index}]")
    return found


def package_files() -> list[Path]:
    folders = [RULE_DATA / "shields_up", *(p for p in GOOD.iterdir() if p.is_dir())]
    return sorted(f for folder in folders for f in folder.glob("*.yaml"))


def test_schema_is_json_for_a_package_file(schema: dict[str, Any]) -> None:
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    assert {"game", "components", "layouts", "decks", "materials", "errata"} <= set(
        schema["properties"]
    )
    assert "required" not in schema  # any single file may hold only some of the sections
    json.dumps(schema)


def test_schema_out_writes_the_same_document(schema: dict[str, Any], tmp_path: Path) -> None:
    target = tmp_path / "printkit.schema.json"
    result = run_cli("schema", "--out", target)
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text()) == schema


@pytest.mark.parametrize("path", package_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_package_file_passes_the_schema(schema: dict[str, Any], path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert errors(data, schema, schema) == []


@pytest.mark.parametrize(
    ("document", "complaint"),
    [
        ({"game": {"title": "T", "players": "2", "titel": "x"}}, "unknown key 'titel'"),
        ({"gmae": {"title": "T"}}, "unknown key 'gmae'"),
        ({"layouts": {"f": {"corner_radius": "3"}}}, "does not match"),
        ({"layouts": {"f": {"corner_radius": 3}}}, "is not"),
        ({"layouts": {"f": {"regions": {"r": {"widht": "3mm"}}}}}, "unknown key 'widht'"),
        ({"materials": {"m": {"kind": "posters", "deck": "d"}}}, "oneOf"),
        ({"materials": {"../m": {"kind": "cards", "deck": "d"}}}, "matches no pattern"),
        ({"materials": {"m": {"kind": "cards", "deck": "d", "impose": {"mode": "x"}}}}, "not in"),
        ({"components": {"deck": {"count": -1}}}, "< 0"),
        ({"game": {"title": "T"}}, "missing 'players'"),
    ],
)
def test_the_schema_flags_common_mistakes(
    schema: dict[str, Any], document: dict[str, Any], complaint: str
) -> None:
    found = errors(document, schema, schema)
    assert any(complaint in e for e in found), found


def test_schema_out_dash_is_standard_output(schema: dict[str, Any], tmp_path: Path) -> None:
    result = run_cli("schema", "--out", "-")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == schema


def _special_files(tmp_path: Path) -> dict[str, Path]:
    target = tmp_path / "real.json"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return {"a symbolic link": link, "a named pipe (FIFO)": fifo, "a folder": folder}


def test_schema_out_refuses_anything_but_a_regular_file(tmp_path: Path) -> None:
    """Writing would replace the link, the pipe or the folder by a regular file (as root,
    `--out /dev/null` would replace /dev/null): each is PK401 and stays what it was."""
    for kind, path in _special_files(tmp_path).items():
        before = path.lstat()
        result = run_cli("schema", "--out", path)
        assert result.exit_code == 1, result.output
        [diagnostic] = parse_diagnostics(result.output)
        assert diagnostic.code == "PK401" and kind in diagnostic.message
        assert same_file(diagnostic.file, path) and diagnostic.hint
        after = path.lstat()
        assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert (tmp_path / "real.json").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "fifo.json", "folder.json", "link.json", "real.json"
    ]  # fmt: skip


def test_device_nodes_are_recognised_without_touching_them() -> None:
    assert not_a_regular_file(Path("/dev/null")) == "a character device"
    assert not_a_regular_file(Path("/nonexistent/printkit.schema.json")) is None


def test_schema_out_that_cannot_be_written_is_pk400_with_a_hint(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder is needed")
    result = run_cli("schema", "--out", blocker / "printkit.schema.json")
    assert result.exit_code == 1
    [diagnostic] = parse_diagnostics(result.output)
    assert diagnostic.code == "PK400"
    assert diagnostic.hint and "a file is in the way" in diagnostic.hint


def test_the_documentation_lists_the_field_limits_and_the_work_limits_as_printkit_states_them() -> (
    None
):
    result = run_cli("schema", "--limits")
    assert result.exit_code == 0, result.output
    tables = [marked_section(name) for name in ("field-limits", "work-limits")]
    assert "\n".join(tables) == result.stdout
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]*) \| ([^|]+) \|$", result.stdout, re.M)
    assert ("materials.<name>.markers[].label", "hexmap", "1 to 3 characters") in rows
    assert ("materials (names)", "", "at most 80 characters") in rows
    assert (
        "materials.<name>.ink_limit",
        "cards, hexmap, counters, quick_reference, rules_reference, sheet",
        "above 0, at most 400",
    ) in rows
    assert "| rows of a CSV file or an XLSX sheet below the header" in result.stdout


MAP = {"kind": "hexmap", "hex_size": "20mm", "columns": 2, "rows": 2}
GAME = {"title": "Limits", "players": "2"}


def _on_map(key: str, entry: dict[str, Any]) -> dict[str, Any]:
    return {"materials": {"m": {**MAP, key: [entry]}}}


LIMITS = {  # a field at its limit, and one past it, as the table lists them
    "marker label": (
        lambda v: _on_map("markers", {"hex": "0101", "label": v, "fill": "#ff0000"}),
        "ABC",
        "ABCD",
    ),
    "place name": (lambda v: _on_map("names", {"hex": "0101", "text": v}), "x" * 60, "x" * 61),
    "material name": (lambda v: {"materials": {v: MAP}}, "m" * 80, "m" * 81),
    "hexside": (
        lambda v: _on_map("hexsides", {"type": "river", "between": v}),
        ["0101", "0102"],
        ["0101", "0102", "0201"],
    ),
    "checkbox groups": (
        lambda v: {
            "materials": {
                "m": {
                    "kind": "sheet",
                    "elements": [{"kind": "checkboxes", "id": "c", "label": "Hits", "groups": v}],
                }
            }
        },
        50,
        51,
    ),
}


@pytest.mark.parametrize("name", LIMITS)
def test_a_value_past_a_listed_limit_is_refused_by_the_schema_and_the_models(
    schema: dict[str, Any], name: str
) -> None:
    make, at_limit, past = LIMITS[name]
    assert errors(make(at_limit), schema, schema) == []
    Package.model_validate({"game": GAME, **make(at_limit)})
    found = errors(make(past), schema, schema)
    assert any(("longer than" in e or "more than" in e or "> 50" in e) for e in found), found
    with pytest.raises(pydantic.ValidationError):
        Package.model_validate({"game": GAME, **make(past)})
