"""Scores, calculators and `why`: the numbers in every view agree with RULES.md's worked cases
and with each other."""

from __future__ import annotations

import copy
import json
import re

import pytest

from acquire_ref import Game, parse_move
from acquire_ref.engine.events import BonusPaid
from acquire_ref.engine.tiles import parse_tile
from acquire_ref.viewers.describe import tile as describe_tile
from tests.helpers import EXAMPLES, reference_games


# ---------------------------------------------------------------- price, chart, bonus
@pytest.mark.parametrize("chain, size, price", [
    ("Tower", 2, 200), ("Luxor", 5, 500), ("American", 6, 700), ("Worldwide", 7, 700),
    ("Festival", 10, 700), ("Imperial", 14, 900), ("Continental", 41, 1200), ("Tower", 21, 800),
    ("Imperial", 31, 1100),
])
def test_price_calculator(cli, chain, size, price):
    doc = cli.json("price", chain, str(size))
    assert (doc["price"], doc["majority"], doc["minority"]) == (price, 10 * price, 5 * price)


def test_price_of_imperial_at_14_in_words(cli):
    out = cli("price", "imp", "14").stdout
    assert "Imperial" in out and "$900 a share" in out and "$9,000" in out and "$4,500" in out


def test_price_rejects_unknown_chain_with_exit_2(cli):
    result = cli("price", "Hilton", "5")
    assert result.exit_code == 2 and "Tower" in result.output


def test_chart_is_the_information_card(cli):
    doc = cli.json("chart")
    assert doc["tiers"] == {"cheap": ["Tower", "Luxor"], "middle": ["American", "Worldwide", "Festival"],
                            "top": ["Imperial", "Continental"]}
    sizes = [(b["from"], b["to"]) for b in doc["brackets"]]
    assert sizes == [(2, 2), (3, 3), (4, 4), (5, 5), (6, 10), (11, 20), (21, 30), (31, 40), (41, None)]
    cheap = [b["prices"]["cheap"]["price"] for b in doc["brackets"]]
    assert cheap == [200, 300, 400, 500, 600, 700, 800, 900, 1000]
    assert [b["prices"]["top"]["price"] for b in doc["brackets"]] == [p + 200 for p in cheap]
    assert "Information card" in cli("chart").stdout


@pytest.mark.parametrize("args, expected", [
    # worked case 4: Tower of 3; A 4, B 2, C 1
    (["Tower", "3", "A=4", "B=2", "C=1"], {"A": 3000, "B": 1500}),
    # worked case 5: Luxor of 2, only A (1 share)
    (["Luxor", "2", "A=1"], {"A": 3000}),
    # worked case 6: American of 5; A 3, B 3, C 2
    (["American", "5", "A=3", "B=3", "C=2"], {"A": 4500, "B": 4500}),
    # worked case 7: American of 2; A 2, B 2
    (["American", "2", "A=2", "B=2"], {"A": 2300, "B": 2300}),
    # worked case 8: Tower of 2; four players 1 each
    (["Tower", "2", "A=1", "B=1", "C=1", "D=1"], {"A": 800, "B": 800, "C": 800, "D": 800}),
    # worked case 9: Imperial of 4; A 5, B 2, C 2
    (["Imperial", "4", "A=5", "B=2", "C=2"], {"A": 6000, "B": 1500, "C": 1500}),
    # worked case 10: Luxor of 2; A 4, B 1, C 1, D 1
    (["Luxor", "2", "A=4", "B=1", "C=1", "D=1"], {"A": 2000, "B": 400, "C": 400, "D": 400}),
])
def test_bonus_calculator_reproduces_worked_cases(cli, args, expected):
    doc = cli.json("bonus", *args)
    assert {b["player"]: b["amount"] for b in doc["bonuses"]} == expected


def test_bonus_calculator_refuses_malformed_holdings(cli):
    assert cli("bonus", "Tower", "3", "A3").exit_code == 2
    assert cli("bonus", "Tower", "3", "A=20", "B=6").exit_code == 2


# ---------------------------------------------------------------- score
def test_score_breakdown_of_a_finished_game(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    doc = cli.json("score", game=path)
    assert doc["final"] is True
    rows = {r["player"]: r for r in doc["breakdown"]}
    # hand ledger in examples/four-players.toml: Continental 18 ($900), Festival 14 ($800)
    assert rows["Ann"]["bonuses"] == [{"chain": "Continental", "amount": 9000, "kind": "majority", "shares": 7}]
    assert rows["Dan"]["before"] == 500
    assert sorted((b["chain"], b["amount"]) for b in rows["Dan"]["bonuses"]) == [("Continental", 4500), ("Festival", 8000)]
    for r in doc["breakdown"]:
        assert r["total"] == r["before"] + sum(b["amount"] for b in r["bonuses"]) + sum(s["amount"] for s in r["sales"])
    assert {s["player"]: s["cash"] for s in doc["standings"]} == {"Ann": 26500, "Dan": 25600, "Cat": 18500, "Ben": 18200}


def test_score_position_reproduces_worked_case_23(cli):
    doc = cli.json("score", "--position", str(EXAMPLES / "final-position.toml"))
    assert [(s["player"], s["cash"], s["rank"]) for s in doc["standings"]] == [("p1", 17800, 1), ("p0", 4600, 2)]
    p1 = next(r for r in doc["breakdown"] if r["player"] == "p1")
    assert {(s["chain"], s["amount"]) for s in p1["sales"]} == {("Tower", 800), ("Imperial", 6500)}
    out = cli("score", "--position", str(EXAMPLES / "final-position.toml")).stdout
    assert "$17,800" in out and "$4,600" in out


@pytest.mark.parametrize("text, words", [
    ("[chains]\nTower = 2\n[cash]\nA = 100\n[shares]\nA = { Tower = 26 }\n", "players hold 26 Tower"),
    ("[chains]\nTower = 1\n[cash]\nA = 100\n", "at least 2 tiles"),
    ("[chains]\nHilton = 5\n[cash]\nA = 100\n", "unknown chain 'Hilton'"),
    ("[chains]\nTower = 5\n[cash]\nA = 150\n", "multiples of $100"),
    ("[chains]\nTower = 5\n", "cash is missing"),
    ("[chains]\nTower = 5\n[cash]\nA = 100\n[shares]\nB = { Tower = 1 }\n", "'B' has no cash entry"),
    ("[chains\n", "not valid TOML"),
])
def test_bad_scoring_position_exit_4(cli, tmp_path, text, words):
    path = tmp_path / "pos.toml"
    path.write_text(text)
    result = cli("score", "--position", str(path))
    assert result.exit_code == 4
    assert words in result.output and "Traceback" not in result.output


def test_scoring_position_checks_players_and_reads_chain_names_in_any_case(cli, tmp_path):
    pos = tmp_path / "pos.toml"
    pos.write_text("[chains]\ntower = 2\n[cash]\nA = 100\n")
    result = cli("score", "--position", str(pos), game=tmp_path / "g.toml")
    assert result.exit_code == 4 and "seats 2 to 6" in result.output
    pos.write_text('[chains]\ntower = 2\n[cash]\nA = 100\nB = 200\n[shares]\nA = { Tower = 1 }\n')
    doc = json.loads(cli("score", "--position", str(pos), "--json", game=tmp_path / "g.toml").stdout)
    assert doc["standings"][0] == {"player": "A", "cash": 100 + 3000 + 200, "rank": 1}


# ---------------------------------------------------------------- why agrees with place; bonus with mergers
def reference_positions():
    """``(game, words)`` before every legal line of every reference game; the caller applies it."""
    for ref in reference_games():
        (_, new), *moves = ref.lines
        g = Game.new(new[1:])
        for bad, words in moves:
            if not bad:
                yield g, words


def games_in_progress():
    """Every position of the reference games where a tile is to be placed."""
    for g, words in reference_positions():
        if g.pending.decision == "place" and words[0] == "place":
            yield g, parse_tile(words[1])
        g.apply(parse_move(" ".join(words), g.edition))


def test_why_agrees_with_what_place_then_does():
    checked = set()
    for g, tile in games_in_progress():
        info = describe_tile(g, tile)
        after = copy.deepcopy(g)
        events = after.apply(parse_move(f"place {tile}", g.edition))
        assert info["effect"] == events[0].effect
        checked.add(info["effect"])
        if info["effect"] == "grow":
            assert after.board.sizes[info["chain"]] == info["size"]
            assert after.price(info["chain"]) == info["price"]
        if info["effect"] == "merge" and len(info["survivors"]) == 1:
            while after.pending.decision == "choose":
                after.apply(parse_move(f"choose {after.pending.options[0]}"))
            paid = [e for e in events if isinstance(e, BonusPaid)]
            outcome = info["outcomes"][0]
            first = outcome["defunct"][0]
            assert [(e.player, e.amount) for e in paid if e.chain == first["chain"]] == \
                [(b["player"], b["amount"]) for b in first["bonuses"]]
    assert checked == {"lone", "found", "grow", "merge"}


def test_r4_3_why_says_a_growth_that_leaves_the_price_as_it_was():
    """Tower grows 6 -> 7 tiles within one bracket of the information card (R3): $600 before and
    after, said once; 2 -> 3 tiles moves it from $200 to $300."""
    g = Game.new(["A", "B", "C"])
    for column in range(1, 7):
        g.board.put(parse_tile(f"{column}A"), "Tower")
    assert describe_tile(g, parse_tile("7A"))["text"] == [
        "7A would grow Tower from 6 to 7 tiles (R4.3); price stays $600 a share."]
    small = Game.new(["A", "B", "C"])
    for column in (1, 2):
        small.board.put(parse_tile(f"{column}C"), "Tower")
    info = describe_tile(small, parse_tile("3C"))
    assert info["price"] == 300
    assert info["text"] == ["3C would grow Tower from 2 to 3 tiles (R4.3); price $200 -> $300 a share."]


def test_why_for_blocked_dead_occupied_and_through_cli(cli, tmp_path):
    g = Game.new(["A", "B", "C"])
    g.apply(parse_move("start 1A 5E 9I"))
    assert describe_tile(g, parse_tile("1A"))["effect"] == "occupied"
    assert describe_tile(g, parse_tile("2A"))["effect"] == "found"
    # dead: 1B would merge the safe chains Tower (row A) and Imperial (row C)
    dead = Game.new(["A", "B", "C"])
    for chain, row in (("Tower", "A"), ("Imperial", "C")):
        for column in range(1, 12):
            dead.board.put(parse_tile(f"{column}{row}"), chain)
    info = describe_tile(dead, parse_tile("1B"))
    assert info["effect"] == "dead" and info["chains"] == {"Tower": 11, "Imperial": 11}
    # blocked: all seven chains are on the board and 12H would found an eighth with the lone 12I
    blocked = Game.new(["A", "B", "C"])
    pairs = ("1A 2A", "4A 5A", "7A 8A", "10A 11A", "1C 2C", "4C 5C", "7C 8C")
    for chain, pair in zip(blocked.edition.chain_names, pairs, strict=True):
        for tile in pair.split():
            blocked.board.put(parse_tile(tile), chain)
    blocked.board.put(parse_tile("12I"), None)
    info = describe_tile(blocked, parse_tile("12H"))
    assert info["effect"] == "blocked" and info["group"] == ["12H", "12I"]
    path = tmp_path / "g.toml"
    for args in (["new", "A", "B", "C"], ["start", "1A", "5E", "9I"]):
        assert cli(*args, game=path).exit_code == 0
    out = cli("why", "2a", game=path).stdout
    assert "would found a chain of 2 tiles (1A 2A)" in out
    assert cli("why", "2Z", game=path).exit_code == 2


def test_bonus_calculator_agrees_with_what_mergers_pay(cli):
    compared = 0
    for g, words in reference_positions():
        holdings = {p: dict(s) for p, s in g.shares.items()}
        sizes = dict(g.board.sizes)
        events = g.apply(parse_move(" ".join(words), g.edition))
        for chain in {e.chain for e in events if isinstance(e, BonusPaid)} - {None}:
            if g.over:
                continue
            paid = {e.player: e.amount for e in events if isinstance(e, BonusPaid) and e.chain == chain}
            args = [f"{p}={h[chain]}" for p, h in holdings.items() if h[chain]]
            if not args or chain not in sizes:
                continue
            doc = cli.json("bonus", chain, str(sizes[chain]), *args)
            assert {b["player"]: b["amount"] for b in doc["bonuses"]} == paid
            compared += 1
    assert compared > 10


# ---------------------------------------------------------------- the card in German and in French
NB, NN = "\u00a0", "\u202f"
"""The no-break space before ``$`` (and before a French ``:`` or ``;``), the narrow one between French digit groups."""


def marks(lines: list[str]) -> list[str]:
    """``lines`` with the space before a French ``:``, ``;``, ``?`` or ``!`` written one way: which
    space the catalogue puts there is its typography's business (tests/test_translations.py), not
    the card's."""
    return [re.sub(r"[ \u00a0\u202f]([:;?!])", "\u00a0\\1", line) for line in lines]

CARD_IN = {
    "de": {
        ("price", "Tower", "5"): [f"Tower (Preisstufe günstig) bei 5 Plättchen: 500{NB}$ je Aktie; Mehrheitsbonus 5.000{NB}$, "
                                  f"Minderheitsbonus 2.500{NB}$."],
        ("price", "imp", "14"): [f"Imperial (Preisstufe teuer) bei 14 Plättchen: 900{NB}$ je Aktie; Mehrheitsbonus 9.000{NB}$, "
                                 f"Minderheitsbonus 4.500{NB}$; sicher (R3.5)."],
        # R5.4 worked case 9: Imperial of 4; A 5, B 2, C 2: B and C split the minority bonus
        ("bonus", "Imperial", "4", "A=5", "B=2", "C=2", "D=0"): [
            f"Imperial bei 4 Plättchen (600{NB}$): Mehrheit 6.000{NB}$, Minderheit 3.000{NB}$",
            f"  A (5 Aktien): 6.000{NB}$ (Mehrheit)",
            f"  B (2 Aktien): 1.500{NB}$ (Minderheit (geteilt durch 2))",
            f"  C (2 Aktien): 1.500{NB}$ (Minderheit (geteilt durch 2))",
            "  D (0 Aktien): nichts"],
        ("bonus", "Luxor", "2", "A=1"): [
            f"Luxor bei 2 Plättchen (200{NB}$): Mehrheit 2.000{NB}$, Minderheit 1.000{NB}$",
            f"  A (1 Aktie): 3.000{NB}$ (Mehrheit + Minderheit (einziger Aktionär))"],
    },
    "fr": {
        ("price", "Tower", "5"): [f"Tower (catégorie économique) à 5 tuiles{NB}: 500{NB}$ l’action{NB}; prime de majorité "
                                  f"5{NN}000{NB}$, prime de minorité 2{NN}500{NB}$."],
        ("price", "imp", "14"): [f"Imperial (catégorie de luxe) à 14 tuiles{NB}: 900{NB}$ l’action{NB}; prime de majorité "
                                 f"9{NN}000{NB}$, prime de minorité 4{NN}500{NB}${NB}; protégée (R3.5)."],
        ("bonus", "Imperial", "4", "A=5", "B=2", "C=2", "D=0"): [
            f"Imperial à 4 tuiles (600{NB}$){NB}: majorité 6{NN}000{NB}$, minorité 3{NN}000{NB}$",
            f"  A (5 actions){NB}: 6{NN}000{NB}$ (majorité)",
            f"  B (2 actions){NB}: 1{NN}500{NB}$ (minorité (partagée en 2))",
            f"  C (2 actions){NB}: 1{NN}500{NB}$ (minorité (partagée en 2))",
            f"  D (0 action){NB}: rien"],
        ("bonus", "Luxor", "2", "A=1"): [
            f"Luxor à 2 tuiles (200{NB}$){NB}: majorité 2{NN}000{NB}$, minorité 1{NN}000{NB}$",
            f"  A (1 action){NB}: 3{NN}000{NB}$ (majorité + minorité (seul actionnaire))"],
    },
}
"""What ``price`` and ``bonus`` say in each language, word for word (R3.2, R3.3, R3.5, R5.4)."""


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("args", list(CARD_IN["de"]))
def test_price_and_bonus_speak_the_language_with_its_money(cli, code, args):
    from tests.test_translations_cli import english_words

    said = cli("--lang", code, *args)
    assert said.exit_code == 0
    assert marks(said.stdout.splitlines()) == marks(CARD_IN[code][args])
    assert english_words(said.stdout) == []
    assert cli.json("--lang", code, *args, "--json") == cli.json(*args, "--json")  # JSON: a protocol, English


def test_bonus_nobody_holding_is_said_in_the_language(cli):
    assert cli("--lang", "de", "bonus", "Tower", "3", "A=0").stdout.splitlines()[-1] == \
        "  niemand besitzt eine Aktie: es wird kein Bonus gezahlt"
    assert cli("--lang", "fr", "bonus", "Tower", "3", "A=0").stdout.splitlines()[-1] == \
        f"  personne ne détient d’action{NB}: aucune prime n’est payée"


@pytest.mark.parametrize(("code", "heads", "row", "caption"), [
    ("de", ["Informationskarte (classic)", "günstig: Tower, Luxor", "mittel: American,", "teuer: Imperial,",
            "Größe   Preis Mehrh. Minderh.   Preis Mehrh. Minderh.   Preis Mehrh. Minderh."],
     ["41+", "1.000", "10.000", "5.000", "1.100", "11.000", "5.500", "1.200", "12.000", "6.000"],
     ["Preis: eine Aktie; Mehrh., Minderh.: Mehrheits- und Minderheitsbonus (R3.3)",
      "sicher ab 11 Plättchen; das Spielende kann ab 41 angesagt werden (R3.5, R8.1)",
      "alle Beträge in Dollar ($)"]),
    ("fr", ["Carte d’information (classic)", f"économique{NB}: Tower,", f"intermédiaire{NB}:", f"de luxe{NB}: Imperial,",
            "taille    prix major. minor.    prix major. minor.    prix major. minor."],
     ["41+", f"1{NN}000", f"10{NN}000", f"5{NN}000", f"1{NN}100", f"11{NN}000", f"5{NN}500", f"1{NN}200", f"12{NN}000",
      f"6{NN}000"],
     [f"prix{NB}: une action{NB}; major., minor.{NB}: primes de majorité et de minorité (R3.3)",
      f"protégée à 11 tuiles{NB}; la fin peut être annoncée à 41 (R3.5, R8.1)",
      "tous les montants en dollars ($)"]),
])
def test_chart_the_information_card_in_the_language_fits_80_columns(cli, code, heads, row, caption):
    """German and French money (``1.000 $``) would make the card 88 columns wide: the figures are
    written as the language writes numbers and the caption says they are dollars (R3.2, R3.3)."""
    from tests.test_translations_cli import english_words

    said = cli("--lang", code, "chart")
    assert said.exit_code == 0
    lines = said.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in said.stdout
    assert all(any(head in line for line in lines) for head in heads), said.stdout
    assert re.split(" +", next(line for line in lines if line.strip().startswith("41+")).strip()) == row
    assert marks(lines[-3:]) == marks(caption)
    assert english_words(said.stdout) == []


def test_chart_in_english_keeps_the_dollar_in_every_figure(cli):
    said = cli("chart").stdout
    assert "$12,000" in said and "dollars" not in said


@pytest.mark.parametrize(("code", "caption"), [
    ("de", ["Preis: eine Aktie; 1., 2., 3.: der Bonus jedes der 3 Plätze (10-fach, 7,5-fach, 5-fach; R5.4a)",
            "sicher ab 10 Plättchen; das Spielende kann ab 38 angesagt werden (R3.5, R8.1)", "Spielplan: 10 x 10 (R1.1a)"]),
    ("fr", [f"prix{NB}: une action{NB}; 1er, 2e, 3e{NB}: la prime de chacune des 3 places (10 fois, 7,5 fois, 5 fois{NB}; R5.4a)",
            f"protégée à 10 tuiles{NB}; la fin peut être annoncée à 38 (R3.5, R8.1)", f"plateau{NB}: 10 x 10 (R1.1a)"]),
])
def test_r5_4a_the_card_of_three_places_is_captioned_in_the_language(cli, tmp_path, code, caption):
    import tomli_w

    from tests.test_board_editions import ten_by_ten

    rules = tmp_path / "ten.toml"
    rules.write_text(tomli_w.dumps(ten_by_ten()), encoding="utf-8")
    said = cli("--lang", code, "chart", "--edition", str(rules)).stdout
    assert marks(said.splitlines()[-3:]) == marks(caption)
    assert english_words_of(said) == []


def english_words_of(text: str) -> list[str]:
    """:func:`tests.test_translations_cli.english_words` (imported late: it reads the example at import)."""
    from tests.test_translations_cli import english_words

    return english_words(text)
