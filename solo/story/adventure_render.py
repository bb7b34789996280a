"""An adventure as one Markdown module a GM can print (with a Mermaid map), or as text lines.

Stat blocks are the system's own (`System.stat_block`), read back from the
sheets the adventure stores, so the module shows each foe in its system's
notation; the forecast and the expected harm stand beside each fight.
"""

from __future__ import annotations

from typing import Any

from solo.story.adventure import Adventure, Fight, band_line
from solo.story.balance import BANDS
from solo.story.locations import map_text


def _system(adv: Adventure) -> Any:
    from solo.rules import registry

    return registry.get(adv.system)


def _label(text: str) -> str:
    """Text safe inside a Mermaid node label."""
    return text.replace('"', "'").replace("[", "(").replace("]", ")")


def mermaid(adv: Adventure) -> list[str]:
    lines = ["```mermaid", "flowchart LR"]
    for loc in adv.locations:
        label = _label(loc.name + (" - start" if loc.role == "start" else ""))
        if loc.role == "climax":
            lines.append(f'  {loc.id}{{{{"{label}"}}}}')
        elif loc.gate:
            lines.append(f'  {loc.id}(["{label}"])')
        else:
            lines.append(f'  {loc.id}["{label}"]')
    for a, b in adv.links:
        lines.append(f"  {a} --- {b}")
    lines.append("```")
    return lines


def harm_text(fight: Fight) -> str:
    harm = fight.forecast.get("average_harm") or {}
    if not harm:
        return "none"
    return ", ".join(f"{k} {v:.1f}" for k, v in harm.items())


def fight_summary(adv: Adventure, fight: Fight) -> str:
    """One line: where, who, the band and the forecast."""
    where = adv.location(fight.location).name
    foes = ", ".join(f.name for f in fight.foes)
    return (f"{fight.id} at {where}: {foes} - {band_line(fight)}; expected harm to the party per"
            f" fight: {harm_text(fight)}")


def adventure_markdown(adv: Adventure) -> str:
    world = adv.foundation.world
    system = _system(adv)
    names = {n.id: n.name for n in world.nodes}
    locs = {loc.id: loc.name for loc in adv.locations}
    lo, hi = BANDS[adv.danger]
    out = [f"# {adv.title}", ""]
    out.append(f"*{system.name} adventure, danger {adv.danger} (the climax: party wins {lo:.0%}-{hi:.0%}"
               f" by forecast)" + (f", seed {adv.seed}" if adv.seed is not None else "") + ".*")
    out += ["", f"**Shape:** {adv.foundation.shape.name} ({adv.foundation.shape.kind}) -"
            f" {adv.foundation.shape.summary}", "",
            f"**First task:** {adv.foundation.plot.first_task}", "",
            f"**If nobody acts:** {world.fallout}", ""]
    out += ["## Party", ""]
    out += [f"- {p.get('name', '?')}" for p in adv.party]
    out += ["", "## Map", ""] + mermaid(adv) + [""]
    out += ["Rounded places open only once a revelation points to them; the climax is the hexagon.", ""]
    out += ["## Locations", ""]
    for loc in adv.locations:
        tag = {"start": " (start)", "climax": " (climax)"}.get(loc.role, "")
        out += [f"### {loc.name[:1].upper()}{loc.name[1:]}{tag}", "",
                f"{loc.detail[:1].upper()}{loc.detail[1:]}.", ""]
        if loc.gate:
            out.append(f"- **Found by:** revelation {loc.gate}")
        ways = [locs[b if a == loc.id else a] for a, b in adv.links if loc.id in (a, b)]
        out.append(f"- **Leads to:** {', '.join(ways)}")
        for line in loc.story:
            out.append(f"- **Here:** {line}")
        if loc.people:
            out.append(f"- **People:** {', '.join(names[p] for p in loc.people)}")
        if loc.things:
            out.append(f"- **Things:** {', '.join(names[t] for t in loc.things)}")
        for find in loc.finds:
            out.append(f"- **Lying about:** {find}")
        for clue_id in loc.clues:
            clue = next(c for c in adv.clues if c.id == clue_id)
            who = f" ({names[clue.holder]} has it)" if clue.holder else ""
            out.append(f"- **Clue {clue.id}** (to {clue.revelation}): {clue.text}{who}")
        if loc.hazard:
            out.append(f"- **Hazard:** {loc.hazard}")
        if loc.fight:
            out.append(f"- **Fight:** {loc.fight} (see below)")
        out.append("")
    out += ["## Revelations", ""]
    for rev in adv.revelations:
        sites = sorted({locs[c.location] for c in adv.clues if c.revelation == rev.id})
        out.append(f"- **{rev.id}** opens {locs[rev.opens]}: {rev.text} Found at {len(sites)} places:"
                   f" {', '.join(sites)}.")
    out += ["", "## Threats", ""]
    for threat in adv.threats:
        out += [f"### {threat.clock} ({threat.segments} segments)", ""]
        out += [f"{i + 1}. {step}" for i, step in enumerate(threat.steps)]
        out.append("")
    out += ["## Fights", ""]
    for fight in adv.fights:
        out += [f"### {fight.id}: {adv.location(fight.location).name}", "", fight.note, "",
                f"- **Danger:** {band_line(fight)}",
                f"- **Draw / loss:** {fight.forecast['draw']:.1%} / {fight.forecast['loss']:.1%}",
                f"- **Expected harm to the party per fight:** {harm_text(fight)}", ""]
        for foe in fight.foes:
            if foe.person is not None and foe.template is not None:
                out += [f"{foe.name} fights with the stats of the system's {foe.template}:", ""]
            block = system.stat_block(system.load_actor({**foe.sheet, "name": foe.name}))
            out += ["```", block, "```", ""]
    out += ["## Scenes", ""]
    for index, scene in enumerate(adv.scenes, 1):
        extra = f" Fight: {scene.fight}." if scene.fight else ""
        out.append(f"{index}. **{scene.title}** - {scene.text}{extra}")
    out.append("")
    out += ["## People", ""]
    for person in world.people:
        want = person.want.text if person.want else ""
        clash = world.clashes(person.id)
        role = person.npc.role if person.npc else ""
        out.append(f"- **{person.name}**, {role}. Wants {want}."
                   + (f" Clashes with {', '.join(clash)}." if clash else ""))
    out.append("")
    return "\n".join(out)


def adventure_lines(adv: Adventure) -> list[str]:
    """Short text for a screen: the map, the clocks and the fights."""
    lines = map_text(adv.locations, adv.links)
    lines += [f"{t.clock}: {t.segments} segments" for t in adv.threats]
    lines += [fight_summary(adv, f) for f in adv.fights]
    return lines
