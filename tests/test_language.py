"""The language a sentence is shown in (acquire_ref.language): English is the source and the
fallback, the language is held per context, and the environment is read as gettext programs do."""

from __future__ import annotations

import pytest

from acquire_ref.language import (
    UnknownLanguage,
    _,
    chosen,
    current,
    from_environment,
    money,
    negotiate,
    ngettext,
    number,
    using,
)


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
    ({"LANGUAGE": "de", "LC_ALL": "C"}, None),  # gettext reads LANGUAGE only under a locale other than C
    ({"LANGUAGE": "de"}, None),
    ({}, None),
])
def test_the_environment_is_read_as_gettext_programs_do(environ, code):
    assert from_environment(environ) == code


@pytest.mark.parametrize(("code", "dollars", "written"), [
    ("en", 6000, "$6,000"), ("de", 6000, "6.000\u00a0$"), ("fr", 6000, "6\u202f000\u00a0$"),
    ("en", -200, "-$200"), ("de", -200, "-200\u00a0$"), ("fr", 100, "100\u00a0$"),
    ("de", 1_234_500, "1.234.500\u00a0$"),
])
def test_money_is_written_as_the_language_writes_it(code, dollars, written):
    with using(code):
        assert money(dollars) == written


def test_numbers_are_grouped_as_the_language_groups_them():
    with using("de"):
        assert number(12000) == "12.000"
    with using("fr"):
        assert number(12000) == "12\u202f000"
    assert number(12000) == "12,000"


def test_a_bonus_sentence_of_the_engine_speaks_the_languages_money():
    from acquire_ref.engine.events import BonusPaid
    from acquire_ref.words.events import told

    with using("de"):
        assert "3.000\u00a0$" in told(BonusPaid("Ann", "Tower", 3000, "majority", 4))


@pytest.mark.parametrize(("option", "environ", "code"), [
    ("fr", {"ACQUIRE_LANG": "de", "LANG": "de_DE.UTF-8"}, "fr"),
    (None, {"ACQUIRE_LANG": "de", "LANG": "fr_FR.UTF-8"}, "de"),
    (None, {"LANGUAGE": "ja:fr", "LANG": "de_DE.UTF-8"}, "fr"),
    (None, {"LANGUAGE": "ja", "LANG": "de_DE.UTF-8"}, "de"),
    (None, {"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {"LANGUAGE": "de", "LC_ALL": "C"}, "en"),
    (None, {"LANGUAGE": "fr", "LANG": "C.UTF-8"}, "en"),
    (None, {}, "en"),
    ("DE-at", {}, "de"),
])
def test_a_command_speaks_the_option_then_the_variable_then_the_locale(option, environ, code):
    assert chosen(option, environ) == code


@pytest.mark.parametrize(("option", "environ", "said"), [
    ("xx", {}, "--lang 'xx' is no language"), (None, {"ACQUIRE_LANG": "klingon"}, "ACQUIRE_LANG 'klingon'"),
    ("", {"ACQUIRE_LANG": "de"}, "--lang '' is no language"), (" ", {"LANG": "fr_FR.UTF-8"}, "--lang ' ' is no language"),
])
def test_an_unknown_language_asked_for_is_a_usage_error(option, environ, said):
    with pytest.raises(UnknownLanguage, match=said) as caught:
        chosen(option, environ)
    assert caught.value.exit_code == 2
    assert "de (Deutsch), fr (Français)" in str(caught.value)


@pytest.mark.parametrize(("header", "code"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("fr-CH, fr;q=0.9, de;q=0.8, *;q=0.5", "fr"),
    ("en;q=0.1, de", "de"),
    ("ja, fr;q=0.2, de;q=0.3", "de"),
    ("ja, *;q=0.3", "en"),
    ("*, en;q=0", "de"),
    ("de;q=0, fr;q=0.5", "fr"),
    ("de;q=banana, fr;q=0.5", "fr"),
    ("de;q=nan, fr;q=0.5", "fr"),
    ("ja", None),
    ("", None),
])
def test_accept_language_is_negotiated_by_q_value_then_order(header, code):
    assert negotiate(header) == code


def test_the_cli_speaks_the_chosen_language_and_json_stays_english(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    said = cli("--lang", "de", "price", "Tower", "5", game=path)
    assert said.stdout == "Tower (Preisstufe günstig) bei 5 Plättchen: 500\u00a0$ je Aktie; Mehrheitsbonus 5.000\u00a0$, " \
                          "Minderheitsbonus 2.500\u00a0$.\n"
    assert cli("price", "Tower", "5", game=path, env={"ACQUIRE_LANG": "fr"}).stdout.startswith(
        "Tower (catégorie économique) à 5 tuiles\u00a0: 500\u00a0$ l’action\u202f; prime de majorité 5\u202f000\u00a0$")
    assert "$5,000" in cli("price", "Tower", "5", game=path).stdout  # the language ended with the command
    refused = cli("--lang", "xx", "status", game=path)
    assert refused.exit_code == 2
    assert "--lang 'xx' is no language acquire-ref speaks" in refused.stderr


def test_the_unknown_language_refusal_is_said_in_the_language_in_force():
    with using("de"):
        said = str(UnknownLanguage("xx", "--lang"))
    assert said == "--lang 'xx' ist keine Sprache, die acquire-ref spricht: es spricht en (English), de (Deutsch), " \
                   "fr (Français)"


@pytest.mark.parametrize(("args", "english"), [
    (["status", "--json"], True), (["--lang", "de", "pipe"], True), (["log", "--json"], True),
    (["status"], False), (["--lang", "de", "price", "Tower", "5"], False),
])
def test_json_and_the_pipe_are_a_protocol_and_speak_english(args, english):
    from acquire_ref.language import protocol

    assert protocol(args) is english


def test_room_refuses_a_tv_language_it_does_not_speak_before_serving(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", game=path).exit_code == 0
    refused = cli("room", "--lang", "klingon", game=path)
    assert refused.exit_code == 2
    assert "--lang 'klingon' is no language acquire-ref speaks" in refused.stderr


@pytest.mark.parametrize("args", [["--lang", "", "status"], ["room", "--lang", ""]])
def test_an_empty_lang_is_a_usage_error_not_the_environment_s_language(cli, tmp_path, args):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", game=path).exit_code == 0
    refused = cli(*args, game=path, env={"ACQUIRE_LANG": "de"})
    assert refused.exit_code == 2
    assert refused.stdout == ""
    said = refused.stderr.strip()
    assert said.startswith("acquire-ref: --lang '' ")  # in English, or the environment's German once it speaks
    assert said.endswith(" en (English), de (Deutsch), fr (Français)")
