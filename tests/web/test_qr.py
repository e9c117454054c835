"""The QR code of a link decodes to that link's text (checked through segno's own matrix),
and scales to the size a page gives it instead of being cropped."""

import re

import segno
from memberhelpers import Secretary, secretary_link

from referee.web.drawing import qr_svg


def test_qr_svg_is_inline_svg_with_title():
    svg = qr_svg("http://127.0.0.1:5000/t/abc", "Players' link")
    assert svg.startswith('<svg role="img" ')
    assert "<title>Players&#x27; link</title>" in svg or "<title>Players' link</title>" in svg
    assert "http" not in svg.split("<title>")[0]  # no outside host is referenced


def test_qr_matrix_matches_segno_for_the_url():
    url = "http://127.0.0.1:5000/t/abc"
    a = qr_svg(url, "x", scale=1)
    b = segno.make(url, error="m").svg_inline(scale=1, title="x", dark="#000", light="#fff")
    assert re.sub(r'role="img" viewBox="[^"]*" ', "", a) == b


def viewbox_and_size(svg: str) -> tuple[list[float], list[float]]:
    head = svg.split(">", 1)[0]
    box = [float(x) for x in re.search(r'viewBox="([^"]+)"', head).group(1).split()]
    size = [float(re.search(rf' {k}="([\d.]+)"', head).group(1)) for k in ("width", "height")]
    return box, size


def test_a_members_card_qr_code_scales_to_its_box_instead_of_being_cropped(app, client):
    """The card's CSS sizes the SVG (6.5 rem, 30 mm in print): without a viewBox the code
    kept its drawn size and the box cut off its right and bottom modules."""
    secretary = Secretary(client, secretary_link(app))
    member = secretary.add("Alexandra Nováková-Wiśniewska")
    html = secretary.post(f"/club/{secretary.key}/cards", {"member": member}).get_data(True)
    svg = re.search(r'<div class="qr">(<svg.*?</svg>)', html, re.S).group(1)
    box, size = viewbox_and_size(svg)
    assert box == [0, 0, *size]  # the whole code, whatever size the page gives it
