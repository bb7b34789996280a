import pytest

from solo.rules.options import Option, OptionError, parse_options


def test_choice_int_flag_parse_and_name_the_option():
    opts = [Option("domain", "choice", choices=("church", "street")),
            Option("assist", "int", minimum=0, maximum=5), Option("mastery", "flag")]
    assert parse_options(opts, {"domain": "Church", "assist": "2", "mastery": "yes"}) == {
        "domain": "church", "assist": 2, "mastery": True}
    with pytest.raises(OptionError, match="--assist is at most 5, not 6"):
        parse_options(opts, {"assist": 6})
    with pytest.raises(OptionError, match="--domain must be one of church, street"):
        parse_options(opts, {"domain": "palace"})
    with pytest.raises(OptionError, match="unknown option --bonus"):
        parse_options(opts, {"bonus": "small"})
