"""Settings: the embedded defaults need nothing installed; production passes Django's deploy
checks."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(settings: str, extra_env: dict[str, str], *args: str):
    env = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "SECRET_KEY", "DEBUG", "CELERY_BROKER_URL", "DJANGO_ALLOW_ASYNC_UNSAFE",
        "CACHE_URL", "TRUSTED_PROXY_COUNT", "STATIC_ROOT", "SECURE_HSTS_PRELOAD",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS"}}
    env.update(extra_env)
    env["DJANGO_SETTINGS_MODULE"] = settings
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)


PRODUCTION = {
    "SECRET_KEY": "pF7#qL2z!Vb9rT4sK8mWx1nC6yH3jD5gA0eU-tests-only-not-a-real-key",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/cotuong",
    "ALLOWED_HOSTS": "giai.example.vn",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
}
SHOW = ("from django.conf import settings as s; print(s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "s.SECURE_HSTS_PRELOAD, s.SECURE_PROXY_SSL_HEADER, s.CACHES['default']['BACKEND'])")


def test_production_settings_pass_the_deploy_checks():
    done = _run("config.settings_production", PRODUCTION,
                "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr


def test_production_hsts_subdomains_preload_and_forwarded_proto_are_opt_in():
    done = _run("config.settings_production", PRODUCTION, "shell", "-v", "0", "-c", SHOW)
    assert done.stdout.split() == [
        "False", "False", "None", "config.cache.FaultTolerantRedisCache"], done.stderr
    opted = _run("config.settings_production", {
        **PRODUCTION, "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true", "SECURE_HSTS_PRELOAD": "true",
        "TRUSTED_PROXY_COUNT": "1"}, "shell", "-v", "0", "-c", SHOW)
    assert opted.stdout.split()[:3] == ["True", "True", "('HTTP_X_FORWARDED_PROTO',"]


def test_production_refuses_a_sqlite_database():
    done = _run("config.settings_production",
                {**PRODUCTION, "DATABASE_URL": "sqlite:////tmp/x.sqlite3"}, "check")
    assert done.returncode != 0 and "PostgreSQL" in done.stderr


def test_production_refuses_to_start_without_redis_for_the_sign_in_counters():
    production = {k: v for k, v in PRODUCTION.items() if k != "CELERY_BROKER_URL"}
    done = _run("config.settings_production", production, "check")
    assert done.returncode != 0 and "CACHE_URL" in done.stderr


def test_collectstatic_works_under_the_default_settings(tmp_path):
    done = _run("config.settings", {"STATIC_ROOT": str(tmp_path)}, "collectstatic",
                "--noinput")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "admin").is_dir() and any(tmp_path.rglob("*.css"))


def test_production_refuses_to_start_without_a_secret_key():
    done = _run("config.settings_production",
                {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/x", "ALLOWED_HOSTS": "a.vn"},
                "check")
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


def test_embedded_defaults():
    from config import settings  # the module itself: tests override some values

    assert settings.LANGUAGE_CODE == "vi"
    assert [code for code, _ in settings.LANGUAGES] == ["vi", "en"]
    assert settings.TIME_ZONE == "Asia/Ho_Chi_Minh" and settings.USE_TZ
    assert settings.DEBUG is False
    if not os.environ.get("CELERY_BROKER_URL"):
        assert settings.CELERY_TASK_ALWAYS_EAGER


def test_production_mails_through_smtp_from_the_environment():
    show = ("from django.conf import settings as s; print(s.EMAIL_BACKEND, s.EMAIL_HOST, "
            "s.EMAIL_PORT, s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL, s.SITE_URL)")
    run = _run("config.settings_production", {
        **PRODUCTION, "EMAIL_HOST": "smtp.example.vn", "EMAIL_PORT": "2525",
        "DEFAULT_FROM_EMAIL": "giai@example.vn", "SITE_URL": "https://giai.example.vn"},
        "shell", "-c", show)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1].split() == [
                                  "django.core.mail.backends.smtp.EmailBackend",
                                  "smtp.example.vn", "2525", "True", "giai@example.vn",
                                  "https://giai.example.vn"]
    embedded = _run("config.settings", {}, "shell", "-c", show)
    assert embedded.stdout.strip().splitlines()[-1].split()[0] == (
        "django.core.mail.backends.console.EmailBackend")


def test_vapid_keys_prints_a_pair_whose_public_half_matches():
    from config import vapid

    run = _run("config.settings", {}, "vapid_keys")
    assert run.returncode == 0, run.stderr
    lines = dict(line.split("=", 1) for line in run.stdout.split())
    assert set(lines) == {"VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY"}
    assert len(lines["VAPID_PRIVATE_KEY"]) == 43  # 32 bytes, base64url without padding
    assert vapid.public_key_of(lines["VAPID_PRIVATE_KEY"]) == lines["VAPID_PUBLIC_KEY"]
    assert len(lines["VAPID_PUBLIC_KEY"]) == 87 and lines["VAPID_PUBLIC_KEY"][0] == "B"
