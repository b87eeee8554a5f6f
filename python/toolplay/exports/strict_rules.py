"""OpenAI strict mode (``"strict": true``): the rules its "Supported schemas" list, as data.

The root is an object (not ``anyOf``); every object sets ``additionalProperties: false`` and lists
*every* property in ``required`` (optional ones are expressed as "may be null"); only a subset of
keywords is allowed (no ``default``, no ``minLength``, no ``uniqueItems``, no ``prefixItems``,
no ``allOf``/``not``/``if``…); every schema has a ``type`` (or is an ``anyOf``/``$ref``);
at most 10 levels of nesting, 5000 properties and 1000 enum values in all. ``strict.py`` converts
a schema to follow them, ``strict_check.py`` names every rule a schema still breaks.
"""

from __future__ import annotations

TYPES = {"string", "number", "integer", "boolean", "object", "array", "null"}
COMMON_KEYS = {"type", "description", "title", "enum", "const", "anyOf", "$ref", "$defs"}
KEYS_BY_TYPE = {
    "string": {"pattern", "format"},
    "number": {"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"},
    "integer": {"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"},
    "array": {"items", "minItems", "maxItems"},
    "object": {"properties", "required", "additionalProperties"},
    "boolean": set(),
    "null": set(),
}
FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
MAX_DEPTH = 10
MAX_PROPERTIES = 5000
MAX_ENUM_VALUES = 1000
