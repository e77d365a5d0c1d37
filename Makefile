# Two commands on a fresh clone (README): `make serve` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PYTEST := $(VENV)/bin/pytest
PG_URL ?= postgres://postgres@127.0.0.1:5432/cotuong

.PHONY: install serve test test-sqlite test-postgres lint

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# Installs everything, builds the demo data on the embedded defaults (SQLite, Celery in-process)
# and serves the app at http://127.0.0.1:8000/
serve: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo
	$(PY) manage.py runserver 127.0.0.1:8000

# Installs everything (Chromium from Debian for the browser tests, starts PostgreSQL and Redis
# if they are down) and runs the whole suite on SQLite, then on PostgreSQL.
test: install
	bash .ci/services
	$(MAKE) lint test-sqlite test-postgres

# Style, then the layers' import contracts (pyproject.toml [tool.importlinter]).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache

test-sqlite: install
	$(PYTEST) -n 2 --dist loadgroup --durations=20

test-postgres: install
	DATABASE_URL=$(PG_URL) $(PYTEST) -n 2 --dist loadgroup -m "not browser" --durations=20
