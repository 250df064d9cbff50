"""URLs of the study area."""

from django.urls import path

from tutor.study import views as study

app_name = "study"
urlpatterns = [
    path("", study.index, name="index"),
    path("t/<str:topic>/", study.topic, name="topic"),
    path("start/", study.start, name="start"),
    path("review/", study.review, name="review"),
    path("progress/", study.progress, name="progress"),
    path("q/<str:token>/", study.question, name="question"),
    path("q/<str:token>/answer/", study.answer, name="answer"),
    path("q/<str:token>/board/", study.open_board, name="board"),
]
