#!/usr/bin/env python3
"""A consumer API token through the real flow: IdP sign-up, POST /oauth/authorize (approve), PKCE exchange.
Usage: consumer_token.py BASE_URL APP_CLIENT_ID REDIRECT_URI SCOPES"""
import base64, hashlib, http.client, json, os, secrets, sys, urllib.parse

base, client_id, redirect, scopes = sys.argv[1:5]
url = urllib.parse.urlparse(base)
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)

def post(path, body, headers):
    conn.request("POST", path, body=body, headers=headers)
    r = conn.getresponse()
    data = r.read()
    if r.status >= 300:
        sys.exit(f"{path}: {r.status} {data[:300]}")
    return json.loads(data)

email = f"bench-{secrets.token_hex(6)}@example.com"
idp = post("/idp/signup", json.dumps({"email": email, "password": "benchmark password"}),
           {"Content-Type": "application/json"})["access_token"]
verifier = base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()
challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
decision = post("/api/public/v1/oauth/authorize", json.dumps({
    "decision": "approve", "response_type": "code", "client_id": client_id, "redirect_uri": redirect,
    "scope": scopes, "state": "bench", "code_challenge": challenge, "code_challenge_method": "S256"}),
    {"Content-Type": "application/json", "Authorization": "Bearer " + idp})
code = urllib.parse.parse_qs(urllib.parse.urlparse(decision["redirect_to"]).query)["code"][0]
tokens = post("/api/public/v1/oauth/token", urllib.parse.urlencode({
    "grant_type": "authorization_code", "code": code, "redirect_uri": redirect, "client_id": client_id,
    "code_verifier": verifier}), {"Content-Type": "application/x-www-form-urlencoded"})
print(tokens["access_token"])
