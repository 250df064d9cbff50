"""Settings for the test suite: the production settings with the testing switches on."""

import os

os.environ.setdefault("DJANGO_TESTING", "1")

from tutor.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests only
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
