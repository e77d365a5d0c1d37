"""Production settings: everything from the environment, HTTPS only, collected static files.

Required: ``SECRET_KEY``, ``DATABASE_URL`` (PostgreSQL), ``ALLOWED_HOSTS``.
Usually: ``CELERY_BROKER_URL`` (Redis) so exports and big pairings run on workers.
``python manage.py check --deploy`` passes with these settings (tests/test_settings.py).
"""

from django.core.exceptions import ImproperlyConfigured

from config.settings import *  # noqa: F403
from config.settings import VAR_DIR, env

SECRET_KEY = env.str("SECRET_KEY", default="")
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("Production needs SECRET_KEY (50 or more random characters).")
if "DATABASE_URL" not in env:
    raise ImproperlyConfigured("Production needs DATABASE_URL (postgres://...).")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS")

DEBUG = False
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
WHITENOISE_USE_FINDERS = False
STATIC_ROOT = env.path("STATIC_ROOT", default=str(VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
