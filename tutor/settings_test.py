"""Settings for the test suite: the production settings with the testing switches on."""

import os

os.environ.setdefault("DJANGO_TESTING", "1")

from tutor.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests only
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# The suite posts far more than a person would from one address: the rate limits are off here and
# switched on by the tests that check them (override_settings(RATELIMIT_ENABLE=True)).
RATELIMIT_ENABLE = False
