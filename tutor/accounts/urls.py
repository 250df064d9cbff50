"""Accounts: sign up, log in, log out (POST), password change. Names without a namespace
(``LOGIN_URL = "login"``)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tutor.accounts import views as accounts

urlpatterns = [
    path("signup/", accounts.signup, name="signup"),
    path(
        "login/", accounts.login_limited(accounts.japanese(accounts.StudyLoginView.as_view())), name="login"
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", accounts.japanese(accounts.StudyPasswordChangeView.as_view()), name="password_change"),
    path(
        "password/done/",
        accounts.japanese(
            auth_views.PasswordChangeDoneView.as_view(template_name="registration/password_change_done.html")
        ),
        name="password_change_done",
    ),
]
