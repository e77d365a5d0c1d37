"""Settings: the embedded defaults need nothing installed; production passes Django's deploy
checks."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(settings: str, extra_env: dict[str, str], *args: str):
    env = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "SECRET_KEY", "DEBUG", "CELERY_BROKER_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(extra_env)
    env["DJANGO_SETTINGS_MODULE"] = settings
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)


def test_production_settings_pass_the_deploy_checks():
    done = _run("config.settings_production", {
        "SECRET_KEY": "pF7#qL2z!Vb9rT4sK8mWx1nC6yH3jD5gA0eU-tests-only-not-a-real-key",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/cotuong",
        "ALLOWED_HOSTS": "giai.example.vn",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    }, "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr


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
