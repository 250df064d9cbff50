"""Errors raised by :mod:`rules_core`; each is a ``ValueError``, so older callers keep working."""

from __future__ import annotations


def printable(text: str) -> str:
    r"""``text`` with NUL and lone surrogates written as escapes, so that a message quoting a hostile
    document (an unknown key, a bad id) can always be encoded in UTF-8 and stored.

    >>> printable("a\x00b\ud800c")
    'a\\x00b\\ud800c'
    """
    if text.isascii() and "\x00" not in text:
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")


class ScenarioError(ValueError):
    """A document that is not a valid scenario (``scenario-format.md``).

    ``field`` names the bad part of the document with a path such as
    ``permanents[2].toughness``; ``message`` says what is wrong in Japanese,
    ``message_en`` in English.

    >>> err = ScenarioError("permanents[2].toughness", "整数で指定してください", "must be an integer")
    >>> str(err)
    'permanents[2].toughness: 整数で指定してください'
    >>> isinstance(err, ValueError)
    True
    """

    def __init__(self, field: str, message: str, message_en: str = "") -> None:
        field, message, message_en = (printable(field), printable(message), printable(message_en))
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.message_en = message_en or message

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    def to_dict(self) -> dict[str, str]:
        """The error document printed by the command line."""
        return {
            "error": str(self),
            "field": self.field,
            "message": self.message,
            "message_en": self.message_en,
        }


class AssignmentError(ValueError):
    """A combat damage assignment question the engine cannot answer (never an illegal assignment).

    Raised by the assignment helpers of :mod:`rules_core.combat.steps` for a scenario
    that is not a combat (or has no event yet) and for a creature that is not in
    its combat; raised by :mod:`rules_core.combat.assignment` for an inconsistent view
    (an unknown creature id, a blocker with no lethal damage entry, …).  Illegal
    *assignments* are never raised: they come back as
    :class:`~rules_core.combat.assignment.Violation` values.  The message is Japanese
    for the scenario-level helpers, English for the view-level ones (a
    programming error there).

    >>> isinstance(AssignmentError("x"), ValueError)
    True
    """


class StepError(AssignmentError):
    """CR 510.4: the asked combat damage step does not exist, or the creature deals no damage in it.

    For instance a creature without first strike asked about the first-strike
    step, a second step when no creature has first strike or double strike, or
    a second step whose board is unknown because the first step's assignment is
    illegal.

    >>> issubclass(StepError, AssignmentError) and issubclass(StepError, ValueError)
    True
    """
