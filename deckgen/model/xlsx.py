"""Opening a designer's .xlsx workbook without trusting it.

An .xlsx file is a zip archive of XML parts, and a small archive can unpack to gigabytes (a
sheet or a shared-strings part of millions of entries). The archive's directory declares
each part's unpacked size, and Python's zip reader never unpacks more than declared, so the
sizes are checked there before openpyxl reads a byte of XML.
"""

from __future__ import annotations

import datetime
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.errors import DataError
from deckgen.model.wording import file_problem

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

#: Unpacked bytes of one part of a workbook (a sheet, the shared strings), and of all parts:
#: a sheet of 5,000 cards and 200 columns of short values fits; reading 8 MiB of XML takes
#: about a second.
MAX_PART_BYTES = 8 * 1024 * 1024
MAX_UNPACKED_BYTES = 32 * 1024 * 1024
#: Cells looked at in one sheet, blank ones included (5,000 card rows of 200 columns, twice).
MAX_CELLS = 2_000_000

_RESAVE = "save it again from your spreadsheet app"


def check_unpacked_sizes(path: Path) -> None:
    """A `DataError` when the archive is not a zip, or would unpack to more than the limits."""
    import zipfile  # imported by the decks that read a workbook only: zipfile brings bz2 and lzma

    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        raise DataError(file_problem(path, "cannot be read as an .xlsx workbook (it is not a zip archive, "
                                     f"as .xlsx files are; {_RESAVE})")) from None
    for member in members:
        if member.file_size > MAX_PART_BYTES:
            raise DataError(file_problem(path, f"its part {member.filename!r} unpacks to {member.file_size:,} "
                                         f"bytes (expected at most {MAX_PART_BYTES // 2**20} MiB per part)"))
    total = sum(member.file_size for member in members)
    if total > MAX_UNPACKED_BYTES:
        raise DataError(file_problem(path, f"unpacks to {total:,} bytes (expected at most "
                                     f"{MAX_UNPACKED_BYTES // 2**20} MiB)"))


def open_workbook(path: Path) -> Workbook:
    """The workbook at `path`, read-only, formulas as the values the spreadsheet last
    calculated; one `DataError` line when it cannot be (the file's size is the caller's)."""
    from openpyxl import load_workbook

    check_unpacked_sizes(path)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except KeyError:
        raise DataError(file_problem(path, f"cannot be read as an .xlsx workbook (a part is missing; {_RESAVE})")
                        ) from None
    except Exception:  # openpyxl's and the XML parser's errors on a damaged or foreign file
        raise DataError(file_problem(path, f"cannot be read as an .xlsx workbook (damaged; {_RESAVE})")) from None
    if not book.sheetnames:
        book.close()
        raise DataError(file_problem(path, "the workbook has no sheet (expected a sheet of cards)"))
    return book


def cell_value(value: Any) -> str | int | float | bool | None:
    """A workbook value as a cell: whole numbers as int, dates as their ISO text."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)
