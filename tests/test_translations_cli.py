"""A whole game through the command line in German and in French shows no English sentence
(acquire_ref.language, the catalogues in acquire_ref/locale): every move of the four players'
example typed as its own command with ``--lang``, then ``status``, ``score``, ``why``, ``log``
and ``check``; and ``--json`` stays English (a protocol).

What may stay English is the move notation (``place 6C``, the commands between backquotes),
the chain names of the edition and the players' names (GLOSSARY.md, "Not translated"); the
English words checked are ones that are no German or French word."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "four-players.toml"

ENGLISH = ["the", "and", "with", "is", "are", "of", "to", "for", "at", "no", "would", "shares", "share", "tiles",
           "tile", "bank", "pays", "founds", "grows", "merges", "survives", "defunct", "majority", "minority",
           "Next", "standings", "turn", "draws", "rack", "bag", "holds", "sells", "trades", "cash", "price", "safe",
           "player", "chain", "Chains", "Players", "worth", "lone", "nobody", "Played", "into", "rank", "high", "low",
           "merger", "declared", "payout", "sound"]
"""Words that only English has (none is a German or a French word, nor a word of the notation)."""

GERMAN = ["Plättchen", "Aktie", "Bank", "Kette", "Zug", "Als Nächstes", "Endstand", "Beutel"]
FRENCH = ["tuile", "action", "banque", "chaîne", "tour", "Ensuite", "Classement final", "sac"]


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH` in ``text``, the notation between backquotes left out."""
    text = re.sub(r"`[^`]*`", "", text)
    return sorted({word for word in ENGLISH if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)})


def moves() -> list[str]:
    """The example's moves, in order."""
    return tomllib.loads(SCRIPT.read_text(encoding="utf-8"))["moves"]


def before_the_three_way_merger(cli, tmp_path: Path) -> Path:
    """The example's game played up to Dan's 6E on turn 19, which merges three chains (R5)."""
    path, script = tmp_path / "g.toml", tmp_path / "script.toml"
    text = SCRIPT.read_text(encoding="utf-8")
    kept = moves()[: moves().index("place 6E")]
    script.write_text(text[: text.index("moves = [")] + "moves = " + repr(kept).replace("'", '"') + "\n", encoding="utf-8")
    assert cli("play", str(script), game=path).exit_code == 0
    return path


@pytest.mark.parametrize(("code", "own"), [("de", GERMAN), ("fr", FRENCH)])
def test_a_whole_game_move_by_move_speaks_no_english(cli, tmp_path, code, own):
    path = tmp_path / "g.toml"
    said = [cli("--lang", code, "new", "Ann", "Ben", "Cat", "Dan", game=path)]
    for move in moves():
        said.append(cli("--lang", code, *move.split(), game=path))
    for command in (["status"], ["score"], ["why", "1A"], ["why", "5E"], ["log"], ["check"]):
        said.append(cli("--lang", code, *command, game=path))
    assert [r.exit_code for r in said] == [0] * len(said), [r.output for r in said if r.exit_code]
    text = "\n".join(r.output for r in said).replace(str(tmp_path), "")
    assert english_words(text) == []
    for word in own:
        assert word in text, word
    money = "26.500\u00a0$" if code == "de" else "26\u202f500\u00a0$"
    assert money in text  # Ann's $26,500 after the final payout (R8.3), written as the language writes it


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_merger_the_pending_decision_and_a_tile_s_outcome_are_translated(cli, tmp_path, code):
    """Dan's 6E on turn 19 merges three chains (R5): the merger's table, its bonuses split
    between Ann and Ben (R5.4), and what a tile would do, in the language asked for."""
    path = before_the_three_way_merger(cli, tmp_path)
    why = cli("--lang", code, "why", "6E", game=path).stdout
    english = cli.json("--lang", code, "why", "6E", "--json", game=path)["text"]
    assert english[0].startswith("6E would merge Continental (6), Tower (4), American (4) (R5)")  # JSON: a protocol
    merged = cli("--lang", code, "place", "6E", game=path).output + cli("--lang", code, "choose", "Tower", game=path).output
    assert english_words(why + merged) == []
    # Tower defunct at 4 tiles: Cat's majority bonus $4,000, Dan's minority bonus $2,000 (R5.4)
    four, two = ("4.000\u00a0$", "2.000\u00a0$") if code == "de" else ("4\u202f000\u00a0$", "2\u202f000\u00a0$")
    majority, minority = ("Mehrheit", "Minderheit") if code == "de" else ("majorité", "minorité")
    assert re.search(rf"Cat\s+│\s+4\s+│\s+{re.escape(four)}\s+│\s+{majority}", merged), merged
    assert re.search(rf"Dan\s+│\s+2\s+│\s+{re.escape(two)}\s+│\s+{minority}", merged), merged


def test_json_of_a_german_game_stays_english(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", str(SCRIPT), game=path).exit_code == 0
    doc = cli.json("--lang", "de", "log", "--json", game=path)
    bonuses = [e for entry in doc for e in entry["events"] if e["event"] == "bonus_paid"]
    assert {e["bonus"] for e in bonuses} >= {"majority", "minority"}  # the engine's words, not the catalogue's
    assert cli.json("--lang", "fr", "status", "--json", game=path)["pending"]["text"].startswith("the game is over")
    assert cli("--lang", "fr", "status", game=path).stdout.splitlines()[-1].startswith("Ensuite\u00a0: la partie est finie")


AMOUNT = {"de": r"\d{1,3}(?:\.\d{3})*\u00a0\$", "fr": r"\d{1,3}(?:\u202f\d{3})*\u00a0\$"}
"""An amount as the language writes it, whole: its digits, the no-break space and the sign."""


def broken_amounts(text: str) -> list[str]:
    """The lines of ``text`` where an amount is cut (``26.50…``) or its sign went to the next line
    (a line of a cell that starts with the ``$``, which German and French write after the digits)."""
    return [line for line in text.splitlines() if re.search(r"\d…|(?:│|^)\s*\$", line)]


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize("code", ["de", "fr"])
def test_an_amount_stays_whole_in_a_narrow_table(cli, tmp_path, code, columns):
    """rich breaks a line at any space, the no-break space of ``26.500 $`` too: in ``status``'s
    chains and players, ``score``'s payout (R8.3) and a merger's bonuses (R5.4) at 60 and 80
    columns each amount keeps its digits and its sign on one line."""
    path = before_the_three_way_merger(cli, tmp_path)
    env = {"COLUMNS": str(columns), "NO_COLOR": "1"}
    merger = cli("--lang", code, "place", "6E", game=path, env=env).stdout
    merger += cli("--lang", code, "choose", "Tower", game=path, env=env).stdout
    assert cli("play", str(SCRIPT), "--force", game=path).exit_code == 0
    status = cli("--lang", code, "status", game=path, env=env).stdout
    score = cli("--lang", code, "score", game=path, env=env).stdout
    for said in (merger, status, score):
        assert broken_amounts(said) == []
        assert max(len(line) for line in said.splitlines() if "│" in line) <= columns
    money = re.compile(AMOUNT[code])
    four, two = ("4.000\u00a0$", "2.000\u00a0$") if code == "de" else ("4\u202f000\u00a0$", "2\u202f000\u00a0$")
    assert {four, two} <= set(money.findall(merger))  # Cat's majority and Dan's minority bonus for Tower (R5.4)
    finals = {"26.500\u00a0$", "25.600\u00a0$", "18.500\u00a0$", "18.200\u00a0$"}
    if code == "fr":
        finals = {amount.replace(".", "\u202f") for amount in finals}
    assert finals <= set(money.findall(status)) and finals <= set(money.findall(score))  # each player's cash (R8.3)


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_hostile_session_of_typos_a_locked_file_and_broken_files_speaks_no_english(cli, tmp_path, code):
    """Players that can't sit (R2.1), typo'd and illegal moves (R1.1), take-backs that can't be made, another command
    holding the lock (exit 5), a missing, a corrupt and a hand-edited game file (exit 4): every
    refusal is in the language asked for, and changes nothing."""
    import fcntl

    path = tmp_path / "g.toml"
    said = [cli("--lang", code, "redo", game=path)]  # no game file yet
    said += [cli("--lang", code, "new", *players, game=path) for players in (["Ann"], ["Ann", "ann"], ["Ann", "B=n"])]
    assert cli("--lang", code, "new", "Ann", "Ben", "Cat", "Dan", game=path).exit_code == 0
    said.append(cli("--lang", code, "undo", game=path))
    assert cli("--lang", code, "start", "6D", "9A", "1C", "12I", game=path).exit_code == 0
    kept = path.read_bytes()
    for move in ("place 5Z", "place 5", "place ZZ", "place 6C --found Towr", "buy Towr=2", "buy 2 Tower",
                 "buy Tower,Luxor", "buy Tower=x", "choose Tower", "dispose Ann --sell lots", "undo 5", "redo"):
        said.append(cli("--lang", code, *move.split(), game=path))
    with open(f"{path}.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another command at work on the file
        busy = cli("--lang", code, "place", "6C", game=path, env={"ACQUIRE_LOCK_TIMEOUT": "0"})
    assert busy.exit_code == 5
    assert path.read_bytes() == kept  # nothing changed
    corrupt, edited = tmp_path / "corrupt.toml", tmp_path / "edited.toml"
    corrupt.write_text(kept.decode() + "\nmoves = [\n", encoding="utf-8")
    edited.write_text(kept.decode().replace('"start 6D 9A 1C 12I"', '"start 6D 9A 1C 12Q"'), encoding="utf-8")
    broken = [cli("--lang", code, "status", game=file) for file in (corrupt, edited, tmp_path / "missing.toml")]
    assert [r.exit_code for r in said] == [4, 2, 2, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 3, 3]
    assert [r.exit_code for r in broken] == [4, 4, 4]
    text = "\n".join(r.output for r in [*said, busy, *broken]).replace(str(tmp_path), "")
    assert english_words(text) == [], text
    assert "Traceback" not in text


@pytest.mark.parametrize(("code", "heading", "lone"), [("de", "Ablage von Ann:", "ist ein einzelnes Plättchen"),
                                                       ("fr", "Chevalet d’Ann\u00a0:", "est une tuile isolée")])
def test_a_dealt_rack_is_headed_and_worded_in_the_language_spoken(cli, tmp_path, code, heading, lone):
    """``hand Ann`` in a dealt game (R4): the rack's heading and what each tile would do."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--tiles", "dealt", "--seed", "3", game=path).exit_code == 0
    assert cli("start", game=path).exit_code == 0
    lines = cli("--lang", code, "hand", "Ann", game=path).stdout.splitlines()
    assert lines[0] == heading
    assert lines[1] == f"   12B  {lone}"  # seed 3 deals Ann 12B, a lone tile on an empty corner (R4.1)
    assert english_words("\n".join(lines)) == []


@pytest.mark.parametrize(("code", "count", "alone"), [
    ("de", "3.002 Zeichen", "--as Ben: die Ablage von Ann gehört Ann allein (R10.3)"),
    ("fr", "3\u202f002 caractères", "--as Ben\u00a0: le chevalet d’Ann n’est qu’à Ann (R10.3)")])
def test_a_value_cut_short_and_another_seats_rack_are_refused_in_the_language_spoken(cli, tmp_path, code, count, alone):
    """A 3,000-character rule number is echoed cut short with its length as the language writes
    numbers; ``--as Ben hand Ann`` is refused: a rack is its player's alone (R10.3)."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", "--tiles", "dealt", "--seed", "3", game=path).exit_code == 0
    long = cli("--lang", code, "rule", "R" * 3000)  # quoted in the refusal: 3,002 characters
    assert long.exit_code == 2 and f"'{'R' * 59}... ({count})" in long.stderr
    other = cli("--lang", code, "--as", "Ben", "hand", "Ann", game=path)
    assert other.exit_code == 3 and alone in other.stderr
    assert english_words(long.stderr + other.stderr) == []


@pytest.mark.parametrize(("code", "said"), [
    ("de", ["die Sperrdatei", "ist ein symbolischer Link", "--game braucht einen Dateinamen",
            "ACQUIRE_LOCK_TIMEOUT ist 'abc': gib eine Zahl von Sekunden an"]),
    ("fr", ["le fichier de verrou", "est un lien symbolique", "--game demande un nom de fichier",
            "ACQUIRE_LOCK_TIMEOUT vaut 'abc'\u00a0: donnez un nombre de secondes"])])
def test_the_lock_and_the_game_option_are_refused_in_the_language_spoken(cli, tmp_path, code, said):
    """A lock file that is a link, an empty ``--game`` and a lock timeout that is no number are
    refused, nothing changed, in the language spoken."""
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", game=path).exit_code == 0
    kept = path.read_bytes()
    (tmp_path / "g.toml.lock").unlink(missing_ok=True)
    (tmp_path / "g.toml.lock").symlink_to(tmp_path / "elsewhere")
    linked = cli("--lang", code, "start", "1A", "2B", game=path)
    (tmp_path / "g.toml.lock").unlink()
    empty = cli("--lang", code, "--game", ".", "start", "1A", "2B")
    timeout = cli("--lang", code, "start", "1A", "2B", game=path, env={"ACQUIRE_LOCK_TIMEOUT": "abc"})
    assert [linked.exit_code, empty.exit_code, timeout.exit_code] == [4, 2, 2]
    text = linked.stderr + empty.stderr + timeout.stderr
    assert all(words in text for words in said), text
    assert english_words(text) == [] and path.read_bytes() == kept
