# Two commands on a fresh clone (README): `make serve` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PYTEST := $(VENV)/bin/pytest
PG_URL ?= postgres://postgres@127.0.0.1:5432/cotuong

.PHONY: install serve test test-sqlite test-postgres lint

# Each step says what it does before it starts (a fresh clone takes a few minutes: pip shows
# each package and its download progress).
STEP = @printf '\n==> %s\n' 

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(STEP) "1/5 Creating the virtual environment $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	$(STEP) "2/5 Installing the Python packages of requirements-dev.txt (a minute or two on a fresh clone)"
	$(VENV)/bin/pip install --disable-pip-version-check --progress-bar on -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
	$(STEP) "Python packages installed in $(VENV) (delete $(VENV)/.installed to reinstall)"

# Installs everything, builds the demo data on the embedded defaults (SQLite, Celery in-process)
# and serves the app at http://127.0.0.1:8000/
serve: install
	$(STEP) "3/5 Creating or updating the database (manage.py migrate)"
	$(PY) manage.py migrate --noinput
	$(STEP) "4/5 Building the demo players, accounts and events (manage.py demo)"
	$(PY) manage.py demo
	$(STEP) "5/5 Serving the app at http://127.0.0.1:8000/ (Ctrl+C stops it)"
	$(PY) manage.py runserver 127.0.0.1:8000

# Installs everything (Chromium from Debian for the browser tests, starts PostgreSQL and Redis
# if they are down) and runs the whole suite, each test once: the SQLite pass (engines, source
# checks, the tests marked sqlite), then every test that uses the database, browser tests
# included, on PostgreSQL (tests/conftest.py: pytest_collection_modifyitems).
test: install
	bash .ci/services
	$(MAKE) lint test-sqlite test-postgres

# Style, then the layers' import contracts (pyproject.toml [tool.importlinter]).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache

test-sqlite: install
	$(PYTEST) -n 2 --dist loadgroup --embedded-pass --durations=20

test-postgres: install
	DATABASE_URL=$(PG_URL) $(PYTEST) -n 2 --dist loadgroup --durations=20
