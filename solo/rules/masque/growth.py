"""After a set-to: Chops (and Build growth) and recovery rolls (RULES.md 5.4, MQ-16, MQ-17).

Chops: +1 for hits dealt in two separate bits, or for an option of one's own
that took a foe out; a player who dealt exactly one hit may round an odd
Chops up to even; at most +1 a set-to.  When Chops reach Build, Build goes up
by one and Chops lose Build.  [SR] current build rises with Build only when it
was full (a wounded actor keeps its wound).

Recovery: d20 above current build raises it by one; a natural 20 always
does, and is rolled again.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.masque.actor import MasqueActor


def award_chops(actor: MasqueActor, hit_bits: int, dealt: int, took_out: bool) -> list[str]:
    """Chops for one set-to; the lines saying what changed (none when nothing did)."""
    lines: list[str] = []
    if hit_bits >= 2 or took_out:
        actor.chops += 1
        lines.append(f"+1 Chops ({actor.chops})")
    elif dealt == 1 and actor.chops % 2:
        actor.chops += 1
        lines.append(f"one hit rounds Chops up to {actor.chops}")
    if actor.chops >= actor.build:
        full = actor.current == actor.build
        actor.chops -= actor.build
        actor.build += 1
        if full:
            actor.current += 1
        lines.append(f"Chops reach Build: Build {actor.build}, Chops {actor.chops}")
    return lines


def recovery_roll(actor: MasqueActor, rng: Rng) -> list[str]:
    """Roll d20 against current build (again on each natural 20) while below Build.

    A Healing salve (used up) makes it 3d20, each 20 adding another d20; the
    faces are read low to high, each above the current build raising it by one.
    """
    lines: list[str] = []
    if "healing-salve" in actor.items and actor.current < actor.build:
        actor.items.remove("healing-salve")
        faces: list[int] = []
        pending = 3
        while pending and len(faces) < 60:
            face = rng.die(20)
            faces.append(face)
            pending += (face == 20) - 1
        for face in sorted(faces):
            if face > actor.current and actor.current < actor.build:
                actor.current += 1
        shown = ", ".join(map(str, sorted(faces)))
        lines.append(f"healing salve: d20s {shown} - current build {actor.current}")
        return lines
    while actor.current < actor.build:
        roll = rng.die(20)
        if roll > actor.current:
            actor.current += 1
            lines.append(f"recovery d20 {roll} beats {actor.current - 1}: current build {actor.current}")
        else:
            lines.append(f"recovery d20 {roll}, not above {actor.current}: no change")
        if roll != 20:
            break
    return lines
