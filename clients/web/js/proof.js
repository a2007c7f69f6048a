// The log as proof: once a game is over the server publishes every stored event with its salt
// (GET /api/games/{id}/proof), and this page recomputes the hash chain itself:
//   hash(v) = sha256(salt(v) + hash(v - 1) + event(v)), or sha1(hash(v - 1) + event(v)) for an
//   event stored before salts (whose hash was never sent).
// It also compares the hashes this browser was sent while the game ran (kept by `remember`).
// Plain JavaScript digests: crypto.subtle exists only on https or localhost pages.

const encoder = new TextEncoder();

function rotr(x, n) {
  return (x >>> n) | (x << (32 - n));
}

function padded(bytes) {
  const length = bytes.length;
  const total = Math.ceil((length + 9) / 64) * 64;
  const out = new Uint8Array(total);
  out.set(bytes);
  out[length] = 0x80;
  const view = new DataView(out.buffer);
  view.setUint32(total - 8, Math.floor((length * 8) / 2 ** 32));
  view.setUint32(total - 4, (length * 8) >>> 0);
  return view;
}

function hex(words) {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
}

const K256 = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/** The SHA-256 of `bytes` (a Uint8Array), in hex (FIPS 180-4). */
export function sha256(bytes) {
  const view = padded(bytes);
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Array(64);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K256[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, k].forEach((value, i) => { h[i] = (h[i] + value) | 0; });
  }
  return hex(h);
}

/** The SHA-1 of `bytes`, in hex (FIPS 180-4): only for events stored before salts. */
export function sha1(bytes) {
  const view = padded(bytes);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array(80);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotr(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 31);
    let [a, b, c, d, e] = h;
    for (let i = 0; i < 80; i++) {
      const [f, k] = i < 20 ? [(b & c) | (~b & d), 0x5a827999]
        : i < 40 ? [b ^ c ^ d, 0x6ed9eba1]
        : i < 60 ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
        : [b ^ c ^ d, 0xca62c1d6];
      const t = (rotr(a, 27) + f + e + k + w[i]) | 0;
      e = d; d = c; c = rotr(b, 2); b = a; a = t;
    }
    [a, b, c, d, e].forEach((value, i) => { h[i] = (h[i] + value) | 0; });
  }
  return hex(h);
}

/** The bytes of several Uint8Arrays, one after the other. */
export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The bytes a hex string spells. */
export function fromHex(text) {
  return new Uint8Array(text.match(/../g).map((pair) => parseInt(pair, 16)));
}

/** A record's hash from its previous one, its stored event and its salt (hex, or null). */
export function chain(prev, data, salt) {
  const event = encoder.encode(data);
  if (salt === null || salt === undefined) return sha1(concat(encoder.encode(prev), event));
  return sha256(concat(fromHex(salt), encoder.encode(prev), event));
}

/** What is wrong with a proof, in words (empty when every link holds and every hash this
 * browser was sent, `seen` {version: hash}, is the chain's). */
export function checkProof(proof, seen = {}) {
  const problems = [];
  let prev = "";
  const published = new Map();
  for (const [index, record] of proof.records.entries()) {
    const expected = index + 1;
    if (record.version !== expected) {
      problems.push(`version ${expected} is missing`);
      return problems;
    }
    if (record.prev_hash !== prev) problems.push(`version ${expected} does not follow version ${expected - 1}`);
    if (chain(prev, record.data, record.salt) !== record.hash) {
      problems.push(`version ${expected}: the stored event does not give its hash`);
    }
    published.set(expected, record.salt === null ? "" : record.hash);
    prev = record.hash;
  }
  if (proof.records.length && published.get(proof.records.length) !== proof.hash) {
    problems.push("the last hash is not the chain's");
  }
  for (const [version, hash] of Object.entries(seen)) {
    if (published.get(Number(version)) !== hash) {
      problems.push(`version ${version}: the hash this browser was sent is not in this log`);
    }
  }
  return problems;
}

// The hash of one version binds everything before it, so a browser keeps only a few: the
// latest it was sent, and one every EVERY versions (to say where a log changed).
const EVERY = 50;
const KEPT = 200;

function storageKey(gameId) {
  return `plateau:hashes:${gameId}`;
}

/** The hashes this browser was sent for a game: {version: hash}. */
export function remembered(gameId) {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(gameId)) || "{}");
    return { ...kept.every, ...(kept.latest ? { [kept.latest[0]]: kept.latest[1] } : {}) };
  } catch {
    return {};
  }
}

/** Keep the hash of a version this browser was sent live (not a seek into the past). */
export function remember(gameId, version, hash) {
  if (!hash) return; // a version stored before salts publishes none
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(storageKey(gameId)) || "{}");
  } catch {
    kept = {};
  }
  kept.every = kept.every || {};
  if (version % EVERY === 0) {
    kept.every[version] = hash;
    const versions = Object.keys(kept.every).map(Number).sort((a, b) => a - b);
    for (const old of versions.slice(0, Math.max(0, versions.length - KEPT))) delete kept.every[old];
  }
  kept.latest = [version, hash];
  try {
    localStorage.setItem(storageKey(gameId), JSON.stringify(kept));
  } catch {
    // storage full or refused: the check then has only the published log
  }
}
