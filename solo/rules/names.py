"""The names players give a system's things: its id, its sheet name, either half of a paired name.

Players call a skill by half its name ("Melee" for Melee/Protect, "Lore")
and rule texts drift into other words ("Dodge", "Sneak").  A `NameIndex`
knows, for each id, the name the sheet shows; it reads any of the id, the
sheet name, each half of a name split at "/" and the aliases given, in any
case, with or without spaces, and says what there is when nothing fits.
"""

from __future__ import annotations

from collections.abc import Mapping

from solo.rules.engine import RulesError


class NameIndex:
    def __init__(self, names: Mapping[str, str], what: str, aliases: Mapping[str, str] | None = None):
        """`names`: id -> sheet name, in sheet order; `what`: how an error names one ("Nine Powers skill")."""
        self.names = dict(names)
        self.what = what
        self.index: dict[str, str] = {}
        for key, name in self.names.items():
            self.index[key] = key
            self.index[name.lower()] = key
            for half in name.lower().split("/"):
                self.index[half] = key
        self.index.update(aliases or {})

    def id(self, text: str) -> str:
        """'Melee', 'melee/protect', 'Protect' or 'melee-protect' -> 'melee-protect'."""
        key = str(text).strip().lower().replace("_", "-")
        found = self.index.get(key) or self.index.get(key.replace(" ", ""))
        if found is None:
            raise RulesError(f"no {self.what} called {text!r}; the {self.what.split()[-1]}s are "
                             + ", ".join(self.names.values()))
        return found

    def display(self, key: str) -> str:
        """The sheet's name for an id (an unknown one capitalised)."""
        return self.names.get(key, key.capitalize())
