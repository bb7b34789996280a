"""Fuzzing dice notation, table YAML and grammar shapes: only our own errors, bounded work.

"Our own errors" are `SoloError` and its kinds (`DiceError`, `TableError`);
anything else escaping is a bug.  Work is counted, not timed: every random
draw a roll makes goes through a counting RNG, and a roll may draw at most
once per step of its budget plus twice per die (a d66 is two draws).
"""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.dice import DiceError, Rng, distribution, parse, roll
from solo.dice.odds import WORK_BUDGET, check_cost
from solo.errors import SoloError
from solo.tables.budget import MAX_DICE, MAX_STEPS, MAX_TEXT
from solo.tables.loader import TABLE_KEYS, FileReader
from solo.tables.model import Table
from solo.tables.roller import Roller
from solo.tables.validate import check_table

MAX_DRAWS = MAX_STEPS + 2 * MAX_DICE
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


class CountingRng(Rng):
    """An Rng that counts its draws: the measure of how much a roll did."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.draws = 0

    def die(self, sides: int) -> int:
        self.draws += 1
        return super().die(sides)

    def choice(self, items):
        self.draws += 1
        return super().choice(items)

    def weighted_index(self, weights) -> int:
        self.draws += 1
        return super().weighted_index(weights)


# -- dice notation -----------------------------------------------------------------------
notation_text = st.text(alphabet="0123456789d%+-khl ", max_size=24)


@st.composite
def notation_terms(draw) -> str:
    terms = []
    for _ in range(draw(st.integers(1, 3))):
        count = draw(st.integers(1, 600))
        sides = draw(st.sampled_from([2, 4, 6, 8, 10, 12, 20, 66, 100, 1000]))
        keep = draw(st.sampled_from(["", "kh", "kl", "dh", "dl", "k", "d"]))
        n = draw(st.integers(0, count)) if keep else ""
        terms.append(f"{count}d{sides}{keep}{n}")
    return draw(st.sampled_from(["+", "-"])).join(terms)


@FUZZ
@given(st.one_of(notation_text, notation_terms()), st.integers(0, 2**32))
def test_dice_notation_raises_only_dice_errors_and_odds_stay_in_budget(text, seed):
    try:
        expr = parse(text)
    except DiceError:
        return
    rng = CountingRng(seed)
    result = roll(expr, rng)
    assert rng.draws <= 2 * 1000  # a die is one draw (a d66 two); at most 1000 dice
    assert len(result.dice) == expr.dice_count
    try:
        cost = check_cost(expr)
    except DiceError as exc:
        assert str(exc).startswith("exact odds would take too long to compute")
        return
    assert cost <= WORK_BUDGET
    if cost <= WORK_BUDGET // 20:  # compute the cheap ones: their odds add up to one
        dist = distribution(expr)
        assert sum(p for _, p in dist.probabilities) == 1
        assert dist.minimum <= result.total <= dist.maximum


# -- table YAML ----------------------------------------------------------------------------
scalars = st.one_of(
    st.text(alphabet="ab {}@=#[]:.-&*!|>%'\"\\\n\t0123456789d", max_size=16),
    st.integers(-10, 10**6), st.booleans(), st.none(), st.floats(allow_nan=True),
)
keys = st.one_of(st.sampled_from(sorted(TABLE_KEYS | {"text", "range", "weight", "tables"})),
                 st.text(max_size=5))
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=6)), max_leaves=30)
yaml_noise = st.text(alphabet="- :[]{}&*!|>'\"#\n\tab01%@=,?", max_size=60)


@st.composite
def table_documents(draw) -> str:
    """A table file: a dumped random structure, sometimes with YAML syntax spliced in."""
    data = draw(documents)
    if draw(st.booleans()) and isinstance(data, dict):
        data.setdefault("id", draw(st.sampled_from(["f/a", "f/b", "Bad Id", "f/a/b"])))
    text = yaml.safe_dump(data, allow_unicode=True)
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(yaml_noise) + text[at:]
    return text


def read_check_and_roll(text: str, seed: int) -> None:
    reader = FileReader(Path("fuzz.yaml"), text)
    tables = reader.read()  # problems are collected, never raised
    for problem in reader.problems:
        assert str(problem).startswith("fuzz.yaml")
    by_id: dict[str, Table] = {t.id: t for t in tables}
    good = {tid: t for tid, t in by_id.items() if not check_table(t, reader.lines)[0]}
    roller = Roller(good.__getitem__)
    for table in good.values():
        rng = CountingRng(seed)
        try:
            result = roller.roll_table(table, rng)
        except KeyError:  # a reference to a table the fuzz did not define; the registry drops those
            continue
        except SoloError:
            pass
        else:
            assert len(result.text) <= MAX_TEXT
        assert rng.draws <= MAX_DRAWS


@FUZZ
@given(table_documents(), st.integers(0, 2**32))
def test_table_yaml_gives_only_problems_and_rolls_only_our_errors(text, seed):
    read_check_and_roll(text, seed)


# -- grammar shapes --------------------------------------------------------------------------
rule_text = st.text(alphabet="#ab[]:,.()@=\\ xPOScapitlzed", max_size=20)
symbol = st.sampled_from(["origin", "a", "b", "x"])
tags = st.sampled_from(["#a#", "#b#", "#a##a#", "#b##a##b#", "[x:#a#]#x#", "#a.s#",
                        "#a.replace(a,aaaa)#", "#=2d6#", "[x:POP]", "#x#", "#origin#"])


@st.composite
def grammars(draw) -> str:
    rules = {}
    for name in draw(st.lists(symbol, min_size=1, max_size=4, unique=True)) + ["origin"]:
        options = draw(st.lists(st.one_of(rule_text, tags,
                                          st.lists(tags, max_size=4).map("".join)),
                                min_size=1, max_size=4))
        rules[name] = options
    return yaml.safe_dump({"id": "g/fuzz", "grammar": rules})


@FUZZ
@given(grammars(), st.integers(0, 2**32))
def test_grammar_shapes_expand_within_budget_or_stop_with_our_error(text, seed):
    read_check_and_roll(text, seed)


@FUZZ
@given(grammars(), st.integers(0, 2**32))
def test_grammars_that_skip_the_checks_still_stop_within_budget(text, seed):
    # Straight to the roller, without validation: the runtime budget alone must hold.
    reader = FileReader(Path("fuzz.yaml"), text)
    for table in reader.read():
        rng = CountingRng(seed)
        try:
            result = Roller({table.id: table}.__getitem__).roll_table(table, rng)
        except SoloError:
            pass
        except KeyError:
            pass
        else:
            assert len(result.text) <= MAX_TEXT
        assert rng.draws <= MAX_DRAWS


# -- sets of tables that refer to each other ----------------------------------------------------
table_ids = st.sampled_from(["f/a", "f/b", "f/c", "f/d"])
row_pieces = st.one_of(
    table_ids.map(lambda tid: f"{{@{tid}}}"),
    st.sampled_from(["{=d6}", "{=1000d6}", "{=3d6kh1}", "{=bad}", "plain", "{@f/missing}"]),
)
rows = st.lists(st.lists(row_pieces, max_size=12).map(" ".join), min_size=1, max_size=4)


@st.composite
def table_sets(draw) -> str:
    tables = []
    for table_id in draw(st.lists(table_ids, min_size=1, max_size=4, unique=True)):
        if draw(st.booleans()):
            tables.append({"id": table_id, "rows": draw(rows)})
        else:
            rules = {"origin": draw(st.lists(st.lists(st.one_of(
                st.sampled_from(["#origin#", "#x#", "end"]),
                table_ids.map(lambda tid: f"#@{tid}#")), max_size=5).map("".join), min_size=1,
                max_size=3)), "x": ["#origin##origin#", "leaf"]}
            tables.append({"id": table_id, "grammar": rules})
    return yaml.safe_dump({"tables": tables})


@FUZZ
@given(table_sets(), st.integers(0, 2**32))
def test_tables_referring_to_each_other_load_and_roll_within_budget(text, seed):
    import tempfile

    from solo.tables import load_tables

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "set.yaml").write_text(text)
        tables = load_tables([tmp], include_builtin=False, use_env=False)
        for problem in tables.problems:
            assert str(problem).startswith(tmp)
        for table_id in tables.ids():
            rng = CountingRng(seed)
            try:
                result = tables.roll(table_id, rng)
            except SoloError:
                pass
            else:
                assert len(result.text) <= MAX_TEXT
            assert rng.draws <= MAX_DRAWS
