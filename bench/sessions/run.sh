#!/usr/bin/env bash
# Consent sessions under load (issue 4): POST /sessions and GET /sessions/{id} throughput and
# latency on H2 and on PostgreSQL, the whole create -> approve -> data loop per second, and the cost
# of a session read and of a list page at 10,000 and at 1,000,000 stored sessions (PostgreSQL).
# Needs: wrk, python3, psql (local PostgreSQL on 127.0.0.1:5432, trust auth), the jar (built if missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd)
jar=${ASSENT_JAR:-$root/target/assent.jar}
java=${ASSENT_JAVA_HOME:+$ASSENT_JAVA_HOME/bin/}java
secs=${BENCH_SECONDS:-20}; conns=${BENCH_CONNECTIONS:-32}; port=${BENCH_PORT:-8380}
engines=${BENCH_ENGINES:-"h2 postgres"}
[ -f "$jar" ] || (cd "$root" && mvn -q -DskipTests package)
base=http://127.0.0.1:$port; api=$base/api/public/v1
work=$(mktemp -d); server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; psql -q -h 127.0.0.1 -U postgres -d postgres -c "drop database if exists assent_bench" >/dev/null 2>&1 || true; }
trap cleanup EXIT

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
latency() { grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors" | tr -s ' ' | paste -sd' ' ; }

for engine in $engines; do
  echo "=== $engine ==="
  export ASSENT_DATA_DIR=$work/$engine ASSENT_DEMO=false ASSENT_PUBLIC_URL=$base
  export ASSENT_RATE_LIMIT_PER_SECOND=1000000 ASSENT_RATE_LIMIT_BURST=1000000
  unset ASSENT_DATABASE_URL ASSENT_DATABASE_USER
  if [ "$engine" = postgres ]; then
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "drop database if exists assent_bench" -c "create database assent_bench"
    export ASSENT_DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/assent_bench ASSENT_DATABASE_USER=postgres
  fi
  partner=$("$java" -jar "$jar" admin partners create --name Bench --owner-email bench@example.com | json '["id"]')
  client=$("$java" -jar "$jar" admin clients create --partner-id "$partner" --name bench --type confidential \
      --environment sandbox --scopes "sessions.create sessions.read sessions.revoke partner.products.read partner.products.write")
  cid=$(echo "$client" | json '["client_id"]'); secret=$(echo "$client" | json '["client_secret"]')
  app=$("$java" -jar "$jar" admin clients create --partner-id "$partner" --name "bench app" --type public \
      --environment sandbox --scopes "consumer.consent.read consumer.consent.respond" --redirect-uri https://app.example/cb | json '["client_id"]')
  "$java" -Xms64m -Xmx512m -jar "$jar" --server.port=$port >"$work/$engine.log" 2>&1 &
  server=$!
  until curl -sf -o /dev/null $api/health; do sleep 0.3; done
  export TOKEN=$(curl -s -u "$cid:$secret" -d grant_type=client_credentials $api/oauth/token | json '["access_token"]')
  product=$(curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -H "Idempotency-Key: bench-$engine" \
      -d '{"name":"Bench loan","purpose":"Benchmarking","data_categories":["profile","contacts"]}' $api/products | json '["id"]')
  curl -s -o /dev/null -X POST -H "Authorization: Bearer $TOKEN" $api/products/$product/publish
  export PRODUCT_ID=$product
  wrk -t1 -c$conns -d5s -s "$here/create.lua" $api/sessions >/dev/null
  echo "POST /sessions:          $(wrk -t1 -c$conns -d${secs}s --latency -s "$here/create.lua" $api/sessions | latency)"
  sid=$(curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -H "Idempotency-Key: one-$engine" \
      -d '{"product_id":"'$product'","return_url":"https://partner.example/done"}' $api/sessions | json '["session_id"]')
  wrk -t1 -c$conns -d5s -s "$here/read.lua" $api/sessions/$sid >/dev/null
  echo "GET /sessions/{id}:      $(wrk -t1 -c$conns -d${secs}s --latency -s "$here/read.lua" $api/sessions/$sid | latency)"
  consumer=$(python3 "$here/consumer_token.py" $base "$app" https://app.example/cb "consumer.consent.read consumer.consent.respond")
  echo "create->approve->data:   $(python3 "$here/loop.py" $base "$TOKEN" "$product" "$consumer" $secs 8)"
  if [ "$engine" = postgres ]; then
    for target in 10000 1000000; do
      have=$(psql -At -h 127.0.0.1 -U postgres -d assent_bench -c "select count(*) from consent_sessions")
      if [ "$have" -lt "$target" ]; then
        psql -q -h 127.0.0.1 -U postgres -d assent_bench -c "
          insert into consent_sessions (id, partner_id, environment, client_id, product_id, product_version, opportunity_id,
              return_url, metadata, status, collection_method, expires_at, created_at, updated_at)
          select gen_random_uuid(), '$partner', 'sandbox', '$cid', '$product', 1, gen_random_uuid(), 'https://p.example/',
              '{}', 'denied', 'session_page', now() + interval '1 hour', now() - g * interval '1 second', now()
          from generate_series(1, $target - $have) g" -c "analyze consent_sessions"
      fi
      export TOKEN_PARTNER=$TOKEN
      echo "at $target sessions, GET /sessions/{id}:  $(wrk -t1 -c$conns -d${secs}s --latency -s "$here/read.lua" $api/sessions/$sid | latency)"
      TOKEN=$consumer wrk -t1 -c$conns -d3s -s "$here/read.lua" "$api/me/consents?limit=20" >/dev/null
      echo "at $target sessions, GET /me/consents:     $(TOKEN=$consumer wrk -t1 -c$conns -d${secs}s --latency -s "$here/read.lua" "$api/me/consents?limit=20" | latency)"
      export TOKEN=$TOKEN_PARTNER
    done
  fi
  echo "RSS after load: $(( $(ps -o rss= -p $server) / 1024 )) MiB"
  kill $server; wait $server 2>/dev/null || true; server=""
done
