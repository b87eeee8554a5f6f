"""Rust standard-library string and number behaviour that Loki's builder relies on.

Loki's declaration builder is Rust (`src/parsers/python.rs`). Where Rust and Python disagree
(what counts as whitespace, how `lines()` splits, how an `f64` prints, what parses as `f64`),
the declarations differ, so the port uses these instead of Python's own string methods.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal

# char::is_whitespace = Unicode White_Space. Python's str.isspace() also accepts U+001C..U+001F.
RUST_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)


def trim(s: str) -> str:
    """`str::trim`."""
    return s.strip(RUST_WHITESPACE)


def trim_start(s: str) -> str:
    """`str::trim_start`."""
    return s.lstrip(RUST_WHITESPACE)


def lines(s: str) -> list[str]:
    """`str::lines`: split on `\\n` only, drop one trailing `\\r` per line, no final empty line."""
    if not s:
        return []
    parts = s.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [p[:-1] if p.endswith("\r") else p for p in parts]


def f64_display(x: float) -> str:
    """`f64`'s `Display`: shortest round-trip digits, never an exponent, `1.0` prints as `1`."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    text = format(Decimal(repr(x)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


_F64 = re.compile(
    r"[+-]?(?:inf|infinity|nan|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)",
    re.IGNORECASE,
)


def parses_as_f64(s: str) -> bool:
    """`s.parse::<f64>().is_ok()` (no surrounding spaces, no `_` separators, unlike Python's float())."""
    return _F64.fullmatch(s) is not None


def is_ascii_alphanumeric(c: str) -> bool:
    return c.isascii() and c.isalnum()


def is_ascii_digits(s: str) -> bool:
    """`s.chars().all(|c| c.is_ascii_digit())` (true for the empty string)."""
    return all("0" <= c <= "9" for c in s)


def trim_matches(s: str, ch: str) -> str:
    """`str::trim_matches(char)`: strip every repetition of one character at both ends."""
    return s.strip(ch)
