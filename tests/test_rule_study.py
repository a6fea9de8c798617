"""House-rule studies (`simulate --compare`): the same deals under each rule set, game length and
the winner's money per set with 95% intervals, and each set's difference from the first, paired by
deal. Budgets are counts of playouts; no figure is asserted beyond what the rules fix."""

from __future__ import annotations

import json
import re

from acquire_ref.programs.rule_study import Study, report, run_study


def test_the_same_deals_under_the_same_rules_differ_by_nothing():
    study = Study(3, "greedy", "classic", [{}, {"start-order": "row-first"}])  # the default, said again
    deals = list(run_study(study, range(1, 6)))
    doc = report(study, deals)
    assert doc["deals"] == 5 and doc["strategy"] == "greedy" and doc["search"] is None
    first, second = doc["rule_sets"]
    assert first["game_length"] == second["game_length"] and first["winners_money"] == second["winners_money"]
    assert "vs_first" not in first
    assert second["vs_first"] == {"game_length": {"mean": 0.0, "ci95": [0.0, 0.0]},
                                  "winners_money": {"mean": 0.0, "ci95": [0.0, 0.0]}}
    assert all(money % 100 == 0 and money >= 6000 for rows in deals for _, money in rows)


def test_a_study_is_the_same_on_any_number_of_jobs_and_its_interval_holds_its_mean():
    study = Study(4, "greedy", "classic", [{}, {"holdings": "hidden"}])
    one, two = list(run_study(study, range(10, 14), jobs=1)), list(run_study(study, range(10, 14), jobs=2))
    assert one == two
    for entry in report(study, one)["rule_sets"]:
        for key in ("game_length", "winners_money"):
            low, high = entry[key]["ci95"]
            assert low <= entry[key]["mean"] <= high


def test_simulate_compare_reports_each_rule_set_with_search_bots(cli):
    result = cli("simulate", "--strategy", "search", "--iterations", "3", "--players", "2", "--games", "2", "--jobs", "1",
                 "--option", "two-player-market=on", "--compare", "dead-tiles=replace-until-none,two-player-market=off",
                 "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["search"] == {"iterations": 3} and doc["deals"] == 2 and doc["players"] == 2
    assert [s["options"] for s in doc["rule_sets"]] == [
        {"two-player-market": "on"}, {"two-player-market": "off", "dead-tiles": "replace-until-none"}]
    assert set(doc["rule_sets"][1]["vs_first"]) == {"game_length", "winners_money"}
    table = cli("simulate", "--strategy", "greedy", "--players", "3", "--games", "3", "--jobs", "1",
                "--compare", "dead-tiles=replace-until-none")
    assert table.exit_code == 0 and "│ dead-tiles=" in table.stdout and "│  replace-until-none" in table.stdout


def test_simulate_compare_refuses_what_it_does_not_offer(cli, tmp_path):
    for args, said in ((["--against", "greedy"], "leave out --against"),
                       (["--out", str(tmp_path / "o")], "--out is not offered"),
                       (["--option", "stall=continue"], "games that end")):
        result = cli("simulate", "--strategy", "greedy", "--games", "1", "--compare", "holdings=hidden", *args)
        assert result.exit_code == 2 and said in result.output, result.output
    result = cli("simulate", "--strategy", "greedy", "--games", "1", "--compare", "colour=blue")
    assert result.exit_code != 0 and "Traceback" not in result.output and "colour" in result.output


def test_simulate_compare_writes_money_as_the_language_writes_it(cli):
    """The study's winner's money follows --lang: 48.767 $ in German, not $48,767."""
    table = cli("--lang", "de", "simulate", "--strategy", "greedy", "--players", "3", "--games", "3", "--jobs", "1",
                "--compare", "dead-tiles=replace-until-none")
    assert table.exit_code == 0, table.output
    assert re.search(r"\d{1,3}\.\d{3}\u00a0\$", table.stdout) and not re.search(r"\$\d", table.stdout)
