"""The admin site: each area registers its own models."""

from tutor.reader import admin as reader_admin  # noqa: F401
