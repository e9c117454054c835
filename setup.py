"""The one build step pyproject.toml cannot declare: the compiled catalogues.

`referee check --lang pl` (any language of referee/languages.py) reads `messages.mo` files
(referee/language.py), which are made from `translations/<lang>/LC_MESSAGES/messages.po`
and not committed. A wheel gets them compiled into
`referee/translations/<lang>/LC_MESSAGES/messages.mo`; an editable install (`pip install
-e .`) compiles them in place, in `translations/`, where the checkout reads them.
Everything else about the build is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CATALOGUES = Path(__file__).resolve().parent / "translations"


def compile_catalogues(target: Path) -> list[str]:
    """Compile every catalogue into `target`/<lang>/LC_MESSAGES/messages.mo, as
    `pybabel compile -d translations` does (fuzzy entries left out); the files made."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    made = []
    for po in sorted(CATALOGUES.glob("*/LC_MESSAGES/messages.po")):
        lang = po.parent.parent.name
        mo = target / lang / "LC_MESSAGES" / "messages.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang)
        with open(mo, "wb") as f:
            write_mo(f, catalog)
        made.append(str(mo))
    if not made:
        raise SystemExit(f"setup.py: no catalogues in {CATALOGUES} (translations/ missing?)")
    return made


class BuildPy(build_py):
    """build_py, then the catalogues."""

    def run(self):
        super().run()
        if self.editable_mode:  # the checkout's own files, not part of the editable wheel
            compile_catalogues(CATALOGUES)
        else:
            self.catalogues = compile_catalogues(Path(self.build_lib, "referee", "translations"))

    def get_outputs(self, include_bytecode=True):
        return super().get_outputs(include_bytecode) + getattr(self, "catalogues", [])


setup(cmdclass={"build_py": BuildPy})
