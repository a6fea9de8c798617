"""The projection "if the game ended now" in the middle of a merger (R8.5), and `why` on a tied
merger (each possible survivor at its own price, R5.5)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import Cli

cli = Cli()


def run(path: Path, *args: str):
    result = cli(*["--game", str(path), *args])
    assert result.exit_code == 0, result.output
    return result


def doc(path: Path, *args: str) -> dict:
    return json.loads(run(path, *args, "--json").stdout)


def merging(tmp_path) -> Path:
    """Tower 1A-2A (Ann 4), Luxor 4A-5A (Ben 4, Carol 1, $200); Ann's 3A merges them, Tower survives."""
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Carol"], ["start", "1A", "5A", "9I"], ["place", "2A", "--found", "Tower"],
                 ["buy", "Tower=3"], ["place", "4A", "--found", "Luxor"], ["buy", "Luxor=3"], ["place", "12F"],
                 ["buy", "Luxor=1"], ["place", "3A", "--survivor", "Tower"]):
        run(path, *args)
    return path


def totals(path: Path) -> dict[str, int]:
    return {s["player"]: s["cash"] for s in doc(path, "score")["standings"]}


def test_r8_5_holders_yet_to_dispose_count_the_defunct_shares_at_the_pre_merger_price(tmp_path):
    path = merging(tmp_path)
    # Luxor's bonuses are paid (Ben $2,000, Carol $1,000); Ben and Carol have not disposed yet.
    # Ann: $5,400 + Tower sole holder at 2 tiles $3,000 + 4 x $200 = $9,200
    # Ben: $5,400 + $2,000 + 4 Luxor x $200 = $8,200; Carol: $5,800 + $1,000 + 1 x $200 = $7,000
    assert totals(path) == {"Ann": 9200, "Ben": 8200, "Carol": 7000}
    ben = next(b for b in doc(path, "score")["breakdown"] if b["player"] == "Ben")
    assert {"chain": "Luxor", "shares": 4, "amount": 800} in ben["sales"]
    assert not [b for b in ben["bonuses"] if b["chain"] == "Luxor"]  # paid already, not again


def test_r8_5_shares_kept_after_disposal_count_as_nothing(tmp_path):
    path = merging(tmp_path)
    run(path, "dispose", "Ben")  # Ben holds his 4 Luxor: the chain will be off the board
    assert totals(path)["Ben"] == 5400 + 2000
    assert totals(path)["Carol"] == 5800 + 1000 + 200  # still to decide: $200 a share


def test_r8_5_status_and_score_agree_which_chains_are_defunct(tmp_path):
    path = merging(tmp_path)
    chains = doc(path, "status")["chains"]
    assert chains["Luxor"]["defunct"] is True and "defunct" not in chains["Tower"]
    assert "Luxor (defunct)" in run(path, "status").stdout
    sold = {s["chain"] for b in doc(path, "score")["breakdown"] for s in b["sales"]}
    assert "Luxor" in sold  # valued, not $0, while it is listed as defunct
    run(path, "dispose", "Ben", "--sell", "all")
    run(path, "dispose", "Carol")
    assert "Luxor" not in doc(path, "status")["chains"]


def test_r5_5_why_on_a_tied_merger_gives_each_survivor_its_own_price(tmp_path):
    """Worldwide 2 and Continental 2: `why 4D` shows Continental at 5 tiles for $700, Worldwide $600."""
    path = tmp_path / "g.toml"
    for args in (["new", "Ann", "Ben", "Carol"], ["start", "2D", "6D", "12I"], ["place", "3D", "--found", "Worldwide"],
                 ["buy"], ["place", "5D", "--found", "Continental"], ["buy"]):
        run(path, *args)
    info = doc(path, "why", "4D")
    prices = {o["survivor"]: (o["size"], o["price"]) for o in info["outcomes"]}
    assert prices == {"Worldwide": (5, 600), "Continental": (5, 700)}
    text = run(path, "why", "4D").stdout
    assert "Continental at $700 a share" in text and "Worldwide at $600 a share" in text
