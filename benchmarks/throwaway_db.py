"""For the benchmarks that go through Django: the project importable, a throwaway SQLite
database (never the project's own), Django set up. Call ``setup()`` before importing models.

``BENCH_DATABASE_URL`` names another throwaway database instead (e.g. an empty PostgreSQL
database created for the run: ``createdb -h 127.0.0.1 -U postgres bench``); its tables are
created by the script's ``migrate`` and left there."""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    database = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{database}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
