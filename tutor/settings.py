"""Settings for the damage-rules tutor.

Production-safe by default: DEBUG is off unless ``DJANGO_DEBUG=1``; the secret key must come from
``DJANGO_SECRET_KEY`` unless DEBUG is on. ``DATABASE_URL`` selects PostgreSQL; without it an SQLite
file next to ``manage.py`` is used. ``REDIS_URL`` selects a shared Redis cache (content pages, rate
limits) for several app servers behind one proxy; without it each process keeps its own memory cache.
"""

import logging
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from tutor.common import log_format

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_flag("DJANGO_DEBUG")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and not _env_flag("DJANGO_TESTING"):
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    # Development and test only: never used with DEBUG off in production.
    SECRET_KEY = "django-insecure-development-only-key-change-me-in-production-0123456789"

ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]" if DEBUG else "")
if DEBUG or _env_flag("DJANGO_TESTING"):
    ALLOWED_HOSTS += ["127.0.0.1", "localhost", "testserver", "[::1]"]
CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "django_ratelimit",
    "corsheaders",  # the API's CORS (GET only, /api/ only: CORS_* below)
    "ninja",  # the API (tutor.api); listed so its docs page takes Swagger UI from our static files
    "tutor",
]

# The request log (django-structlog, tutor.common.request_log) comes first, so that it times and logs
# every answer, a refused Host header included. The frame-options and CSP middleware come right after
# the security middleware, before anything that can refuse a request (CommonMiddleware's bad-Host 400,
# the NUL guard), so that every page carries their headers; the styled 405 page is filled in late.
MIDDLEWARE = [
    "django_structlog.middlewares.RequestMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "tutor.api.errors.ApiErrorsMiddleware",  # every error under /api/ as JSON, whoever answered it
    "corsheaders.middleware.CorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tutor.middleware.RejectNullBytesMiddleware",
    "tutor.middleware.StyledErrorPagesMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tutor.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tutor.wsgi.application"
ASGI_APPLICATION = "tutor.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        # a connection the database dropped (a restart) is replaced before the request uses it
        conn_health_checks=True,
    )
}
# SQLite (the default) with several gunicorn workers: by default a write meets "database is locked" at
# once. WAL lets the pages read while one request writes; IMMEDIATE takes the write lock when a
# transaction begins (a deferred one that reads and then writes cannot wait for the lock, it fails), and
# the timeout lets a writer queue for it. 15 s stays under gunicorn's 30 s, so a stuck lock is our 500
# page, never a killed worker. synchronous=NORMAL is WAL's safe setting (a power cut can lose the last
# commits, never the file).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        "transaction_mode": "IMMEDIATE",
        "timeout": 15,
    }

# Local memory by default (one cache per process); Redis when REDIS_URL is set, so that several app
# servers share the content pages' cache and the rate limits' counters.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL, "TIMEOUT": 3600}
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "tutor",
            "TIMEOUT": 3600,
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    )
}
# Pages that only show imported content are cached (tutor.common.content_cache); off with 0 (benchmarks).
CONTENT_CACHE = _env_flag("DJANGO_CONTENT_CACHE", True)

AUTHENTICATION_BACKENDS = [
    "tutor.common.ratelimits.LockoutBackend",  # django-axes: refuses a locked-out login before the password is checked
    "django.contrib.auth.backends.ModelBackend",
]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", "日本語"), ("en", "English")]
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG and not _env_flag("DJANGO_TESTING")
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "study:index"
LOGOUT_REDIRECT_URL = "home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Security headers. No inline script anywhere: htmx is loaded from our own static files and
# configured through a <meta> tag, so script-src needs nothing but 'self'.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Sessions are kept in the database. With a shared Redis cache they are also read through it
# (cached_db), so a signed-in learner's request skips the session query; a per-process local memory
# cache would let the other workers keep a signed-out session alive, so without Redis it is the
# database alone.
SESSION_ENGINE = "django.contrib.sessions.backends." + ("cached_db" if REDIS_URL else "db")
CSRF_COOKIE_HTTPONLY = True  # htmx sends the token from <body hx-headers>, never reads the cookie

# A request body (forms, the JSON import) is at most this big; larger ones get the 413 page. The
# largest scenario allowed (rules_core.document.limits: 64 KiB of JSON) takes up to three times its size
# once form-encoded, so 512 KiB leaves room without letting a body grow unbounded (nginx refuses
# bodies over 1 MiB before they reach us).
DATA_UPLOAD_MAX_MEMORY_SIZE = 512 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 512 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000  # the largest assignment table allowed has fewer steppers

# Login lockout (django-axes): 10 wrong passwords for one user name from one address lock that user
# name out at that address for 15 minutes; a success resets the count. Counting the name alone would
# let anyone lock its owner out, and the address alone one visitor a whole classroom, so it is the
# pair; one address trying many names is stopped by the login's rate limit (LOGIN_RATE). The address
# is the visitor's (tutor.common.ratelimits.client_ip: the proxy's X-Real-IP), never the proxy's.
AXES_FAILURE_LIMIT = 10
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "tutor.common.ratelimits.axes_username"
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "errors/lockout.html"
AXES_CLIENT_IP_CALLABLE = "tutor.common.ratelimits.client_ip"
AXES_VERBOSE = False

# Rate limits (django-ratelimit, decorators in tutor.common.ratelimits): counted in the default cache (shared
# through Redis when several app servers run); a request over a limit gets the styled 429 page.
RATELIMIT_USE_CACHE = "default"
# DJANGO_RATELIMIT=0 switches them off: only for a load test from one address (make smoke), never in use.
RATELIMIT_ENABLE = os.environ.get("DJANGO_RATELIMIT", "1") != "0"
RATELIMIT_VIEW = "tutor.common.errors.too_many_requests"
CSRF_FAILURE_VIEW = "tutor.common.errors.csrf_failure"

# The JSON API (tutor.api): any site may read it from a browser (GET), never with cookies; its one
# POST (/api/v1/resolve) is for callers outside browsers and same-origin pages, so no preflight passes.
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After"]
CORS_PREFLIGHT_MAX_AGE = 86400
SILENCED_SYSTEM_CHECKS = [
    # Local memory (the one-server default) is per process: the limits then count per gunicorn worker,
    # which still bounds a client. Several app servers must share them: REDIS_URL (README).
    "django_ratelimit.E003",
    # Django's own Redis cache increments atomically; django-ratelimit only lists django-redis's.
    "django_ratelimit.W001",
]

if not DEBUG and not _env_flag("DJANGO_TESTING"):
    SECURE_SSL_REDIRECT = _env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# Logs go to standard error (gunicorn's, with its own lines), one logfmt line per event in UTC:
# ``timestamp=… level=… event=request_finished request_id=… ip=… method=… path=… status=… duration_ms=…``
# for each request (django-structlog's RequestMiddleware, fields from tutor.common.request_log), and a
# request that raised is one ``event=request_failed`` line with its traceback (newlines written \n).
# Django's own warnings and errors (a refused Host header, …) are lines of the same shape, with the
# request id of the request they belong to. README, "Logs".
log_format.configure_structlog()
DJANGO_STRUCTLOG_STATUS_START_LOG_LEVEL = logging.DEBUG  # one line per request: the finished one
DJANGO_STRUCTLOG_IP_LOGGING_ENABLED = False  # the address is client_ip's (tutor.common.request_log)
DJANGO_STRUCTLOG_USER_ID_FIELD = None  # reading the user would load the session on every request
LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"logfmt": log_format.formatter()},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "logfmt"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        # Django's defaults send "django" to a console handler of their own in DEBUG (lines twice).
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # django.request repeats each 4xx and 5xx, and each traceback, that the request line has already.
        "django.request": {"handlers": [], "level": "CRITICAL", "propagate": True},
        "django_structlog": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "tutor": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
    },
}
