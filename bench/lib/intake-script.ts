/** How the wrk intake script shapes its submissions, to stay inside the intake limits in force. */
export interface IntakeScriptOptions {
  /** Prefix making subjects, emails and idempotency keys unique to this run. */
  run: string;
  urgencyId: number;
  /** Tickets per client address before the next (X-Forwarded-For; the service trusts one proxy hop). */
  perAddress: number;
  /** Tickets per email before the next (the first creates the account). */
  perEmail: number;
  /** Offset for the address numbers, so two loads in one run use different addresses. */
  addressBase?: number;
  /**
   * How many addresses and emails take turns (the load's connections): the requests in flight at once come
   * from different visitors, as on a site, not one address's burst (which its limits exist to stop and which
   * would queue every filing on that address's counter row). 1: each address's tickets back to back.
   */
  interleave?: number;
}

/**
 * Lua for wrk: each request is a new POST of what the widget sends (form-encoded, idempotency key,
 * fill time, empty honeypot), with a new subject and key; each email files `perEmail` tickets and each
 * address in 10.0.0.0/8 `perAddress`, `interleave` of them taking turns. Each wrk thread numbers its own
 * requests.
 */
export function intakeScript(options: IntakeScriptOptions): string {
  const turns = options.interleave ?? 1;
  return `
local thread_count = 0
setup = function(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end
local n = 0
local prefix = "${options.run}"
init = function(args)
  prefix = "${options.run}-t" .. tostring(tid or 0)
end
local headers = { ["Content-Type"] = "application/x-www-form-urlencoded" }
request = function()
  n = n + 1
  local turn = n % ${turns}
  local a = ${options.addressBase ?? 0} + math.floor(n / ${options.perAddress * turns}) * ${turns} + turn + (tid or 0) * 1000000
  headers["X-Forwarded-For"] = "10." .. (math.floor(a / 65536) % 256) .. "." .. (math.floor(a / 256) % 256) .. "." .. (a % 256)
  local body = "name=Bench+Client&email=" .. prefix .. "-"
    .. (math.floor(n / ${options.perEmail * turns}) * ${turns} + turn) .. "%40bench.test"
    .. "&subject=Subject+" .. prefix .. "-" .. n
    .. "&description=I+click+Export+and+nothing+happens.%0AChrome+on+Windows."
    .. "&urgency=${options.urgencyId}&order_id=ORD-" .. n
    .. "&idempotency_key=" .. prefix .. "-key-" .. n .. "&fill_ms=5000&website="
  return wrk.format("POST", nil, headers, body)
end
`;
}
