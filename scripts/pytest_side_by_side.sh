#!/usr/bin/env bash
# The suite as pytest runs side by side, so both cores stay busy: the browser tests on SQLite (chromium
# and a live server: much of their time is spent waiting), the engine's tests (no database), everything
# else on SQLite, and with --with-postgres the tests that reach the database again on a throwaway
# PostgreSQL cluster (conftest.py's --database-tests-only: a pure test answers the same on any database,
# and the SQLite run has it). The browser, SQLite and PostgreSQL runs each spread over two pytest-xdist
# workers: one long test (the link crawl, the concurrent writers) then no longer holds up the rest of its
# run, and the time a run spends waiting for chromium or a server is used by its other worker. Each worker
# has its own test database. A transactional test empties its database when it ends, so pytest-django
# puts those tests last; the SQLite and PostgreSQL runs hand tests out in that order (--dist load), so a
# worker gets a transactional test only once every other test has been handed out. The browser tests all
# load the content again before they start (content_db), so there a file stays on one worker (loadfile).
# Each run's output is printed whole once all have ended.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
postgres=0
if [ "${1:-}" = "--with-postgres" ]; then postgres=1; shift; fi
out=$(mktemp -d /tmp/tutor-tests.XXXXXX)
"$PY" -m pytest -q -n 2 --dist loadfile -m browser "$@" >"$out/browser.log" 2>&1 &
browser=$!
"$PY" -m pytest -q -m "not browser" tests/rules_core rules_core "$@" >"$out/engine.log" 2>&1 &
engine=$!
"$PY" -m pytest -q -n 2 --dist load -m "not browser" tests tutor --ignore=tests/rules_core "$@" >"$out/rest.log" 2>&1 &
rest=$!
if [ "$postgres" = 1 ]; then
  scripts/with_postgres.sh "$PY" -m pytest -q -n 2 --dist load -m "not browser" tests --ignore=tests/rules_core \
    --database-tests-only "$@" >"$out/postgres.log" 2>&1 &
  pg=$!
fi
wait "$engine"; engine_rc=$?
wait "$rest"; rest_rc=$?
wait "$browser"; browser_rc=$?
pg_rc=0
if [ "$postgres" = 1 ]; then wait "$pg"; pg_rc=$?; fi
echo "== pytest: the engine's tests and doctests (exit $engine_rc)"
cat "$out/engine.log"
echo "== pytest on SQLite: everything else but the browser tests (exit $rest_rc)"
cat "$out/rest.log"
echo "== pytest on SQLite: the browser tests in chromium (exit $browser_rc)"
cat "$out/browser.log"
if [ "$postgres" = 1 ]; then
  echo "== pytest on a throwaway PostgreSQL cluster: the tests that reach the database (exit $pg_rc)"
  cat "$out/postgres.log"
fi
rm -rf "$out"
[ "$engine_rc" -eq 0 ] && [ "$rest_rc" -eq 0 ] && [ "$browser_rc" -eq 0 ] && [ "$pg_rc" -eq 0 ]
