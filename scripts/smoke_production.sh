#!/usr/bin/env bash
# Production smoke test: a throwaway PostgreSQL cluster, gunicorn (2 sync workers) and Debian's nginx in
# front (deploy/nginx.conf), all on 127.0.0.1; then bench/smoke_production.py runs bounded checks and
# prints figures (slow clients, a short load test with and without the content cache, a PostgreSQL
# restart while answering), and checks that every error page a visitor can get is ours (Japanese, with
# the site's security headers) and that the logs carry the request id of a request that failed on
# purpose. A benchmark, not a CI test: `make smoke`.
# Needs root to install nginx when it is missing (as the Makefile does for chromium) and to run the
# cluster as the postgres user.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PY:-$ROOT/.venv/bin/python}
GUNICORN=${GUNICORN:-$ROOT/.venv/bin/gunicorn}
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
PG_PORT=${PG_PORT:-55433}
APP_PORT=${APP_PORT:-58000}
NGINX_PORT=${NGINX_PORT:-58080}

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
  else
    echo "nginx is missing: run 'sudo apt-get install nginx-light' (needed by make smoke)" >&2; exit 1
  fi
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found (Debian: apt-get install postgresql)." >&2; exit 3
fi

DIR=$(mktemp -d /tmp/tutor-smoke.XXXXXX)
as_pg() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
GUNICORN_PID=""
NGINX_PID=""
cleanup() {
  [ -n "$GUNICORN_PID" ] && kill "$GUNICORN_PID" 2>/dev/null && wait "$GUNICORN_PID" 2>/dev/null || true
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null && wait "$NGINX_PID" 2>/dev/null || true
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

# --- PostgreSQL (throwaway, like scripts/with_postgres.sh, but kept reachable for a restart)
[ "$(id -u)" = "0" ] && chown postgres "$DIR"
as_pg "$PG_BIN/initdb" -D "$DIR/pg" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
PG_OPTS="-p $PG_PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg" -l "$DIR/pg.log" -o "$PG_OPTS" -w start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
export SMOKE_PG_RESTART="$PG_BIN/pg_ctl -D $DIR/pg -l $DIR/pg.log -o '$PG_OPTS' -m fast -w restart"
export SMOKE_AS_PG=$([ "$(id -u)" = "0" ] && echo "runuser -u postgres --" || echo "")

# --- the app in production mode (no TLS here: nginx says the request came over https, as a
# TLS-terminating proxy would)
export DJANGO_SECRET_KEY=$(head -c 48 /dev/urandom | base64)
export DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost"
export DJANGO_SECURE_SSL_REDIRECT=0
export DJANGO_HSTS_SECONDS=0
export DJANGO_CONTENT_STAMP="$DIR/content-stamp"
cd "$ROOT"
"$PY" manage.py migrate --noinput -v 0
"$PY" manage.py load_content -v 0
"$PY" manage.py collectstatic --noinput -v 0

# --- nginx with deploy/nginx.conf, moved to local ports and paths
mkdir -p "$DIR/nginx"
sed -e "s#listen 443 ssl;#listen 127.0.0.1:$NGINX_PORT;#" \
    -e '/listen \[::\]/d' -e '/http2 on;/d' -e '/ssl_certificate/d' \
    -e "s#listen 80;#listen 127.0.0.1:$((NGINX_PORT + 1));#" \
    -e "s#server 127.0.0.1:8000#server 127.0.0.1:$APP_PORT#" \
    -e "s#/srv/tutor/staticfiles/#$ROOT/staticfiles/#g" \
    -e 's#proxy_set_header X-Forwarded-Proto \$scheme;#proxy_set_header X-Forwarded-Proto https;#' \
    -e '/Strict-Transport-Security/d' \
    -e "s#/var/log/nginx/tutor.access.log#$DIR/nginx/access.log#" \
    deploy/nginx.conf > "$DIR/nginx/site.conf"
# (no TLS here, so no HSTS: Django sends none either with DJANGO_HSTS_SECONDS=0)
cat > "$DIR/nginx/nginx.conf" <<CONF
$([ "$(id -u)" = "0" ] && echo "user root;")
worker_processes 1;
pid $DIR/nginx/nginx.pid;
error_log $DIR/nginx/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path $DIR/nginx/body;
    proxy_temp_path $DIR/nginx/proxy;
    fastcgi_temp_path $DIR/nginx/fastcgi;
    uwsgi_temp_path $DIR/nginx/uwsgi;
    scgi_temp_path $DIR/nginx/scgi;
    include $DIR/nginx/site.conf;
}
CONF
"$NGINX" -t -q -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf"
# nginx writes its times in the zone of its environment (README, "Logs")
TZ=UTC "$NGINX" -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -g "daemon off;" &
NGINX_PID=$!

# --- gunicorn: the driver (re)starts it through these two commands, with or without the cache
# DJANGO_RATELIMIT=0: every simulated visitor comes from 127.0.0.1, so the per-address limits would
# answer most of the load test with 429 (the limits themselves are tested in tests/hardening).
# SMOKE_FAILURES=1: bench/smoke_wsgi.py adds the URLs that fail on purpose (never in the real app).
start_gunicorn() {
  DJANGO_RATELIMIT=0 SMOKE_FAILURES=1 GUNICORN_WORKERS=2 GUNICORN_BIND="127.0.0.1:$APP_PORT" \
    GUNICORN_ACCESS_LOG="$DIR/gunicorn-access.log" \
    "$GUNICORN" --chdir "$ROOT" --pythonpath "$ROOT/bench" -c deploy/gunicorn.conf.py smoke_wsgi:application \
    >>"$DIR/gunicorn.log" 2>&1 &
  GUNICORN_PID=$!
}
export SMOKE_APP_PORT=$APP_PORT SMOKE_NGINX_PORT=$NGINX_PORT SMOKE_DIR=$DIR

echo "PostgreSQL on 127.0.0.1:$PG_PORT, gunicorn on 127.0.0.1:$APP_PORT, nginx on 127.0.0.1:$NGINX_PORT"
# SMOKE_ERRORS_ONLY=1: only the error pages and the logs (no load tests), a quick run after a change.
PHASES="nocache cache"
[ "${SMOKE_ERRORS_ONLY:-0}" = 1 ] && PHASES="errors"
for phase in $PHASES; do
  if [ "$phase" = nocache ]; then export DJANGO_CONTENT_CACHE=0; else export DJANGO_CONTENT_CACHE=1; fi
  start_gunicorn
  if [ "$phase" != nocache ]; then "$PY" bench/smoke_production.py errors; fi
  if [ "$phase" != errors ]; then "$PY" bench/smoke_production.py "$phase"; fi
  kill "$GUNICORN_PID"; wait "$GUNICORN_PID" 2>/dev/null || true; GUNICORN_PID=""
done
# the app servers are down now: nginx answers with its own page
"$PY" bench/smoke_production.py down
