"""Numbers read from what a person typed or a file holds.

`'²'.isdigit()` is true and `int('²')` fails; `int()` of five thousand digits fails too (Python
refuses to convert more than 4,300, a guard against slow conversions). A number a person types
at a prompt, in an agent's name or a content file is read here, and anything that is not a
plain decimal number of sensible length is no number: the caller says so in one line, as it
would of a word."""

from __future__ import annotations

MOST_DIGITS = 18  # beyond any count, index or seed a game or a command line takes: an int64's reach


def small_int(text: str, signed: bool = False) -> int | None:
    """`text` as an int when it is a decimal number of at most MOST_DIGITS digits (with a
    leading '-' when `signed`); None for anything else."""
    digits = text[1:] if signed and text.startswith("-") else text
    if not digits.isdecimal() or len(digits) > MOST_DIGITS:
        return None
    return int(text)
