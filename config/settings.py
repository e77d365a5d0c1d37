"""Settings: embedded defaults that need nothing installed, environment variables for production.

Embedded defaults: a SQLite file, Celery tasks run in-process, a secret key generated once into
``var/secret_key``, DEBUG off. Production (``config.settings_production``) requires ``SECRET_KEY``,
``DATABASE_URL`` (PostgreSQL), ``ALLOWED_HOSTS`` and usually ``CELERY_BROKER_URL`` (Redis).

Every variable this file reads:
  DEBUG, SECRET_KEY, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS, DATABASE_URL, CELERY_BROKER_URL,
  CELERY_RESULT_BACKEND, TIME_ZONE, LOG_LEVEL, MEDIA_ROOT, STATIC_ROOT, JOB_RETENTION_DAYS,
  API_TOKEN_RATE, TRUSTED_PROXY_COUNT, SIGNIN_FAILURE_LIMIT, SIGNIN_ADDRESS_FAILURE_LIMIT,
  SIGNIN_FAILURE_WINDOW, PASSWORD_RESET_ADDRESS_LIMIT, PASSWORD_RESET_EMAIL_LIMIT,
  PASSWORD_RESET_WINDOW, ANONYMOUS_RENDERS_PER_MINUTE, REGISTRATIONS_PER_HOUR,
  CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, CACHE_RETRY_SECONDS, CACHE_SOCKET_TIMEOUT,
  JOB_SOFT_TIME_LIMIT, JOB_TIME_LIMIT, JOB_HEARTBEAT_SECONDS, JOB_STALE_SECONDS,
  JOB_MAX_ATTEMPTS, SITE_URL, EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, EMAIL_TIMEOUT,
  DEFAULT_FROM_EMAIL, NOTIFICATIONS_PER_RECIPIENT_PER_HOUR,
  NOTIFICATIONS_MAX_RETRIES, NOTIFICATIONS_RETRY_BACKOFF, VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY,
  VAPID_SUBJECT, INVITATION_DAYS, SEARCH_CACHE_SECONDS, ARCHIVE_CACHE_SECONDS,
  FINISHED_PUBLIC_CACHE_SECONDS.
"""

import secrets
from pathlib import Path

import environ
from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

from config import vapid

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
    "django.middleware.locale.LocaleMiddleware",
    "tournaments.middleware.ApiNumbers",
    # After the language: a refusal reads in the page's language.
    "tournaments.signin_throttle.SignInThrottle",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # A page not found at a former address: redirected to the current one (a 301).
    "tournaments.middleware.OldAddresses",
    # A write refused because its event is closed, uncaught by the view: a message, back.
    "tournaments.middleware.ClosedEvents",
    # Innermost: answers public reads from the cache before their view runs.
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

# Password guessing (tournaments/signin_throttle.py): an account with this many failed sign-ins
# from one address is refused from that address, and an address with SIGNIN_ADDRESS_FAILURE_LIMIT
# failures on any accounts is refused on all, on every sign-in door, until SIGNIN_FAILURE_WINDOW
# seconds after the first failure.
SIGNIN_PATHS = ["/accounts/login/", "/admin/login/", "/api/token/"]
SIGNIN_FAILURE_LIMIT = env.int("SIGNIN_FAILURE_LIMIT", default=10)
SIGNIN_ADDRESS_FAILURE_LIMIT = env.int("SIGNIN_ADDRESS_FAILURE_LIMIT", default=100)
SIGNIN_FAILURE_WINDOW = env.int("SIGNIN_FAILURE_WINDOW", default=15 * 60)
# Password reset requests: per address (over the limit: 429) and per e-mail address (over the
# limit: nothing more is sent), in a window of PASSWORD_RESET_WINDOW seconds.
PASSWORD_RESET_PATHS = ["/accounts/password_reset/"]
PASSWORD_RESET_ADDRESS_LIMIT = env.int("PASSWORD_RESET_ADDRESS_LIMIT", default=10)
PASSWORD_RESET_EMAIL_LIMIT = env.int("PASSWORD_RESET_EMAIL_LIMIT", default=3)
PASSWORD_RESET_WINDOW = env.int("PASSWORD_RESET_WINDOW", default=60 * 60)
# How many reverse proxies of this installation stand in front of the app. 0 (the default): the
# client's address is the connection's and X-Forwarded-For / X-Forwarded-Proto are ignored.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
# Counters (sign-in failures, API throttles). One process here; Redis in production.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Redis down (production, config/cache.py): pages and the API read the database, writes go on;
# the keys starting with these (the sign-in, password reset, API and visitors' render throttle
# counters: tournaments/signin_throttle.py, public_cache.py) are counted in each
# process meanwhile. Redis is asked again CACHE_RETRY_SECONDS after a failure; a call waits at
# most CACHE_SOCKET_TIMEOUT seconds for it.
CACHE_FAULT_OPTIONS = {
    "RETRY_SECONDS": env.float("CACHE_RETRY_SECONDS", default=5),
    "FALLBACK_KEY_PREFIXES": ("signin", "throttle"),
    "socket_connect_timeout": env.float("CACHE_SOCKET_TIMEOUT", default=1),
    "socket_timeout": env.float("CACHE_SOCKET_TIMEOUT", default=1),
}
# Public reads of an event (tournaments/public_cache.py): how long a visitor's rendered answer
# is kept per event version (0: validators and 304s only), and how long the cache keeps an
# event's version (0: one query per request reads it; writers publish it on commit).
PUBLIC_CACHE_SECONDS = env.int("PUBLIC_CACHE_SECONDS", default=600)
# A finished event's pages (after its end date) are kept this long instead: they change only
# by a correction, whose new version makes them unreachable at once anyway.
FINISHED_PUBLIC_CACHE_SECONDS = env.int("FINISHED_PUBLIC_CACHE_SECONDS", default=24 * 3600)
# The archive (tournaments/selectors/search.py, archive.py): how long a search's answer and a
# season's page are kept in the shared cache (0: not kept). Short: they follow every event and
# player without being told of a change.
SEARCH_CACHE_SECONDS = env.int("SEARCH_CACHE_SECONDS", default=60)
ARCHIVE_CACHE_SECONDS = env.int("ARCHIVE_CACHE_SECONDS", default=300)
# A visitor's address may have the expensive public reads (tables, exports, PDFs) rendered this
# many times a minute; answers from the cache are not counted (0: no limit).
ANONYMOUS_RENDERS_PER_MINUTE = env.int("ANONYMOUS_RENDERS_PER_MINUTE", default=60)
# Online registration forms (the page and the API) one address may send in an hour (0: no
# limit); a club leader sends up to 40 players in one form.
REGISTRATIONS_PER_HOUR = env.int("REGISTRATIONS_PER_HOUR", default=30)
EVENT_VERSION_CACHE_SECONDS = env.int("EVENT_VERSION_CACHE_SECONDS", default=0)
# The live feed of the public pages (tournaments/live.py): a Redis stream per event when
# LIVE_REDIS_URL is set (every web process delivers every message), else this process's memory.
LIVE_REDIS_URL = env.str("LIVE_REDIS_URL", default="")
LIVE_FEED_KEEP = env.int("LIVE_FEED_KEEP", default=1000)
LIVE_FEED_PREFIX = env.str("LIVE_FEED_PREFIX", default="")
# After a failure to append to the feed, writes do not try it again for this long (seconds).
LIVE_FEED_RETRY_SECONDS = env.float("LIVE_FEED_RETRY_SECONDS", default=2)
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
        "StageSeedingEnum": "tournaments.models.championships.StageSeeding",
        "RegistrationStatusEnum": "tournaments.models.registrations.RegistrationStatus",
        "NotificationStatusEnum": "tournaments.models.notifications.NotificationStatus",
        "NotificationKindEnum": "tournaments.models.notifications.NotificationKind",
        "RequestStatusEnum": "tournaments.models.player_requests.RequestStatus",
        "RequestKindEnum": "tournaments.models.player_requests.RequestKind",
        "GenderEnum": "tournaments.models.players.Gender",
        "PaymentKindEnum": "tournaments.models.fees.PaymentKind",
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
# Print sheets: a PDF of this many table lines or more (a large crosstable; a score sheet
# counts 10, so a round of 20 boards or more) is built by a worker as a job with its progress;
# smaller ones, under about 7 seconds, download at once (benchmarks/bench_print.py).
PDF_ASYNC_MIN_ROWS = 200
# A job survives its worker's death (tournaments/tasks.py, services/jobs.py): its message is
# acknowledged once the task has ended, and given back to the queue if the worker's process dies
# (prefork pool); one at a time per worker process, so a dead worker held no other job's.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A job running longer than JOB_SOFT_TIME_LIMIT seconds is stopped and failed with that reason,
# nothing of it stored; a worker that does not stop within JOB_TIME_LIMIT is killed.
CELERY_TASK_SOFT_TIME_LIMIT = env.int("JOB_SOFT_TIME_LIMIT", default=15 * 60)
CELERY_TASK_TIME_LIMIT = env.int("JOB_TIME_LIMIT", default=16 * 60)
# A worker writes its running job's heartbeat every JOB_HEARTBEAT_SECONDS; a running job whose
# heartbeat is older than JOB_STALE_SECONDS lost its worker: it is run again if it was taken
# fewer than JOB_MAX_ATTEMPTS times, else failed with that reason (``jobs_recover``, run by
# beat every minute, by ``manage.py recover_jobs`` and when the job's page or API is read). The
# same pass sends the jobs whose task the broker could not take when they were made.
JOB_HEARTBEAT_SECONDS = env.int("JOB_HEARTBEAT_SECONDS", default=10)
JOB_STALE_SECONDS = env.int("JOB_STALE_SECONDS", default=60)
JOB_MAX_ATTEMPTS = env.int("JOB_MAX_ATTEMPTS", default=2)
# An import whose file is larger than this many bytes runs as a background job (a TRF file of
# some 500 players and 11 rounds); smaller ones stay in the request.
IMPORT_JOB_MIN_BYTES = env.int("IMPORT_JOB_MIN_BYTES", default=100_000)
CELERY_BEAT_SCHEDULE = {
    "purge-old-jobs": {"task": "tournaments.tasks.purge_old_jobs",
                       "schedule": crontab(hour=3, minute=30)},
    "recover-jobs": {"task": "tournaments.tasks.recover_jobs", "schedule": 60.0},
}

# Mail (password reset, services/notifications.py): printed on the console here, so the demo
# shows its links; production sends through SMTP (config/settings_production.py). A
# development machine may point EMAIL_BACKEND at Django's SMTP back end and EMAIL_HOST/PORT at a
# local mail catcher.
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="co-tuong@localhost")
# A message waits at most this many seconds for the mail server.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
# The address links in messages start with (a worker has no request to read it from).
SITE_URL = env.str("SITE_URL", default="http://localhost:8000")
# At most this many messages to one recipient about one event in an hour; more are stored
# held back (services/notifications.py).
NOTIFICATIONS_PER_RECIPIENT_PER_HOUR = env.int("NOTIFICATIONS_PER_RECIPIENT_PER_HOUR",
                                               default=20)
# A message the mail server or the push service refused is tried again this many times, the
# n-th retry after NOTIFICATIONS_RETRY_BACKOFF * 2**n seconds, then marked failed.
NOTIFICATIONS_MAX_RETRIES = env.int("NOTIFICATIONS_MAX_RETRIES", default=5)
NOTIFICATIONS_RETRY_BACKOFF = env.float("NOTIFICATIONS_RETRY_BACKOFF", default=30)


def _embedded_vapid_key() -> str:
    """The Web Push (VAPID) private key of this installation, made once into ``var/``."""
    path = VAR_DIR / "vapid_private_key"
    if not path.exists():
        VAR_DIR.mkdir(exist_ok=True)
        path.write_text(vapid.private_key_new())
        path.chmod(0o600)
    return path.read_text().strip()


VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", default="") or _embedded_vapid_key()
VAPID_PUBLIC_KEY = env.str("VAPID_PUBLIC_KEY", default="") or vapid.public_key_of(VAPID_PRIVATE_KEY)
# Who runs this installation, for push services that must reach them (a mailto: or https: URL).
VAPID_SUBJECT = env.str("VAPID_SUBJECT", default="mailto:admin@localhost")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# Invitations to run an event or a championship (tournaments/models/invitations.py): a link
# works once, for this many days. The mail goes through Django's mail framework (EMAIL_*
# settings; by default printed on the console, and the organiser's page shows the link).
INVITATION_DAYS = env.int("INVITATION_DAYS", default=7)
