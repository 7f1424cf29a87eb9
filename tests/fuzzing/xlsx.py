"""Writing .xlsx workbooks byte by byte, so a case can hold what a spreadsheet program never
writes: a cell at XFD1048576, a declared dimension that lies, a sheet that inflates to gigabytes
from a few kilobytes (built from one repeated deflate block, without compressing gigabytes),
an entity that names a file, sizes in the zip headers that lie.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
    'relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sharedStrings+xml"/></Types>'
)
ROOT_RELS = (
    f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{RELATIONS}/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>'
)
BOOK_RELS = (
    f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{RELATIONS}/worksheet" '
    f'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{RELATIONS}/sharedStrings" '
    'Target="sharedStrings.xml"/></Relationships>'
)


def column(number: int) -> str:
    """1 → A, 16384 → XFD."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def cell(ref: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(bool(value))}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def rows_xml(rows: Iterable[list[Any]], first_row: int = 1) -> str:
    parts = []
    for number, values in enumerate(rows, first_row):
        cells = "".join(cell(f"{column(i)}{number}", v) for i, v in enumerate(values, 1))
        parts.append(f'<row r="{number}">{cells}</row>')
    return "".join(parts)


def sheet_xml(body: str, dimension: str | None = None, prolog: str = "") -> str:
    dimension_xml = f'<dimension ref="{dimension}"/>' if dimension else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>{prolog}'
        f'<worksheet xmlns="{MAIN}" xmlns:r="{RELATIONS}">{dimension_xml}'
        f"<sheetData>{body}</sheetData></worksheet>"
    )


@dataclass(frozen=True)
class Member:
    """One zip member, already deflated; `declared_size` may lie about its inflated size."""

    name: str
    deflated: bytes
    crc: int
    size: int
    declared_size: int | None = None


def deflated(name: str, text: str | bytes) -> Member:
    data = text.encode() if isinstance(text, str) else text
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return Member(name, packer.compress(data) + packer.flush(), zlib.crc32(data), len(data))


def padded(name: str, head: str, filler: bytes, megabytes: int, tail: str) -> Member:
    """`head`, then `filler` repeated to `megabytes` MB, then `tail`, deflated in a few KB: the
    repeated MB compresses to the same bytes after each full flush, so it is deflated once."""
    chunk = (filler * (2**20 // len(filler) + 1))[: 2**20]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = packer.compress(head.encode()) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    again = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    assert block == again, "a full flush must make the repeated block's bytes identical"
    end = packer.compress(tail.encode()) + packer.flush()
    crc = zlib.crc32(head.encode())
    crc = _crc_combine(
        crc, _crc_repeated(zlib.crc32(chunk), len(chunk), megabytes), len(chunk) * megabytes
    )
    crc = _crc_combine(crc, zlib.crc32(tail.encode()), len(tail.encode()))
    size = len(head.encode()) + len(chunk) * megabytes + len(tail.encode())
    return Member(name, start + block * (megabytes - 1) + again + end, crc, size)


def workbook(sheet: Member | str, shared: str = "", sheet_name: str = "Cards") -> bytes:
    """A complete .xlsx archive around one worksheet part."""
    book = (
        f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}"><sheets>'
        f'<sheet name="{escape(sheet_name)}" sheetId="1" r:id="rId1"/></sheets></workbook>'
    )
    strings = shared or f'<sst xmlns="{MAIN}" count="0" uniqueCount="0"></sst>'
    members = [
        deflated("[Content_Types].xml", CONTENT_TYPES),
        deflated("_rels/.rels", ROOT_RELS),
        deflated("xl/workbook.xml", book),
        deflated("xl/_rels/workbook.xml.rels", BOOK_RELS),
        deflated("xl/sharedStrings.xml", strings),
        sheet if isinstance(sheet, Member) else deflated("xl/worksheets/sheet1.xml", sheet),
    ]
    return archive(members)


def archive(members: list[Member]) -> bytes:
    """A zip archive (deflate, no zip64) of members already deflated."""
    local, central = bytearray(), bytearray()
    for member in members:
        name = member.name.encode()
        size = member.size if member.declared_size is None else member.declared_size
        fields = (20, 0, 8, 0, 0x21, member.crc, len(member.deflated), size, len(name))
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, *fields, 0, 0, 0, 0, 0, len(local)
        )
        central += name
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, *fields, 0) + name + member.deflated
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), len(local), 0
    )
    return bytes(local + central + end)


# --- CRC-32 of long repeated data, without reading it (zlib's crc32_combine) ---------------------


def _times(matrix: list[int], vector: int) -> int:
    total, index = 0, 0
    while vector:
        if vector & 1:
            total ^= matrix[index]
        vector >>= 1
        index += 1
    return total


def _square(matrix: list[int]) -> list[int]:
    return [_times(matrix, matrix[n]) for n in range(32)]


def _crc_combine(first: int, second: int, second_length: int) -> int:
    """The CRC-32 of A + B from the CRC-32s of A and B and the length of B."""
    if second_length == 0:
        return first
    odd = [0xEDB88320] + [1 << n for n in range(31)]
    even = _square(odd)
    odd = _square(even)
    while True:
        even = _square(odd)
        if second_length & 1:
            first = _times(even, first)
        second_length >>= 1
        if not second_length:
            break
        odd = _square(even)
        if second_length & 1:
            first = _times(odd, first)
        second_length >>= 1
        if not second_length:
            break
    return first ^ second


def _crc_repeated(crc: int, length: int, times: int) -> int:
    """The CRC-32 of a block repeated `times` times, by doubling."""
    result, result_length, power, power_length = 0, 0, crc, length
    while times:
        if times & 1:
            result = _crc_combine(result, power, power_length) if result_length else power
            result_length += power_length
        power = _crc_combine(power, power, power_length)
        power_length *= 2
        times >>= 1
    return result
