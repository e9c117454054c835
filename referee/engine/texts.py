"""The rulebook's and glossary's texts as data: one TOML file per section and language.

- `referee/engine/texts/common.LANG.toml`: the rules common to all variants, the
  rulebook's introduction, its word for "Source" and the words for where a rule comes from.
- each variant's `VARIANT.LANG.toml`, in its `texts_dir` (the built-in variants':
  `referee/engine/variants/texts/`): its section title, its rules and glossary terms.

The English file of a section lists its rules (ids, order, sources); another language
gives titles and texts for the same ids, and whatever it leaves out is said in English.
Read with `tomllib` (standard library), once per file and process.
"""

from __future__ import annotations

import functools
import textwrap
import tomllib
from pathlib import Path

COMMON_DIR = Path(__file__).resolve().parent / "texts"
COMMON = "common"  # the section of the rules common to all variants


@functools.cache
def read(folder: Path, section: str, lang: str) -> dict:
    """The texts of `section` ("common" or a variant's name) in `lang`; {} when there is
    no such file (that language falls back to English)."""
    path = Path(folder) / f"{section}.{lang}.toml"
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        return {}


def clean(text: str) -> str:
    """Dedent; keep blank-line-separated paragraphs and "- " list items, join wrapped lines."""
    blocks = []
    for block in textwrap.dedent(text).strip().split("\n\n"):
        lines: list[str] = []
        for line in block.splitlines():
            line = line.strip()
            if lines and not line.startswith("- "):
                lines[-1] += " " + line
            else:
                lines.append(line)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
