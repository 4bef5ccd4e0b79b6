-- By hand, the intake load of `npm run bench` (bench/lib/intake-script.ts makes the same requests):
--   wrk -t1 -c16 -d10s -s bench/wrk/intake.lua http://HOST/api/helpdesk/v1/tickets/
-- Each request files a new ticket as the widget does (form-encoded, idempotency key, fill time, empty
-- honeypot); the email changes every 5 tickets and the X-Forwarded-For address every 20, so the
-- default intake limits are never reached when the server trusts one proxy hop
-- (HELPDESK_TRUST_PROXY_HOPS=1). The site-wide daily cap (limit_global_day) still needs raising.
-- URGENCY (a ticket_urgency term id, default 12, "high" in a fresh install) and RUN (a prefix unique per run) come from the environment.
local urgency = os.getenv("URGENCY") or "12"
local run = os.getenv("RUN") or tostring(os.time())
local n = 0
local headers = { ["Content-Type"] = "application/x-www-form-urlencoded" }
request = function()
  n = n + 1
  local a = math.floor(n / 20)
  headers["X-Forwarded-For"] = "10." .. (math.floor(a / 65536) % 256) .. "." .. (math.floor(a / 256) % 256) .. "." .. (a % 256)
  local body = "name=Bench+Client&email=" .. run .. "-" .. math.floor(n / 5) .. "%40bench.test"
    .. "&subject=Subject+" .. run .. "-" .. n
    .. "&description=I+click+Export+and+nothing+happens.%0AChrome+on+Windows."
    .. "&urgency=" .. urgency .. "&order_id=ORD-" .. n
    .. "&idempotency_key=" .. run .. "-key-" .. n .. "&fill_ms=5000&website="
  return wrk.format("POST", nil, headers, body)
end
