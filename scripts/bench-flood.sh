#!/usr/bin/env bash
# The visitor flood measured from outside the server (wrk, a separate process): a release server
# driving 30,000 simulated vehicles, a 32-connection visitor flood, and one other user's getUserInfo
# meanwhile. Needs `cargo build --release -p assets` and Debian's wrk. Usage: bash scripts/bench-flood.sh
set -e
D=$(mktemp -d)
PW=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d " \n")
cd "$(dirname "$0")/.."
WHEELEND_DATA_DIR=$D WHEELEND_ADDR=127.0.0.1:18080 WHEELEND_ADMIN_PASSWORD=$PW WHEELEND_SIMULATE_VEHICLES=30000 WHEELEND_MQTT_PORT=0 WHEELEND_RATE_LIMIT_PER_IP=0 ./target/release/wheelend > "$D/server.log" 2>&1 &
SRV=$!
trap 'kill $SRV; rm -rf "$D"' EXIT
for i in $(seq 1 120); do curl -sf http://127.0.0.1:18080/api/health >/dev/null && break; sleep 1; done
sleep 40
tok() { curl -s -X POST -H 'content-type: application/json' -d "$1" http://127.0.0.1:18080/api/base/login | python3 -c 'import sys,json;print(json.load(sys.stdin)["data"]["token"])'; }
A=$(tok '{"username":"admin","password":"'"$PW"'"}')
V=$(tok '{"type":"visitorLogin","username":"visitor"}')
echo "quiet admin:"; wrk -c1 -t1 -d8s --latency -H "x-token: $A" http://127.0.0.1:18080/api/user/getUserInfo | grep -E "Req/Sec|99%|50%|Requests/sec"
wrk -c32 -t2 -d12s -H "x-token: $V" http://127.0.0.1:18080/api/user/getUserInfo > "$D/flood.out" &
sleep 1
echo "admin during flood:"; wrk -c1 -t1 -d8s --latency -H "x-token: $A" http://127.0.0.1:18080/api/user/getUserInfo | grep -E "99%|50%|Requests/sec"
wait %2 2>/dev/null || true
echo "flood:"; grep -E "Requests/sec|Non-2xx" "$D/flood.out"
