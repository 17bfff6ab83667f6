-- wrk's script for bench/load.ts: each connection goes round the paths given after '--' (the first argument is the
-- session cookie); done() prints one line, 'result {json}', with the latency percentiles (ms), the requests per second
-- and what failed.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local requests = {}
local next_request = 0
-- Read by done() through thread:get: every answer other than 200, and the first one's status.
failures = 0
first_failure = nil

function init(args)
  local headers = { ["Cookie"] = args[1] }
  for i = 2, #args do
    requests[#requests + 1] = wrk.format("GET", args[i], headers)
  end
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end

function response(status)
  if status ~= 200 then
    failures = failures + 1
    first_failure = first_failure or tostring(status)
  end
end

function done(summary, latency)
  local e = summary.errors
  local failed = e.connect + e.read + e.write + e.timeout
  local failure = nil
  for _, thread in ipairs(threads) do
    failed = failed + thread:get("failures")
    failure = failure or thread:get("first_failure")
  end
  if failure == nil and failed > 0 then failure = e.timeout > 0 and "timeout" or "socket error" end
  local ms = function(p) return latency:percentile(p) / 1000 end
  io.write(string.format(
    'result {"count":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"perSecond":%.3f,"failed":%d,"firstFailure":%s}\n',
    summary.requests, ms(50), ms(95), ms(99), summary.requests / (summary.duration / 1e6), failed,
    failure and string.format("%q", failure) or "null"))
end
