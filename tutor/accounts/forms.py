"""Signing up (Django's checks, Japanese messages)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.contrib.auth.models import AbstractBaseUser, User
from django.core.validators import MaxLengthValidator

from tutor.common.text_input import SafeTextMixin

if TYPE_CHECKING:  # generic only in django-stubs: subscripting it at run time fails
    _UserCreationForm = UserCreationForm[User]
else:
    _UserCreationForm = UserCreationForm


# The field a password's own problems belong under: the one where it was chosen, not the confirmation
# (Django puts "too short" or "too common" under the second field, beside "the two do not match").
CHOSEN_FIELD = {"password2": "password1", "new_password2": "new_password1"}

USERNAME_TOO_LONG = "ユーザー名は%(limit_value)d文字以内です（入力は%(show_value)d文字でした）。"


class PasswordErrorsUnderTheChosenField:
    """Password validators' errors go under the field the password was typed in."""

    def validate_password_for_user(
        self, user: AbstractBaseUser, password_field_name: str = "password2", **kwargs: Any
    ) -> None:
        chosen = CHOSEN_FIELD.get(password_field_name, password_field_name)
        super().validate_password_for_user(user, password_field_name=chosen, **kwargs)  # type: ignore[misc]


class StudyAuthenticationForm(SafeTextMixin, AuthenticationForm):
    """Django's login form, its user name checked like any other field before anyone is asked.

    Django gives the field its length (the ``maxlength`` of the input) after the field is built, so
    the length is never validated: a longer name went on to ``authenticate``, where django-axes stored
    it in a 255-character column (a 500 on PostgreSQL). A name no account can have is now a field
    error, and no attempt is recorded.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        assert isinstance(username, forms.CharField)  # Django's UsernameField
        username.validators.append(MaxLengthValidator(username.max_length))
        username.error_messages.update(
            {"required": "ユーザー名を入力してください。", "max_length": USERNAME_TOO_LONG}
        )
        self.fields["password"].error_messages.update({"required": "パスワードを入力してください。"})


class StudyPasswordChangeForm(PasswordErrorsUnderTheChosenField, PasswordChangeForm):
    """Django's password change, its validators' errors under 「新しいパスワード」."""


class SignupForm(PasswordErrorsUnderTheChosenField, SafeTextMixin, _UserCreationForm):
    """Sign up with a user name and a password (Django's checks, Japanese messages)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "150文字以内。英数字と @ . + - _ が使えます。"
        self.fields["username"].error_messages.update(
            {"required": "ユーザー名を入力してください。", "max_length": USERNAME_TOO_LONG}
        )
        self.fields["password1"].error_messages.update({"required": "パスワードを入力してください。"})
        self.fields["password2"].error_messages.update(
            {"required": "確認のためもう一度パスワードを入力してください。"}
        )
