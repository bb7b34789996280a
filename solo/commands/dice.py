"""`solo roll` and `solo odds`: dice notation from the command line."""

from __future__ import annotations

from argparse import Namespace
from fractions import Fraction
from typing import Any

from solo.commands.context import Context, UsageError, add_campaign_option
from solo.commands.grammar import count_option
from solo.dice import distribution, parse, percent

# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "roll": ("solo roll 4d6kh3 --seed 7", "solo roll d66 -n 3 --json",
             "solo roll 2d6+1 -c \"The Salt Road\""),
    "odds": ("solo odds 2d6 --at-least 9", "solo odds 3d6"),  # a system's form: solo.commands.rules
}
GLOBALS: dict[str, tuple[str, ...]] = {
    "roll": ("seed", "json", "saves"),
    "odds": ("json", "tables"),  # exact odds: nothing is rolled
}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser("roll", parents=[common], help="roll dice notation, e.g. 4d6kh3+2",
                       description="Roll dice: NdM, d%, d66, keep/drop (4d6kh3, 2d20kl1), + and -.")
    p.add_argument("expression", nargs="+", help="dice notation (spaces allowed)")
    count_option(p, 1, "rolls", old="--times")
    add_campaign_option(p)
    p.set_defaults(handler=cmd_roll)

    p = sub.add_parser("odds", parents=[common], help="exact odds of dice notation",
                       description="Exact distribution of a dice expression, or the chance of"
                       " reaching a bound.")
    p.add_argument("expression", nargs="+", help="dice notation")
    bound = p.add_mutually_exclusive_group()
    bound.add_argument("--at-least", type=int, metavar="N", help="chance the total is N or more")
    bound.add_argument("--at-most", type=int, metavar="N", help="chance the total is N or less")
    p.set_defaults(handler=cmd_odds)


def _expression(args: Namespace) -> str:
    return " ".join(args.expression)


def cmd_roll(ctx: Context) -> int:
    expression = _expression(ctx.args)
    parse(expression)  # a notation error before a --times one, as always
    times = ctx.args.count
    if not 1 <= times <= 1000:
        raise UsageError(f"--times must be between 1 and 1000, not {times}")
    entries = ctx.perform("roll", expression=expression, times=times)
    if ctx.json:
        ctx.emit({"items": [e.data for e in entries]})
    else:
        ctx.emit(None, "\n".join(e.text for e in entries))
    return 0


def cmd_odds(ctx: Context) -> int:
    expr = parse(_expression(ctx.args))
    dist = distribution(expr)
    name = expr.canonical()
    data: dict[str, Any] = {
        "expression": name,
        "mean": float(dist.mean),
        "min": dist.minimum,
        "max": dist.maximum,
    }
    at_least, at_most = ctx.args.at_least, ctx.args.at_most
    if at_least is not None or at_most is not None:
        p = dist.at_least(at_least) if at_least is not None else dist.at_most(at_most)
        sign, bound = (">=", at_least) if at_least is not None else ("<=", at_most)
        data.update(bound=f"{sign} {bound}", probability=float(p), exact=str(p))
        ctx.emit(data, f"P({name} {sign} {bound}) = {p} = {percent(p, 2)}")
        return 0
    data["distribution"] = [
        {"outcome": o, "probability": float(p), "exact": str(p)} for o, p in dist.probabilities
    ]
    if ctx.json:
        ctx.emit(data)
        return 0
    lines = [f"{name}: mean {float(dist.mean):.2f}, range {dist.minimum}..{dist.maximum}",
             f"{'total':>7}  {'exactly':>8}  {'at least':>8}  {'at most':>8}"]
    below = Fraction(0)
    for outcome, p in dist.probabilities:
        at_least_p = 1 - below
        below += p
        lines.append(f"{outcome:>7}  {percent(p, 2):>8}  {percent(at_least_p, 2):>8}"
                     f"  {percent(below, 2):>8}")
    ctx.emit(None, "\n".join(lines))
    return 0
