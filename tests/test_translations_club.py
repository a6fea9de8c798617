"""The tournament organiser's, the club's and the ratings' commands in German and in French
(acquire_ref.language, the catalogues in acquire_ref/locale): an event run through the command
line with ``--lang`` (entering, the draw, results from sheets, the standings, the table sheets,
the hall page, a withdrawal taken back, refusals), then a season's ratings, the GM's report and a
member's page, show no English word, in their lines and on their pages; and what programs read
stays English (CSV, ``--json``). The hall page in German in Chromium is
tests/test_translations_club_browser.py's.

What may stay English is what GLOSSARY.md says: commands (``acquire-ref --game FILE table``),
players' names, file names, rule numbers, preset names (``acquire-ref``, ``wbc-2007``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES
from tests.test_translations_cli import ENGLISH

CLUB_ENGLISH = ["round", "rounds", "standings", "rating", "ratings", "season", "entered", "heat", "heats", "withdrawn",
                "advances", "playing", "still", "Wrote", "games", "players", "sheet", "sheets", "wins",
                "shared", "uncertainty", "provisional", "played", "refereed", "report", "Winners", "winning", "Round",
                "Tie-breaks", "draw", "seed", "dealt", "checked", "counted", "behind", "ahead", "against", "History",
                "opponent", "find", "your", "Started", "Finished", "conservative", "change", "best"]
"""English words of the organiser's and the club's sentences that are no German or French word
(``table``, ``tables``, ``points``, ``place``, ``lot`` and ``champion`` are French words too)."""

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def english(text: str) -> list[str]:
    """The English-only words (:data:`ENGLISH`, :data:`CLUB_ENGLISH`) in ``text``, commands
    between backquotes and the lines that are a command (``acquire-ref --game ...``) left out."""
    text = re.sub(r"`[^`]*`", "", text)
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("acquire-ref "))
    return sorted({w for w in ENGLISH + CLUB_ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)})


def page_text(path: Path) -> str:
    """What an exported page shows: its text without the style sheet, the script and the tags."""
    html = re.sub(r"<style>.*?</style>|<script>.*?</script>", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


LINES = {
    "de": ["8 Spieler für die nächste Runde angemeldet.", "Runde 1 (Vorrunde): 2 Tische",
           "Runde 1 Tisch 1: {first} 52.300\u00a0$, {second} 41.000\u00a0$, {third} 38.800\u00a0$, {fourth} "
           "20.100\u00a0$ (Ergebnisblatt).", "Runde 1: noch am Spielen: Tisch 2.", "Runde 1 ist vollständig.",
           "Feinwertung (acquire-ref), der Reihe nach: meiste Siege, Platzierungspunkte, bester Vorsprung %, "
           "Ø Platzierung, das aufgezeichnete Los.", "Hal aus den noch auszulosenden Runden zurückgezogen."],
    "fr": ["8 joueurs inscrits pour la prochaine ronde.", "Ronde 1 (qualification)\u00a0: 2 tables",
           "Ronde 1 table 1\u00a0: {first} 52\u202f300\u00a0$, {second} 41\u202f000\u00a0$, {third} 38\u202f800\u00a0$, "
           "{fourth} 20\u202f100\u00a0$ (feuille).", "Ronde 1\u00a0: encore en jeu\u00a0: table 2.",
           "La ronde 1 est complète.", "Départage (acquire-ref), dans l’ordre\u00a0: le plus de victoires, points de "
           "place, meilleur écart %, place moyenne, le tirage au sort enregistré.",
           "Hal retiré des rondes encore à tirer."],
}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_an_event_run_in_german_and_french_speaks_no_english_and_its_csv_stays_english(cli, tmp_path, code):
    def run(*args: str):
        return cli("--lang", code, "tournament", *args, cwd=tmp_path)

    said = [run("new", "Vereinsabend", "--seed", "11", "--tiles", "dealt"), run("add", *NAMES), run("draw")]
    tables = json.loads(cli("tournament", "tables", "--json", cwd=tmp_path).stdout)["tables"]
    money = ["52300", "41000", "38800", "20100"]
    for t in tables:
        said.append(run("result", "1", str(t["table"]), *(f"{p}={m}" for p, m in zip(t["seats"], money, strict=False))))
    said += [run("standings", "--html", "hall.html", "--csv", "liste.csv"), run("sheets", "1", "--html", "s.html"),
             run("withdraw", "Hal"), run("undo"), run("tables", "1")]
    assert [r.exit_code for r in said] == [0] * len(said), [r.output for r in said if r.exit_code]
    refused = [run("result", "1", "1", "Ann=100"), run("result", "1", "9"), run("add", "Ann"),
               run("checkin", "Ann", "--heat", "1")]
    assert [r.exit_code for r in refused] == [3, 2, 2, 3], [r.output for r in refused]
    text = "\n".join(r.output for r in said + refused).replace(str(tmp_path), "")
    pages = page_text(tmp_path / "hall.html") + page_text(tmp_path / "s.html")
    assert english(text) == [] and english(pages) == []
    first = tables[0]["seats"]
    for line in LINES[code]:
        assert line.format(first=first[0], second=first[1], third=first[2], fourth=first[3]) in text, line
    assert f'<html lang="{code}">' in (tmp_path / "hall.html").read_text(encoding="utf-8")
    assert f'<html lang="{code}">' in (tmp_path / "s.html").read_text(encoding="utf-8")
    csv = (tmp_path / "liste.csv").read_text(encoding="utf-8-sig")
    assert csv.startswith("rank,player,badge,group,wins,points,margin,share_of_winner,average_finish,lot,advances")


@pytest.mark.parametrize(("code", "rating", "day", "lines"), [
    ("de", "Wertungszahl", "13. Januar 2026",
     ["    1  Ben             30,40          8,12          6,03        2            2       1,00  13. Januar 2026   vorläufig",
      "4 Partien gewertet (PlackettLuce), in der Reihenfolge des Spielens; Partien eines Tages in der angegebenen "
      "Reihenfolge.", "Siegergebnisse: 18.400\u00a0$ bis 24.000\u00a0$, im Schnitt 21.625\u00a0$.",
      "Ann: 2 Partien, Wertungszahl jetzt 1,55 (konservativ)"]),
    ("fr", "cote", "13 janvier 2026",
     ["Scores gagnants\u00a0: de 18\u202f400\u00a0$ à 24\u202f000\u00a0$, en moyenne 21\u202f625\u00a0$.",
      "Ann\u00a0: 2 parties, cote actuelle 1,55 (prudente)",
      "  contre Eve\u00a0: 1 partie, devant 0, derrière 0, à égalité 1"]),
])
def test_a_seasons_ratings_report_and_member_page_in_german_and_french_speak_no_english_T6(cli, tmp_path, code,
                                                                                           rating, day, lines):
    season = EXAMPLES / "season"
    plays = tmp_path / "paper.toml"
    said = [cli("--lang", code, "ratings", season, "--html", tmp_path / "r.html", "--csv", tmp_path / "r.csv"),
            cli("--lang", code, "ratings", season, "--history", "--season", "2026"),
            cli("--lang", code, "club", "report", season, "--html", tmp_path / "gm.html"),
            cli("--lang", code, "club", "player", season, "--player", "Ann", "--html", tmp_path / "ann.html"),
            cli("--lang", code, "club", "add", plays, "--played", "2026-03-14", "Ann=52300", "Ben=41000", "Cat=38000")]
    assert [r.exit_code for r in said] == [0] * len(said), [r.output for r in said if r.exit_code]
    text = "\n".join(r.output for r in said).replace(str(tmp_path), "")
    pages = "".join(page_text(tmp_path / name) for name in ("r.html", "gm.html", "ann.html"))
    assert english(text) == [] and english(pages) == []
    assert rating in text and day in text and day in pages
    for line in lines:
        assert line in text, line
    assert "14. März 2026" in text if code == "de" else "14 mars 2026" in text  # the paper play's date, in prose
    csv = (tmp_path / "r.csv").read_text(encoding="utf-8-sig")
    assert csv.splitlines()[0].startswith("rank,player,rating,uncertainty,conservative")  # for programs: English
    doc = cli.json("--lang", code, "ratings", season, "--json")
    assert doc["ratings"][0]["last_played"] == "2026-01-13"  # JSON: a protocol, English and ISO dates
