#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, never one they did not start.
#
#   eval "$(bash Tests/support/postgres.sh start DIR)"   # prints export lines
#   bash Tests/support/postgres.sh stop DIR              # stops it and removes DIR
#
# PostgreSQL refuses to run as root, so the cluster belongs to an unprivileged user (nobody
# when run as root). It listens on a Unix socket in DIR and on a free TCP port on 127.0.0.1.
# Two roles: the cluster's superuser (trust, for setting up), and `taskwire_pw`, which must
# give a password (scram-sha-256) over TCP: the tests check that it never reaches a log.
# Installs postgresql and libpq-dev with apt-get when they are missing.
set -euo pipefail

bin=/usr/lib/postgresql/15/bin
action="${1:-}"
dir="${2:-}"
[ -n "$dir" ] || {
  echo "usage: postgres.sh start|stop DIR" >&2
  exit 2
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}

case "$action" in
start)
  if [ ! -x "$bin/initdb" ] || [ ! -f /usr/include/postgresql/libpq-fe.h ]; then
    if [ "$(id -u)" = 0 ]; then sudo=(); else sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq postgresql libpq-dev >/dev/null
  fi
  mkdir -p "$dir"
  chmod 700 "$dir"
  if [ "$(id -u)" = 0 ]; then
    # The cluster's owner must reach DIR: its parent (a mktemp folder, 0700) is opened for
    # traversal only.
    chmod o+x "$(dirname "$dir")"
    chown nobody "$dir"
  fi
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  owner=$(as_owner id -un)
  printf 'secret-%s\n' "$RANDOM$RANDOM" >"$dir/password"
  chmod 644 "$dir/password"
  as_owner "$bin/initdb" -D "$dir/data" -A trust -U "$owner" >"$dir/initdb.log" 2>&1
  # TCP for the password role needs its password; the socket and the superuser trust.
  {
    echo "local all all trust"
    echo "host all taskwire_pw 127.0.0.1/32 scram-sha-256"
    echo "host all all 127.0.0.1/32 trust"
  } >"$dir/data/pg_hba.conf"
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  password=$(cat "$dir/password")
  as_owner "$bin/psql" -h "$dir" -p "$port" -d postgres -q -c "CREATE DATABASE taskwire" \
    -c "CREATE ROLE taskwire_pw LOGIN PASSWORD '$password'" >/dev/null
  as_owner "$bin/psql" -h "$dir" -p "$port" -d taskwire -qc "GRANT CREATE ON DATABASE taskwire TO taskwire_pw;" >/dev/null
  echo "export TASKWIRE_TEST_POSTGRES='postgresql://$owner@/taskwire?host=$dir&port=$port'"
  echo "export TASKWIRE_TEST_POSTGRES_TCP='postgresql://$owner@127.0.0.1:$port/taskwire'"
  echo "export TASKWIRE_TEST_POSTGRES_PASSWORD_URL='postgresql://taskwire_pw:$password@127.0.0.1:$port/taskwire'"
  echo "export TASKWIRE_TEST_POSTGRES_PASSWORD='$password'"
  echo "export TASKWIRE_TEST_POSTGRES_DIR='$dir'"
  ;;
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  ;;
restart)
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w restart >/dev/null
  ;;
*)
  echo "usage: postgres.sh start|stop|restart DIR" >&2
  exit 2
  ;;
esac
