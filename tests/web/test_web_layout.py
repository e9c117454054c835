"""The web side's layout holds: the migrations are found through the app (not a path
counted up from a module), and the table's rooms keep their modules small."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from referee.web.store import migrations_folder

WEB = Path(__file__).resolve().parents[2] / "referee" / "web"
ROOMS = ["table", "drawing", "pages", "matches", "offline"]  # and the top-level modules
MOST = 400


def test_the_migrations_are_found_through_the_app(app):
    folder = migrations_folder(app)
    assert folder == os.path.join(app.root_path, "migrations")
    assert app.extensions["migrate"].directory == folder
    assert any(Path(folder, "versions").glob("*.py"))


def test_no_module_of_the_rooms_is_long_without_saying_why():
    modules = [*WEB.glob("*.py"), *(p for room in ROOMS for p in (WEB / room).glob("*.py"))]
    long = []
    for path in modules:
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MOST and "Over 400 lines" not in (
            ast.get_docstring(ast.parse(text)) or ""
        ):
            long.append(path.relative_to(WEB))
    assert not long, f"over {MOST} lines, with no reason in the docstring: {long}"


def test_every_file_the_app_sends_goes_through_downloads():
    """A file is sent by `downloads.send` alone (RFC 6266 names, one content type rule):
    no module names the header or sends a file its own way."""
    own_way = ("send_file", "send_from_directory", "Content-Disposition")
    found = [
        (path.relative_to(WEB), word)
        for path in WEB.rglob("*.py")
        if path.name != "downloads.py"
        for word in own_way
        if word in path.read_text(encoding="utf-8")
    ]
    assert not found
