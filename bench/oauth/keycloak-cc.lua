-- Keycloak: client_credentials grant with HTTP Basic client authentication.
-- CLIENT_BASIC is base64(client_id:client_secret); run.sh sets it.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Authorization"] = "Basic " .. os.getenv("CLIENT_BASIC")
wrk.body = "grant_type=client_credentials"
