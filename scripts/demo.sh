#!/usr/bin/env bash
# Moyo's main job on one machine, from a fresh clone:
#   bash scripts/demo.sh            # set up, start api + worker, show readiness, keep running (Ctrl-C stops)
#   bash scripts/demo.sh --once     # the same, then stop both and exit (0 = everything answered)
# Installs what is missing (PostgreSQL, Redis, GNU Go via Debian packages; npm packages with
# npm ci), starts PostgreSQL and Redis if they do not answer, creates and migrates the database,
# builds, starts the api and one worker against them, and prints where to send requests.
# Environment (all optional): PORT (3000), DATABASE_URL (postgresql://postgres@127.0.0.1:5432/moyo),
# REDIS_URL (redis://127.0.0.1:6379), REDIS_PREFIX (moyo), LOG_LEVEL (info), WORKER_CONCURRENCY (2),
# WEBHOOK_ALLOWLIST (127.0.0.1: webhooks may go to a receiver on this machine; see README).
set -euo pipefail

cd "$(dirname "$0")/.."
ONCE=0
[ "${1:-}" = "--once" ] && ONCE=1

export PORT=${PORT:-3000}
APP_DATABASE_URL=${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/moyo}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export REDIS_PREFIX=${REDIS_PREFIX:-moyo}
export LOG_LEVEL=${LOG_LEVEL:-info}
# The SSRF guard refuses private addresses; a demo's webhook receiver runs on this machine.
export WEBHOOK_ALLOWLIST=${WEBHOOK_ALLOWLIST:-127.0.0.1}
export CHECKPOINT_DISABLE=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# The service checks talk to the server's maintenance database; the apps use their own.
DATABASE_URL="${APP_DATABASE_URL%/*}/postgres"
export DATABASE_URL
# shellcheck source=lib/services.sh
source scripts/lib/services.sh

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "services"
ensure_postgres
ensure_redis
ensure_gnugo

say "dependencies"
if [ ! -x node_modules/.bin/prisma ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules present (npm ci skipped; run it yourself after the lockfile changes)"
fi

say "database"
export DATABASE_URL=$APP_DATABASE_URL
db=${APP_DATABASE_URL##*/}
db=${db%%\?*}
if [ "$(psql -d "${APP_DATABASE_URL%/*}/postgres" -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
  psql -q -d "${APP_DATABASE_URL%/*}/postgres" -c "CREATE DATABASE \"$db\""
  echo "created database $db"
fi
npm run --silent prisma:generate
npx prisma migrate deploy

say "build"
npm run --silent build

LOG_DIR=${TMPDIR:-/tmp}/moyo-demo
mkdir -p "$LOG_DIR"
say "start api (port $PORT) and worker; logs in $LOG_DIR"
if curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then
  echo "port $PORT already answers: stop what runs there or set PORT" >&2
  exit 1
fi
node apps/api/dist/main.js >"$LOG_DIR/api.log" 2>&1 &
API_PID=$!
node apps/worker/dist/main.js >"$LOG_DIR/worker.log" 2>&1 &
WORKER_PID=$!

stop() {
  kill -TERM "$API_PID" "$WORKER_PID" 2>/dev/null || true
  wait "$API_PID" "$WORKER_PID" 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM

ready=0
for _ in $(seq 1 60); do
  if ! kill -0 "$API_PID" 2>/dev/null; then
    echo "the api exited; its log:" >&2
    tail -20 "$LOG_DIR/api.log" >&2
    exit 1
  fi
  if curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then
    ready=1
    break
  fi
  sleep 1
done
if [ "$ready" -ne 1 ]; then
  echo "the api did not become ready in 60 s:" >&2
  curl -s "http://127.0.0.1:$PORT/readyz" >&2 || true
  exit 1
fi
if ! kill -0 "$WORKER_PID" 2>/dev/null; then
  echo "the worker exited; its log:" >&2
  tail -20 "$LOG_DIR/worker.log" >&2
  exit 1
fi

say "ready"
echo "GET http://127.0.0.1:$PORT/readyz ->"
curl -s "http://127.0.0.1:$PORT/readyz"
echo
grep -h '"connected to queues"' "$LOG_DIR/worker.log" | head -1 || true

say "a real analysis"
# An API key for the demo (printed once; moyo-admin stores only its hash), then one position job
# through the queue and the worker.
KEY=$(node apps/api/bin/moyo-admin.js keys create --name "demo $(date -u +%FT%TZ)" --json |
  node -e 'process.stdin.on("data", (d) => console.log(JSON.parse(d).key))')
node scripts/demo-request.mjs "http://127.0.0.1:$PORT" "$KEY"

cat <<INFO

Moyo is running:
  api     http://127.0.0.1:$PORT   (pid $API_PID; /docs, /healthz, /readyz, /metrics)
  viewer  http://127.0.0.1:$PORT/viewer   (paste the key below, then an SGF)
  webhooks may go to: $WEBHOOK_ALLOWLIST (WEBHOOK_ALLOWLIST), e.g. http://127.0.0.1:4400/hook
  worker  pid $WORKER_PID, queues under Redis prefix "$REDIS_PREFIX"
  logs    $LOG_DIR/api.log, $LOG_DIR/worker.log
  key     $KEY
Try:
  curl -s -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
    -d '{"boardXSize":9,"boardYSize":9,"moves":[["B","E5"],["W","C3"]]}' http://127.0.0.1:$PORT/v1/positions
INFO

if [ "$ONCE" -eq 1 ]; then
  say "stopping (--once)"
  exit 0
fi
echo "Ctrl-C stops both."
wait "$API_PID" "$WORKER_PID"
