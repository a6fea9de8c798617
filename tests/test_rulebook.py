"""The rule book in the package (acquire_ref/rulebook.md): every rule number the product cites is
written there, `acquire-ref rule` prints it, and a refusal says where to read its rule."""

from __future__ import annotations

import re
import subprocess

import pytest

from acquire_ref import rulebook
from tests.helpers import ROOT, installed

CITED = re.compile(r"\b[RT]\d+(?:\.\d+[a-z]?)?\b")
"""A rule number as the code, its messages and the documents cite it (R6.3, R5.3b, T4)."""

WHERE_CITED = [
    *sorted((ROOT / "acquire_ref").rglob("*.py")),
    *sorted((ROOT / "acquire_ref" / "web" / "templates").glob("*")),
    *sorted((ROOT / "acquire_ref" / "web" / "static").glob("*.js")),
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "man" / "acquire-ref.1",
    ROOT / "man" / "acquire-ref.5",
    *sorted((ROOT / "tests").glob("test_*.py")),
]


def cited_numbers() -> dict[str, str]:
    """Every rule number cited in the package, its documents and the tests: {number: first file}."""
    found: dict[str, str] = {}
    for path in WHERE_CITED:
        if not path.is_file() or path.stem in ("rulebook", "test_rulebook"):  # they name unknown numbers on purpose
            continue
        for number in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(number, str(path.relative_to(ROOT)))
    return found


def test_every_rule_number_cited_is_written_in_the_rule_book():
    cited = cited_numbers()
    assert {"R6.3", "R5.3b", "R10.1", "T4"} <= set(cited)
    missing = {number: where for number, where in cited.items() if number not in rulebook.book()}
    assert not missing, f"rule numbers cited but not in acquire_ref/rulebook.md: {missing}"


def test_the_rule_book_has_every_section_in_order():
    assert rulebook.sections() == [*(f"R{n}" for n in (*range(1, 11), 17)), *(f"T{n}" for n in range(1, 8))]


def test_r6_3_in_the_book_says_that_cash_equal_to_the_price_is_enough():
    found = rulebook.rule("r6.3")
    assert (found.number, found.section) == ("R6.3", "Buying shares")
    assert "Cash equal to the price is enough" in found.text


def test_r5_3b_is_the_disposal_and_r5_3_holds_both_its_steps():
    assert rulebook.rule("R5.3b").text.startswith("b. each holder of its shares")
    steps = rulebook.rule("R5.3").text.splitlines()
    assert [line[:2] for line in steps] == ["3.", "a.", "b."]


@pytest.mark.parametrize("number, words", [("R11", "the rules are R1"), ("R6.9", "R6 has R6.1, R6.2, R6.3"),
                                           ("6.3", "not a rule number")])
def test_an_unknown_rule_is_refused_with_the_numbers_that_exist(cli, number, words):
    result = cli("rule", number)
    assert result.exit_code == 2
    assert words in result.stderr


def test_rule_prints_one_rule_wrapped_with_its_section(cli):
    result = cli("rule", "R6.3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "R6.3 (Buying shares)"
    assert lines[1].startswith("3. Shares cost the chain's price now.")
    assert all(len(line) <= 100 for line in lines)


def test_rule_alone_lists_the_sections(cli):
    result = cli("rule")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == ["R1   Board and tiles", "R2   Setting up"]
    assert "T7   The GM's report and the club's books" in result.stdout
    assert [row["number"] for row in cli.json("rule")] == rulebook.sections()


def test_rule_json_is_the_rule_as_data(cli):
    doc = cli.json("rule", "R2.3")
    assert doc["number"] == "R2.3" and doc["section"] == "Setting up"
    assert "9A is nearer than 1B" in doc["text"]


def test_r6_3_a_refusal_says_where_to_read_its_rule(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    result = cli("buy", "Tower=2", game=path)
    assert result.exit_code == 3
    assert result.stderr.splitlines()[-1] == "acquire-ref: read R2.2 with `acquire-ref rule R2.2`"


def test_the_installed_command_ships_the_rule_book(tmp_path):
    result = subprocess.run([installed(), "rule", "R8.2"], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("R8.2 (The end of the game)\n2. Only the player whose turn it is may declare")
    german = subprocess.run([installed(), "--lang", "de", "rule", "R8.2"], capture_output=True, text=True, cwd=tmp_path,
                            check=False)
    assert german.stdout.startswith("R8.2 (Das Spielende)\n2. Nur der Spieler am Zug darf das Spielende ansagen")


# ------------------------------------------------------------------ the book in German and in French
TRANSLATED = ["de", "fr"]
HEADINGS = re.compile(r"^(#{1,2}) ?([RT]\d+)?", re.MULTILINE)
"""A heading of the book and, for a section, its number (``## R6 ...``)."""
KEPT = re.compile(r"`[^`]*`|\b[RT]\d+(?:\.\d+[a-z]?)?\b|\b\d{1,2}[A-J]\b")
"""What a translation keeps as the English writes it: the notation between backquotes, rule numbers, tile names."""


def structure_differences(english: str, translated: str) -> list[str]:
    """How the rule book ``translated`` differs in shape from ``english`` (both Markdown): the rule
    numbers (sections, items, sub-items) missing, extra or out of order, and the headings."""
    ours, theirs = list(rulebook.parse(english)), list(rulebook.parse(translated))
    problems = [f"{n} is not translated" for n in ours if n not in theirs]
    problems += [f"{n} is not in the English" for n in theirs if n not in ours]
    if not problems and ours != theirs:
        problems.append("the rules are in another order")
    if HEADINGS.findall(translated) != HEADINGS.findall(english):
        problems.append("the headings differ")
    return problems


def book_text(code: str) -> str:
    """The Markdown of the rule book of ``code`` as shipped."""
    return (ROOT / "acquire_ref" / rulebook.BOOKS[code]).read_text(encoding="utf-8")


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_has_every_rule_number_of_the_english_in_the_same_order(code):
    assert structure_differences(book_text("en"), book_text(code)) == []
    assert list(rulebook.book(code)) == list(rulebook.book("en"))  # as the command reads them


def test_a_rule_added_to_the_english_alone_or_moved_fails_the_translations_check():
    english, german = book_text("en"), book_text("de")
    added = english.replace("\n## R10 ", "\n2. A rule written in English only.\n   a. With a point.\n\n## R10 ")
    assert structure_differences(added, german) == ["R9.2 is not translated", "R9.2a is not translated"]
    section = english[english.index("## R9 "):english.index("## R10 ")]
    moved = english.replace(section, "").replace("## R17 ", section + "## R17 ")
    assert structure_differences(moved, german) == ["the rules are in another order", "the headings differ"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translated_rule_keeps_the_notation_rule_numbers_and_tiles_of_the_english(code):
    english, translated = rulebook.book("en"), rulebook.book(code)
    changed = {n: (sorted(KEPT.findall(r.text)), sorted(KEPT.findall(translated[n].text)))
               for n, r in english.items() if sorted(KEPT.findall(r.text)) != sorted(KEPT.findall(translated[n].text))}
    assert changed == {}
    assert all(translated[n].text != r.text for n, r in english.items())  # every rule is translated, none copied



@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_word_is_left_in_a_translated_book(code):
    from tests.test_translations_cli import english_words

    book = rulebook.book(code)
    whole = "\n".join(f"{rule.section}\n{rule.text}" for number, rule in book.items() if "." not in number)
    assert english_words(whole) == []
    assert len(whole) > 10_000  # the whole book: every section with its preamble and rules


R6_3 = {
    "de": ["R6.3 (Aktien kaufen)",
           "3. Aktien kosten den jetzigen Preis der Kette. Ein Kauf, den die Aktien der Bank oder das Bargeld",
           "   des Spielers nicht decken, wird als Ganzes abgelehnt, mit dem Grund; nichts ändert sich, und der",
           "   Spieler kann es erneut versuchen. Bargeld in Höhe des Preises genügt. Es gibt keine Kredite, und",
           "   Aktien werden nur bei Fusionen und am Spielende verkauft."],
    "fr": ["R6.3 (Acheter des actions)",
           "3. Les actions coûtent le prix actuel de la chaîne. Un achat que les actions de la banque ou",
           "   l’argent du joueur ne peuvent pas couvrir est refusé en entier, avec la raison\u202f; rien ne change",
           "   et le joueur peut réessayer. Avoir exactement le prix en argent suffit. Il n’y a pas d’emprunt,",
           "   et les actions ne se vendent que lors des fusions et à la fin."],
}
"""R6.3 as ``acquire-ref rule R6.3`` prints it from each translation, wrapped at 100 columns."""


@pytest.mark.parametrize("code", TRANSLATED)
def test_r6_3_is_read_in_the_language_spoken_and_json_stays_english(cli, code):
    result = cli("--lang", code, "rule", "R6.3")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == R6_3[code]
    assert cli("rule", "R6.3", env={"ACQUIRE_LANG": code}).stdout == result.stdout
    assert cli.json("--lang", code, "rule", "R6.3")["section"] == "Buying shares"  # a protocol: English
    assert [row["section"] for row in cli.json("--lang", code, "rule")][:2] == ["Board and tiles", "Setting up"]


@pytest.mark.parametrize(("code", "listed", "unknown", "where"), [
    ("de", ["R1   Spielplan und Plättchen", "R2   Spielvorbereitung"], "es gibt keine Regel R6.9; R6 hat R6.1, R6.2, R6.3",
     "acquire-ref: lies R2.2 mit `acquire-ref rule R2.2`"),
    ("fr", ["R1   Plateau et tuiles", "R2   Mise en place"], "il n’y a pas de règle R6.9\u00a0; R6 a R6.1, R6.2, R6.3",
     "acquire-ref: lisez R2.2 avec `acquire-ref rule R2.2`"),
])
def test_the_list_an_unknown_number_and_a_refusal_s_pointer_are_in_the_language_spoken(cli, tmp_path, code, listed,
                                                                                         unknown, where):
    from tests.test_calculators import marks
    from tests.test_translations_cli import english_words

    shown = cli("--lang", code, "rule").stdout
    assert shown.splitlines()[:2] == listed
    assert english_words(shown) == []
    refused = cli("--lang", code, "rule", "R6.9")
    assert refused.exit_code == 2 and marks([unknown])[0] in marks([refused.stderr])[0]
    path = tmp_path / "g.toml"
    assert cli("new", "Ann", "Ben", "Cat", game=path).exit_code == 0
    bought = cli("--lang", code, "buy", "Tower=2", game=path)
    assert bought.exit_code == 3
    assert bought.stderr.splitlines()[-1] == where


def test_a_sections_opening_paragraph_is_not_indented_under_a_missing_number(cli):
    """``rule T4``: the section's own paragraph runs flush left on every line; only a numbered
    rule's lines hang under its text (T4.1)."""
    lines = cli("rule", "T4").stdout.splitlines()
    assert lines[0] == "T4 Formats and tie-breaks"
    opening = lines[1:lines.index(next(line for line in lines if line.startswith("1. ")))]
    assert len(opening) > 3 and not any(line.startswith(" ") for line in opening)
    assert lines[-1] == "4. Then the recorded random draw."
