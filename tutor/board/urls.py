"""URLs of the board area (``/board/…``), each route written once.

``/board/`` is an empty board and ``/board/s/<slug>/`` a stored one; every edit action exists under
both (``/board/players/add/`` edits the empty board, ``/board/s/<slug>/players/add/`` a stored one)
and answers with a redirect to the new board's permalink. The page builds its action URLs from
``EDITS`` with ``reverse``.
"""

from django.urls import path

from tutor.board.views import (
    assignment,
    between_steps,
    cards,
    choices,
    effects,
    era,
    event,
    io,
    multiplayer,
    pieces,
    power_events,
    prediction,
    show,
    today,
    triggers,
)

app_name = "board"

EDITS = [
    ("title/", pieces.title_save, "title_save"),
    ("players/add/", pieces.player_add, "player_add"),
    ("players/edit/", pieces.player_edit, "player_edit"),
    ("players/remove/", pieces.player_remove, "player_remove"),
    ("players/active/", pieces.active_set, "active_set"),
    ("permanents/add/", pieces.permanent_add, "permanent_add"),
    ("permanents/edit/", pieces.permanent_edit, "permanent_edit"),
    ("permanents/remove/", pieces.permanent_remove, "permanent_remove"),
    ("effects/add/", effects.effect_add, "effect_add"),
    ("effects/remove/", effects.effect_remove, "effect_remove"),
    ("event/noncombat/", event.event_noncombat, "event_noncombat"),
    ("event/combat/", event.event_combat, "event_combat"),
    ("event/destroy/", event.event_destroy, "event_destroy"),
    ("event/clear/", event.event_clear, "event_clear"),
    ("event/fight/", power_events.event_fight, "event_fight"),
    ("event/bite/", power_events.event_bite, "event_bite"),
    ("event/power_damage/", power_events.event_power_damage, "event_power_damage"),
    ("event/between/add/", between_steps.between_add, "between_add"),
    ("event/between/clear/", between_steps.between_clear, "between_clear"),
    ("permanents/triggers/add/", triggers.trigger_add, "trigger_add"),
    ("permanents/triggers/clear/", triggers.triggers_clear, "triggers_clear"),
    ("permanents/owner/", multiplayer.owner_set, "owner_set"),
    ("players/two_headed_giant/", multiplayer.two_headed_giant_set, "two_headed_giant_set"),
    ("players/variant/clear/", multiplayer.variant_clear, "variant_clear"),
    ("assignment/", assignment.assignment_save, "assignment_save"),
    ("assignment/check/", assignment.assignment_check, "assignment_check"),
    ("choices/", choices.choices_save, "choices_save"),
    ("choices/clear/", choices.choices_clear, "choices_clear"),
    ("cards/place/", cards.card_place, "card_place"),
    ("cards/starter/", cards.starter_place, "starter_place"),
    ("era/", era.era_set, "era_set"),
    ("event/stack/add/", era.stack_action_add, "stack_action_add"),
    ("event/stack/clear/", era.stack_actions_clear, "stack_actions_clear"),
]

urlpatterns = [
    path("", show.index, name="index"),
    path("examples/", show.examples, name="examples"),
    path("today/", today.board_today, name="today"),
    path("import/", io.import_json, name="import"),
    path("s/<slug:slug>/", show.scenario_page, name="scenario"),
    path("s/<slug:slug>/export.json", io.export_json, name="export"),
    *(path(route, view, name=name) for route, view, name in EDITS),
    *(path(f"s/<slug:slug>/{route}", view, name=name) for route, view, name in EDITS),
    path("s/<slug:slug>/predict/", prediction.predict, name="predict"),
    path("s/<slug:slug>/predict/clear/", prediction.predict_clear, name="predict_clear"),
    path("cards/", cards.card_search, name="card_search"),
    path("s/<slug:slug>/cards/", cards.card_search, name="card_search"),
]
