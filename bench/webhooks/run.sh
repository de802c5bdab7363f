#!/usr/bin/env bash
# Webhook delivery benchmark (issue 5): the packaged server on a fresh PostgreSQL database, a
# loopback receiver that answers 200 at once; prints deliveries/s and commit-to-receipt latency.
# Needs: target/assent.jar (mvn -q package -DskipTests), PostgreSQL on 127.0.0.1:5432 (user postgres).
# Usage: bench/webhooks/run.sh [throughput-events=20000] [rate=200] [seconds=15]
set -euo pipefail
cd "$(dirname "$0")/../.."
bulk=${1:-20000}; rate=${2:-200}; seconds=${3:-15}
db="assent_bench_webhooks_$$"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
psql -h 127.0.0.1 -U postgres -d postgres -qc "create database $db"
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -d postgres -qc "drop database if exists $db" || true
  rm -rf "$work"
}
trap cleanup EXIT
url="jdbc:postgresql://127.0.0.1:5432/$db"
ASSENT_DATABASE_URL=$url ASSENT_DATABASE_USER=postgres ASSENT_DATABASE_PASSWORD= ASSENT_DATA_DIR=$work/data \
ASSENT_PORT=$port ASSENT_PUBLIC_URL=http://localhost:$port ASSENT_RATE_LIMIT_PER_SECOND=1000 \
ASSENT_WEBHOOKS_SENDERS=${ASSENT_WEBHOOKS_SENDERS:-32} \
  java -jar target/assent.jar > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do curl -sf "http://localhost:$port/api/public/v1/health" >/dev/null && break; sleep 0.5; done
driver=$(find ~/.m2/repository/org/postgresql/postgresql -name 'postgresql-*.jar' | sort -V | tail -1)
java -cp "$driver" bench/webhooks/WebhookBench.java "http://localhost:$port" "$url" "$work/server.log" "$bulk" "$rate" "$seconds"
