"""The ``standard`` profile: what a tool's author evidently means, as correct JSON Schema (no host's quirks)."""
