"""The design report's charts as inline SVG, written by hand: small, the same bytes for the
same figures (no dates, ids or float noise: every coordinate is rounded to 0.1), no fonts or
scripts to load, and every text from data escaped.

Four charts: seat win rates as bars with 95% whiskers against the fair share; the lengths of
finished games as a histogram; the skill ladder as a line of win rates with whiskers; a sweep
as one row per variant with each seat's win rate and interval as a dot and whisker. `figure`
sets titled charts out in rows, as one picture (the fairness report's and `simulate --plot`'s).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from markupsafe import Markup, escape

#: One colour per seat (seats beyond these reuse them), readable on white and for the
#: common colour-vision deficiencies (Okabe and Ito's palette).
SEAT_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000")
BAR = "#4c72b0"
FAIR = "#c44e52"
LENGTHS = "#55a868"
GRID = "#dddddd"
INK = "#333333"
#: Variant labels longer than this are wrapped onto more lines in the sweep chart.
LABEL_CHARS = 40
#: The width of a character of a 13-point title, about (DejaVu Sans is wider than most).
TITLE_CHAR_WIDTH = 7.6
FONT = "font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\""


def _n(value: float) -> str:
    """A coordinate: one decimal, no '-0.0', no trailing '.0'."""
    text = f"{value:.1f}"
    text = "0.0" if text == "-0.0" else text
    return text.removesuffix(".0")


def _clamp(value: float | None) -> float:
    """A share for drawing: within 0..1, nothing for what is not a number."""
    if value is None or not math.isfinite(value):
        return 0.0
    return min(1.0, max(0.0, value))


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _scale_top(values: Sequence[float]) -> tuple[float, float]:
    """The top of a 0-based percent axis just above the largest value, and its tick step."""
    top = max([0.05, *values])
    for step in (0.05, 0.1, 0.2, 0.25):
        if top / step <= 6:
            break
    return min(1.0, math.ceil(top / step - 1e-9) * step), step


def _svg(width: float, height: float, label: str, body: list[str]) -> Markup:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" role="img" {FONT}>')
    return Markup("\n".join([head, f"<title>{escape(label)}</title>", *body, "</svg>"]))


def _text(x: float, y: float, text: str, anchor: str = "middle", extra: str = "") -> str:
    return f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}" fill="{INK}"{extra}>{escape(text)}</text>'


def _line(x1: float, y1: float, x2: float, y2: float, colour: str, extra: str = "") -> str:
    return f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour}"{extra}/>'


def _whisker(x: float, low: float, high: float, colour: str = INK, cap: float = 5) -> list[str]:
    """A vertical interval from y=low to y=high with caps (screen coordinates)."""
    return [_line(x, low, x, high, colour), _line(x - cap, low, x + cap, low, colour),
            _line(x - cap, high, x + cap, high, colour)]


def _y_axis(left: float, right: float, top: float, bottom: float, y_top: float, step: float) -> list[str]:
    """Grid lines and percent labels of a 0..y_top axis drawn between pixel rows bottom..top."""
    parts = []
    ticks = round(y_top / step)
    for index in range(ticks + 1):
        value = index * step
        y = bottom - (bottom - top) * value / y_top
        parts.append(_line(left, y, right, y, GRID))
        parts.append(_text(left - 6, y + 4, _percent(value), "end"))
    return parts


class Chart(NamedTuple):
    """A chart's size and its SVG elements, to be wrapped alone (`_svg`) or set in a figure."""

    width: float
    height: float
    body: list[str]


def seat_chart(rates: Sequence[tuple[float | None, float, float]], fair: float, label: str) -> Markup:
    """Bars of each seat's win rate, whiskers for its 95% interval, a dashed fair-share line.
    `rates` holds (rate, low, high) per seat."""
    chart = seat_bars(rates, fair)
    return _svg(chart.width, chart.height, label, chart.body)


def seat_bars(rates: Sequence[tuple[float | None, float, float]], fair: float) -> Chart:
    """The elements of `seat_chart`."""
    seats = len(rates)
    left, top, bottom_margin = 48.0, 14.0, 36.0
    width = max(250.0, left + seats * 46.0 + 14)
    bar_gap = (width - left - 14) / max(1, seats)
    height = 210.0
    bottom = height - bottom_margin
    y_top, step = _scale_top([_clamp(high) for _, _, high in rates] + [_clamp(fair)])

    def y_of(value: float | None) -> float:
        return bottom - (bottom - top) * min(_clamp(value), y_top) / y_top

    body = _y_axis(left, width - 8, top, bottom, y_top, step)
    for seat, (rate, low, high) in enumerate(rates):
        centre = left + bar_gap * (seat + 0.5)
        if rate is not None:
            body.append(f'<rect x="{_n(centre - 14)}" y="{_n(y_of(rate))}" width="28" '
                        f'height="{_n(bottom - y_of(rate))}" fill="{BAR}"/>')
        body += _whisker(centre, y_of(low), y_of(high))
        body.append(_text(centre, bottom + 15, str(seat)))
    body.append(_line(left, y_of(fair), width - 8, y_of(fair), FAIR, ' stroke-width="1.5" stroke-dasharray="5 3"'))
    body.append(_line(left, bottom, width - 8, bottom, INK))
    body.append(_text(left + (width - left) / 2, height - 4, f"seat (dashed: fair share {_percent(fair)})"))
    return Chart(width, height, body)


def _nice_step(span: float, most: int) -> int:
    """The smallest whole step of 1, 2 or 5 times a power of ten that cuts `span` into at most
    `most` parts."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            if span / step <= most:
                return step
        scale *= 10


def length_bars(lengths: Sequence[int], units: str) -> Chart:
    """A histogram of game lengths: one bar per length when the lengths span under 60, else
    at most 40 bars of as many lengths each (bins of unequal counts of whole lengths would
    alternate high and low); the count of games up the side."""
    left, top, bottom_margin, width, height = 48.0, 14.0, 36.0, 420.0, 210.0
    right, bottom = width - 20, height - bottom_margin
    low, high = (min(lengths), max(lengths)) if lengths else (0, 1)
    size = 1 if high - low < 60 else math.ceil((high - low + 1) / 40)
    bins = math.ceil((high - low + 1) / size)
    counts = [0] * bins
    for length in lengths:
        counts[(length - low) // size] += 1
    count_step = _nice_step(max(counts), 6)
    count_top = max(count_step, math.ceil(max(counts) / count_step) * count_step)

    def x_of(value: float) -> float:  # length n is drawn from n to n + 1
        return left + (right - left) * (value - low) / (bins * size)

    body = []
    for tick in range(0, count_top + 1, count_step):
        y = bottom - (bottom - top) * tick / count_top
        body.append(_line(left, y, right, y, GRID))
        body.append(_text(left - 6, y + 4, str(tick), "end"))
    for index, count in enumerate(counts):
        if count:
            y = bottom - (bottom - top) * count / count_top
            body.append(f'<rect x="{_n(x_of(low + index * size))}" y="{_n(y)}" width="{_n((right - left) / bins)}" '
                        f'height="{_n(bottom - y)}" fill="{LENGTHS}" stroke="white" stroke-width="0.5"/>')
    length_step = _nice_step(high - low + 1, 8)
    for tick in range(math.ceil(low / length_step) * length_step, high + 1, length_step):
        x = x_of(tick + 0.5)
        body += [_line(x, bottom, x, bottom + 4, INK), _text(x, bottom + 15, str(tick))]
    body.append(_line(left, bottom, right, bottom, INK))
    body.append(_text(left + (right - left) / 2, height - 4, f"{units} ({len(lengths)} finished games)"))
    return Chart(width, height, body)


def figure(heading: str, rows: Sequence[Sequence[tuple[str, Chart]]], label: str) -> Markup:
    """Charts set out in rows under a heading, each chart under its title, centred in a column
    as wide as its widest chart or title, as one SVG picture."""
    heading_height, title_height, gap = 30.0, 22.0, 16.0
    columns = max([len(row) for row in rows] + [0])
    widths = [max([max(chart.width, TITLE_CHAR_WIDTH * len(title)) for row in rows if column < len(row)
                   for title, chart in (row[column],)] + [0.0])
              for column in range(columns)]
    width = max(sum(widths) + gap * (columns - 1), TITLE_CHAR_WIDTH * len(heading))
    body = [_text(width / 2, 20, heading, extra=' font-size="15" font-weight="bold"')]
    y = heading_height
    for row in rows:
        x = 0.0
        for (title, chart), column_width in zip(row, widths):
            body.append(_text(x + column_width / 2, y + 15, title, extra=' font-size="13"'))
            body.append(f'<g transform="translate({_n(x + (column_width - chart.width) / 2)},{_n(y + title_height)})">')
            body += [*chart.body, "</g>"]
            x += column_width + gap
        y += title_height + max([chart.height for _, chart in row] + [0.0]) + gap
    height = y - gap
    return _svg(width, height, label, [f'<rect width="{_n(width)}" height="{_n(height)}" fill="white"/>', *body])


def ladder_chart(steps: Sequence[tuple[str, float | None, float, float]], fair: float, label: str) -> Markup:
    """The skill ladder: per step (its budget's label, win rate, low, high), a point on a line
    with its 95% whisker, and the fair share dashed."""
    left, top, bottom_margin = 48.0, 14.0, 36.0
    width = max(340.0, left + len(steps) * 62.0 + 14)
    gap = (width - left - 14) / max(1, len(steps))
    height = 210.0
    bottom = height - bottom_margin
    y_top, step = _scale_top([_clamp(high) for _, _, _, high in steps] + [_clamp(fair)])

    def y_of(value: float | None) -> float:
        return bottom - (bottom - top) * min(_clamp(value), y_top) / y_top

    body = _y_axis(left, width - 8, top, bottom, y_top, step)
    body.append(_line(left, y_of(fair), width - 8, y_of(fair), FAIR, ' stroke-width="1.5" stroke-dasharray="5 3"'))
    points = []
    for index, (name, rate, low, high) in enumerate(steps):
        x = left + gap * (index + 0.5)
        body += _whisker(x, y_of(low), y_of(high), BAR)
        body.append(_text(x, bottom + 15, name))
        if rate is not None:
            points.append((x, y_of(rate)))
    if len(points) > 1:
        path = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        body.append(f'<polyline points="{path}" fill="none" stroke="{BAR}" stroke-width="2"/>')
    body += [f'<circle cx="{_n(x)}" cy="{_n(y)}" r="4" fill="{BAR}"/>' for x, y in points]
    body.append(_line(left, bottom, width - 8, bottom, INK))
    body.append(_text(left + (width - left) / 2, height - 4,
                      f"budget (dashed: fair share {_percent(fair)})"))
    return _svg(width, height, label, body)


def _zoomed_axis(values: Sequence[float]) -> tuple[float, float, float]:
    """An axis (low, high, tick step) around the values, not from 0: a sweep's variants often
    differ by a point or two, which a 0-based axis flattens."""
    low, high = min(values), max(values)
    pad = max(0.005, (high - low) * 0.08)
    low, high = max(0.0, low - pad), min(1.0, high + pad)
    for step in (0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25):
        if (high - low) / step <= 7:
            break
    return math.floor(low / step + 1e-9) * step, min(1.0, math.ceil(high / step - 1e-9) * step), step


def wrapped(name: str, width: int = LABEL_CHARS) -> list[str]:
    """A label in lines of at most `width` characters (and a comma), broken after commas where
    it can, else inside a part."""
    lines: list[str] = []
    for part in name.split(", "):
        if lines and len(lines[-1]) + 2 + len(part) <= width:
            lines[-1] += ", " + part
            continue
        if lines:
            lines[-1] += ","
        lines += [part[i:i + width] for i in range(0, len(part), width)] or [""]
    return lines


def sweep_chart(rows: Sequence[tuple[str, Sequence[tuple[float | None, float, float]]]], fair: float,
                label: str) -> Markup:
    """`sweep_rows` as one SVG picture (the design report's sweep section)."""
    chart = sweep_rows(rows, fair)
    return _svg(chart.width, chart.height, label, chart.body)


def sweep_rows(rows: Sequence[tuple[str, Sequence[tuple[float | None, float, float]]]], fair: float) -> Chart:
    """One row per variant (its label, whole, over as many lines as it needs, and (rate, low,
    high) per seat): each seat's win rate as a dot on its 95% interval, side by side within the
    row, on an axis zoomed to the figures so that differences show, and the fair share dashed."""
    seats = max([len(rates) for _, rates in rows] + [1])
    labels = [wrapped(name) for name, _ in rows]
    row_heights = [max(22.0, 8.0 * seats + 8, 13.0 * len(lines) + 8) for lines in labels]
    label_width = 12 + 6.6 * max([len(line) for lines in labels for line in lines] + [8])
    plot_width = 380.0
    left, top = label_width, 24.0
    bottom = top + sum(row_heights)
    height = bottom + 34
    width = left + plot_width + 24
    figures = [_clamp(v) for _, rates in rows for _, low, high in rates for v in (low, high)]
    x_low, x_high, step = _zoomed_axis(figures + [_clamp(fair)])

    def x_of(value: float | None) -> float:
        return left + plot_width * (min(max(_clamp(value), x_low), x_high) - x_low) / (x_high - x_low)

    body = []
    for index in range(round((x_high - x_low) / step) + 1):
        value = x_low + index * step
        x = x_of(value)
        body.append(_line(x, top, x, bottom, GRID))
        body.append(_text(x, bottom + 14, f"{100 * value:.1f}%" if step < 0.01 else _percent(value)))
    spacing = min(58.0, plot_width / seats)
    for seat in range(seats):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        body.append(f'<circle cx="{_n(left + 6 + spacing * seat)}" cy="9" r="4" fill="{colour}"/>')
        body.append(_text(left + 13 + spacing * seat, 13, f"seat {seat}" if spacing >= 50 else str(seat), "start"))
    row_top = top
    for (_, rates), lines, row_height in zip(rows, labels, row_heights):
        centre = row_top + row_height / 2
        first = centre + 4 - 6.5 * (len(lines) - 1)
        body += [_text(left - 8, first + 13 * index, line, "end") for index, line in enumerate(lines)]
        for seat, (rate, low, high) in enumerate(rates):
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            y = centre + 8 * (seat - (len(rates) - 1) / 2)
            body.append(_line(x_of(low), y, x_of(high), y, colour))
            if rate is not None:
                body.append(f'<circle cx="{_n(x_of(rate))}" cy="{_n(y)}" r="3" fill="{colour}"/>')
        row_top += row_height
    body.append(_line(x_of(fair), top, x_of(fair), bottom, FAIR, ' stroke-width="1.5" stroke-dasharray="5 3"'))
    body.append(_text(left + plot_width / 2, height - 4,
                      f"win rate by seat, axis from {_percent(x_low)} (dashed: fair share {_percent(fair)})"))
    return Chart(width, height, body)
