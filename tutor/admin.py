"""The admin site: each area registers its own models in its own ``admin`` module."""

from tutor.board import admin as board_admin
from tutor.cards import admin as cards_admin
from tutor.lessons import admin as lessons_admin
from tutor.reader import admin as reader_admin
from tutor.reader import era_admin as former_rules_admin
from tutor.study import admin as study_admin

__all__ = ["board_admin", "cards_admin", "former_rules_admin", "lessons_admin", "reader_admin", "study_admin"]
