"""Helpers of the shouting library (not a library itself: it has no tools)."""


def shout(text: str) -> str:
    return text.upper() + "!"
