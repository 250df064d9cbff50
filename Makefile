# The damage-rules tutor. `make run` serves it; `make test` checks everything.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

# Django 6 needs Python 3.12+. Take the first interpreter that is new enough.
PYTHON ?= $(shell for p in python3.13 python3.12 python3; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	command -v $$p; break; fi; done)

.PHONY: run test test-sqlite test-postgres lint bench bench-browser smoke check-python install install-dev chromium postgresql migrate data import-cr deploy-check clean

check-python:
	@if [ -z "$(PYTHON)" ]; then \
	  echo "Python 3.12 or newer is needed (Django 6). Found: $$(python3 --version 2>&1)."; \
	  echo "Install python3.12 (or set PYTHON=/path/to/python3.12) and try again."; exit 1; fi

$(VENV)/.runtime: requirements.txt | check-python
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

install: $(VENV)/.runtime
install-dev: $(VENV)/.dev

# Debian's chromium drives the browser tests (Playwright's own download does not work offline).
# Debian's chromium and a Japanese font, so pages are laid out (and timed) with real glyphs.
chromium:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi ipagothic; then \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null; \
	  elif ! command -v chromium >/dev/null 2>&1; then echo "chromium is missing: run 'sudo apt-get install chromium fonts-ipafont-gothic' (needed by the browser tests)"; exit 1; \
	  else echo "note: no Japanese font; 'sudo apt-get install fonts-ipafont-gothic' draws the pages as learners see them"; fi; fi

# PostgreSQL's server binaries, for the test run against a throwaway cluster.
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "PostgreSQL is missing: run 'sudo apt-get install postgresql' (needed by make test-postgres)"; exit 1; fi; fi

migrate: install
	DJANGO_DEBUG=1 $(PY) manage.py migrate --noinput

data: migrate
	DJANGO_DEBUG=1 $(PY) manage.py load_content

run: data
	@echo "Serving on http://$(HOST):$(PORT)/"
	DJANGO_DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

lint: install-dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict tutor rules_core bench

# Everything: lint, migrations in step with the models, the whole suite on SQLite and the database-backed
# tests again on a throwaway PostgreSQL cluster, as three pytest runs side by side (the browser tests in
# a run of their own). test-sqlite and test-postgres run their parts alone.
test: install-dev chromium postgresql
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict tutor rules_core bench
	DJANGO_TESTING=1 $(PY) manage.py makemigrations --check --dry-run
	PY=$(PY) scripts/pytest_side_by_side.sh --with-postgres

test-sqlite: install-dev chromium
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict tutor rules_core bench
	DJANGO_TESTING=1 $(PY) manage.py makemigrations --check --dry-run
	PY=$(PY) scripts/pytest_side_by_side.sh

test-postgres: install-dev postgresql
	scripts/with_postgres.sh $(PY) -m pytest -q -m "not browser" tests --ignore=tests/rules_core

bench: install-dev chromium
	$(PY) bench/bench_engine.py
	$(PY) bench/bench_assignment.py
	$(PY) bench/bench_web.py
	$(PY) bench/bench_limits.py
	$(PY) bench/bench_study.py
	$(PY) bench/bench_browser.py

# Click-to-paint of the board in chromium (gunicorn on localhost): resolve and an assignment change.
bench-browser: install-dev chromium
	$(PY) bench/bench_browser.py

# Production smoke test: throwaway PostgreSQL, gunicorn and Debian's nginx on localhost; prints
# figures (slow clients, load with and without the content cache, a PostgreSQL restart). Not CI.
smoke: install-dev postgresql
	scripts/smoke_production.sh

# Rebuild fixtures/ from the source texts (a maintainer task: needs ../shared).
import-cr: install
	DJANGO_DEBUG=1 $(PY) manage.py import_cr --source ../shared --output fixtures
	DJANGO_DEBUG=1 $(PY) manage.py import_former --source ../shared --output fixtures
	DJANGO_DEBUG=1 $(PY) manage.py type_names_ja

deploy-check: install
	DJANGO_SECRET_KEY=$$(head -c 48 /dev/urandom | base64) DJANGO_ALLOWED_HOSTS=tutor.example.org \
	  $(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
