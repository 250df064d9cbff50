#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster: `scripts/with_postgres.sh CMD ARGS...`.
# The cluster lives in a temporary folder, listens on 127.0.0.1 only, and is removed afterwards.
# DATABASE_URL is set for the command. Needs PostgreSQL's server binaries (Debian: postgresql).
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found (Debian: apt-get install postgresql)." >&2
  exit 3
fi
# A free port unless PG_PORT says which: another cluster (a second test run, a developer's) may hold 55432.
PORT=${PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
DIR=$(mktemp -d /tmp/tutor-pg.XXXXXX)
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
[ "$(id -u)" = "0" ] && chown postgres "$DIR"
as_pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" -w start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (throwaway)"
"$@"
