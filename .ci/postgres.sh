#!/usr/bin/env bash
# CI: makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the database tests, and prints the URL
# to use (TEST_DATABASE_URL) as its only line on stdout; the log goes to stderr.
#   1. a server that already answers (TEST_DATABASE_URL, or the postgres role over TCP, trust or the
#      password "postgres") is used as it is;
#   2. otherwise Debian's `postgresql` package is installed when no cluster is, and the cluster is started
#      (pg_ctlcluster); a fresh cluster asks for a password over TCP, so the postgres role is given the
#      known password "postgres" through the local socket (peer authentication);
#   3. if it still does not answer, the script fails: the run must not go on without PostgreSQL.
# Needs node_modules (the `pg` client the tests use). Usage: TEST_DATABASE_URL=$(.ci/postgres.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "▸ postgres: $*" >&2; }

# Another port and cluster name only to try this script beside a running server.
PORT="${CI_POSTGRES_PORT:-5432}"
CLUSTER="${CI_POSTGRES_CLUSTER:-main}"
TRUST_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
PASSWORD_URL="postgres://postgres:postgres@127.0.0.1:$PORT/postgres"

# Connects and runs `select 1` with the same client as the tests; exit status 0 when it answers.
answers() {
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    try { await client.connect(); await client.query("select 1"); }
    catch (error) { console.error(`${process.argv[1].replace(/:[^:@/]*@/, ":***@")}: ${error.message}`); process.exitCode = 1; }
    finally { await client.end().catch(() => undefined); }
  ' "$1" 2>&1 >/dev/null | sed 's/^/  /' >&2
  return "${PIPESTATUS[0]}"
}

# Prints the first URL that answers and returns 0, else returns 1.
find_url() {
  local url
  local urls=("$TRUST_URL" "$PASSWORD_URL")
  if [ -n "${TEST_DATABASE_URL:-}" ]; then urls=("$TEST_DATABASE_URL"); fi
  for url in "${urls[@]}"; do
    if answers "$url"; then
      echo "$url"
      return 0
    fi
  done
  return 1
}

if url=$(find_url); then
  log "answering at ${url/:postgres@/:***@}"
  echo "$url"
  exit 0
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  log "TEST_DATABASE_URL is set but does not answer" && exit 1
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

clusters() { ls /etc/postgresql/*/"$CLUSTER"/postgresql.conf 2>/dev/null | cut -d/ -f4 || true; }

if [ -z "$(clusters)" ]; then
  log "no cluster installed: installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq >&2
  as_root apt-get install -y -qq postgresql >&2
fi
if [ -z "$(clusters)" ]; then
  # The package creates "main" unless createcluster.conf says otherwise.
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  log "creating cluster $version/$CLUSTER"
  as_root pg_createcluster "$version" "$CLUSTER" --port "$PORT" >&2
fi

for version in $(clusters); do
  log "starting cluster $version/$CLUSTER"
  # Already running is fine (exit status 2); anything else is reported by the check below.
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$CLUSTER" start >&2 || true
done

if url=$(find_url); then
  log "answering at ${url/:postgres@/:***@}"
  echo "$url"
  exit 0
fi

# A fresh Debian cluster trusts the postgres role on the local socket only (peer): give it a known password.
log "setting the postgres role's password through the local socket"
as_root runuser -u postgres -- psql -q -p "$PORT" -d postgres -c "ALTER ROLE postgres PASSWORD 'postgres'" >&2 || true
if answers "$PASSWORD_URL"; then
  log "answering at ${PASSWORD_URL/:postgres@/:***@}"
  echo "$PASSWORD_URL"
  exit 0
fi

log "✗ no PostgreSQL server answers on 127.0.0.1:$PORT (see the lines above)"
pg_lsclusters >&2 || true
exit 1
