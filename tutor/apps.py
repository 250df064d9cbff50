from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


def _content_changed(sender: type[Any], instance: Any, **kwargs: Any) -> None:
    """A change of the imported content (an admin's edit, the curated boards, a CR paragraph) makes the
    cached content pages stale; a learner's board (not curated, illustrating nothing) does not."""
    from tutor.common.content_cache import bump_content_version
    from tutor.models import Scenario

    if sender is Scenario and not (instance.is_curated or instance.illustrates):
        return
    bump_content_version()


class TutorConfig(AppConfig):
    name = "tutor"
    verbose_name = "ダメージルール・チューター"

    def ready(self) -> None:
        import tutor.common.request_log  # noqa: F401  (connects the request log's fields)
        from tutor.models import Card, Example, FormerRule, Lesson, Note, Paragraph, Scenario, Section, Term

        for model in (Section, Paragraph, Example, Term, Card, Note, Scenario, Lesson, FormerRule):
            post_save.connect(_content_changed, sender=model, dispatch_uid=f"content-{model.__name__}")
            post_delete.connect(_content_changed, sender=model, dispatch_uid=f"content-del-{model.__name__}")
