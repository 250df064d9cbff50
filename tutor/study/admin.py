"""The admin of study mode: authored questions and templates (checked by the engine on save), and what learners did."""

from django.contrib import admin
from django.http import HttpRequest

from tutor.models import (
    AuthoredQuestion,
    AuthoredTemplate,
    Exam,
    LearnerRating,
    QuestionRating,
    ReviewItem,
    StudyAttempt,
    StudyQuestion,
)
from tutor.study.forms import AuthoredQuestionAdminForm, AuthoredTemplateAdminForm


@admin.register(AuthoredQuestion)
class AuthoredQuestionAdmin(admin.ModelAdmin):
    """Hand-written questions: saving checks the answer with the engine (AuthoredQuestionAdminForm)."""

    form = AuthoredQuestionAdminForm
    list_display = ("title", "level", "ask_kind", "answer", "is_active")
    list_filter = ("level", "ask_kind", "is_active")
    search_fields = ("title", "prompt")


@admin.register(AuthoredTemplate)
class AuthoredTemplateAdmin(admin.ModelAdmin):
    """Question templates with random variables: saving checks a sample of instances with the engine."""

    form = AuthoredTemplateAdminForm
    list_display = ("title", "level", "ask_kind", "is_active")
    list_filter = ("level", "ask_kind", "is_active")
    search_fields = ("title", "prompt")


@admin.register(StudyQuestion)
class StudyQuestionAdmin(admin.ModelAdmin):
    list_display = ("title", "source", "seed", "level", "topic", "user", "created_at")
    list_filter = ("level", "topic", "is_review")
    search_fields = ("token", "source", "title")
    readonly_fields = ("token", "created_at")


@admin.register(StudyAttempt)
class StudyAttemptAdmin(admin.ModelAdmin):
    list_display = ("question", "user", "topic", "level", "correct", "answered_at")
    list_filter = ("correct", "level", "topic")
    list_select_related = ("question", "user")


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    list_display = ("title", "level", "user", "state", "step", "due_at", "stability", "lapses")
    list_filter = ("state", "level")


@admin.register(LearnerRating)
class LearnerRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "learner_key", "mu", "sigma", "matches", "updated_at")
    list_select_related = ("user",)


@admin.register(QuestionRating)
class QuestionRatingAdmin(admin.ModelAdmin):
    list_display = ("source", "level", "mu", "sigma", "matches", "updated_at")
    list_filter = ("level",)


@admin.register(Exam)
class ExamAdmin(admin.ModelAdmin):
    """Read-only: an exam is made and scored by the learner, never edited."""

    list_display = ("token", "kind", "mode", "user", "started_at", "scored_at", "right", "total", "passed")
    list_filter = ("kind", "mode", "passed")
    search_fields = ("token", "user__username")
    list_select_related = ("user",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Exam | None = None) -> bool:
        return False
