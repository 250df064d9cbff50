"""Errors raised by :mod:`rules_core`."""

from __future__ import annotations


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
