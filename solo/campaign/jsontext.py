"""Reading JSON from a save without trusting it: every way it can fail becomes one message.

`json.loads` alone lets three kinds of damage through as something other
than a decoding error: an integer of more than 4,300 digits (`ValueError`
from the int conversion limit), nesting deeper than the interpreter's stack
(`RecursionError`), and `\\ud800`-style escapes that decode to a lone
surrogate, which loads but can never be encoded again, so the next save
would fail.  `loads` turns all of them into `BadJson` with a short reason.
"""

from __future__ import annotations

import json
import re
from typing import Any

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class BadJson(ValueError):
    """Text that is not usable JSON; `str()` says why, `truncated` when it just stops."""

    def __init__(self, reason: str, truncated: bool = False):
        super().__init__(reason)
        self.truncated = truncated


def loads(text: str) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise BadJson(f"it stops in the middle (line {exc.lineno})", truncated=True) from None
        raise BadJson(f"not valid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg})") from None
    except RecursionError:
        raise BadJson("its JSON is nested too deeply to read") from None
    except ValueError as exc:  # the int conversion limit (digits), or a number out of range
        raise BadJson(f"it holds a number solo cannot read ({str(exc).split(':')[0]})") from None
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise BadJson("it holds a lone surrogate escape (\\ud800-\\udfff), which is not text") from None
        except (RecursionError, ValueError):
            raise BadJson("its JSON is nested too deeply to read") from None
    return value
