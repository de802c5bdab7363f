#!/usr/bin/env python3
"""What receipts and chains add to a consent (issue 9): per-request latency of POST /me/consents/{id}/approve
(the grant, its receipt, its history entry chained) and of GET /sessions/{id}/data (the read, its access
entry chained), one request at a time, and of the data read with 8 clients on one consumer (whose appends
queue on that consumer's chain head). Prints one JSON line of medians and p99s in milliseconds.
Usage: measure.py BASE_URL PARTNER_TOKEN PRODUCT_ID CONSUMER_TOKEN APPROVALS READS"""
import http.client, json, sys, threading, time, uuid, urllib.parse

base, partner, product, consumer = sys.argv[1:5]
approvals, reads = int(sys.argv[5]), int(sys.argv[6])
url = urllib.parse.urlparse(base)
API = "/api/public/v1"

def connect():
    return http.client.HTTPConnection(url.hostname, url.port, timeout=30)

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

def pending_session(conn):
    sid = call(conn, "POST", API + "/sessions", partner,
               json.dumps({"product_id": product, "return_url": "https://partner.example/done"}),
               {"Idempotency-Key": str(uuid.uuid4())})["session_id"]
    call(conn, "GET", f"{API}/me/consents/{sid}", consumer)   # the consumer opens (claims) it
    return sid

def timed(conn, method, path, token):
    t0 = time.perf_counter()
    call(conn, method, path, token)
    return (time.perf_counter() - t0) * 1000

def stats(samples):
    samples = sorted(samples)
    return {"p50": round(samples[len(samples) // 2], 3), "p99": round(samples[min(len(samples) - 1, int(0.99 * len(samples)))], 3),
            "n": len(samples)}

conn = connect()
warm = max(50, approvals // 10)
approve = []
for i in range(warm + approvals):
    sid = pending_session(conn)
    ms = timed(conn, "POST", f"{API}/me/consents/{sid}/approve", consumer)
    if i >= warm:
        approve.append(ms)

data = []
for i in range(warm + reads):
    ms = timed(conn, "GET", f"{API}/sessions/{sid}/data", partner)
    if i >= warm:
        data.append(ms)

parallel, lock = [], threading.Lock()
def reader(n):
    c = connect()
    mine = [timed(c, "GET", f"{API}/sessions/{sid}/data", partner) for _ in range(n)]
    with lock:
        parallel.extend(mine)
threads = [threading.Thread(target=reader, args=(reads // 8,)) for _ in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]

print(json.dumps({"approve": stats(approve), "data": stats(data), "data_8_clients_one_consumer": stats(parallel)}))
