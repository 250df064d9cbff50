"""URLs of the reader's former rules (``/cr/former/…``, 拡張 issue 15), included before the reader's
own so that ``/cr/former/`` is not read as a CR number."""

from django.urls import path

from tutor.reader import era_views

app_name = "former"
urlpatterns = [
    path("", era_views.index, name="index"),
    path("<str:date>/", era_views.rules_file, name="file"),
    path("<str:date>/<str:number>/", era_views.rule, name="rule"),
]
