"""The last sentences that stayed English in a German or French session, now in the language
spoken: the live server's refusal of a request naming another server, ``tournament``'s
confirmations at a terminal (the language's yes, as ``undo`` takes it), the rare refusals of
standard input and of a side file of another user, the operating system's common errors, and
TOML's syntax errors; and French elision and agreement where a name or a list follows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from acquire_ref.web.app import create_app
from tests.helpers import EXAMPLES, tournament_ok

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize(("code", "said"), [
    ("de", "Dieser Server antwortet nur auf 127.0.0.1, [::1], localhost, und die Anfrage nennt 'evil.example' (Host): "
           "öffne eine der Adressen, die `acquire-ref serve` ausgegeben hat.\n"),
    ("fr", f"Ce serveur ne répond qu’à 127.0.0.1, [::1], localhost, et la requête nomme 'evil.example' (Host){NBSP}: "
           "ouvrez une des adresses qu’a affichées `acquire-ref serve`.\n"),
])
def test_a_request_naming_another_server_is_refused_in_the_server_s_language(tmp_path, code, said):
    path = tmp_path / "g.toml"
    path.write_bytes((EXAMPLES / "mid-game.toml").read_bytes())
    refused = TestClient(create_app(path, lang=code), base_url="http://evil.example").get("/state.json")
    assert refused.status_code == 400
    assert refused.text == said
    english = TestClient(create_app(path), base_url="http://evil.example").get("/")
    assert english.text.startswith("This server answers to 127.0.0.1, [::1], localhost only, and the request "
                                   "names 'evil.example' (Host)")


@pytest.fixture
def on_a_terminal(monkeypatch):
    """Standard input and standard error are a terminal: ``tournament`` may ask."""
    import acquire_ref.cli.tournament

    monkeypatch.setattr(acquire_ref.cli.tournament, "_asks", lambda: True)


def with_a_result(cli, folder: Path) -> bytes:
    """An event of eight players, round 1 drawn and table 1's result entered: the event file."""
    tournament_ok(cli, folder, "new", "Club", "--seed", "11")
    tournament_ok(cli, folder, "add", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    seats = json.loads(tournament_ok(cli, folder, "draw", "--json"))["round"]["tables"][0]["seats"]
    tournament_ok(cli, folder, "result", "1", "1", *[f"{p}={(i + 2) * 10000}" for i, p in enumerate(seats)])
    return (folder / "club.event.toml").read_bytes()


@pytest.mark.parametrize(("code", "asked", "yes", "unchanged"), [
    ("de", "Runde 1 hat eingetragene Ergebnisse für Tisch 1: eine Neuauslosung streicht sie. Fortfahren? [j/N] ",
     ["Ja", "y"], "nichts geändert"),
    ("fr", f"la ronde 1 a des résultats saisis pour la table 1{NBSP}: un nouveau tirage les supprime. "
           f"Continuer{NNBSP}? [o/N] ", ["oui", "y"], "rien n’a changé"),
])
def test_t2_3_a_redraw_asks_with_the_language_s_letters_and_takes_its_yes(cli, tmp_path, on_a_terminal, code, asked,
                                                                        yes, unchanged):
    before = with_a_result(cli, tmp_path)
    for answer in ("n", "", "yes please"):
        refused = cli("--lang", code, "tournament", "draw", "--force", cwd=tmp_path, input=f"{answer}\n")
        assert refused.exit_code == 3, refused.output
        assert refused.stderr.startswith(asked) and unchanged in refused.stderr and "[y/N]" not in refused.stderr
        assert (tmp_path / "club.event.toml").read_bytes() == before
    for answer in yes:
        folder = tmp_path / answer
        folder.mkdir()
        before = with_a_result(cli, folder)
        taken = cli("--lang", code, "tournament", "draw", "--force", cwd=folder, input=f"{answer}\n")
        assert taken.exit_code == 0, taken.output
        assert taken.stderr.startswith(asked)
        assert (folder / "club.event.toml").read_bytes() != before
