"""The last sentences that stayed English in a German or French session, now in the language
spoken: the live server's refusal of a request naming another server, ``tournament``'s
confirmations at a terminal (the language's yes, as ``undo`` takes it), the rare refusals of
standard input and of a side file of another user, the operating system's common errors, and
TOML's syntax errors; and French elision and agreement where a name or a list follows."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from acquire_ref.web.app import create_app
from tests.helpers import EXAMPLES

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
