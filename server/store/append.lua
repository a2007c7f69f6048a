-- Optimistic-concurrency append of one or more events, atomic as a script.
-- KEYS[1] = game:{id}:events   KEYS[2] = game:{id}:commands   (one hash tag: one cluster slot)
-- ARGV[1] = expected version   ARGV[2] = the hash of that version ('' for none)
-- ARGV[3] = command id or ''   ARGV[4] = now in ms
-- ARGV[5..] = per event: encoded event, salt, hash (computed by the caller on ARGV[2]; Redis's
-- Lua has no sha256, and the salt is the caller's secret randomness)
-- Returns the new last version, or for a repeated command id the version of its first append.
if ARGV[3] ~= '' then
  local done = redis.call('HGET', KEYS[2], ARGV[3])
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
-- the same version with another hash is a rewritten stream: the caller's hashes build on a
-- history that is gone
if version ~= tonumber(ARGV[1]) or prev ~= ARGV[2] then
  return redis.error_reply('WRONG_EXPECTED_VERSION ' .. version)
end
for i = 5, #ARGV, 3 do
  version = version + 1
  if i + 2 < #ARGV then
    redis.call('XADD', KEYS[1], '0-' .. version,
      'd', ARGV[i], 'p', prev, 'h', ARGV[i + 2], 't', ARGV[4], 's', ARGV[i + 1])
  else  -- the append's last event carries its command id
    redis.call('XADD', KEYS[1], '0-' .. version,
      'd', ARGV[i], 'p', prev, 'h', ARGV[i + 2], 't', ARGV[4], 's', ARGV[i + 1], 'c', ARGV[3])
  end
  prev = ARGV[i + 2]
end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[2], ARGV[3], version) end
return version
