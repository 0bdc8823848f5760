#!/usr/bin/env bash
# The fault suite from a fresh clone, as an operator (or a held-out fault script) would run it:
#   bash test/faults/fresh-clone.sh [--repo PATH] [--dir DIR] [--node-modules-from PATH]
# Clones PATH (default: this checkout's repository, its HEAD) into DIR (default: a new temporary
# directory), puts ../shared beside the clone when PATH has one, installs (`npm ci`, or a copy of
# --node-modules-from's node_modules: no network), generates the Prisma client, builds, and runs
# test/faults (its own PostgreSQL and Redis on private ports). Prints every scenario's counts (the
# "[faults]" lines) and vitest's totals; exits non-zero when a scenario fails or none ran.
set -euo pipefail

REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
DIR=
MODULES_FROM=
while [ $# -gt 0 ]; do
  case $1 in
    --repo) REPO=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --node-modules-from) MODULES_FROM=$2; shift 2 ;;
    *) echo "usage: $0 [--repo PATH] [--dir DIR] [--node-modules-from PATH]" >&2; exit 2 ;;
  esac
done
DIR=${DIR:-$(mktemp -d "${TMPDIR:-/tmp}/moyo-faults.XXXXXX")}
mkdir -p "$DIR"
CLONE="$DIR/main"
LOG="$DIR/faults.log"

git clone -q "$REPO" "$CLONE"
echo "fresh clone of $REPO at $(git -C "$CLONE" log --oneline -1 | cut -c1-72) in $CLONE"
# The project expects ../shared (specs, seeds) beside the checkout.
if [ -d "$REPO/../shared" ] && [ ! -e "$DIR/shared" ]; then ln -s "$(cd "$REPO/../shared" && pwd)" "$DIR/shared"; fi
cd "$CLONE"
export CHECKPOINT_DISABLE=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
if [ -n "$MODULES_FROM" ]; then
  # Workspace links in node_modules/@moyo are relative: they point into this clone.
  cp -a "$MODULES_FROM/node_modules" node_modules
else
  npm ci --no-audit --no-fund >/dev/null
fi
npm run prisma:generate >/dev/null
npm run build >/dev/null
echo "built; running test/faults (log: $LOG)"
rc=0
npx vitest run --project integration test/faults >"$LOG" 2>&1 || rc=$?
plain=$(sed -E 's/\x1b\[[0-9;]*m//g' "$LOG")
echo "$plain" | grep -E '^\[faults\]' || true
echo "$plain" | grep -E '^\s*(✓|×|↓)\s' | sed 's/^\s*/  /' || true
echo "$plain" | grep -E '^\s*(Test Files|Tests)\s' || true
# (A here-string, not a pipe: grep -q stops reading early, and pipefail would count that as a failure.)
if ! grep -qE '^\s*Tests\s.*passed' <<<"$plain"; then
  echo "no fault scenario passed (skipped: no initdb/pg_ctl or redis-server?)" >&2
  if [ "$rc" -eq 0 ]; then rc=1; fi
fi
exit "$rc"
