#!/usr/bin/env bash
# The cost of consent receipts and hash chains (issue 9): approving a session (grant + signed receipt
# + chained history entry) and GET /sessions/{id}/data (read + chained access entry), with
# assent.trust.enabled=true against the same flow with it false, on PostgreSQL. Rounds alternate the
# two modes so that a noisy neighbour hurts both alike; each round is a fresh database and server.
# Needs: python3, psql (local PostgreSQL on 127.0.0.1:5432, trust auth), the jar (built if missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd)
jar=${ASSENT_JAR:-$root/target/assent.jar}
java=${ASSENT_JAVA_HOME:+$ASSENT_JAVA_HOME/bin/}java
rounds=${BENCH_ROUNDS:-2}; approvals=${BENCH_APPROVALS:-600}; reads=${BENCH_READS:-2000}; port=${BENCH_PORT:-8390}
db=${BENCH_DATABASE:-assent_bench_trust}
[ -f "$jar" ] || (cd "$root" && mvn -q -DskipTests package)
base=http://127.0.0.1:$port; api=$base/api/public/v1
work=$(mktemp -d); server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; psql -q -h 127.0.0.1 -U postgres -d postgres -c "drop database if exists $db" >/dev/null 2>&1 || true; }
trap cleanup EXIT
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

for round in $(seq 1 "$rounds"); do
  for enabled in false true; do
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "drop database if exists $db" -c "create database $db"
    export ASSENT_DATA_DIR=$work/$round-$enabled ASSENT_DEMO=false ASSENT_PUBLIC_URL=$base ASSENT_TRUST_ENABLED=$enabled
    export ASSENT_RATE_LIMIT_PER_SECOND=1000000 ASSENT_RATE_LIMIT_BURST=1000000
    export ASSENT_DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/$db ASSENT_DATABASE_USER=postgres
    partner=$("$java" -jar "$jar" admin partners create --name Bench --owner-email bench@example.com | json '["id"]')
    client=$("$java" -jar "$jar" admin clients create --partner-id "$partner" --name bench --type confidential \
        --environment sandbox --scopes "sessions.create sessions.read partner.products.read partner.products.write")
    cid=$(echo "$client" | json '["client_id"]'); secret=$(echo "$client" | json '["client_secret"]')
    app=$("$java" -jar "$jar" admin clients create --partner-id "$partner" --name "bench app" --type public \
        --environment sandbox --scopes "consumer.consent.read consumer.consent.respond" --redirect-uri https://app.example/cb | json '["client_id"]')
    "$java" -Xms64m -Xmx512m -jar "$jar" --server.port=$port >"$work/$round-$enabled.log" 2>&1 &
    server=$!
    until curl -sf -o /dev/null $api/health; do sleep 0.3; done
    token=$(curl -s -u "$cid:$secret" -d grant_type=client_credentials $api/oauth/token | json '["access_token"]')
    product=$(curl -s -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -H "Idempotency-Key: bench-$round-$enabled" \
        -d '{"name":"Bench loan","purpose":"Benchmarking","data_categories":["profile","contacts"],"retention_days":30}' $api/products | json '["id"]')
    curl -s -o /dev/null -X POST -H "Authorization: Bearer $token" $api/products/$product/publish
    consumer=$(python3 "$here/../sessions/consumer_token.py" $base "$app" https://app.example/cb "consumer.consent.read consumer.consent.respond")
    echo "round $round trust.enabled=$enabled $(python3 "$here/measure.py" $base "$token" "$product" "$consumer" $approvals $reads)"
    if [ "$enabled" = true ]; then
      echo "  receipts $(psql -At -h 127.0.0.1 -U postgres -d $db -c 'select count(*) from consent_receipts'), chain entries $(psql -At -h 127.0.0.1 -U postgres -d $db -c 'select count(*) from trust_chain_entries')"
    fi
    kill $server; wait $server 2>/dev/null || true; server=""
  done
done
