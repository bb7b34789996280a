"""One JSON contract (docs/json.md): every command's `--json` output against the shipped schema,
and every built-in table file against the table schema."""

from __future__ import annotations

import json
import shlex
from importlib import resources

import yaml
from conftest import REPO
from json_schema_lite import errors
from test_cli_grammar import every_command


def schema(name: str) -> dict:
    return json.loads(resources.files("solo.schemas").joinpath(name).read_text())


# One invocation per command and subcommand, in an order that builds what the later ones need.
# {dir} is a scratch directory.
RUNS = """
new Road --system nine-powers --seed 1
list
show road
note -c road We set out.
undo -c road
redo -c road
note -c road Again.
roll 2d6 --seed 1
roll 2d6 -n 2 --seed 1
odds 2d6
odds resistance --skill --difficulty 1
table
table list weather
table show weather/day
table roll weather/day --seed 1
table check
import markdown {dir}/lair.md --into {dir}/mine
hooks -n 2 --seed 1
npc --seed 1
foundation --seed 1
adventure --seed 1 --system resistance
character
character new -c road --random --name Ash
character new nine-powers --random --seed 2 --out {dir}/vroy.json
character show {dir}/vroy.json
character list -c road
character npc nine-powers
check -c road --approach wits
ask Is it? --seed 1
clue --seed 1
clue show -c road
clue roll --seed 1
clue gain -c road
clue spend -c road
journey --result success --seed 1
countdown -c road
countdown show -c road
countdown mark --seed 1
countdown roll -c road
clock Ritual -c road
scene -c road
scene start We go -c road
scene show -c road
scene end -c road
meaning --seed 1
stall --seed 1
event --seed 1
thread -c road
thread add Find the heir -c road
thread list -c road
thread random -c road
thread close 1 -c road
notable -c road
notable add Maud -c road
notable list -c road
notable random -c road
momentum -c road
momentum show -c road
momentum trade -c road
momentum spend set-up-well -c road
momentum prepare -c road
momentum leverage --result success -c road
move --list
move rest -c road
encounter nine-powers --pc random --foe goblin --auto --seed 1
forecast nine-powers --pc random --foe goblin -n 20 --seed 1
system road
replay road
export road
rename road Road Two
restore road-two
delete road-two --yes
play
completion bash
"""


def test_every_command_s_json_follows_the_contract(cli, saves_dir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    (tmp_path / "lair.md").write_text(
        (REPO / "tests" / "tables" / "importers" / "fixtures" / "lair.md").read_text())
    contract = schema("output.schema.json")
    covered, spaced, twins = set(), [], []
    for line in filter(None, RUNS.strip().splitlines()):
        words = shlex.split(line.format(dir=tmp_path))
        result = cli(*words, "--json")
        data = json.loads(result.out)  # every command prints JSON, even when it fails
        assert errors(data, contract) == [], line
        assert ("error" in data) == (result.code != 0), (line, result.err)
        spaced += [f"{line}: {k!r}" for k in _keys(data) if " " in k]
        twins += [f"{line}: {t}" for t in _spelling_twins(data)]
        covered.add(_path(words))
    assert spaced == []  # no field name with spaces anywhere ("success at a cost" is success_at_a_cost)
    assert twins == []  # no object says one word twice in two spellings (armour beside armor)
    assert {path for path, _ in every_command()} - covered == set()


def _spelling_twins(data, path: str = "") -> list[str]:
    """Keys of one object that are one word in British and American spelling (armour, armor)."""
    found = []
    if isinstance(data, dict):
        words: dict[str, list[str]] = {}
        for key in data:
            words.setdefault(key.replace("our", "or"), []).append(key)
        found += [f"{path or '.'} {keys}" for keys in words.values() if len(keys) > 1]
        for key, value in data.items():
            found += _spelling_twins(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _spelling_twins(value, f"{path}[{i}]")
    return found


def _armour_fields(data, path: str = "") -> list[tuple[str, object]]:
    if isinstance(data, dict):
        return [(f"{path}.{k}", v) for k, v in data.items() if k in ("armor", "armour")] + [
            f for k, v in data.items() for f in _armour_fields(v, f"{path}.{k}")]
    if isinstance(data, list):
        return [f for i, v in enumerate(data) for f in _armour_fields(v, f"{path}[{i}]")]
    return []


def test_every_sheet_of_every_system_gives_each_armour_field_one_meaning(cli):
    """docs/json.md: `armor` is always a number (a rating or a defense), `armour` never is (it is what
    is worn); no object holds both spellings of one word."""
    from solo.rules import registry

    contract = schema("output.schema.json")
    seen = set()
    for system in registry.ids():
        rules = registry.get(system)
        first = rules.npc_names()[0]
        sheets = [cli("character", "new", system, "--random", "--seed", "3", "--json").json,
                  cli("character", "npc", system, first, "--json").json]
        assert sheets[1] == rules.npc(first).to_dict()  # what the command prints is the sheet
        sheets += [rules.npc(name).to_dict() for name in rules.npc_names()[1:]]
        for sheet in sheets:
            assert _spelling_twins(sheet) == [], (system, sheet["name"])
            assert errors(sheet, contract) == [], (system, sheet["name"])
            for where, value in _armour_fields(sheet):
                number = isinstance(value, int) and not isinstance(value, bool)
                assert number == where.endswith(".armor"), (system, sheet["name"], where, value)
                seen.add(where.rsplit(".", 1)[1])
    assert seen == {"armor", "armour"}
    # the schema says it too: a sheet in the old form (both spellings, or a number as `armour`) is refused
    old_nine_powers = {"system": "nine-powers", "name": "Ilse", "armour": "gambeson", "armor": 1}
    old_resistance_npc = {"system": "resistance", "name": "Police Officer", "armour": 1}
    assert errors(old_nine_powers, contract) == [
        "$: matches what it must not (one word, one spelling: never both on one object)"]
    assert errors(old_resistance_npc, contract) == ["$.armour: expected string or object or null, found int"]


def test_errors_and_refusals_are_error_objects(cli, saves_dir):
    for words, code in ((["play", "--json"], 2), (["show", "nowhere", "--json"], 1),
                        (["completion", "bash", "--json"], 2)):
        result = cli(*words)
        assert result.code == code
        error = json.loads(result.out)["error"]
        assert errors({"error": error}, schema("output.schema.json")) == []
        assert error["where"] == f"solo {words[0]}"


def test_lists_are_items_for_one_result_or_many(cli):
    one = cli("roll", "d6", "--seed", "1", "--json").json
    many = cli("roll", "d6", "-n", "3", "--seed", "1", "--json").json
    assert list(one) == list(many) == ["items"]
    assert len(one["items"]) == 1 and len(many["items"]) == 3
    assert set(one["items"][0]) == set(many["items"][0])
    assert list(cli("table", "list", "--json").json) == ["items"]


def test_every_built_in_table_file_follows_the_table_schema():
    table_schema = schema("table.schema.json")
    files = sorted(p for p in (REPO / "tables").rglob("*.yaml"))
    assert len(files) > 20
    for path in files:
        assert errors(yaml.safe_load(path.read_text()), table_schema) == [], path


def test_the_table_schema_catches_what_a_user_gets_wrong():
    table_schema = schema("table.schema.json")
    assert errors({"id": "Weather/Day", "rows": []}, table_schema) != []  # not an id
    assert errors({"id": "w/d", "rowz": []}, table_schema) != []  # a typo is not ignored
    assert errors({"tables": [{"id": "a/b", "rows": ["x"]}]}, table_schema) == []


# Objects keyed by names, not field names (docs/json.md): a forecast's party by member.
BY_NAME = {"party_end_states"}


def _keys(data) -> list[str]:
    if isinstance(data, dict):
        fields = [v for k, v in data.items() if k not in BY_NAME]
        named = [v for name in BY_NAME & set(data) for v in data[name].values()]
        return [*(str(k) for k in data if k not in BY_NAME), *_keys(fields), *_keys(named)]
    if isinstance(data, list):
        return [k for v in data for k in _keys(v)]
    return []


def _path(words: list[str]) -> str:
    from solo import cli
    from solo.commands.context import UsageError

    try:
        args = cli.build_parser(words).parse_args(words)
    except UsageError:  # `solo table` alone: names its subcommands
        return words[0]
    return getattr(args, "command_path", None) or words[0]
