-- Optimistic-concurrency append of one or more events, atomic as a script.
-- KEYS[1] = game:{id}:events   KEYS[2] = game:{id}:commands   (one hash tag: one cluster slot)
-- ARGV[1] = expected version   ARGV[2] = command id or ''   ARGV[3] = now in ms
-- ARGV[4..] = encoded events
-- Returns the new last version, or for a repeated command id the version of its first append.
if ARGV[2] ~= '' then
  local done = redis.call('HGET', KEYS[2], ARGV[2])
  if done then return tonumber(done) end
end
local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local version = 0
local prev = ''
if #top > 0 then
  version = tonumber(string.match(top[1][1], '^0%-(%d+)$'))
  local fields = top[1][2]
  for i = 1, #fields, 2 do
    if fields[i] == 'h' then prev = fields[i + 1] end
  end
end
if version ~= tonumber(ARGV[1]) then
  return redis.error_reply('WRONG_EXPECTED_VERSION ' .. version)
end
for i = 4, #ARGV do
  version = version + 1
  local digest = redis.sha1hex(prev .. ARGV[i])
  redis.call('XADD', KEYS[1], '0-' .. version, 'd', ARGV[i], 'p', prev, 'h', digest, 't', ARGV[3])
  prev = digest
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[2], ARGV[2], version) end
return version
