"""An exam's points (issue 24): a parts question counts the fraction of its parts right. Exams scored
before parts questions existed had one point for each question right, so their points are their count."""

from django.db import migrations, models
from django.db.models import F


def points_from_right(apps, schema_editor):
    apps.get_model("tutor", "Exam").objects.filter(scored_at__isnull=False).update(points=F("right"))


class Migration(migrations.Migration):
    dependencies = [("tutor", "0012_study_mixed")]

    operations = [
        migrations.AddField(
            model_name="exam",
            name="points",
            field=models.FloatField(default=0, verbose_name="得点"),
        ),
        migrations.RunPython(points_from_right, migrations.RunPython.noop),
    ]
