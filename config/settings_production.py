"""Production settings: everything from the environment, HTTPS only, collected static files.

Required: ``SECRET_KEY``, ``DATABASE_URL`` (PostgreSQL), ``ALLOWED_HOSTS``, and Redis as
``CACHE_URL`` (or ``CELERY_BROKER_URL``, used for both) so that every worker shares the sign-in
counters. Usually: ``CELERY_BROKER_URL`` (Redis) so exports and big pairings run on workers.
Opt-in: ``SECURE_HSTS_INCLUDE_SUBDOMAINS``, ``SECURE_HSTS_PRELOAD`` (they bind every subdomain,
for a long time); ``TRUSTED_PROXY_COUNT`` (``X-Forwarded-For`` and ``X-Forwarded-Proto`` are
believed only from this installation's own proxies).
Mail goes through SMTP: ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``,
``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS`` (STARTTLS) or ``EMAIL_USE_SSL``, ``DEFAULT_FROM_EMAIL``;
``SITE_URL`` is the public address links in messages start with; Web Push keys
``VAPID_PRIVATE_KEY``, ``VAPID_PUBLIC_KEY``, ``VAPID_SUBJECT`` (``manage.py vapid_keys`` makes a
pair; several machines must share one).
``python manage.py check --deploy`` passes with these settings (tests/test_settings.py).
"""

from django.core.exceptions import ImproperlyConfigured

from config.settings import *  # noqa: F403
from config.settings import TRUSTED_PROXY_COUNT, env

SECRET_KEY = env.str("SECRET_KEY", default="")
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("Production needs SECRET_KEY (50 or more random characters).")
if "DATABASE_URL" not in env:
    raise ImproperlyConfigured("Production needs DATABASE_URL (postgres://...).")
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    raise ImproperlyConfigured("Production needs PostgreSQL: DATABASE_URL is a SQLite file.")
_cache_url = env.str("CACHE_URL", default="") or env.str("CELERY_BROKER_URL", default="")
if not _cache_url.startswith(("redis://", "rediss://")):
    raise ImproperlyConfigured("Production needs Redis as CACHE_URL (redis://...): the sign-in "
                               "counters must be shared by every worker.")
_cache = env.cache_url_config(_cache_url)
CACHES = {"default": {**_cache,
                      # Redis down is a slower site, not a broken one (config/cache.py).
                      "BACKEND": "config.cache.FaultTolerantRedisCache",
                      "OPTIONS": {**_cache.get("OPTIONS", {}), **CACHE_FAULT_OPTIONS},  # noqa: F405
                      # Several installations on one Redis keep apart by a prefix (set here:
                      # django-environ passes a "?key_prefix=" of the URL in a form Django's
                      # Redis cache ignores).
                      "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="")}}
# The versions of events live in Redis too, so an unchanged public page costs no SQL.
EVENT_VERSION_CACHE_SECONDS = env.int("EVENT_VERSION_CACHE_SECONDS", default=60)
# The live feed (tournaments/live.py) is a Redis stream, so every web process delivers every
# message; on the cache's Redis unless told otherwise.
LIVE_REDIS_URL = env.str("LIVE_REDIS_URL", default=_cache_url)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS")

# Mail: password resets and the event's notices (services/notifications.py).
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=True)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)

DEBUG = False
if TRUSTED_PROXY_COUNT:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
# Off unless asked for: Django's deploy checks would warn, deliberately silenced.
SILENCED_SYSTEM_CHECKS = [check for check, on in (("security.W005", SECURE_HSTS_INCLUDE_SUBDOMAINS),
                                                  ("security.W021", SECURE_HSTS_PRELOAD)) if not on]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
WHITENOISE_USE_FINDERS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
