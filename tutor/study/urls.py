"""URLs of the study area."""

from django.urls import path

from tutor.study import exam_views as exam
from tutor.study import views as study

app_name = "study"
urlpatterns = [
    path("", study.index, name="index"),
    path("t/<str:topic>/", study.topic, name="topic"),
    path("start/", study.start, name="start"),
    path("mixed/", study.mixed, name="mixed"),
    path("review/", study.review, name="review"),
    path("progress/", study.progress, name="progress"),
    path("q/<str:token>/", study.question, name="question"),
    path("q/<str:token>/answer/", study.answer, name="answer"),
    path("q/<str:token>/board/", study.open_board, name="board"),
    path("exam/", exam.index, name="exam_index"),
    path("exam/start/", exam.start, name="exam_start"),
    path("exam/history/", exam.history, name="exam_history"),
    path("exam/<str:token>/", exam.detail, name="exam"),
    path("exam/<str:token>/q/<int:n>/", exam.question, name="exam_question"),
    path("exam/<str:token>/score/", exam.score, name="exam_score"),
    path("exam/<str:token>/report/", exam.report, name="exam_report"),
]
