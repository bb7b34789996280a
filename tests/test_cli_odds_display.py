"""`solo odds` never prints a chance that exists as 0% (or one short of certain as 100%)."""

from __future__ import annotations

from fractions import Fraction

from solo.commands.rules import _share


def test_a_tiny_chance_is_shown_as_less_than_the_smallest_step(cli):
    shown = cli("odds", "rogue-spire", "--die", "d4", "--td", "10").out.splitlines()
    assert "  cost       <0.01%  1/23040" in shown
    assert "    Tie                  <0.01%  1/23040" in shown  # each band with its exact fraction
    assert "    Success AND              0%  0" in shown  # truly impossible stays 0%


def test_the_edges_of_the_rounding():
    assert [_share(p, 2) for p in (Fraction(0), Fraction(1, 20001), Fraction(1, 20000), Fraction(1, 2),
                                   Fraction(19999, 20000), Fraction(1))] == [
        "0%", "<0.01%", "0.01%", "50%", ">99.99%", "100%"]
    assert _share(Fraction(1, 2001), 1) == "<0.1%"
