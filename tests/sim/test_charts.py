"""The report's SVG charts: well-formed SVG, data text escaped, values out of range drawn
inside the chart, and the same figures give the same bytes."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from deckgen.sim.charts import ladder_chart, seat_chart, sweep_chart

SVG = "{http://www.w3.org/2000/svg}"


def _numbers(root: ET.Element, attribute: str) -> list[float]:
    return [float(e.get(attribute, "0")) for e in root.iter() if e.get(attribute) is not None]


def test_seat_chart_has_a_bar_and_whisker_per_seat_and_the_fair_share() -> None:
    svg = seat_chart([(0.3, 0.25, 0.35), (0.2, 0.15, 0.25), (None, 0.0, 1.0)], 0.25, "3 players")
    root = ET.fromstring(str(svg))
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}rect")) == 2  # the seat without a rate has a whisker only
    dashed = [e for e in root.findall(f"{SVG}line") if e.get("stroke-dasharray")]
    assert len(dashed) == 1
    assert all(h >= 0 for h in _numbers(root, "height"))


def test_values_out_of_range_stay_inside_the_chart() -> None:
    svg = seat_chart([(1e300, -5.0, math.inf), (math.nan, math.nan, 2.0)], 7.0, "bad figures")
    root = ET.fromstring(str(svg))
    height = float(root.get("height", "0"))
    for attribute in ("y", "y1", "y2", "height"):
        assert all(0 <= v <= height for v in _numbers(root, attribute)), attribute


def test_labels_are_escaped() -> None:
    rows = [("<script>alert(1)</script>", [(0.5, 0.4, 0.6), (0.5, 0.4, 0.6)]), ("a & b", [(0.4, 0.3, 0.5)])]
    svg = str(sweep_chart(rows, 0.5, 'variants "<b>"'))
    assert "<script>" not in svg and "<b>" not in svg
    texts = [e.text for e in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "<script>alert(1)</script>" in texts and "a & b" in texts


def test_ladder_chart_draws_a_line_through_the_steps() -> None:
    steps = [("8", 0.34, 0.3, 0.38), ("16", 0.29, 0.25, 0.33), ("32", 0.26, 0.22, 0.3)]
    root = ET.fromstring(str(ladder_chart(steps, 0.25, "ladder")))
    line = root.find(f"{SVG}polyline")
    assert line is not None and len(line.get("points", "").split()) == 3
    assert len(root.findall(f"{SVG}circle")) == 3


def test_the_same_figures_give_the_same_bytes() -> None:
    rates = [(0.123456789, 0.1, 0.15), (0.2, 0.18, 0.22)]
    assert seat_chart(rates, 0.5, "x") == seat_chart(list(rates), 0.5, "x")
    assert "0.123" not in str(seat_chart(rates, 0.5, "x"))  # coordinates rounded, no float noise


def test_sweep_labels_are_wrapped_whole_and_the_axis_zooms_to_the_differences() -> None:
    from deckgen.sim.charts import wrapped

    long = "aces_scoring=false, second_place_wins=true, deck=my-very-long-deck-variant-file-name.yaml"
    lines = wrapped(long)
    assert lines[:2] == ["aces_scoring=false,", "second_place_wins=true,"]
    assert all(len(line) <= 41 for line in lines) and "".join(lines).replace(",", ", ") == long
    rows = [(long, [(0.51, 0.50, 0.52), (0.49, 0.48, 0.50)]), ("default", [(0.5, 0.49, 0.51), (0.5, 0.49, 0.51)])]
    root = ET.fromstring(str(sweep_chart(rows, 0.5, "sweep")))
    texts = [e.text or "" for e in root.iter(f"{SVG}text")]
    assert not any("…" in text for text in texts)  # nothing cut
    assert "".join(line for line in wrapped(long)) in "".join(texts)
    # Figures between 48% and 52%: the axis starts near them, not at 0%, in steps of a point.
    ticks = [t for t in texts if t.endswith("%")]
    assert "0%" not in ticks and "48%" in ticks and "52%" in ticks


def test_length_bars_count_every_finished_game_once() -> None:
    from deckgen.sim.charts import length_bars

    short = length_bars([10, 11, 11, 12, 12, 12], "turns")  # a span under 60: a bar per length
    heights = [float(part.split('height="')[1].split('"')[0]) for part in short.body if part.startswith("<rect")]
    assert [round(h / heights[0], 2) for h in heights] == [1, 2, 3]
    long = length_bars(list(range(100, 300)), "moves")  # a span of 200: 40 bins of 5 lengths
    assert sum(part.startswith("<rect") for part in long.body) == 40
    odd = length_bars(list(range(8, 70)), "turns")  # a span of 62: 31 bins of 2 lengths, none of 1
    heights = {part.split('height="')[1].split('"')[0] for part in odd.body if part.startswith("<rect")}
    assert sum(part.startswith("<rect") for part in odd.body) == 31 and len(heights) == 1
    assert any(">moves (200 finished games)<" in part for part in long.body)
    assert sum(part.startswith("<rect") for part in length_bars([], "turns").body) == 0


def test_figure_sets_titled_charts_in_rows_as_one_picture() -> None:
    from deckgen.sim.charts import figure, length_bars, seat_bars

    rows = [[("2 players: <wins>", seat_bars([(0.5, 0.4, 0.6)] * 2, 0.5)), ("lengths", length_bars([3, 4], "turns"))],
            [("6 players", seat_bars([(0.2, 0.1, 0.3)] * 6, 1 / 6)), ("lengths", length_bars([5], "turns"))]]
    root = ET.fromstring(str(figure("Game & co", rows, "label")))
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert texts[0] == "Game & co" and "2 players: <wins>" in texts  # escaped in the SVG, read back whole
    groups = root.findall(f"{SVG}g")
    assert len(groups) == 4
    # Both charts of a column are centred on the same line, the rows one under the other.
    offsets = [tuple(map(float, g.get("transform", "")[len("translate("):-1].split(","))) for g in groups]
    assert offsets[0][1] == offsets[1][1] < offsets[2][1] == offsets[3][1]
    assert float(root.get("width", "0")) >= max(x for x, _ in offsets) + 400
