"""URLs of the board area (``/board/…``).

``/board/`` is an empty board and ``/board/s/<slug>/`` a stored one; every edit action exists under
both (``/board/players/add/`` edits the empty board, ``/board/s/<slug>/players/add/`` a stored one)
and answers with a redirect to the new board's permalink.
"""

from django.urls import path

from tutor.board import page as board

app_name = "board"

EDITS = [
    ("players/add/", board.player_add, "player_add"),
    ("players/edit/", board.player_edit, "player_edit"),
    ("players/remove/", board.player_remove, "player_remove"),
    ("players/active/", board.active_set, "active_set"),
    ("permanents/add/", board.permanent_add, "permanent_add"),
    ("permanents/edit/", board.permanent_edit, "permanent_edit"),
    ("permanents/remove/", board.permanent_remove, "permanent_remove"),
    ("effects/add/", board.effect_add, "effect_add"),
    ("effects/remove/", board.effect_remove, "effect_remove"),
    ("event/noncombat/", board.event_noncombat, "event_noncombat"),
    ("event/combat/", board.event_combat, "event_combat"),
    ("event/clear/", board.event_clear, "event_clear"),
    ("assignment/", board.assignment_save, "assignment_save"),
    ("assignment/check/", board.assignment_check, "assignment_check"),
    ("choices/", board.choices_save, "choices_save"),
    ("choices/clear/", board.choices_clear, "choices_clear"),
]

urlpatterns = [
    path("", board.index, name="index"),
    path("examples/", board.examples, name="examples"),
    path("import/", board.import_json, name="import"),
    path("s/<slug:slug>/", board.scenario_page, name="scenario"),
    path("s/<slug:slug>/export.json", board.export_json, name="export"),
    *(path(route, view, name=name) for route, view, name in EDITS),
    *(path(f"s/<slug:slug>/{route}", view, name=name) for route, view, name in EDITS),
]
