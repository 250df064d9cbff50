"""Text a visitor types: no field takes NUL or a lone surrogate (one validator, used by every form).

PostgreSQL refuses NUL in text, and a lone surrogate (which a JSON escape such as ``"\\ud800"`` or a
crafted request can carry) has no UTF-8 encoding: either would turn into a 500 when stored or shown.
Django's forms refuse NUL already, in English words; :func:`validate_text` takes the place of that
check and refuses both with a Japanese message under the field.

>>> text_problem("灰色熊"), text_problem("a\\x00b") is not None, text_problem("\\ud800") is not None
(None, True, True)
"""

from __future__ import annotations

import re
from typing import Final

from django import forms
from django.core.validators import ProhibitNullCharactersValidator

UNSAFE_TEXT: Final = re.compile(r"[\x00\ud800-\udfff]")
UNSAFE_TEXT_MESSAGE: Final = "NUL文字(\\u0000)や対になっていないサロゲート(\\ud800 など)は使えません。"


def text_problem(value: object) -> str | None:
    """The Japanese message for a text that may not be stored or shown, or None when it is fine."""
    if isinstance(value, str) and UNSAFE_TEXT.search(value):
        return UNSAFE_TEXT_MESSAGE
    if isinstance(value, list | tuple):
        return next((p for p in (text_problem(v) for v in value) if p), None)
    return None


def validate_text(value: object) -> None:
    """Django validator: refuse NUL and lone surrogates (:data:`UNSAFE_TEXT`)."""
    problem = text_problem(value)
    if problem:
        raise forms.ValidationError(problem, code="unsafe_text")


def secure_text_fields(form: forms.BaseForm) -> None:
    """Give each text or choice field of ``form`` :func:`validate_text` (instead of Django's NUL check)."""
    for field in form.fields.values():
        if isinstance(field, forms.CharField | forms.ChoiceField):
            kept = [v for v in field.validators if not isinstance(v, ProhibitNullCharactersValidator)]
            field.validators = [validate_text, *(v for v in kept if v is not validate_text)]


class SafeTextMixin:
    """A form whose text and choice fields refuse NUL and lone surrogates (:func:`secure_text_fields`).

    Put it first among the bases; fields added in a subclass's ``__init__`` after ``super().__init__``
    are covered too, since the check runs again before the form is cleaned.
    """

    def full_clean(self) -> None:
        assert isinstance(self, forms.BaseForm)
        secure_text_fields(self)
        super().full_clean()  # type: ignore[misc]
