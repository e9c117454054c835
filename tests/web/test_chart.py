"""The match chart (referee.web.drawing.chart): each side's running total after each hand, the
target line, labels, and an accessible image."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from webhelpers import text_of

from referee.web.drawing.chart import LABEL_GAP, TOP, H, running_totals, totals_chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def lines_of(root):
    """Each side's polyline as a list of (x, y)."""
    out = {}
    for g in root.iter(SVG + "g"):
        if g.get("class") == "side":
            pts = g.find(SVG + "polyline").get("points").split()
            out[g.get("data-side")] = [tuple(float(v) for v in p.split(",")) for p in pts]
    return out


def target_y(root):
    line = next(e for e in root.iter(SVG + "line") if e.get("class") == "target")
    assert line.get("y1") == line.get("y2")
    return float(line.get("y1"))


def test_running_totals():
    assert running_totals([[12, 3], [0, 25], [5, 5]], 2) == [[0, 0], [12, 3], [12, 28], [17, 33]]
    assert running_totals([], 3) == [[0, 0, 0]]


def test_lines_follow_the_totals_and_the_target():
    root = parse(totals_chart(["Ana+Cleo", "Ben+Dan"], [[12, 3], [0, 25], [20, 0]], target=61))
    lines = lines_of(root)
    assert list(lines) == ["Ana+Cleo", "Ben+Dan"]
    a, b = lines["Ana+Cleo"], lines["Ben+Dan"]
    assert len(a) == len(b) == 4  # before the first hand, then after each of 3
    assert a[0][1] == b[0][1]  # both start at 0
    assert [p[0] for p in a] == sorted(p[0] for p in a)  # hands run left to right
    # higher totals are drawn higher (smaller y), in proportion
    ya = [p[1] for p in a]  # 0, 12, 12, 32
    assert ya[0] > ya[1] == ya[2] > ya[3]
    assert abs((ya[0] - ya[1]) / (ya[0] - ya[3]) - 12 / 32) < 0.01
    # the target line lies above every total (61 > 32, 28) and at its height
    ty = target_y(root)
    assert ty < min(p[1] for p in a + b)
    assert abs((ya[0] - ty) / (ya[0] - ya[1]) - 61 / 12) < 0.02
    text = " ".join(root.itertext())
    assert "Target 61" in text
    assert "Ana+Cleo 32" in text and "Ben+Dan 28" in text  # the end labels


def test_an_accessible_image():
    root = parse(totals_chart(["Ana", "Ben"], [[3, 0], [0, 4]], target=61, ident="c1"))
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "c1-title c1-desc"
    title, desc = root[0], root[1]
    assert title.tag == SVG + "title" and title.get("id") == "c1-title"
    assert desc.tag == SVG + "desc" and desc.get("id") == "c1-desc"
    assert desc.text.startswith("Totals after 2 hands: Ana 3, Ben 4. Target 61")
    assert "after hand 1: 3, 0; after hand 2: 3, 4" in desc.text
    penalty = parse(totals_chart(["Ana", "Ben"], [[3, 0]], target=100, penalty=True))
    assert "the fewest points win" in penalty[1].text


def test_names_are_escaped_and_sides_told_apart_without_colour():
    names = ["<Ana & Co>", "Ben", "Cleo", "Dan", "Eva"]
    svg = totals_chart(names, [[1, 2, 3, 4, 5]], target=10)
    root = parse(svg)  # well-formed despite the name
    assert "<Ana & Co>" in lines_of(root)
    shapes = []
    for g in root.iter(SVG + "g"):
        if g.get("class") == "side":
            mark = next(c for c in g if c.tag != SVG + "polyline")
            shapes.append((mark.tag, len((mark.get("points") or "").split())))
    assert len(set(shapes[:4])) == 4  # four marker shapes before one comes again
    colours = {g.find(SVG + "polyline").get("stroke") for g in root.iter(SVG + "g")
               if g.get("class") == "side"}  # fmt: skip
    assert len(colours) == 5


def test_no_hand_yet_and_crowded_labels():
    root = parse(totals_chart(["Ana", "Ben"], [], target=61))
    assert "No hand has been settled yet" in root[1].text
    assert all(len(pts) == 1 for pts in lines_of(root).values())
    # thirteen sides level: their end labels are kept apart and inside the picture
    names = [f"P{i}" for i in range(13)]
    root = parse(totals_chart(names, [[5] * 13], target=100))
    ys = sorted(float(t.get("y")) for t in root.iter(SVG + "text") if t.get("class") == "total")
    assert len(ys) == 13
    assert all(b - a >= LABEL_GAP - 0.1 for a, b in zip(ys, ys[1:], strict=False))
    assert ys[0] >= TOP - 5 and ys[-1] <= H


def test_totals_past_the_target_and_below_zero():
    root = parse(totals_chart(["Ana", "Ben"], [[150, 20], [-30, 0]], target=100))
    ya = [p[1] for p in lines_of(root)["Ana"]]
    assert ya[1] < target_y(root) < ya[0]  # 150 above the target, 0 below it
    assert min(ya) > 0 and max(ya) < H


def test_the_match_page_shows_the_chart(phone):
    t = phone.start("five-up", ["Ana", "Ben"], target=15)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    chart = text_of(html, "chart")
    assert "Target 15" in chart and "Totals after 1 hand" in chart
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img"') == 1


def test_the_chart_speaks_the_page_s_language(phone):
    """Issue 43.4: the axis and the target line were English on a Polish or Czech page."""
    t = phone.start("five-up", ["Ana", "Ben"], target=15)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    for lang, axis, target in (("pl", "po rozdaniu", "Cel 15"), ("cs", "po kole", "Cíl 15")):
        html = phone.get(f"/t/{t}/match?lang={lang}").get_data(as_text=True)
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", html[html.index('class="chart"') :])
        assert axis in texts and target in texts, texts
        assert not any("after hand" in x or "Target" in x for x in texts)


def test_thirteen_sides_each_get_a_readable_distinct_label_and_colour():
    """A 13-player Čtyřka match (issue 7): no end label outside the chart or on another,
    and no two sides of the same colour and line."""
    names = [f"Player{i:02d}" for i in range(13)]
    hands = [[30 + (i % 3) for i in range(13)], [40 - i for i in range(13)]]
    root = parse(totals_chart(names, hands, target=100))
    height = float(root.get("viewBox").split()[3])
    labels = [t for t in root.iter(SVG + "text") if t.get("class") == "total"]
    assert len(labels) == 13
    ys = sorted(float(t.get("y")) for t in labels)
    assert ys[0] - 11 >= 0 and ys[-1] <= height  # every label inside the view
    assert all(b - a >= LABEL_GAP for a, b in zip(ys, ys[1:], strict=False))
    assert {t.text.split()[0] for t in labels} == set(names)  # names whole
    styles = set()
    for g in root.iter(SVG + "g"):
        if g.get("class") == "side":
            line = g.find(SVG + "polyline")
            styles.add(line.get("stroke"))
    assert len(styles) == 13  # thirteen colours
    for t in labels:
        assert 0 <= float(t.get("x")) < float(root.get("viewBox").split()[2]) - 40


def test_lines_level_after_a_hand_are_drawn_apart_inside_the_plot():
    """Thirteen sides, eleven of them at 0 all match (issue 23.6): no two lines on top of
    each other after the first hand, every line inside the plot, and each named with its
    total at its end."""
    from referee.web.drawing.chart import BOTTOM

    names = [f"P{i}" for i in range(13)]
    hands = [[0] * 11 + [120, 40], [0] * 11 + [201, 126]]
    root = parse(totals_chart(names, hands, target=300))
    lines = lines_of(root)
    height = float(root.get("viewBox").split()[3])
    for i in range(1, 3):
        ys = [lines[n][i][1] for n in names]
        assert len(set(ys)) == 13, ys
    for pts in lines.values():
        assert all(TOP <= y <= height - BOTTOM for _, y in pts)
    assert len({pts[0] for pts in lines.values()}) == 1  # all leave from 0 together
    text = " ".join(root.itertext())
    assert all(f"P{i} 0" in text for i in range(11)) and "P11 321" in text
