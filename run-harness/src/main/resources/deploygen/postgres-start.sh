#!/bin/sh
# Starts PostgreSQL in the foreground; on an empty data directory first creates the cluster, the
# role POSTGRES_USER with POSTGRES_PASSWORD (password login from any host) and POSTGRES_DB.
set -eu
# As with the official image, "postgres" first names the server itself (Testcontainers says it).
if [ "${1:-}" = postgres ]; then shift; fi
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres-start: POSTGRES_PASSWORD is empty; set it to create the database" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 > /dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  # Reachable from other containers and published ports (a mounted config_file may say otherwise).
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\"" \
      | postgres --single -D "$PGDATA" -j postgres > /dev/null
  fi
  echo "postgres-start: created database $POSTGRES_DB for $POSTGRES_USER"
fi
exec postgres -D "$PGDATA" "$@"
