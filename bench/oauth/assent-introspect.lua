-- Assent: token introspection (RFC 7662) with HTTP Basic client authentication (the same client).
-- CLIENT_BASIC is base64(client_id:client_secret); TOKEN is the access token to introspect.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Authorization"] = "Basic " .. os.getenv("CLIENT_BASIC")
wrk.body = "token=" .. os.getenv("TOKEN")
