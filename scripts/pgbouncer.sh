#!/usr/bin/env bash
# Starts Debian's PgBouncer in transaction pooling mode on 127.0.0.1:${PGBOUNCER_PORT:-6432} in
# front of the PostgreSQL server at 127.0.0.1:5432 (every database, user postgres, trust auth, as
# the test server is set up), for the pooled test run of .ci/run and docs/operations.md, "Poolers".
# Its files live in a temporary folder; prints the folder. Stop it with: kill "$(cat <folder>/pid)".
# Settings: https://www.pgbouncer.org/config.html
set -euo pipefail
port=${PGBOUNCER_PORT:-6432}
dir=$(mktemp -d /tmp/kitchaco-pgbouncer.XXXXXX)
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
max_db_connections = 40
logfile = $dir/pgbouncer.log
pidfile = $dir/pid
INI
echo '"postgres" ""' >"$dir/userlist.txt"
chmod 755 "$dir"
chmod 644 "$dir/pgbouncer.ini" "$dir/userlist.txt"
if [ "$(id -u)" = 0 ]; then
  chown nobody "$dir"
  pgbouncer -d -u nobody "$dir/pgbouncer.ini"
else
  pgbouncer -d "$dir/pgbouncer.ini"
fi
for _ in $(seq 1 50); do
  pg_isready -h 127.0.0.1 -p "$port" -q 2>/dev/null && break
  sleep 0.1
done
echo "$dir"
