-- GET with a bearer token (wrk -s get.lua URL); every answer must be 200.
init = function(args)
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
end
