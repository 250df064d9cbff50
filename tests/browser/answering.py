"""Answering a study or exam question in the browser, as a learner would, for every answer format."""

from __future__ import annotations

from playwright.sync_api import Locator

from tests.study.test_exams import answer_post
from tutor.models import StudyQuestion


def fill_in_answer(form: Locator, question: StudyQuestion, *, right: bool = True) -> None:
    """Fill in ``form``'s answer fields with the answer that ``answer_post`` would send: a value chosen in
    a list, ticked or typed. A negative life's confirmation is left out: the page asks for it itself
    once the answer is sent, and the test answers that question as the learner would."""
    fields = answer_post(question, right=right)
    fields.pop("confirm_negative", None)
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        kind = field.first.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
        if kind == "select":
            field.select_option(str(value))
        elif kind in ("radio", "checkbox"):
            for one in value if isinstance(value, list) else [value]:
                form.locator(f'[name="{name}"][value="{one}"]').check()
        else:
            field.fill(str(value))
