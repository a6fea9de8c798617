"""The API reference (man/api, Sphinx with autodoc) builds with warnings as errors, its examples
(and those of the public docstrings it includes) pass as doctests, and it documents every name
of the package's ``__all__``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import acquire_ref
from tests.helpers import ROOT

SOURCE = ROOT / "man" / "api"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Build the pages, then run their examples, sharing one doctree; each build's result."""
    out = tmp_path_factory.mktemp("api")
    runs = {}
    for builder in ("html", "doctest"):
        runs[builder] = subprocess.run(
            [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder, str(SOURCE),
             str(out / builder), "-d", str(out / "doctrees")],
            capture_output=True, text=True, check=False, timeout=600,
        )
    return out, runs


def test_the_reference_builds_without_a_warning(built):
    out, runs = built
    assert runs["html"].returncode == 0, runs["html"].stderr
    assert "WARNING" not in runs["html"].stderr and "ERROR" not in runs["html"].stderr
    page = (out / "html" / "reference.html").read_text(encoding="utf-8")
    for name in acquire_ref.__all__:
        assert f'id="acquire_ref.{name}"' in page, f"{name} is not in the reference"
    for method in ("Game.apply", "Game.verify", "Game.legal_moves", "Game.standings", "GameFile.apply", "GameFile.undo"):
        assert f'id="acquire_ref.{method}"' in page, method
    assert "Make one with" in page  # the docstrings themselves, not just the names


def test_the_reference_examples_pass_as_doctests(built):
    out, runs = built
    assert runs["doctest"].returncode == 0, runs["doctest"].stdout + runs["doctest"].stderr
    summary = (out / "doctest" / "output.txt").read_text(encoding="utf-8")
    tests = int(re.search(r"Doctest summary\n=+\n\s*(\d+) tests", summary).group(1))
    assert tests >= 10 and "0 failures in tests" in summary


def test_every_public_name_has_a_directive_in_the_sources():
    text = (SOURCE / "reference.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto(?:class|function|exception):: (\w+)", text, re.M))
    documented |= set(re.findall(r"^\.\. data:: (\w+)", text, re.M))
    assert documented == set(acquire_ref.__all__)
