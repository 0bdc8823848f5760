#!/usr/bin/env bash
# Replays the Dockerfile's stages without a container engine, to check that the image layout
# works: the build stage (npm ci, prisma generate, npm run build) in one folder, the
# production-only install in another, then the runtime layout assembled from both exactly as
# the Dockerfile's COPY lines do, and the apps started from it with NODE_ENV=production and
# the settings docker-compose.yml gives them, against the local PostgreSQL and Redis (a scratch
# database and Redis prefix, dropped at the end).
# As in Kubernetes (runAsNonRoot, readOnlyRootFilesystem), the apps run as an unprivileged user
# (nobody, when this runs as root) from a read-only /app with a writable /tmp only; the worker
# and ingest must stop by themselves on SIGTERM. One position job goes through the whole path
# (moyo-admin key, POST /v1/positions, a worker, GET /v1/jobs/:id).
# Not simulated: the base image (node:20-bookworm-slim: same Node major and Debian release as
# these machines), file ownership inside the image, the HEALTHCHECK instruction itself.
#
#   bash scripts/infra-simulate-image.sh [workdir]      (SIM_SOURCE=worktree: uncommitted files too)
#
# It takes minutes (two npm ci); it is a manual check, not part of the unit tests.
# NPM_CI overrides the install command (default `npm ci`), e.g. NPM_CI="npm install --no-save"
# to check the layout while the lockfile does not satisfy `npm ci`.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-$(mktemp -d /tmp/moyo-image.XXXXXX)}
PG=${PG_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
REDIS=${REDIS_URL:-redis://127.0.0.1:6379}
DB="moyo_image_$$"
NPM_CI=${NPM_CI:-npm ci}
mkdir -p "$WORK"
echo "== workdir $WORK"

# The build context as a clean clone at HEAD has it (SIM_SOURCE=worktree: the working tree,
# uncommitted files included), minus what .dockerignore excludes.
SRC="$WORK/src"
rm -rf "$SRC" && mkdir -p "$SRC"
if [ "${SIM_SOURCE:-head}" = worktree ]; then
  (cd "$ROOT" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - --ignore-failed-read 2>/dev/null) | tar -xf - -C "$SRC"
  echo "== source: working tree of $ROOT"
else
  (cd "$ROOT" && git archive --format=tar HEAD) | tar -xf - -C "$SRC"
  echo "== source: $(cd "$ROOT" && git log -1 --format='%h %s' HEAD)"
fi
(cd "$SRC" && find . -type f | sed 's|^\./||') >"$WORK/files.all"
(cd "$ROOT" && npx --no-install tsx -e '
  const { dockerignoreExcludes } = require("./scripts/infra-docker");
  const fs = require("node:fs");
  const ignore = fs.readFileSync(process.argv[2] + "/.dockerignore", "utf8");
  const files = fs.readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
  process.stdout.write(files.filter((f) => !dockerignoreExcludes(ignore, f)).join("\n") + "\n");
' "$WORK/files.all" "$SRC") >"$WORK/files.context"
echo "== context: $(wc -l <"$WORK/files.context") files"

copy_context() { (cd "$SRC" && tar -cf - -T "$WORK/files.context") | (cd "$1" && tar -xf -); }
manifests() {
  (cd "$SRC" && tar -cf - package.json package-lock.json libs/*/package.json apps/*/package.json libs/engine/bin apps/api/bin) |
    (cd "$1" && tar -xf -)
}

echo "== stage build"
# SIM_REUSE=1: keep the dependency installs of a previous run in the same workdir (the lockfile
# must not have changed); the sources, the Prisma client and the build are always redone.
if [ -n "${SIM_REUSE:-}" ] && [ -d "$WORK/build/node_modules" ]; then mv "$WORK/build/node_modules" "$WORK/build.node_modules"; fi
rm -rf "$WORK/build" && mkdir -p "$WORK/build" && copy_context "$WORK/build"
if [ -n "${SIM_REUSE:-}" ] && [ -d "$WORK/build.node_modules" ]; then
  mv "$WORK/build.node_modules" "$WORK/build/node_modules"
  echo "   (SIM_REUSE: node_modules of the previous run)"
else
  # shellcheck disable=SC2086 # NPM_CI is a command with its arguments
  (cd "$WORK/build" && nice $NPM_CI --ignore-scripts --no-audit --no-fund --loglevel=error)
fi
(cd "$WORK/build" && npm run -s prisma:generate && nice npm run -s build)

echo "== stage prod-deps"
if [ -n "${SIM_REUSE:-}" ] && [ -d "$WORK/prod/node_modules" ]; then
  echo "   (SIM_REUSE: node_modules of the previous run)"
else
  rm -rf "$WORK/prod" && mkdir -p "$WORK/prod" && manifests "$WORK/prod"
  cp "$SRC/scripts/infra-prune-dev-optional.js" "$WORK/prod/"
  # shellcheck disable=SC2086 # NPM_CI is a command with its arguments
  (cd "$WORK/prod" && nice $NPM_CI --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error && node infra-prune-dev-optional.js)
fi

echo "== stage runtime"
APP="$WORK/app"
[ -d "$APP" ] && chmod -R u+w "$APP"
rm -rf "$APP" && mkdir -p "$APP" && manifests "$APP"
cp -a "$WORK/prod/node_modules" "$APP/node_modules"
for d in libs/engine libs/contracts libs/persistence apps/api apps/worker apps/ingest; do
  mkdir -p "$APP/$d" && cp -a "$WORK/build/$d/dist" "$APP/$d/dist"
done
du -sh "$APP/node_modules" "$WORK/build/node_modules" | sed 's/^/   /'
if [ -d "$APP/node_modules/prisma" ] || [ -d "$APP/node_modules/typescript" ]; then
  echo "FAIL: dev dependencies in the runtime node_modules" >&2
  exit 1
fi

# The package bins on PATH, as the image's `ln -s ... /usr/local/bin/`.
chmod 0755 "$APP/libs/engine/bin/moyo.js"
chmod 0755 "$APP/apps/api/bin/moyo-admin.js"
mkdir -p "$WORK/bin" && ln -sfn "$APP/libs/engine/bin/moyo.js" "$WORK/bin/moyo"
ln -sfn "$APP/apps/api/bin/moyo-admin.js" "$WORK/bin/moyo-admin"
# Read-only for the apps, like the image's /app under readOnlyRootFilesystem.
chmod -R a-w "$APP"
chmod 0755 "$WORK"
# as_app CMD...: runs CMD as the image's processes run (unprivileged, HOME not writable). It
# execs, so call it in a subshell (`as_app ... &`, a pipeline): $! is then the app's own pid.
as_app() {
  cd "$APP" || return 1
  if [ "$(id -u)" -eq 0 ]; then
    exec setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$APP" PATH="$WORK/bin:$PATH" "$@"
  fi
  exec env HOME="$APP" PATH="$WORK/bin:$PATH" "$@"
}

echo "== migrate (stage migrate) into scratch database $DB"
psql "$PG" -qc "CREATE DATABASE $DB"
cleanup() {
  psql "$PG" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  redis-cli -u "$REDIS" --scan --pattern "moyo-image-$$:*" | xargs -r redis-cli -u "$REDIS" unlink >/dev/null 2>&1 || true
}
trap cleanup EXIT
DBURL="postgresql://postgres@127.0.0.1:5432/$DB"
# As the migration Job runs it: unprivileged, the image's files read-only, HOME on /tmp.
chmod 0755 "$WORK/build"
MIGRATE=(env NODE_ENV=production CHECKPOINT_DISABLE=1 HOME=/tmp DATABASE_URL="$DBURL" node node_modules/prisma/build/index.js migrate deploy)
if [ "$(id -u)" -eq 0 ]; then MIGRATE=(setpriv --reuid=65534 --regid=65534 --clear-groups "${MIGRATE[@]}"); fi
(cd "$WORK/build" && "${MIGRATE[@]}")

export NODE_ENV=production DATABASE_URL="$DBURL" REDIS_URL="$REDIS" REDIS_PREFIX="moyo-image-$$" LOG_LEVEL=warn
PORT=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
export PORT

# compose_env SERVICE: the variables docker-compose.yml gives SERVICE (defaults applied), one
# KEY=VALUE per line, without those pointed at the local services above.
compose_env() {
  # shellcheck disable=SC2016 # JavaScript, not shell
  (cd "$ROOT" && npx --no-install tsx -e '
    const { composeEnv, parseCompose } = require("./scripts/infra-docker");
    const fs = require("node:fs");
    const env = composeEnv(parseCompose(fs.readFileSync(process.argv[1], "utf8")).services[process.argv[2]]);
    for (const k of ["DATABASE_URL", "REDIS_URL", "REDIS_PREFIX", "LOG_LEVEL", "PORT"]) delete env[k];
    process.stdout.write(Object.entries(env).map(([k, v]) => `${k}=${v}\n`).join(""));
  ' "$SRC/docker-compose.yml" "$1")
}
declare -A APP_ENV
for app in api worker ingest; do APP_ENV[$app]=$(compose_env "$app"); done

FAILED=""
# stop_app NAME PID: SIGTERM, then the app must exit by itself within 30 s.
stop_app() {
  local name=$1 pid=$2 t0 stopped=""
  t0=$(date +%s%N)
  kill -TERM "$pid"
  for _ in $(seq 1 300); do
    if ! kill -0 "$pid" 2>/dev/null; then stopped=1; break; fi
    sleep 0.1
  done
  if [ -n "$stopped" ]; then
    echo "   $name stopped $((($(date +%s%N) - t0) / 1000000)) ms after SIGTERM"
    wait "$pid" 2>/dev/null || true
  else
    echo "   $name still running 30 s after SIGTERM" >&2
    kill -KILL "$pid" 2>/dev/null || true
    FAILED="$FAILED $name-sigterm"
  fi
}

echo "== moyo analyze - (engine CLI as the image runs it)"
if printf '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[gc];W[gg])' | as_app moyo analyze - >"$WORK/cli.out" 2>&1; then
  head -20 "$WORK/cli.out"
else
  tail -5 "$WORK/cli.out"
  FAILED="$FAILED moyo-cli"
fi

declare -A PIDS
for app in api worker ingest; do
  mapfile -t VARS <<<"${APP_ENV[$app]}"
  as_app "${VARS[@]}" node "apps/$app/dist/main.js" &
  PIDS[$app]=$!
done

echo "== api"
ok=""
for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then ok=1; break; fi
  sleep 0.5
done
curl -sS -o /dev/null -w '   /healthz %{http_code}\n' "http://127.0.0.1:$PORT/healthz" || true
curl -sS -o /dev/null -w '   /readyz %{http_code}\n' "http://127.0.0.1:$PORT/readyz" || true
curl -sS -o /dev/null -w '   /metrics %{http_code}\n' "http://127.0.0.1:$PORT/metrics" || true
[ -n "$ok" ] || FAILED="$FAILED api"

echo "== one job end to end: moyo-admin key, POST /v1/positions, a worker analyses it"
mapfile -t VARS <<<"${APP_ENV[api]}"
KEY=$( (as_app "${VARS[@]}" moyo-admin keys create --name image-simulation --json) | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => process.stdout.write(JSON.parse(s).key));') || true
if [ -z "$KEY" ]; then
  echo "   moyo-admin keys create failed" >&2
  FAILED="$FAILED moyo-admin"
else
  SGF='(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[ce];B[gc];W[gg])'
  JOB=$(curl -sS -X POST "http://127.0.0.1:$PORT/v1/positions" -H "Authorization: Bearer $KEY" \
    -H 'Content-Type: application/json' -d "{\"sgf\": \"$SGF\", \"analyses\": [\"territory\", \"score\"]}" |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => process.stdout.write(JSON.parse(s).jobId ?? ""));') || true
  status=""
  for _ in $(seq 1 120); do
    status=$(curl -sS "http://127.0.0.1:$PORT/v1/jobs/$JOB" -H "Authorization: Bearer $KEY" |
      node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => process.stdout.write(JSON.parse(s).status ?? ""));') || true
    case "$status" in completed | failed) break ;; esac
    sleep 0.5
  done
  echo "   job ${JOB:-none}: ${status:-no answer}"
  [ "$status" = completed ] || FAILED="$FAILED job"
fi
curl -sS "http://127.0.0.1:$PORT/metrics" 2>/dev/null | grep '^moyo_queue_jobs{queue="positions"' | sed 's/^/   /' || true

echo "== every app still up, then each stops by itself on SIGTERM"
for app in api worker ingest; do
  if ! kill -0 "${PIDS[$app]}" 2>/dev/null; then
    wait "${PIDS[$app]}" || true
    echo "   $app exited early" >&2
    FAILED="$FAILED $app"
    continue
  fi
  stop_app "$app" "${PIDS[$app]}"
done
if [ -n "$FAILED" ]; then
  echo "== image simulation FAILED:$FAILED" >&2
  exit 1
fi
echo "== image simulation passed"
