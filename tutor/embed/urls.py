"""``/embed/…``: pages other sites may frame."""

from django.urls import path

from tutor.embed import views

app_name = "embed"

urlpatterns = [
    path("board/<slug:slug>/", views.embed_board, name="board"),
]
