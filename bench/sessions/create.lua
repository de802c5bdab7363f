-- POST /sessions with a fresh Idempotency-Key per request (wrk -s create.lua).
local counter = 0
local prefix = tostring(math.random(1, 1e9))
request = function()
  counter = counter + 1
  wrk.headers["Idempotency-Key"] = prefix .. "-" .. counter
  return wrk.format("POST", nil, nil, wrk.body)
end
init = function(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
  wrk.body = '{"product_id":"' .. os.getenv("PRODUCT_ID") .. '","return_url":"https://partner.example/done"}'
  prefix = tostring(math.random(1, 1e9)) .. "-" .. tostring(os.time())
end
