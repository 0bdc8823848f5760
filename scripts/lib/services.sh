# Shared by .ci/run and scripts/demo.sh (source it; bash). Makes sure GNU Go, PostgreSQL and Redis
# are installed and answering, installing (Debian packages) or starting them when they are not.
# Reads DATABASE_URL (an admin URL) and REDIS_URL; functions return non-zero on failure.

MOYO_SUDO=
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then MOYO_SUDO=sudo; fi

apt_install() {
  $MOYO_SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $MOYO_SUDO apt-get install -y -qq "$@"
}

pg_answers() { pg_isready -q -d "$DATABASE_URL" -t 2; }
redis_answers() { [ "$(redis-cli -u "$REDIS_URL" ping 2>/dev/null)" = PONG ]; }

# wait_for NAME CHECK: polls CHECK once a second for up to 60 s.
wait_for() {
  local what=$1 check=$2
  for _ in $(seq 1 60); do
    if $check; then
      echo "$what answers"
      return 0
    fi
    sleep 1
  done
  echo "$what does not answer after 60 s" >&2
  return 1
}

ensure_gnugo() {
  if [ ! -x /usr/games/gnugo ]; then apt_install gnugo || return 1; fi
  /usr/games/gnugo --version | head -1
}

# Debian's Chromium for the viewer's browser test (driven by playwright-core, test/browser/).
ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then apt_install chromium || return 1; fi
  /usr/bin/chromium --version
}

ensure_postgres() {
  if ! command -v pg_isready >/dev/null; then apt_install postgresql postgresql-client || return 1; fi
  if ! pg_answers; then
    echo "PostgreSQL does not answer: starting it"
    # shellcheck disable=SC2046 # one cluster version directory, e.g. 15
    $MOYO_SUDO pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start
  fi
  wait_for PostgreSQL pg_answers
}

ensure_redis() {
  if ! command -v redis-server >/dev/null; then apt_install redis-server || return 1; fi
  if ! redis_answers; then
    echo "Redis does not answer: starting it"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  fi
  wait_for Redis redis_answers
}
