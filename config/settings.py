"""Settings: embedded defaults that need nothing installed, environment variables for production.

Embedded defaults: a SQLite file, Celery tasks run in-process, a secret key generated once into
``var/secret_key``, DEBUG off. Production (``config.settings_production``) requires ``SECRET_KEY``,
``DATABASE_URL`` (PostgreSQL), ``ALLOWED_HOSTS`` and usually ``CELERY_BROKER_URL`` (Redis).

Every variable this file reads:
  DEBUG, SECRET_KEY, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS, DATABASE_URL, CELERY_BROKER_URL,
  CELERY_RESULT_BACKEND, TIME_ZONE, LOG_LEVEL, MEDIA_ROOT, STATIC_ROOT, JOB_RETENTION_DAYS,
  API_TOKEN_RATE, TRUSTED_PROXY_COUNT, SIGNIN_FAILURE_LIMIT, SIGNIN_FAILURE_WINDOW,
  CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY.
"""

import secrets
from pathlib import Path

import environ
from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)


def _embedded_secret_key() -> str:
    """A key made once for this installation and kept out of version control."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = env.str("SECRET_KEY", default="") or _embedded_secret_key()
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "tournaments.views.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "simple_history",
    "rules.apps.AutodiscoverRulesConfig",
    "django_celery_results",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "tournaments.middleware.SecurityHeaders",
    "tournaments.middleware.NoNulCharacters",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournaments.middleware.VietnameseByDefault",
    "tournaments.signin_throttle.SignInThrottle",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Innermost: answers public reads from the cache before their view runs (issue 23).
    "tournaments.public_cache.PublicReadCache",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.context_processors.vocabulary",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several arbiters write at once: wait for the lock instead of failing at once. A deferred
    # transaction that reads and then writes cannot wait (SQLite answers "database is locked" at
    # once to avoid a deadlock), so writes start with BEGIN IMMEDIATE.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20,
                                                           "transaction_mode": "IMMEDIATE"})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"

# Sent on every answer (tournaments/middleware.py: SecurityHeaders); "" leaves one out.
CONTENT_SECURITY_POLICY = env.str("CONTENT_SECURITY_POLICY", default="; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'", "frame-ancestors 'none'"]))
PERMISSIONS_POLICY = env.str("PERMISSIONS_POLICY", default=", ".join(
    f"{feature}=()" for feature in ("accelerometer", "camera", "geolocation", "gyroscope",
                                    "magnetometer", "microphone", "payment", "usb")))

# Password guessing (tournaments/signin_throttle.py): a client address with this many failed
# sign-ins is refused on every sign-in door until SIGNIN_FAILURE_WINDOW seconds after its first.
SIGNIN_PATHS = ["/accounts/login/", "/admin/login/", "/api/token/"]
SIGNIN_FAILURE_LIMIT = env.int("SIGNIN_FAILURE_LIMIT", default=10)
SIGNIN_FAILURE_WINDOW = env.int("SIGNIN_FAILURE_WINDOW", default=15 * 60)
# How many reverse proxies of this installation stand in front of the app. 0 (the default): the
# client's address is the connection's and X-Forwarded-For / X-Forwarded-Proto are ignored.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
# Counters (sign-in failures, API throttles). One process here; Redis in production.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Public reads of an event (tournaments/public_cache.py): how long a visitor's rendered answer
# is kept per event version (0: validators and 304s only), and how long the cache keeps an
# event's version (0: one query per request reads it; writers publish it on commit).
PUBLIC_CACHE_SECONDS = env.int("PUBLIC_CACHE_SECONDS", default=600)
EVENT_VERSION_CACHE_SECONDS = env.int("EVENT_VERSION_CACHE_SECONDS", default=0)
LOGIN_REDIRECT_URL = "tournaments:event_list"
LOGOUT_REDIRECT_URL = "tournaments:event_list"

# Vietnamese first (the law's language), English second.
LANGUAGE_CODE = "vi"
LANGUAGES = [("vi", _("Vietnamese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Asia/Ho_Chi_Minh")
USE_I18N = True
# Dates: day-month-year in both languages (config/formats/).
FORMAT_MODULE_PATH = ["config.formats"]
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where ``collectstatic`` gathers the files (production serves them from here).
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing one
# Exports and uploads of background jobs; web processes and workers must share it.
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(VAR_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from the app folders when nothing was collected (embedded mode).
WHITENOISE_USE_FINDERS = True

REST_FRAMEWORK = {
    # Token first: a request without credentials is answered 401 with "WWW-Authenticate: Token"
    # (the session's 403 otherwise), so an API client knows how to authenticate.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS":
        "tournaments.api.negotiation.FormatFilterFriendlyNegotiation",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.JSONParser",
                               "rest_framework.parsers.FormParser",
                               "rest_framework.parsers.MultiPartParser"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
    # POST /api/token/ (tournaments/api/auth.py): tries per client address.
    "DEFAULT_THROTTLE_RATES": {"token": env.str("API_TOKEN_RATE", default="10/minute")},
    # The client's address: X-Forwarded-For only behind this installation's own proxies.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Cờ Tướng tournaments API",
    "DESCRIPTION": "Events, entries, rounds, pairings, results and standings of Xiangqi events.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from this installation, not a CDN: venues often have poor connections.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "RoundStatusEnum": "tournaments.models.rounds.RoundStatus",
        "EntryStatusEnum": "tournaments.models.entries.EntryStatus",
        "PairingMethodEnum": "tournaments.models.rounds.PairingMethod",
        "ScoringEnum": "tournaments.models.statute.ScoringSystem",
        "TeamRanksByEnum": "tournaments.models.statute.TeamRanksBy",
        "SubstitutionEnum": "tournaments.models.rounds.Substitution",
    },
}

# Celery: without a broker, tasks run in-process (embedded defaults); with one, on workers.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="django-db")
CELERY_RESULT_EXTENDED = True
CELERY_TASK_TRACK_STARTED = True
CELERY_TIMEZONE = TIME_ZONE
# In-process tasks keep their result too, so a job's status reads the same either way.
CELERY_TASK_STORE_EAGER_RESULT = True
# With ``celery beat`` running (production), finished jobs and their files go after
# JOB_RETENTION_DAYS; without it, ``manage.py purge_jobs`` does the same (e.g. from cron).
JOB_RETENTION_DAYS = env.int("JOB_RETENTION_DAYS", default=30)
# Print sheets (issue 20): a PDF of this many table lines or more (a large crosstable; a score
# sheet counts 10) is built by a worker as a job with its progress; smaller ones, under about
# 7 seconds, download at once (benchmarks/bench_print.py).
PDF_ASYNC_MIN_ROWS = 200
CELERY_BEAT_SCHEDULE = {
    "purge-old-jobs": {"task": "tournaments.tasks.purge_old_jobs",
                       "schedule": crontab(hour=3, minute=30)},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}
