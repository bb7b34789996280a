"""The part of JSON Schema that solo's schemas use, checked without a dependency.

Supported: type, enum, pattern, properties, required, additionalProperties (true/false),
propertyNames (a schema for strings), items, oneOf, not, and $ref to "#/$defs/NAME".  `errors`
returns every mismatch as "path: what", so a failing test names the field.
"""

from __future__ import annotations

import re
from typing import Any

TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, TYPES[kind])


def errors(value: Any, schema: dict, root: dict | None = None, path: str = "$") -> list[str]:
    root = root if root is not None else schema
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return errors(value, root["$defs"][name], root, path)
    found: list[str] = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(value, k) for k in kinds):
            return [f"{path}: expected {' or '.join(kinds)}, found {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        found.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not errors(value, s, root, path)]
        if len(matching) != 1:
            found.append(f"{path}: matches {len(matching)} of the oneOf schemas, not exactly one")
    if "not" in schema and not errors(value, schema["not"], root, path):
        found.append(f"{path}: matches what it must not ({schema['not'].get('description', schema['not'])})")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                found.append(f"{path}: missing {key!r}")
        properties = schema.get("properties", {})
        for key, item in value.items():
            if "propertyNames" in schema:
                found += errors(key, schema["propertyNames"], root, f"{path} key {key!r}")
            if key in properties:
                found += errors(item, properties[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                found.append(f"{path}: unexpected field {key!r}")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            found += errors(item, schema["items"], root, f"{path}[{index}]")
    return found
