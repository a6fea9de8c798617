"""`--help` and the command line's own messages in German and French (acquire_ref.cli.spoken): the
program's help, a command's, Typer's and Click's words (``Usage:``, the panels, ``Show this message
and exit.``, the markers after an option's help, a usage error's message) in the language chosen
by ``--lang`` (before the command, ``--lang CODE`` or ``--lang=CODE``), ``$ACQUIRE_LANG`` or the
locale, and English byte for byte as Typer writes it, even after another language in the same
process.

The words that may stay English are the notation's (commands, options, their metavars such as
``TILE``, chain names), as in tests/test_translations_cli.py, whose list of English words is
reused here."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import typer

from acquire_ref import language
from acquire_ref.cli import app, spoken
from acquire_ref.language import said, using
from tests.helpers import installed
from tests.test_translations_cli import english_words

WIDE = {"COLUMNS": "250"}
"""A terminal wide enough that rich wraps no sentence of the help."""


def flat(text: str) -> str:
    """``text`` with rich's panel borders gone and every run of spaces and lines made one space
    (a no-break space is a character of the text)."""
    return re.sub(r"[ \n│╭╰╮╯]+", " ", text).strip()


def unnamed(text: str) -> str:
    """``text`` without the names a panel's line starts with (commands and options: notation)."""
    return re.sub(r"(?m)^│ +\S+", "│", text)


def test_the_program_s_help_in_german_with_lang_before_it(cli):
    result = cli("--lang", "de", "--help", env=WIDE)
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert text.startswith("Aufruf: root [OPTIONEN] BEFEHL [ARGUMENTE]...")
    for words in ("Ein Schiedsrichter für Sid Sacksons Brettspiel Acquire, für einen echten Tisch oder ein Skript.",
                  "─ Optionen ─", "─ Befehle ─", "Die Spieldatei. [Umgebungsvariable: ACQUIRE_GAME] [Standard: acquire.toml]",
                  "--help -h Zeigt diese Hilfe und endet.",
                  "place Legt ein Plättchen aus der Ablage des Spielers am Zug (R4).",
                  "tournament Führt ein Turnier: Spieler, Tischauslosungen, Ergebnisse, Rangliste und wer weiterkommt (T1-T5)."):
        assert words in text, words
    assert english_words(unnamed(result.stdout)) == []
    assert "Usage" not in text and "Show this message" not in text and "Commands" not in text


def test_a_command_s_help_in_french_with_lang_equals(cli):
    result = cli("--lang=fr", "place", "--help", env=WIDE)
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert text.startswith("Utilisation\u00a0: root place [OPTIONS] {TILE}")
    for words in ("Pose une tuile du chevalet du joueur dont c’est le tour (R4).",
                  "Exemple\u00a0: acquire-ref place 6D --found Tower", "─ Arguments ─", "─ Options ─",
                  "* TILE <str> La tuile, p. ex. 5C (c5 et 5-c se lisent aussi). [obligatoire]",
                  "--found CHAIN La chaîne à fonder, si la tuile en fonde une.",
                  "--help -h Affiche cette aide et quitte."):
        assert words in text, words
    assert english_words(result.stdout) == []


def test_a_missing_argument_in_german_from_acquire_lang(cli, tmp_path):
    path = tmp_path / "g.toml"
    result = cli("place", env={"ACQUIRE_LANG": "de"}, game=path)
    assert result.exit_code == 2  # a usage error (DESIGN 2)
    assert result.stdout == ""
    lines = [flat(line) for line in result.stderr.splitlines()]
    assert lines[0] == "Aufruf: root place [OPTIONEN] {TILE}"
    assert lines[1] == "Hilfe mit 'root place -h'."
    assert "─ Fehler ─" in lines[2] and lines[3] == "Argument 'TILE' fehlt."
    assert english_words(result.stderr) == [] and "Missing" not in result.stderr
    assert not path.exists()  # nothing was made


@pytest.mark.parametrize(("code", "said_"), [
    ("de", "Kein solcher Befehl 'plac'. Meintest du 'place', 'play'?"),
    ("fr", "Pas de commande 'plac'. Vouliez-vous dire 'place', 'play'\u202f?"),
])
def test_an_unknown_command_in_german_and_french(cli, code, said_):
    result = cli("--lang", code, "plac")
    assert result.exit_code == 2
    assert said_ in flat(result.stderr)
    assert english_words(result.stderr) == [] and "No such" not in result.stderr


@pytest.mark.parametrize(("args", "said_"), [
    (["simulate", "--games", "0"], "Ungültiger Wert für '--games': 0 liegt nicht im Bereich 1<=x<=1000000."),
    (["simulate", "--games", "x"], "Ungültiger Wert für '--games': 'x' ist keine gültige ganze Zahl im Bereich."),
    (["place", "5C", "6D"], "Unerwartete überzählige Argumente (6D)"),
    (["dispose", "--hold"], "Keine solche Option: --hold; dispose nimmt --sell N und --trade N; "
                            "die weder verkauften noch getauschten Aktien werden behalten"),
    (["buy", "--as", "Ann"], "Keine solche Option: --as"),
])
def test_click_s_usage_errors_in_german(cli, args, said_):
    result = cli("--lang", "de", *args, env=WIDE)
    assert result.exit_code == 2
    assert said_ in flat(result.stderr)


def test_english_stays_typer_s_own_even_after_german_in_the_same_process(cli):
    before = [cli(*args, env=WIDE) for args in (["--help"], ["place", "--help"], ["place"], ["plac"])]
    cli("--lang", "de", "place", env=WIDE)
    cli("--lang", "fr", "--help", env=WIDE)
    after = [cli(*args, env=WIDE) for args in (["--help"], ["place", "--help"], ["place"], ["plac"])]
    assert [(r.stdout, r.stderr) for r in after] == [(r.stdout, r.stderr) for r in before]
    help_, place_help, missing, unknown = (flat(r.output) for r in after)
    assert help_.startswith("Usage: root [OPTIONS] COMMAND [ARGS]...")
    assert "─ Options ─" in help_ and "─ Commands ─" in help_ and "[default: acquire.toml]" in help_
    assert "--help -h Show this message and exit." in place_help and "[required]" in place_help
    assert "Try 'root place -h' for help." in missing and "Missing argument 'TILE'." in missing
    assert "No such command 'plac'. Did you mean 'place', 'play'?" in unknown


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_command_s_and_option_s_help_has_its_translation(code):
    """Each help the app shows, its commands' docstrings included, is in the catalogue (a new
    command's help that is not is English among the translated)."""
    untranslated = []

    def walk(command, path):
        texts = [command.help, *(getattr(p, "help", None) for p in command.params)]
        for text in filter(None, texts):
            with using(code):
                if spoken.help_text(text) == text:
                    untranslated.append((path, text))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(typer.main.get_command(app), "acquire-ref")
    assert untranslated == []
    with using(code):
        assert all(said(text) != text for text in spoken.TYPER_WORDS + spoken.CLICK_MESSAGES if text != "[OPTIONS]")


def test_lang_is_read_before_the_command_and_past_the_values_of_other_options():
    assert language.option(["--lang", "de", "--help"]) == "de"
    assert language.option(["--game", "--lang", "--lang=fr", "place", "--lang", "de"]) == "fr"
    assert language.option(["-g", "x.toml", "--as", "Ann", "status"]) is None
    assert language.of_command(["--lang", "de", "status", "--json"], {}) == "en"  # JSON is a protocol


def test_the_installed_command_speaks_french_for_help():
    out = subprocess.run([installed(), "--lang=fr", "--help"], capture_output=True, text=True, env={"COLUMNS": "100"})
    assert out.returncode == 0, out.stderr
    assert flat(out.stdout).startswith("Utilisation\u00a0: acquire-ref [OPTIONS] COMMANDE [ARGUMENTS]...")
    assert "Affiche cette aide et quitte." in out.stdout


def test_output_that_can_t_be_written_is_said_in_german(tmp_path):
    """The program's last words (main(), DESIGN 2) speak the command line's language too."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        result = subprocess.run([installed(), "--lang", "de", "chart"], stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr == ("acquire-ref: die Ausgabe ließ sich nicht schreiben "
                             "(Auf dem Gerät ist kein Speicherplatz mehr frei)\n")  # the system's error in German too
