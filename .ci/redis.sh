#!/usr/bin/env bash
# CI: makes sure a Redis server answers on 127.0.0.1:6379 for the rate-limit tests that share counters in Redis,
# and prints the URL to use (TEST_REDIS_URL) as its only line on stdout; the log goes to stderr.
#   1. a server that already answers PING is used as it is;
#   2. otherwise Debian's `redis-server` package is installed when missing, and a server is started in the
#      background without persistence (the tests' keys live a minute at most);
#   3. if it still does not answer, the script fails: the run must not go on without Redis.
set -euo pipefail

log() { echo "▸ redis: $*" >&2; }
# Another port only to try this script beside a running server.
PORT="${CI_REDIS_PORT:-6379}"
URL="redis://127.0.0.1:$PORT"

# PING over bash's /dev/tcp; exit status 0 when the answer is +PONG.
answers() {
  local reply=""
  exec 3<>"/dev/tcp/127.0.0.1/$PORT" || return 1
  printf 'PING\r\n' >&3
  read -r -t 3 reply <&3 || true
  exec 3<&- 3>&-
  [[ "$reply" == "+PONG"* ]]
}

if answers 2>/dev/null; then
  log "answering at $URL"
  echo "$URL"
  exit 0
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v redis-server >/dev/null; then
  log "not installed: installing Debian's redis-server package"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq >&2
  as_root apt-get install -y -qq redis-server >&2
fi

log "starting redis-server on 127.0.0.1:$PORT"
as_root mkdir -p /var/lib/redis /var/log/redis
as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$PORT" --save "" --appendonly no \
  --dir /var/lib/redis --logfile "/var/log/redis/ci$([ "$PORT" = 6379 ] || echo "-$PORT").log" >&2
for _ in $(seq 1 50); do
  if answers 2>/dev/null; then
    log "answering at $URL"
    echo "$URL"
    exit 0
  fi
  sleep 0.1
done

log "✗ no Redis server answers on 127.0.0.1:$PORT (see /var/log/redis/)"
exit 1
