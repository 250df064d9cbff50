"""Every model of the one ``tutor`` app (label ``tutor``), one module per area, re-exported here."""

from tutor.models.board import Scenario, ScenarioManager, scenario_digest
from tutor.models.exams import Exam, ExamKind, ExamMode, ExamQuestion
from tutor.models.former import FormerRule
from tutor.models.lessons import Lesson, LessonProgress
from tutor.models.reader import Card, Edition, Example, Language, Note, Paragraph, Section, Term
from tutor.models.study import (
    AuthoredQuestion,
    AuthoredTemplate,
    LearnerRating,
    QuestionRating,
    ReviewItem,
    ReviewState,
    StudyAttempt,
    StudyKind,
    StudyLevel,
    StudyQuestion,
)

__all__ = [
    "AuthoredQuestion",
    "AuthoredTemplate",
    "Card",
    "Edition",
    "Exam",
    "ExamKind",
    "ExamMode",
    "ExamQuestion",
    "Example",
    "FormerRule",
    "Language",
    "LearnerRating",
    "Lesson",
    "LessonProgress",
    "Note",
    "Paragraph",
    "QuestionRating",
    "ReviewItem",
    "ReviewState",
    "Scenario",
    "ScenarioManager",
    "Section",
    "StudyAttempt",
    "StudyKind",
    "StudyLevel",
    "StudyQuestion",
    "Term",
    "scenario_digest",
]
