"""Campaign names become file names: a slug is the only part of a path a name controls.

A player names a campaign the way they would title a book ("The Salt Road");
the save file is `<slug>.json`.  The slug keeps letters and digits (any
script, lower-cased) and turns every run of anything else into one hyphen, so
no name can carry a path separator, a leading dot or `..` into the saves
directory: `../../etc/x` becomes `etc-x`.

A slug is also cut to `MAX_SLUG_BYTES` bytes of UTF-8 (at a character
boundary), so that every name the store derives from it — the backup, the
log, a damaged file kept aside with its time, a deleted file in `.deleted/`
with its time and number — stays within the 255 bytes a file name may have.
"""

from __future__ import annotations

import unicodedata

from solo.errors import SoloError

MAX_SLUG = 60
MAX_SLUG_BYTES = 200
MAX_NAME = 120

# Names Windows refuses as file names whatever their extension.
_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}


class CampaignNameError(SoloError):
    """A campaign name that cannot become a file name."""


def slugify(name: str) -> str:
    """The file-name form of a campaign name; raises when nothing usable is left."""
    if not isinstance(name, str) or not name.strip():
        raise CampaignNameError("a campaign needs a name, for example \"The Salt Road\"")
    if len(name) > MAX_NAME:
        raise CampaignNameError(f"campaign names are at most {MAX_NAME} characters; this one has {len(name)}")
    text = unicodedata.normalize("NFKC", name).casefold()
    out: list[str] = []
    for ch in text:
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    slug = "".join(out).strip("-")[:MAX_SLUG]
    slug = slug.encode("utf-8")[:MAX_SLUG_BYTES].decode("utf-8", "ignore").rstrip("-")
    if not slug:
        raise CampaignNameError(f"the campaign name {name!r} has no letters or digits to name its save file")
    if slug in _RESERVED:
        slug += "-campaign"
    return slug
