"""Untrusted text (DESIGN 1): names, chain and edition names, colours, paths and every string read
from a file are data, never markup. Every command and export is run with text full of rich markup,
escape sequences and HTML, and what is shown must be what was typed, with no live markup, escape
sequence or script anywhere."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
import tomli_w

from acquire_ref.engine.editions import edition_to_dict, load_edition
from tests.helpers import Cli

cli = Cli()

NAMES = ["[/]", "[bold]Ann", "<script>alert(1)</script>"]
"""Three seats: a closing tag with nothing to close, a style that would hide itself, live HTML."""
MORE_NAMES = ["[link:javascript:alert(1)]x[/link]", ":thumbs_up:", "Zo\u00eb&amp;"]
ESCAPES = "\x1b]0;owned\x07\x1b[2J\x9b31m\u202e"
"""An OSC title change, a CSI clear screen, a C1 CSI and a right-to-left override."""


def invoke(*args: object):
    result = cli(*[str(a) for a in args], env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    assert result.exit_code != 1 or isinstance(result.exception, SystemExit), result.output
    return result


def inert(text: str) -> None:
    """No escape sequence, control or invisible character, and no markup read as markup."""
    bad = sorted({f"U+{ord(c):04X}" for c in text
                  if c not in "\n\t" and unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")})
    assert not bad, f"raw control characters {bad} in:\n{text[-600:]}"


def play_a_merger(game: Path, names: list[str]) -> list[str]:
    """Ann's table with hostile names: found Tower and Luxor, merge them, dispose, buy; every
    command's output."""
    b = names[1]
    steps = [
        ["new", *names], ["start", "1A", "5A", "12I"],
        ["place", "2A", "--found", "Tower"], ["buy", "Tower=2"],
        ["place", "4A", "--found", "Luxor"], ["buy", "Luxor=1"],
        ["place", "12F"], ["buy"],
        ["place", "3A", "--survivor", "Tower"], ["dispose", b, "--sell", "2"], ["buy", "Tower"],
    ]
    outputs = []
    for step in steps:
        result = invoke("--game", game, *step)
        assert result.exit_code == 0, (step, result.output)
        outputs.append(result.output)
    return outputs


@pytest.mark.parametrize("names", [NAMES, MORE_NAMES], ids=["markup-and-html", "links-emoji-entities"])
def test_every_command_shows_player_names_as_typed(tmp_path, names):
    game = tmp_path / "g.toml"
    outputs = play_a_merger(game, names)
    assert names[1] in outputs[8], outputs[8]  # the merger's bonus table names the Luxor holder
    for args in (["status"], ["score"], ["log"], ["why", "6D"], ["check"], ["play", "--check", game],
                 ["watch", "--updates", "1", "--interval", "0.1"], ["status", "--player", names[0]]):
        result = invoke("--game", game, *args)
        assert result.exit_code == 0, (args, result.output)
        outputs.append(result.output)
    for out in outputs:
        inert(out)
    status, score, log = outputs[-8], outputs[-7], outputs[-6]
    for name in names:
        assert name in status and name in score and name in log, name
    doc = json.loads(invoke("--game", game, "status", "--json").stdout)
    assert [p["name"] for p in doc["players"]] == names


@pytest.mark.parametrize("option", ["--svg", "--html"])
def test_exports_hold_names_as_text_never_as_markup_links_or_scripts(tmp_path, option):
    game = tmp_path / "g.toml"
    play_a_merger(game, NAMES)
    for command in ("status", "score"):
        page = tmp_path / f"{command}{option.replace('--', '.')}"
        result = invoke("--game", game, command, option, page)
        assert result.exit_code == 0, result.output
        text = page.read_text(encoding="utf-8").replace('<link rel="icon" href="data:,">', "", 1)  # the page's own
        inert(text)
        assert "<script" not in text and "javascript:" not in text and "href=" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text.replace("&#160;", " ")
        assert "[bold]Ann" in text and "[/]" in text


def hostile_ruleset(tmp_path: Path, **changes) -> Path:
    data = edition_to_dict(load_edition("classic"))
    data.update(changes)
    path = tmp_path / "rules.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def test_edition_names_and_descriptions_with_escape_sequences_are_shown_visibly(tmp_path):
    rules = hostile_ruleset(tmp_path, name=f"house{ESCAPES}[red]x[/]<b>", description=ESCAPES)
    game = tmp_path / "g.toml"
    outputs = [invoke("--game", game, "new", *NAMES, "--edition", rules).output]
    outputs += [invoke("--game", game, *args).output for args in
                (["start", "1A", "5A", "12I"], ["status"], ["log"], ["check"], ["score"])]
    outputs += [invoke(*args, "--edition", rules).output for args in (["chart"], ["price", "Tower", "5"],
                                                                       ["bonus", "Tower", "5", "[/]=3", "<b>=2"])]
    for out in outputs:
        inert(out)
    assert "\\x1b]0;owned" in outputs[2]  # the edition's name, made visible (rich drops a BEL), not acted on
    assert "[red]x[/]<b>" in outputs[2]
    assert "[/] (3 shares)" in outputs[-1]


@pytest.mark.parametrize("colour", [
    "red link javascript:alert(1)", "[link=javascript:alert(1)]", "bold", "blink", "conceal", "red on white",
    "#12345", "#1234567", "<script>", "", "red\x1b[2J",
])
def test_a_colour_is_a_colour_name_or_rrggbb_checked_when_the_ruleset_is_read(tmp_path, colour):
    data = edition_to_dict(load_edition("classic"))
    data["chains"][0]["colour"] = colour
    rules = tmp_path / "rules.toml"
    rules.write_text(tomli_w.dumps(data), encoding="utf-8")
    result = invoke("--game", tmp_path / "g.toml", "new", "A", "B", "C", "--edition", rules)
    assert result.exit_code == 4 and "colour" in result.output, result.output
    inert(result.output)
    assert not (tmp_path / "g.toml").exists()
    # the same ruleset carried inline by a game file is refused as well
    game = tmp_path / "inline.toml"
    game.write_text(tomli_w.dumps({"format": 1, "edition": data, "players": ["A", "B", "C"]}), encoding="utf-8")
    for args in (["status"], ["status", "--html", tmp_path / "p.html"], ["check"]):
        result = invoke("--game", game, *args)
        assert result.exit_code == 4 and "colour" in result.output, result.output
    assert not (tmp_path / "p.html").exists()


@pytest.mark.parametrize("colour", ["dark_orange3", "#1E90ff", "bright_white", "default", "grey50"])
def test_colour_names_and_rrggbb_are_accepted(tmp_path, colour):
    rules = hostile_ruleset(tmp_path)
    data = edition_to_dict(load_edition("classic"))
    data["chains"][0]["colour"] = colour
    rules.write_text(tomli_w.dumps(data), encoding="utf-8")
    assert invoke("--game", tmp_path / "g.toml", "new", "A", "B", "C", "--edition", rules).exit_code == 0


def test_every_colour_name_is_one_rich_draws():
    from rich.color import ANSI_COLOR_NAMES, Color

    from acquire_ref.engine.editions import COLOUR_NAMES

    assert set(ANSI_COLOR_NAMES) | {"default"} == COLOUR_NAMES
    for name in COLOUR_NAMES:
        Color.parse(name)


def test_escape_sequences_from_files_paths_and_options_reach_no_terminal(tmp_path):
    base = tmp_path / "base.toml"
    play_a_merger(base, ["Ann", "Ben", "Cat"])
    text = base.read_text(encoding="utf-8")
    snapshot_key = tmp_path / "snapshot-key.toml"  # the digest still matches: the snapshot is checked
    snapshot_key.write_text(text.replace("[snapshot]\n", f'[snapshot]\n"{ESCAPES.encode("unicode_escape").decode()}" = 1\n'
                                          .replace("\\x", "\\u00"), 1), encoding="utf-8")
    bad_move = tmp_path / "bad-move.toml"
    bad_move.write_text('format = 1\nplayers = ["A", "B", "C"]\nmoves = ["start 1A 5E 9I", '
                        '"place 2A\\u001b]0;owned\\u0007"]\n', encoding="utf-8")
    bad_edition = tmp_path / "bad-edition.toml"
    bad_edition.write_text('format = 1\nedition = "classic\\u001b[2J"\nplayers = ["A", "B", "C"]\n', encoding="utf-8")
    outputs = []
    for game in (snapshot_key, bad_move, bad_edition, tmp_path / f"missing{ESCAPES}.toml"):
        for args in (["status"], ["check"], ["place", "6D"], ["log"]):
            result = invoke("--game", game, *args)
            assert result.exit_code == 4, (game.name, args, result.output)
            outputs.append(result.output)
    outputs.append(invoke("--game", base, "new", "A", "B", "--force", "--option", f"stall={ESCAPES}").output)
    outputs.append(invoke("--game", base, "play", f"script{ESCAPES}.toml").output)
    outputs.append(invoke("--game", base, "why", f"6D{ESCAPES}").output)
    outputs.append(invoke(f"no-such-command{ESCAPES}").output)
    outputs.append(invoke("--game", base, "place", "6D", "--found", f"T{ESCAPES}").output)
    for out in outputs:
        inert(out)
    assert any("\\x1b]0;owned\\x07" in out for out in outputs)


def test_look_alike_player_names_are_refused(tmp_path):
    game = tmp_path / "g.toml"
    for names, says in ((["Ann", "\u0410nn"], "looks like"), (["Ben", "\u0412EN"], "looks like"),
                        (["Ann", "\uff21nn"], "looks like"), (["\u03a1at", "Pat"], "looks like"),
                        (["Ann", "ann"], "ignoring case")):
        result = invoke("--game", game, "new", *names)
        assert result.exit_code == 2 and says in result.output, (names, result.output)
        assert not game.exists()
    assert invoke("--game", game, "new", "Ann", "Anne", "\u0416enya").exit_code == 0


def test_look_alike_names_in_a_game_file_or_position_are_refused(tmp_path):
    game = tmp_path / "g.toml"
    game.write_text('format = 1\nplayers = ["Ann", "\\u0410nn", "Ben"]\n', encoding="utf-8")
    result = invoke("--game", game, "status")
    assert result.exit_code == 4 and "looks like" in result.output


def test_look_alike_chain_names_in_a_ruleset_are_refused(tmp_path):
    data = edition_to_dict(load_edition("classic"))
    data["chains"][1]["name"] = "\u0422ower"  # Cyrillic Te
    data["chains"][1]["letter"] = "X"
    rules = tmp_path / "rules.toml"
    rules.write_text(tomli_w.dumps(data), encoding="utf-8")
    result = invoke("--game", tmp_path / "g.toml", "new", "A", "B", "--edition", rules)
    assert result.exit_code == 4 and "defined twice" in result.output


def test_markup_in_a_player_name_never_crashes_after_a_saved_move(tmp_path):
    """The bug this guards: `[/]` was accepted, and a merger's table then crashed after the save."""
    game = tmp_path / "g.toml"
    outputs = play_a_merger(game, ["[/]", "[/b]", "[i]"])
    assert "[/b]" in outputs[8]
    assert json.loads(invoke("--game", game, "status", "--json").stdout)["pending"]["decision"] == "place"


def test_every_json_document_of_the_command_line_keeps_letters_and_escapes_invisible_characters(cli, tmp_path):
    """One JSON writer (acquire_ref.words.json_text): `status --json` wrote `Zo\\u00eb` while the
    tournament's standings wrote `Zoë`; now every document keeps letters, and a right-to-left
    override, a C1 control or a tag character in a name is escaped, so no terminal acts on it."""
    import json

    path = tmp_path / "g.toml"
    hostile = "Ann\u202e\u009b\U000e0041"
    assert cli("new", "Zoë", "Ben", game=path).exit_code == 0
    text = cli("status", "--json", game=path).stdout
    assert '"Zoë"' in text and "\\u00eb" not in text
    assert json.loads(text)["players"][0]["name"] == "Zoë"
    from acquire_ref.words import json_text

    written = json_text({"name": hostile})
    assert written == '{\n  "name": "Ann\\u202e\\u009b\\udb40\\udc41"\n}'
    assert json.loads(written) == {"name": hostile}


def test_the_pages_json_escapes_invisible_characters_as_the_command_line_does(tmp_path):
    """/state.json and the review's data wrote U+202E, U+2028, U+0085 and U+200B raw from an
    edition's name, while `status --json` escaped them: every JSON document is written by one writer."""
    from starlette.testclient import TestClient

    from acquire_ref.files.record import Record
    from acquire_ref.web import review
    from acquire_ref.web.app import create_app

    rules = hostile_ruleset(tmp_path, name="Ev\u202eil\u2028x\u0085y\u200b")
    game = tmp_path / "g.toml"
    assert invoke("--game", game, "new", *NAMES, "--edition", rules).exit_code == 0
    hidden = ("\u202e", "\u2028", "\u0085", "\u200b")
    with TestClient(create_app(game), base_url="http://127.0.0.1:8765") as client:
        answer = client.get("/state.json")
    assert answer.status_code == 200 and "\\u202e" in answer.text
    assert not [c for c in hidden if c in answer.text]
    data = review.data_json(review.document(Record.loads(game.read_text(encoding="utf-8"))))
    assert "\\u202e" in data and not [c for c in hidden if c in data]
