"""What an install carries (DESIGN 1): every package of the source tree, and every data file the
program reads, is listed in pyproject.toml. The tests import the source tree, not the installed
copy, so without this check a package left out of the list (the phrasebook's ``words/`` once was)
would pass every test and break every installed command."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "acquire_ref"


def _setuptools() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_the_source_tree_is_installed():
    listed = set(_setuptools()["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in PACKAGE.rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - found == set(), "these are listed but are no package"


def test_every_data_file_the_program_reads_is_installed():
    data: dict[str, list[str]] = _setuptools()["package-data"]  # type: ignore[assignment]
    shipped = set()
    for package, patterns in data.items():
        folder = ROOT.joinpath(*package.split("."))
        for pattern in patterns:
            shipped |= {p for p in folder.rglob("*") if p.is_file() and fnmatch.fnmatch(str(p.relative_to(folder)), pattern)}
    wanted = {p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in {".toml", ".md", ".tcss", ".html", ".svg",
                                                                              ".css", ".js", ".mo", ".typed"}}
    not_read = {"acquire_ref/locale/GLOSSARY.md"}  # the translators' word list, not the program's
    assert sorted(str(p.relative_to(ROOT)) for p in wanted - shipped) == sorted(not_read)
