"""The language a sentence is shown in (acquire_ref.language): English is the source and the
fallback, the language is held per context, and the environment is read as gettext programs do."""

from __future__ import annotations

import pytest

from acquire_ref.language import _, current, from_environment, ngettext, using


def test_english_is_shown_as_written_and_is_the_default():
    assert current() == "en"
    assert _("{player} founds {chain}") == "{player} founds {chain}"
    assert ngettext("{count} share", "{count} shares", 1) == "{count} share"
    assert ngettext("{count} share", "{count} shares", 2) == "{count} shares"


def test_a_language_holds_inside_its_block_only():
    with using("de") as code:
        assert code == "de"
        assert current() == "de"
        with using(None):
            assert current() == "de"
    assert current() == "en"


def test_a_language_with_no_catalogue_falls_back_to_english():
    with using("xx"):
        assert _("{player} founds {chain}") == "{player} founds {chain}"


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "fr_FR:de", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LC_ALL": "fr_CA.UTF-8", "LANG": "de_DE"}, "fr"),
    ({"LC_MESSAGES": "de_AT@euro"}, "de"),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "POSIX"}, None),
    ({}, None),
])
def test_the_environment_is_read_as_gettext_programs_do(environ, code):
    assert from_environment(environ) == code
