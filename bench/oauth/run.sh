#!/usr/bin/env bash
# Assent vs Keycloak 26.7.3: client_credentials token issuance and token introspection, in one run,
# under the same wrk load (-t1 -c32, 10 s warm-up, 30 s measured by default).
#
# Keycloak runs first, then Assent; never both at once. For each system it prints requests/s,
# p50/p99 latency, non-2xx answers, server CPU-ms per request (utime+stime of the server's JVM from
# /proc/<pid>/stat over the measured window), time to ready and RSS after load, and at the end a
# markdown table with the ratios Assent/Keycloak. See bench/README.md.
#
# Needs: wrk, curl, jq, bc, unzip, mvn (to fetch Keycloak once; to build Assent if no jar),
# a JDK 25 for Keycloak (KC_JAVA_HOME) and a JDK 17+ for Assent (ASSENT_JAVA_HOME).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

# ---- settings (environment overridable) ---------------------------------------------------------
secs=${BENCH_SECONDS:-30}            # measured window per endpoint
warmup=${BENCH_WARMUP:-10}           # unmeasured warm-up per endpoint, same load
conns=${BENCH_CONNECTIONS:-32}
threads=${BENCH_THREADS:-1}
systems=${BENCH_SYSTEMS:-keycloak assent}   # which halves to run, in this order
wait_idle=${BENCH_WAIT_IDLE:-0}      # seconds to wait for a quiet machine before each start
out=${BENCH_OUT:-${XDG_CACHE_HOME:-$HOME/.cache}/assent-bench/oauth-$(date +%Y%m%d-%H%M%S)}

kc_version=26.7.3
kc_work=${KC_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/kc-anchor}
kc_java_home=${KC_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
kc_port=${KC_PORT:-8180}

assent_port=${ASSENT_PORT:-8280}
assent_java_home=${ASSENT_JAVA_HOME:-}
# Keycloak's launcher runs its JVM with -Xms64m -Xmx512m; Assent gets the same heap bounds unless
# ASSENT_JAVA_OPTS says otherwise (ASSENT_JAVA_OPTS= runs a plain `java -jar`).
assent_java_opts=${ASSENT_JAVA_OPTS--Xms64m -Xmx512m}
# Keycloak has no per-client request limit; Assent's (D14, 50/s by default) is raised so that it
# cannot turn load into 429s. Override to measure with the limiter at its production setting.
assent_rate=${ASSENT_RATE_LIMIT_PER_SECOND:-1000000}
assent_burst=${ASSENT_RATE_LIMIT_BURST:-1000000}

# ---- helpers ------------------------------------------------------------------------------------
die() { echo "run.sh: error: $*" >&2; exit 1; }
note() { echo "== $*"; }
now() { date +%s.%N; }
elapsed() { echo "scale=1; ($(now) - $1)/1" | bc; }
cpu_ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }
host_ticks() { awk '$1 == "cpu" {print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; } # busy total
host_idle_check() { # warn when something else keeps the cores busy before a system starts;
  # with BENCH_WAIT_IDLE=N, first wait up to N seconds for the machine to quieten
  local a b busy waited=0
  while :; do
    a=$(host_ticks); sleep 2; b=$(host_ticks); waited=$((waited + 2))
    busy=$(echo "$a $b" | awk '{d = $4 - $2; printf "%.0f", (d > 0 ? 100 * ($3 - $1) / d : 0)}')
    [ "$busy" -ge 20 ] && [ "$waited" -lt "$wait_idle" ] || break
  done
  [ "$waited" -le 2 ] || echo "   waited ${waited}s for a quiet machine"
  echo "   host CPU busy before start: ${busy}%"
  [ "$busy" -lt 20 ] || echo "   WARNING: the machine is not idle (${busy}% of all cores busy): other processes compete with this benchmark; its figures are not trustworthy"
}
rss_mib() { echo $(( $(ps -o rss= -p "$1") / 1024 )); }

for tool in wrk curl jq bc awk base64; do
  command -v $tool >/dev/null || die "$tool is missing (apt-get install -y wrk curl jq bc)"
done

port_free() { # port: true if nothing answers there
  local rc=0; curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$1/" || rc=$?
  [ $rc -eq 7 ]
}

# every process this script starts, so that an interrupted run leaves nothing behind
started=()
stop_proc() { # pid...: TERM, wait up to 30 s, then KILL
  local p
  for p in "$@"; do kill -TERM "$p" 2>/dev/null || true; done
  for _ in $(seq 1 300); do
    local alive=0
    for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  for p in "$@"; do kill -KILL "$p" 2>/dev/null || true; done
  for p in "$@"; do wait "$p" 2>/dev/null || true; done
}
cleanup() { [ ${#started[@]} -eq 0 ] || stop_proc "${started[@]}"; started=(); }
trap cleanup EXIT
trap 'exit 130' INT TERM

wait_ready() { # url timeout_s pid -> 0 when url answers 200
  local url=$1 limit=$2 pid=$3 t0; t0=$(now)
  until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url" || true)" = 200 ]; do
    kill -0 "$pid" 2>/dev/null || return 1
    [ "$(echo "$(now) - $t0 > $limit" | bc)" = 1 ] && return 1
    sleep 0.1
  done
}

to_ms() { # a wrk duration (812.00us, 41.2ms, 1.02s, 1.50m) -> milliseconds
  awk -v v="$1" 'BEGIN {
    n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
    f = (u == "us") ? 0.001 : (u == "ms") ? 1 : (u == "s") ? 1000 : (u == "m") ? 60000 : -1
    if (f < 0) print "?"; else printf "%.1f", n * f }'
}

# measure system label url lua pid: warm-up, then the measured window with CPU ticks around it
measure() {
  local sys=$1 label=$2 url=$3 lua=$4 pid=$5 raw="$out/$1-$2.wrk.txt"
  echo "-- $sys $label: warm-up ${warmup}s, then ${secs}s measured (wrk -t$threads -c$conns) on $url"
  wrk -t"$threads" -c"$conns" -d"${warmup}s" -s "$here/$lua" "$url" >"$out/$sys-$label.warmup.txt"
  local c0 c1 h0 h1 TIMEFORMAT='%U %S'; c0=$(cpu_ticks "$pid"); h0=$(host_ticks)
  { time wrk -t"$threads" -c"$conns" -d"${secs}s" --latency -s "$here/$lua" "$url" >"$raw" 2>"$raw.err"; } 2>"$raw.time"
  c1=$(cpu_ticks "$pid"); h1=$(host_ticks)
  # the machine's CPU over the window: the server, wrk (its user+sys from bash's time), anything else
  local host other
  read -r host other < <(echo "$h0 $h1 $c0 $c1 $(cat "$raw.time") $(getconf CLK_TCK)" | awk '{
    d = $4 - $2; if (d <= 0) d = 1; busy = $3 - $1; srv = $6 - $5; w = ($7 + $8) * $9; o = busy - srv - w; if (o < 0) o = 0
    printf "host_CPU_busy_%.0f%%_of_all_cores_(server_%.0f%%,_wrk_%.0f%%,_other_processes_%.0f%%) %.0f\n", 100 * busy / d, 100 * srv / d, 100 * w / d, 100 * o / d, 100 * o / d }')
  host=${host//_/ }
  local n rps p50 p99 non2xx errs cpu
  n=$(grep -oE '^ +[0-9]+ requests in' "$raw" | grep -oE '[0-9]+' || echo 0)
  rps=$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' "$raw")
  p50=$(to_ms "$(awk '$1 == "50%" {print $2}' "$raw")")
  p99=$(to_ms "$(awk '$1 == "99%" {print $2}' "$raw")")
  non2xx=$(awk -F': *' '/Non-2xx or 3xx responses/ {print $2}' "$raw"); non2xx=${non2xx:-0}
  errs=$(grep -oE 'Socket errors: .*' "$raw" | grep -oE '[0-9]+' | paste -sd+ - | bc || true); errs=${errs:-0}
  if [ "${n:-0}" -gt 0 ]; then
    cpu=$(echo "scale=2; ($c1 - $c0) * 1000 / $(getconf CLK_TCK) / $n" | bc | sed 's/^\./0./')
  else
    cpu="?"
  fi
  printf '   requests/s %s   p50 %s ms   p99 %s ms   non-2xx %s   socket errors %s   CPU-ms/request %s   (%s requests)\n' \
    "$rps" "$p50" "$p99" "$non2xx" "$errs" "$cpu" "$n"
  echo "   $host"
  [ "$other" -lt 10 ] || echo "   WARNING: other processes took ${other}% of the machine during this window; these figures are disturbed"
  [ "$non2xx" = 0 ] || echo "   WARNING: $non2xx non-2xx answers; see the server log in $out"
  {
    echo "${label}_rps=$rps"; echo "${label}_p50=$p50"; echo "${label}_p99=$p99"
    echo "${label}_non2xx=$non2xx"; echo "${label}_errors=$errs"; echo "${label}_cpu=$cpu"; echo "${label}_n=$n"
    echo "${label}_other=$other"
  } >>"$out/$sys.env"
}

# get_token system url curl-args...: one token answer by hand; prints its JSON or fails clearly
get_token() {
  local sys=$1 url=$2; shift 2
  local body code
  body=$(curl -s -w '\n%{http_code}' "$@" "$url" || true)
  code=${body##*$'\n'}; body=${body%$'\n'*}
  if [ "$code" != 200 ] || [ "$(jq -r '.access_token // empty' <<<"$body" 2>/dev/null)" = "" ]; then
    die "$sys token endpoint $url answered HTTP $code: $(tr -s '[:space:]' ' ' <<<"${body:0:300}")
  (404: the endpoint is not there in this build; 401: client authentication failed)"
  fi
  echo "$body"
}

check_active() { # system url token curl-args...: the introspection endpoint says active:true
  local sys=$1 url=$2 token=$3; shift 3
  local body code
  body=$(curl -s -w '\n%{http_code}' "$@" --data-urlencode "token=$token" "$url" || true)
  code=${body##*$'\n'}; body=${body%$'\n'*}
  [ "$code" = 200 ] && [ "$(jq -r '.active' <<<"$body" 2>/dev/null)" = true ] && return 0
  echo "$sys introspection endpoint $url answered HTTP $code: $(tr -s '[:space:]' ' ' <<<"${body:0:300}")" >&2
  return 1
}

warn_ttl() { # system token-json
  local run=$(( warmup + secs + 5 )) ttl; ttl=$(jq -r '.expires_in // 0' <<<"$2")
  [[ $ttl =~ ^[0-9]+$ ]] || ttl=0
  [ "$ttl" -gt "$run" ] || echo "   WARNING: $1 tokens live ${ttl}s but the introspection run takes ${run}s; inactive answers would count as 2xx"
}

# ---- Keycloak -----------------------------------------------------------------------------------
kc_start() { # starts kc.sh start-dev; sets kc_launcher
  ( unset JAVA_OPTS JAVA_OPTS_KC_HEAP   # the launcher's own JVM defaults (G1, -Xms64m -Xmx512m)
    export JAVA_HOME=$kc_java_home PATH=$kc_java_home/bin:$PATH \
      KC_BOOTSTRAP_ADMIN_USERNAME=admin KC_BOOTSTRAP_ADMIN_PASSWORD=admin
    exec "$kc_work/keycloak-$kc_version/bin/kc.sh" start-dev --http-host=127.0.0.1 --http-port="$kc_port" ) \
    >"$1" 2>&1 &
  kc_launcher=$!
  started+=("$kc_launcher")
}
kc_java_pid() { pgrep -P "$kc_launcher" java || echo "$kc_launcher"; }

run_keycloak() {
  note "Keycloak $kc_version (start-dev, embedded H2, JDK: $kc_java_home)"
  [ -x "$kc_java_home/bin/java" ] || die "KC_JAVA_HOME=$kc_java_home has no bin/java (Keycloak $kc_version needs a JDK 25)"
  local kc=http://127.0.0.1:$kc_port
  port_free "$kc_port" || die "port $kc_port is in use; stop what runs there or set KC_PORT"
  mkdir -p "$kc_work"
  if [ ! -d "$kc_work/keycloak-$kc_version" ]; then
    note "fetching Keycloak $kc_version into $kc_work (once)"
    command -v mvn >/dev/null || die "mvn is needed once to fetch Keycloak"
    (cd "$kc_work" && mvn -q dependency:copy -Dartifact=org.keycloak:keycloak-quarkus-dist:$kc_version:zip \
        -DoutputDirectory="$kc_work")
    (cd "$kc_work" && unzip -q "keycloak-quarkus-dist-$kc_version.zip")
  fi
  # the first start-dev re-augments (builds) the server; do it once unmeasured so that
  # "time to ready" is the ordinary start, as on every later run
  if [ ! -f "$kc_work/.start-dev-built" ]; then
    note "first start-dev of this Keycloak: building it once (not measured)"
    local t0; t0=$(now); kc_start "$out/keycloak-build.log"
    wait_ready "$kc/realms/master/.well-known/openid-configuration" 300 "$kc_launcher" \
      || die "Keycloak did not start; see $out/keycloak-build.log"
    echo "   built and ready after $(elapsed "$t0") s"
    stop_proc "$kc_launcher"; started=()
    touch "$kc_work/.start-dev-built"
  fi

  host_idle_check
  local t0 ready; t0=$(now); kc_start "$out/keycloak.log"
  wait_ready "$kc/realms/master/.well-known/openid-configuration" 300 "$kc_launcher" \
    || die "Keycloak did not become ready; see $out/keycloak.log"
  ready=$(elapsed "$t0")
  local jpid; jpid=$(kc_java_pid); started+=("$jpid")
  grep -q "Updating the configuration" "$out/keycloak.log" && echo "   (this start rebuilt Keycloak: ready time includes a build)"
  echo "   ready after $ready s (JVM pid $jpid, RSS $(rss_mib "$jpid") MiB)"
  echo "ready=$ready" >"$out/keycloak.env"; echo "rss_ready=$(rss_mib "$jpid")" >>"$out/keycloak.env"

  # realm "bench", confidential client with a service account, audience mapper so that the client
  # may introspect its own tokens (Keycloak 26 introspects only tokens whose audience holds the caller).
  # The data survive in $kc_work between runs; "already exists" answers are fine.
  local admin auth
  admin=$(curl -s -d client_id=admin-cli -d username=admin -d password=admin -d grant_type=password \
    "$kc/realms/master/protocol/openid-connect/token" | jq -r '.access_token // empty')
  [ -n "$admin" ] || die "could not get a Keycloak admin token (bootstrap admin admin/admin)"
  auth=(-H "Authorization: Bearer $admin" -H 'Content-Type: application/json')
  curl -s -o /dev/null "${auth[@]}" -d '{"realm":"bench","enabled":true}' "$kc/admin/realms" || true
  curl -s -o /dev/null "${auth[@]}" -d '{"clientId":"bench-client","enabled":true,"publicClient":false,"secret":"bench-secret","serviceAccountsEnabled":true,"standardFlowEnabled":false}' \
    "$kc/admin/realms/bench/clients" || true
  local cid; cid=$(curl -s "${auth[@]}" "$kc/admin/realms/bench/clients?clientId=bench-client" | jq -r '.[0].id // empty')
  [ -n "$cid" ] || die "could not create the Keycloak client bench-client"
  curl -s -o /dev/null "${auth[@]}" -d '{"name":"self-aud","protocol":"openid-connect","protocolMapper":"oidc-audience-mapper","config":{"included.client.audience":"bench-client","access.token.claim":"true","introspection.token.claim":"true"}}' \
    "$kc/admin/realms/bench/clients/$cid/protocol-mappers/models" || true

  local token_url=$kc/realms/bench/protocol/openid-connect/token
  local basic=(-u bench-client:bench-secret)
  export CLIENT_BASIC; CLIENT_BASIC=$(printf '%s' bench-client:bench-secret | base64 -w0)
  get_token keycloak "$token_url" "${basic[@]}" -d grant_type=client_credentials >/dev/null
  measure keycloak cc "$token_url" keycloak-cc.lua "$jpid"

  local answer; answer=$(get_token keycloak "$token_url" "${basic[@]}" -d grant_type=client_credentials)
  export TOKEN; TOKEN=$(jq -r .access_token <<<"$answer")
  warn_ttl keycloak "$answer"
  check_active keycloak "$token_url/introspect" "$TOKEN" "${basic[@]}" || die "Keycloak does not introspect its own token as active"
  measure keycloak introspect "$token_url/introspect" keycloak-introspect.lua "$jpid"
  check_active keycloak "$token_url/introspect" "$TOKEN" "${basic[@]}" \
    || echo "   WARNING: the introspected token was no longer active at the end of the run"

  local rss; rss=$(rss_mib "$jpid"); echo "rss=$rss" >>"$out/keycloak.env"
  echo "   RSS after load $rss MiB"
  stop_proc "$kc_launcher" "$jpid"; started=()
}

# ---- Assent -------------------------------------------------------------------------------------
run_assent() {
  local java=java
  [ -z "$assent_java_home" ] || java=$assent_java_home/bin/java
  command -v "$java" >/dev/null || die "no java at $java (ASSENT_JAVA_HOME)"
  local jar=${ASSENT_JAR:-}
  if [ -z "$jar" ]; then
    jar=$repo/target/assent.jar
    if [ ! -f "$jar" ]; then
      note "no $jar: building it (mvn -q -DskipTests package)"
      (cd "$repo" && mvn -q -DskipTests package) || die "the Assent build failed"
    fi
  fi
  [ -f "$jar" ] || die "no Assent jar at $jar (ASSENT_JAR)"
  # run a copy, so that a rebuild of target/ during the run cannot pull the jar from under the JVM
  cp "$jar" "$out/assent.jar"; jar=$out/assent.jar
  note "Assent ($("$java" -version 2>&1 | head -1); jar copied from ${ASSENT_JAR:-$repo/target/assent.jar})"
  local api=http://127.0.0.1:$assent_port/api/public/v1
  port_free "$assent_port" || die "port $assent_port is in use; stop what runs there or set ASSENT_PORT"

  local data="$out/assent-data"; rm -rf "$data"; mkdir -p "$data"
  export ASSENT_DATA_DIR=$data ASSENT_DEMO=false \
    ASSENT_RATE_LIMIT_PER_SECOND=$assent_rate ASSENT_RATE_LIMIT_BURST=$assent_burst
  # a partner and a confidential client through the admin command line (same data dir)
  local partner client_json cid secret
  # shellcheck disable=SC2086
  partner=$("$java" $assent_java_opts -jar "$jar" admin partners create --name Bench --owner-email bench@example.com \
    2>"$out/assent-cli.err" | jq -r '.id // empty') || true
  [ -n "$partner" ] || die "'admin partners create' failed: $(tail -5 "$out/assent-cli.err")"
  # shellcheck disable=SC2086
  client_json=$("$java" $assent_java_opts -jar "$jar" admin clients create --partner-id "$partner" --name bench \
    --type confidential --environment sandbox --scopes "sessions.create sessions.read" 2>>"$out/assent-cli.err") || true
  cid=$(jq -r '.client_id // empty' <<<"$client_json" 2>/dev/null || true)
  secret=$(jq -r '.client_secret // empty' <<<"$client_json" 2>/dev/null || true)
  [ -n "$cid" ] && [ -n "$secret" ] || die "'admin clients create' failed: $(tail -5 "$out/assent-cli.err")"
  echo "   partner $partner, client $cid (data dir $data)"

  host_idle_check
  local t0 ready pid; t0=$(now)
  # shellcheck disable=SC2086
  "$java" $assent_java_opts -jar "$jar" --server.port="$assent_port" >"$out/assent.log" 2>&1 &
  pid=$!; started+=("$pid")
  wait_ready "$api/health" 300 "$pid" || die "Assent did not become ready; see $out/assent.log"
  ready=$(elapsed "$t0")
  echo "   ready after $ready s (JVM pid $pid, RSS $(rss_mib "$pid") MiB)"
  echo "ready=$ready" >"$out/assent.env"; echo "rss_ready=$(rss_mib "$pid")" >>"$out/assent.env"

  local basic=(-u "$cid:$secret")
  export CLIENT_BASIC; CLIENT_BASIC=$(printf '%s' "$cid:$secret" | base64 -w0)
  get_token assent "$api/oauth/token" "${basic[@]}" -d grant_type=client_credentials -d scope=sessions.read >/dev/null
  measure assent cc "$api/oauth/token" assent-cc.lua "$pid"

  local answer; answer=$(get_token assent "$api/oauth/token" "${basic[@]}" -d grant_type=client_credentials -d scope=sessions.read)
  export TOKEN; TOKEN=$(jq -r .access_token <<<"$answer")
  warn_ttl assent "$answer"
  check_active assent "$api/oauth/introspect" "$TOKEN" "${basic[@]}" \
    || die "Assent's introspection endpoint does not report its own fresh token as active"
  measure assent introspect "$api/oauth/introspect" assent-introspect.lua "$pid"
  check_active assent "$api/oauth/introspect" "$TOKEN" "${basic[@]}" \
    || echo "   WARNING: the introspected token was no longer active at the end of the run"

  local rss; rss=$(rss_mib "$pid"); echo "rss=$rss" >>"$out/assent.env"
  echo "   RSS after load $rss MiB"
  stop_proc "$pid"; started=()
}

# ---- run ----------------------------------------------------------------------------------------
mkdir -p "$out"
commit=$(cd "$repo" && GIT_OPTIONAL_LOCKS=0 git rev-parse --short HEAD 2>/dev/null || echo "?")
dirty=$(cd "$repo" && GIT_OPTIONAL_LOCKS=0 git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo " (uncommitted changes)" || true)
{
  echo "# OAuth benchmark: Assent vs Keycloak $kc_version"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ); host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
  echo "- load: wrk -t$threads -c$conns, ${warmup} s warm-up + ${secs} s measured per endpoint, load generator on the same cores, 127.0.0.1"
  echo "- Keycloak: start-dev (H2), $("$kc_java_home/bin/java" -version 2>&1 | head -1 || echo "no JDK at $kc_java_home")"
  echo "- Assent: commit $commit$dirty, $("${assent_java_home:+$assent_java_home/bin/}java" -version 2>&1 | head -1)${assent_java_opts:+, JVM options $assent_java_opts}, rate limit ${assent_rate}/s"
} >"$out/header.md"
cat "$out/header.md"; echo "   raw output and logs: $out"; echo

for sys in $systems; do
  case $sys in
    keycloak) run_keycloak ;;
    assent) run_assent ;;
    *) die "unknown system '$sys' in BENCH_SYSTEMS (keycloak, assent)" ;;
  esac
  echo
done

# ---- summary ------------------------------------------------------------------------------------
val() { # system key
  [ -f "$out/$1.env" ] || { echo "-"; return; }
  local v; v=$(awk -F= -v k="$2" '$1 == k {print $2}' "$out/$1.env"); echo "${v:--}"
}
ratio() { # assent keycloak
  if [[ $1 =~ ^[0-9.]+$ && $2 =~ ^[0-9.]+$ ]] && [ "$(echo "$2 > 0" | bc)" = 1 ]; then
    echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'
  else
    echo "-"
  fi
}
{
  cat "$out/header.md"
  echo
  echo "| metric | Keycloak | Assent | Assent/Keycloak |"
  echo "|---|---:|---:|---:|"
  row() { # label key [noratio]
    local k a r; k=$(val keycloak "$2"); a=$(val assent "$2"); r=$(ratio "$a" "$k"); [ -z "${3:-}" ] || r="-"
    echo "| $1 | $k | $a | $r |"
  }
  row "client_credentials requests/s" cc_rps
  row "client_credentials p50 ms" cc_p50
  row "client_credentials p99 ms" cc_p99
  row "client_credentials non-2xx" cc_non2xx noratio
  row "client_credentials CPU-ms/request" cc_cpu
  row "introspection requests/s" introspect_rps
  row "introspection p50 ms" introspect_p50
  row "introspection p99 ms" introspect_p99
  row "introspection non-2xx" introspect_non2xx noratio
  row "introspection CPU-ms/request" introspect_cpu
  row "time to ready s" ready
  row "RSS at ready MiB" rss_ready
  row "RSS after load MiB" rss
  row "other processes' CPU during client_credentials, % of host" cc_other noratio
  row "other processes' CPU during introspection, % of host" introspect_other noratio
} >"$out/summary.md"
grep '^|' "$out/summary.md"
echo
echo "summary written to $out/summary.md"
