#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL (Debian's postgresql-15 by default) through DATABASE_URL,
# e.g. `scripts/with-external-postgres.sh npx vitest run --project integration` (what .ci/run does).
# The cluster lives in a temporary directory (data, log, unix socket), listens on a free loopback port
# with trust auth and fsync off (it is thrown away), and is stopped and removed when the command ends.
# initdb refuses root: as root, PostgreSQL runs as the `postgres` OS user (else `nobody`).
# Exits with the command's status. PG_BIN overrides where the PostgreSQL binaries are.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
  echo "with-external-postgres: no PostgreSQL in $PG_BIN (install it with: apt-get install -y postgresql-15)" >&2
  exit 2
fi
if [ $# -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/tradecert-pg.XXXXXX")"
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  pg_user=postgres
  id -u "$pg_user" >/dev/null 2>&1 || pg_user=nobody
  chown "$pg_user" "$dir"
  as_pg=(runuser -u "$pg_user" --)
fi

cleanup() {
  "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

"${as_pg[@]}" "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# Loopback and a socket in the temp dir only; nothing here is durable, so nothing waits for the disk.
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 start -o \
  "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >/dev/null || { cat "$dir/postgres.log" >&2; exit 1; }
echo "with-external-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)" >&2

status=0
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@" || status=$?
exit "$status"
