-- GET with a bearer token (wrk -s read.lua URL).
init = function(args)
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
end
