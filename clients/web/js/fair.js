// Provably fair randomness, checked in the browser: every draw of a finished game recomputed
// from its revealed secret, as the server drew it (domain/chance.py, SecretDraws):
//   block i of a decision labelled L = HMAC-SHA256(secret, "L:i");
//   randrange(n) keeps the top bits n - 1 needs of the next block, and takes another while the
//   candidate is not below n; a bound of 1 gives 0 and takes no block.
// The commitment stored at the start is checked against the revealed secret (SHA-256). The
// events that followed each draw are the rules' business: `plateau verify-fairness` replays
// the rules to check them too; here the hash chain (proof.js) binds them to the log.

import { concat, fromHex, sha256 } from "./proof.js";

const encoder = new TextEncoder();
const BLOCK = 64; // SHA-256's block size, in bytes
// labels of deals (not numbered commands) this page knows: a new kind of deal adds its own
// (domain/audit.py's DEALERS beside it)
export const DEALS = new Set(["setup", "fork"]); // a fork's deal: from its own secret

/** HMAC-SHA256 (RFC 2104) of `message` with `key` (Uint8Arrays), in hex. */
export function hmacSha256(key, message) {
  const padded = new Uint8Array(BLOCK);
  padded.set(key.length > BLOCK ? fromHex(sha256(key)) : key);
  const inner = padded.map((byte) => byte ^ 0x36);
  const outer = padded.map((byte) => byte ^ 0x5c);
  return sha256(concat(outer, fromHex(sha256(concat(inner, message)))));
}

/** The draws of one decision from the secret (hex): `randrange(n)`, as the server drew. */
export function secretDraws(secretHex, label) {
  const key = fromHex(secretHex);
  let blocks = 0;
  return {
    randrange(n) {
      if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`no draw below ${n}`);
      if (n === 1) return 0;
      const bits = (BigInt(n) - 1n).toString(2).length;
      if (bits > 256) throw new RangeError(`a draw is below 2**256, not ${n}`);
      const shift = BigInt(256 - bits);
      for (;;) {
        const block = hmacSha256(key, encoder.encode(`${label}:${blocks}`));
        blocks += 1;
        const candidate = BigInt(`0x${block}`) >> shift;
        if (candidate < BigInt(n)) return Number(candidate);
      }
    },
  };
}

/**
 * Check a finished game's published log (GET /proof): {state, commitment, revealed,
 * decisions: [{version, label, seat, command, draws, problem}], draws, problems}.
 * `state` is "fair", "unfair", "running" (no secret revealed yet) or "none" (no commitment).
 */
export function checkFairness(proof) {
  const out = { state: "none", commitment: null, revealed: null, decisions: [], draws: 0, problems: [] };
  let committedAt = 0;
  let revealedAt = 0;
  const records = [];
  for (const record of proof.records) {
    const event = JSON.parse(record.data);
    if (event.type === "fairness_committed" && out.commitment === null) {
      out.commitment = event.commitment;
      committedAt = record.version;
    } else if (event.type === "secret_revealed" && out.revealed === null) {
      out.revealed = event.secret;
      revealedAt = record.version;
    } else if (event.type === "draws_recorded") {
      records.push({ version: record.version, event });
    }
  }
  if (out.commitment === null) return out;
  if (records.length && records[0].version < committedAt) {
    out.problems.push(`version ${committedAt}: the commitment comes after the first draw`);
  }
  if (out.revealed === null) {
    out.state = "running";
    return out;
  }
  if (!/^([0-9a-f]{2})+$/.test(out.revealed) || sha256(fromHex(out.revealed)) !== out.commitment) {
    out.problems.push(`version ${revealedAt}: the revealed secret does not match the commitment`);
    out.state = "unfair";
    return out;
  }
  let decided = 0;
  for (const { version, event } of records) {
    const numbered = /^[0-9]+$/.test(event.label);
    if (numbered) decided += 1;
    const decision = { version, label: event.label, seat: event.seat, command: event.command, draws: event.draws.length, problem: null };
    out.decisions.push(decision);
    if (numbered && event.label !== String(decided)) {
      decision.problem = `version ${version}: the draws are labelled "${event.label}", the decision that draws there is "${decided}"`;
    } else if (!numbered && !DEALS.has(event.label)) {
      decision.problem = `version ${version}: the draws are labelled "${event.label}", no deal's`;
    }
    if (decision.problem) {
      out.problems.push(decision.problem);
      continue;
    }
    const rng = secretDraws(out.revealed, event.label);
    for (const [index, [bound, result]] of event.draws.entries()) {
      const mine = rng.randrange(bound);
      out.draws += 1;
      if (mine !== result) {
        decision.problem = `version ${version}: draw ${index + 1} of decision "${event.label}": the log says ${result} (below ${bound}), the secret gives ${mine}`;
        out.problems.push(decision.problem);
        break;
      }
    }
  }
  out.state = out.problems.length ? "unfair" : "fair";
  return out;
}
