"""`render cards` with sheets, subsets and proofs, and `render calibration`, as a user runs them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result
from pypdf import PdfReader

from deckgen.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_a_subset_and_a_proof_go_to_their_own_files(tmp_path: Path) -> None:
    result = run("render", "cards", "mismatch", "--select", "suit=spades", "--no-backs", "--output", str(tmp_path))
    assert result.exit_code == 0, result.output
    selected = tmp_path / "mismatch" / "mismatch-pnp-selected.pdf"
    assert f"wrote {selected}" in result.output
    assert len(PdfReader(selected).pages) == 6  # 52 cards, nine a page
    result = run("render", "cards", "smoke-and-mirrors", "--proof", "--output", str(tmp_path))
    assert result.exit_code == 0 and (tmp_path / "smoke-and-mirrors" / "smoke-and-mirrors-proof.pdf").is_file()
    assert sorted(p.name for p in tmp_path.rglob("*.pdf")) == ["mismatch-pnp-selected.pdf",
                                                               "smoke-and-mirrors-proof.pdf"]


def test_bad_sheet_options_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    sheet = tmp_path / "mine.yaml"
    sheet.write_text("name: Mine\npaper: a4\ngrid: {columns: 9, rows: 1}\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    cases = [
        (["--cards", "star-1-1,nope"], "error: --cards: deck smoke-and-mirrors has no card 'nope'"),
        (["--select", "colour=red"], "error: --select 'colour=red': deck smoke-and-mirrors has no attribute"),
        (["--sheet", "a5"], "error: unknown sheet 'a5'"),
        (["--sheet", str(sheet)], (f"error: {sheet}: grid.columns: 9 columns of 63.5 mm cards, 4 mm apart, take "
                                  "603.5 mm; the printable area has 201.6 mm")),
        (["--back-offset", "20,0"], "error: --back-offset 20,0: each part must be within +/-10 mm"),
        (["--sheet", "a4-9up", "--card-size", "tarot"], "card: the sheet is for poker cards"),
    ]
    for args, message in cases:
        result = run("render", "cards", "smoke-and-mirrors", *args, "--output", str(out))
        assert result.exit_code == 2, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1 and message in result.output, result.output
    assert list(out.iterdir()) == []


def test_calibration_sheet_and_its_help(tmp_path: Path) -> None:
    result = run("render", "calibration", "--paper", "letter", "--output", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / "calibration" / "duplex-calibration-letter-8up.pdf"
    assert f"wrote {path}" in result.output and len(PdfReader(path).pages) == 2
    help_text = run("render", "calibration", "--help").output
    assert "--back-offset X,Y" in help_text and "against a light" in help_text
    assert "4.2 mm" in run("render", "cards", "--help").output


def test_a_preset_refuses_the_options_it_would_ignore_and_writes_nothing(tmp_path: Path) -> None:
    result = run("render", "cards", "mystique", "--preset", "tgc", "--png", "600", "--paper", "letter",
                 "--output", str(tmp_path))
    expected = ("error: --preset tgc takes only --card-size, --back and --output (the shop decides the rest); "
                "leave out --paper, --png")
    assert result.exit_code == 2 and result.output.splitlines() == [expected]
    assert not any(tmp_path.iterdir())
