-- By hand, the load of `npm run bench -- --only docs-suggest` (bench/docs-suggest.ts reads this file):
--   wrk -t1 -c16 -d10s -s bench/wrk/docs-suggest.lua http://HOST/api/helpdesk/v1/docs/suggest
-- Each request asks for suggestions as the widget does while a visitor types: one of these texts, some cut
-- mid-word, in English or German; the X-Forwarded-For address changes every 50 requests, so the per-address
-- limit (120 a minute) is never reached when the server trusts one proxy hop (HELPDESK_TRUST_PROXY_HOPS=1).
local texts = {
  "I forgot my password", "cant sign in forgot passw", "reset email never arrived", "change my email addr",
  "delete my account", "card was declined at checkout", "charged twice for one order", "download invoice pdf",
  "cancel my subscription", "discount code not working", "how much is shipping", "where is my parcel track",
  "parcel delivered but not received", "do you ship to canada", "return an item I bought", "refund not received yet",
  "exchange for a bigger size", "app keeps crashing on start", "someone hacked my account", "export orders to csv",
  "two factor authentication lost phone", "change delivery address", "gift card balance", "invoice with company vat numb",
  "bluetooth pairing fails", "warranty repair broken", "payment methods paypal", "wrong item in my box", "newsletter unsubscr",
  "team invite member",
}
local n = 0
local headers = {}
request = function()
  n = n + 1
  local a = math.floor(n / 50)
  headers["X-Forwarded-For"] = "10." .. (math.floor(a / 65536) % 256) .. "." .. (math.floor(a / 256) % 256) .. "." .. (a % 256)
  local text = texts[(n % #texts) + 1]
  local lang = (n % 4 == 0) and "de" or "en"
  return wrk.format("GET", wrk.path .. "?q=" .. text:gsub(" ", "+") .. "&lang=" .. lang, headers)
end
