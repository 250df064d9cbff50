"""One review row per learner and kind of question: duplicates (made by answers racing before this
constraint) are merged first, as ``progress_claim`` merges them: the lower box, the earlier due time,
the lapses added up."""

from typing import Any

from django.db import migrations, models


def merge_duplicates(apps: Any, schema_editor: Any) -> None:
    ReviewItem = apps.get_model("tutor", "ReviewItem")
    kept: dict[tuple[Any, ...], Any] = {}
    for item in ReviewItem.objects.order_by("id"):
        owner = ("user", item.user_id) if item.user_id is not None else ("key", item.learner_key)
        key = (*owner, item.source, item.level)
        first = kept.get(key)
        if first is None:
            kept[key] = item
            continue
        first.box = min(first.box, item.box)
        first.due_at = min(first.due_at, item.due_at)
        first.lapses += item.lapses
        first.save(update_fields=["box", "due_at", "lapses"])
        item.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tutor", "0004_paragraph_is_english_only"),
    ]

    operations = [
        migrations.RunPython(merge_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="reviewitem",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)),
                fields=("user", "source", "level"),
                name="review_item_unique_per_user",
            ),
        ),
        migrations.AddConstraint(
            model_name="reviewitem",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", True)),
                fields=("learner_key", "source", "level"),
                name="review_item_unique_per_learner_key",
            ),
        ),
    ]
