#!/usr/bin/env python3
"""The whole consent loop, as partners and consumers run it: create a session (partner token),
open and approve it (consumer token), read the data. Prints loops/s and latency percentiles.
Usage: loop.py BASE_URL PARTNER_TOKEN PRODUCT_ID CONSUMER_TOKEN SECONDS THREADS"""
import http.client, json, sys, threading, time, uuid, urllib.parse

base, partner_token, product_id, consumer_token, seconds, threads = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]), int(sys.argv[6])
url = urllib.parse.urlparse(base)
latencies, errors, lock = [], [0], threading.Lock()

def call(conn, method, path, token, body=None, headers=None):
    h = {"Authorization": "Bearer " + token}
    if body is not None:
        h["Content-Type"] = "application/json"
    h.update(headers or {})
    conn.request(method, path, body=body, headers=h)
    r = conn.getresponse()
    data = r.read()
    if r.status >= 300:
        raise RuntimeError(f"{method} {path}: {r.status} {data[:200]}")
    return json.loads(data) if data else None

def worker(deadline):
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    while time.time() < deadline:
        t0 = time.perf_counter()
        try:
            s = call(conn, "POST", "/api/public/v1/sessions", partner_token,
                     json.dumps({"product_id": product_id, "return_url": "https://partner.example/done"}),
                     {"Idempotency-Key": str(uuid.uuid4())})
            sid = s["session_id"]
            call(conn, "GET", f"/api/public/v1/me/consents/{sid}", consumer_token)
            call(conn, "POST", f"/api/public/v1/me/consents/{sid}/approve", consumer_token)
            call(conn, "GET", f"/api/public/v1/sessions/{sid}/data", partner_token)
            with lock:
                latencies.append(time.perf_counter() - t0)
        except Exception as e:
            with lock:
                errors[0] += 1
            conn.close()
            conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)

deadline = time.time() + seconds
ts = [threading.Thread(target=worker, args=(deadline,)) for _ in range(threads)]
start = time.time()
[t.start() for t in ts]
[t.join() for t in ts]
elapsed = time.time() - start
latencies.sort()
def pct(p):
    return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else float("nan")
print(f"loops/s {len(latencies)/elapsed:.1f}  p50 {pct(0.5):.1f} ms  p99 {pct(0.99):.1f} ms  errors {errors[0]}  loops {len(latencies)}")
