"""Numbers read from text: a plain decimal number of sensible length, or none."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from credo.kernel.numbers import MOST_DIGITS, small_int


@pytest.mark.parametrize(("text", "signed", "number"), [
    ("0", False, 0), ("42", False, 42), ("007", False, 7), ("9" * MOST_DIGITS, False, int("9" * MOST_DIGITS)),
    ("-5", True, -5), ("٣", False, 3),  # a decimal digit of another script is still a digit
    ("-5", False, None), ("", False, None), ("-", True, None), ("²", False, None), ("①", False, None),
    ("1.5", False, None), ("+2", False, None), (" 3", False, None), ("9" * (MOST_DIGITS + 1), False, None),
    ("9" * 5000, False, None),  # int() refuses more than 4,300 digits
])
def test_a_small_int_is_a_plain_decimal_number(text, signed, number):
    assert small_int(text, signed) == number


@given(st.text(max_size=30), st.booleans())
def test_any_text_is_a_number_or_none_never_an_error(text, signed):
    number = small_int(text, signed)
    assert number is None or (isinstance(number, int) and str(abs(number)) == str(int(text.lstrip("-"))))
