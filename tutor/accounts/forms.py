"""Signing up (Django's checks, Japanese messages)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

from tutor.common.text_input import SafeTextMixin

if TYPE_CHECKING:  # generic only in django-stubs: subscripting it at run time fails
    _UserCreationForm = UserCreationForm[User]
else:
    _UserCreationForm = UserCreationForm


class SignupForm(SafeTextMixin, _UserCreationForm):
    """Sign up with a user name and a password (Django's checks, Japanese messages)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "150文字以内。英数字と @ . + - _ が使えます。"
        self.fields["username"].error_messages.update({"required": "ユーザー名を入力してください。"})
        self.fields["password1"].error_messages.update({"required": "パスワードを入力してください。"})
        self.fields["password2"].error_messages.update(
            {"required": "確認のためもう一度パスワードを入力してください。"}
        )
