"""The hostile files issue 33 found, kept as regression data for the fuzz suite
(tests/test_fuzz.py), and the good files they are made from: workbooks, layouts, artwork,
card sources and project markers. The files are made when a target first asks for them
(not when the test run collects the suite)."""

from __future__ import annotations

import functools
import io
import zipfile

from tests.fuzzing import LAYOUT


def png_bytes(mode: str = "RGB", size: tuple[int, int] = (8, 8)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new(mode, size).save(out, "PNG")
    return out.getvalue()


def xlsx_bytes(rows: list[list[object]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@functools.cache
def workbook() -> bytes:
    """The good workbook of the fuzz project's `book` deck."""
    return xlsx_bytes([["id", "colour"], ["a", "red"], ["b", "blue"]])


#: Card sources of issue 33 (a copies cell of '³', 1,000 rows x 5,000 copies) and others: a
#: NUL byte in an id, 5,000 columns, a BOM and a formula, an empty file, an id twice, an
#: unclosed quote.
CSV_CASES = ["id,name,kind,art,copies\nc1,One,a,pic.png,³\n", "id,name,kind,art\nc\x001,One,a,pic.png\n",
             "id,name,kind,art,copies\n" + "".join(f"c{i},C,a,pic.png,5000\n" for i in range(1000)),
             "id," * 5000 + "\n", "\ufeffid,name,kind,art\nc1,=cmd|' /C calc'!A0,a,pic.png\n", "",
             "id,name,kind,art\nc1,One,a,pic.png\nc1,Two,b,pic.png\n", "id,name,kind,art\n\"c1,One,a\n"]


def zip_of(parts: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return out.getvalue()


def workbook_with(change: dict[str, bytes | None]) -> bytes:
    with zipfile.ZipFile(io.BytesIO(workbook())) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    for name, data in change.items():
        if data is None:
            parts.pop(name, None)
        else:
            parts[name] = data
    return zip_of(parts)


NS = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
SHEET = "xl/worksheets/sheet1.xml"


@functools.cache
def xlsx_cases() -> list[bytes]:
    """Workbooks of issue 33: zip bombs of shared and inline strings, 20 million shared
    strings, no sheets, no sheet XML; and an XML entity bomb, a sheet claiming a million
    rows, no zip at all."""
    return [
        workbook_with({"xl/sharedStrings.xml": b"<sst " + NS + b">" + b"<si><t>x</t></si>" * 600_000 + b"</sst>"}),
        workbook_with({SHEET: b"<worksheet " + NS + b"><sheetData><row r=\"1\"><c t=\"inlineStr\"><is><t>"
                       + b"x" * 9_000_000 + b"</t></is></c></row></sheetData></worksheet>"}),
        workbook_with({"xl/sharedStrings.xml": b"<sst " + NS + b' count="20000000" uniqueCount="20000000">'
                       + b"<si/>" * 1_000_000 + b"</sst>"}),
        workbook_with({"xl/workbook.xml": b"<workbook " + NS + b"><sheets/></workbook>"}),
        workbook_with({SHEET: None}),
        workbook_with({SHEET: b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;'
                       b'&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><worksheet ' + NS
                       + b"><sheetData><row r=\"1\"><c t=\"inlineStr\"><is><t>&c;</t></is></c></row></sheetData>"
                       b"</worksheet>"}),
        workbook_with({SHEET: b"<worksheet " + NS + b'><dimension ref="A1:XFD1048576"/><sheetData><row r="1048576">'
                       b'<c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>'}),
        b"PK\x03\x04 not really a zip", b"",
    ]


#: Layouts of issue 33: a size of 0, a position that is not a number, an extend chain that
#: goes round, an extend or a font out of the project.
LAYOUT_CASES = [
    {**LAYOUT, "elements": {"title": {**LAYOUT["elements"]["title"], "size": 0}}},
    {**LAYOUT, "elements": {"title": {**LAYOUT["elements"]["title"], "x": "nan"}}},
    {**LAYOUT, "elements": {"title": {**LAYOUT["elements"]["title"], "x": float("nan"), "width": "1e999%"}}},
    {**LAYOUT, "extend": "card"}, {**LAYOUT, "extend": "../../../../etc/passwd"},
    {**LAYOUT, "fonts": {"title": "../../../etc/passwd"}}, {**LAYOUT, "min_size": "0mm"},
]


def jpeg_claiming(width: int, height: int) -> bytes:
    """A JPEG whose header claims width x height pixels, with almost nothing behind it."""
    sof = b"\xff\xc0\x00\x11\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03" \
        + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + sof + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00" + b"\x00" * 64 + b"\xff\xd9"


def svg(body: str, view_box: str = "0 0 10 10") -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{body}</svg>'.encode()


def png_without_plte() -> bytes:
    data = png_bytes("P")
    start = data.index(b"PLTE") - 4
    return data[:start] + data[start + 12 + int.from_bytes(data[start:start + 4], "big"):]


@functools.cache
def art_cases() -> list[tuple[str, bytes]]:
    """Artwork of issue 33: a forged 56-megapixel JPEG header, SVG 900 levels deep, infinite
    and nan viewBoxes and transforms, truncated and corrupt PNGs, a palette PNG without its PLTE,
    a PNG without its end (that only cairo refuses, when drawing a PNG)."""
    return [
        ("jpg", jpeg_claiming(8660, 6500)),
        ("svg", svg("<g>" * 900 + "</g>" * 900)), ("svg", svg("<rect width='1' height='1'/>", "0 0 inf 10")),
        ("svg", svg("<rect width='1' height='1'/>", "0 0 nan nan")),
        ("svg", svg("<rect width='1' height='1' transform='scale(1e308) scale(1e308)'/>")),
        ("svg", svg("<path d='M 0 0 L nan 1e999'/>")),
        ("png", png_bytes()[:60]), ("png", png_bytes().replace(b"IDAT", b"IDAX")), ("png", png_without_plte()),
        ("png", png_bytes()[:-12]), ("png", b""), ("svg", b"<svg"),
    ]


@functools.cache
def art_bases() -> list[tuple[str, bytes]]:
    """Good artwork of every kind the layout draws, to damage."""
    return [("png", png_bytes()), ("png", png_bytes("P")), ("png", png_bytes("LA")), ("jpg", jpeg_claiming(8, 8)),
            ("svg", svg("<rect width='5' height='5' fill='red'/><circle cx='5' cy='5' r='2'/>"))]


MARKER_CASES = ["", "name: [\n", "name: x\ncolour: red\n", "- a\n", "name: " + "x" * 100_000 + "\n", "\ufeffname: ok\n",
                "name: !!python/object:os.system x\n", "name: &a [*a]\n"]
