#!/usr/bin/env bash
# Opportunity lists and q search (issue 8) against the number of stored opportunities: a list page
# (first, deep, stage-filtered) and q searches of several selectivities at 10,000 and at 1,000,000
# opportunities of one tenant, each with a note, on PostgreSQL. Rows are bulk-loaded with SQL
# (load.sql) between the steps. Latency is measured with few connections (BENCH_CONNECTIONS, 2)
# so that it is the cost of one request rather than queueing on this machine's two cores.
# Needs: wrk, python3, psql (local PostgreSQL on 127.0.0.1:5432, trust auth), the jar (built if missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd)
jar=${ASSENT_JAR:-$root/target/assent.jar}
java=${ASSENT_JAVA_HOME:+$ASSENT_JAVA_HOME/bin/}java
secs=${BENCH_SECONDS:-10}; warm=${BENCH_WARMUP:-3}; conns=${BENCH_CONNECTIONS:-2}; port=${BENCH_PORT:-8381}
sizes=${BENCH_SIZES:-"10000 1000000"}
db=${BENCH_DATABASE:-assent_bench_opportunities}
[ -f "$jar" ] || (cd "$root" && mvn -q -DskipTests package)
base=http://127.0.0.1:$port; api=$base/api/public/v1
work=$(mktemp -d); server=""
pg() { psql -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres "$@"; }
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; pg -d postgres -c "drop database if exists $db" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
latency() { grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors" | tr -s ' ' | paste -sd' ' ; }
sqlp99() { # name, SQL: the database's own share, one connection, p50/p99 from pgbench's per-statement log
  echo "$2;" > "$work/q.sql"
  (cd "$work" && rm -f pgbench_log.* && pgbench -n -h 127.0.0.1 -U postgres -c1 -T$secs -f q.sql -l $db >/dev/null 2>&1)
  printf '%-34s %s\n' "$1" "$(cat "$work"/pgbench_log.* | python3 -c "
import sys; v = sorted(int(l.split()[2]) / 1000 for l in sys.stdin)
print('SQL 50%% %.2fms 99%% %.2fms (%d runs)' % (v[len(v) // 2], v[int(len(v) * 0.99)], len(v)))")"
}
measure() { # name, path
  TOKEN=$TOKEN wrk -t1 -c$conns -d${warm}s -s "$here/get.lua" "$api$2" >/dev/null
  printf '%-34s %s\n' "$1" "$(TOKEN=$TOKEN wrk -t1 -c$conns -d${secs}s --latency -s "$here/get.lua" "$api$2" | latency)"
}

pg -d postgres -c "drop database if exists $db" -c "create database $db"
export ASSENT_DATA_DIR=$work ASSENT_DEMO=false ASSENT_PUBLIC_URL=$base
export ASSENT_RATE_LIMIT_PER_SECOND=1000000 ASSENT_RATE_LIMIT_BURST=1000000
export ASSENT_DATABASE_URL=jdbc:postgresql://127.0.0.1:5432/$db ASSENT_DATABASE_USER=postgres
partner=$("$java" -jar "$jar" admin partners create --name Bench --owner-email bench@example.com | json '["id"]')
client=$("$java" -jar "$jar" admin clients create --partner-id "$partner" --name bench --type confidential \
    --environment sandbox --scopes "partner.opportunities.read partner.opportunities.write partner.products.read partner.products.write")
cid=$(echo "$client" | json '["client_id"]'); secret=$(echo "$client" | json '["client_secret"]')
"$java" -Xms64m -Xmx512m -jar "$jar" --server.port=$port >"$work/server.log" 2>&1 &
server=$!
until curl -sf -o /dev/null $api/health; do sleep 0.3; done
export TOKEN=$(curl -s -u "$cid:$secret" -d grant_type=client_credentials $api/oauth/token | json '["access_token"]')
product=$(curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -H "Idempotency-Key: bench-product" \
    -d '{"name":"Bench loan","purpose":"Benchmarking","data_categories":["profile"]}' $api/products | json '["id"]')
curl -s -o /dev/null -X POST -H "Authorization: Bearer $TOKEN" $api/products/$product/publish
client_uuid=$cid   # the client id is the clients row id

have=0
for target in $sizes; do
  start=$(date +%s)
  # Bulk load without the trigram index, then build it once: how a large import would be done.
  pg -d $db -c "drop index if exists opportunities_search"
  pg -d $db -v from=$((have + 1)) -v to=$target -v partner="$partner" -v client="$client_uuid" -v product="$product" -f "$here/load.sql"
  pg -d $db -c "create index opportunities_search on opportunities using gin (search_text gin_trgm_ops)" \
     -c "vacuum analyze opportunities" -c "vacuum analyze opportunity_notes" -c "vacuum analyze consent_sessions" \
     -c "checkpoint"   # so that neither autovacuum nor the load's checkpoint runs inside a measured window
  have=$target
  echo "=== $target opportunities (loaded and indexed in $(( $(date +%s) - start )) s; load average $(cut -d' ' -f1-3 /proc/loadavg)) ==="
  # A cursor half-way down: the keyset page must cost the same there as at the top.
  deep=$(pg -At -d $db -c "select (extract(epoch from created_at) * 1000000)::bigint || ':' || id from opportunities
           order by created_at desc, id desc offset $((target / 2)) limit 1" | python3 -c "import base64,sys; print(base64.urlsafe_b64encode(sys.stdin.read().strip().encode()).decode().rstrip('='))")
  measure "list, first page"                "/opportunities?limit=20"
  measure "list, page at half depth"        "/opportunities?limit=20&cursor=$deep"
  measure "list, stage=approved (1%)"       "/opportunities?limit=20&stage=approved"
  measure "q, one reference"                "/opportunities?limit=20&q=crm-0004242"
  measure "q, no match"                     "/opportunities?limit=20&q=zqxj-nothing"
  measure "q, metadata value (~2%)"         "/opportunities?limit=20&q=branch-42"
  measure "q, note word (25%)"              "/opportunities?limit=20&q=mortgage"
  measure "q, phrase of common words, none"    "/opportunities?limit=20&q=visited%20about%20the%20car%20loan%20on%20day%20100"
  measure "q, three letters, no match"      "/opportunities?limit=20&q=qzx"
  where="partner_id = '$partner' and environment = 'sandbox'"
  order="order by created_at desc, id desc limit 21"
  sqlp99 "SQL list, first page"            "select * from opportunities where $where $order"
  mid=$(pg -At -F' ' -d $db -c "select created_at, id from opportunities order by created_at desc, id desc offset $((target / 2)) limit 1")
  sqlp99 "SQL list, page at half depth"     "select * from opportunities where $where and (created_at, id) < ('${mid% *}', '${mid##* }') $order"
  sqlp99 "SQL q, one reference"            "select * from opportunities where $where and search_text like '%crm-0004242%' $order"
  sqlp99 "SQL q, no match"                 "select * from opportunities where $where and search_text like '%zqxj-nothing%' $order"
  sqlp99 "SQL q, metadata value (~2%)"     "select * from opportunities where $where and search_text like '%branch-42%' $order"
  sqlp99 "SQL q, phrase of common words"   "select * from opportunities where $where and search_text like '%visited about the car loan on day 100%' $order"
  sqlp99 "SQL q, three letters, no match"  "select * from opportunities where $where and search_text like '%qzx%' $order"
  for q in zqxj-nothing crm-0004242 'visited about the car loan on day 100'; do
    echo "plan of q=$q:"
    pg -d $db -c "explain (analyze, buffers, costs off) select * from opportunities where $where and search_text like '%$q%' $order" \
      | grep -E "Scan|Recheck|Heap Blocks|Buffers|Execution" | head -8
  done
done
echo "RSS after load: $(( $(ps -o rss= -p $server) / 1024 )) MiB"
