"""The QR code of a link decodes to that link's text (checked through segno's own matrix)."""

import segno

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
    assert a.replace('role="img" ', "") == b
