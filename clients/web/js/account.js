// Accounts, optional (docs/http.md, accounts): create one with a passkey, sign in with one on
// any device (or by a one-time link mailed to the account's confirmed address, when the
// server sends e-mail), sign out here or everywhere. The session is an HTTP-only cookie the page never
// reads: it asks the server who is signed in. Signing in attaches the seats this browser
// holds, and the account's seats become seats of this browser too (played with the session).

import { ApiError } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { forgetSeat, heldSeats, loadSeat, saveSeat } from "./seats.js";

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Accept: "application/json", ...(method === "GET" ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data && data.error, data && data.detail);
  return data;
}

function bytes(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(plain + "=".repeat((4 - (plain.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

function text(buffer) {
  const binary = String.fromCharCode(...new Uint8Array(buffer));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// the server's options (JSON, base64url) as the browser's API takes them (bytes)
function creationOptions(options) {
  return {
    ...options,
    challenge: bytes(options.challenge),
    user: { ...options.user, id: bytes(options.user.id) },
    excludeCredentials: (options.excludeCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })),
  };
}

function requestOptions(options) {
  return {
    ...options,
    challenge: bytes(options.challenge),
    allowCredentials: (options.allowCredentials || []).map((c) => ({ ...c, id: bytes(c.id) })),
  };
}

function created(credential) {
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: text(credential.response.clientDataJSON),
      attestationObject: text(credential.response.attestationObject),
      transports: credential.response.getTransports ? credential.response.getTransports() : [],
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

function asserted(credential) {
  const { response } = credential;
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: text(response.clientDataJSON),
      authenticatorData: text(response.authenticatorData),
      signature: text(response.signature),
      userHandle: response.userHandle ? text(response.userHandle) : null,
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

/** Who is signed in: { account_id, name, passkeys, seats }, or null. */
export async function signedIn() {
  const shown = await call("GET", "/api/account");
  return shown.signed_in ? shown : null;
}

export async function createAccount(name) {
  const { options, ceremony } = await call("POST", "/api/account/register/options", { name });
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return call("POST", "/api/account/register", { ceremony, credential: created(credential) });
}

export async function signIn() {
  const { options, ceremony } = await call("POST", "/api/account/signin/options", {});
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return call("POST", "/api/account/signin", { ceremony, credential: asserted(credential) });
}

// signed out, this browser no longer holds the seats it held only through the account
function forgetAccountSeats() {
  for (const held of heldSeats()) if (!held.token) forgetSeat(held.gameId);
}

export async function addPasskey() {
  const { options, ceremony } = await call("POST", "/api/account/passkeys/options", {});
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return call("POST", "/api/account/passkeys", { ceremony, credential: created(credential) });
}

export const removePasskey = (id) => call("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`, {});

export async function signOut() {
  await call("POST", "/api/account/signout", {});
  forgetAccountSeats();
}

export async function signOutEverywhere() {
  await call("POST", "/api/account/signout/everywhere", {});
  forgetAccountSeats();
}

// one-time links by e-mail, when the server sends e-mail (`mail_links` in GET /api/account)
export const confirmAddress = (email) => call("POST", "/api/account/email", { email });
export const askLink = (email) => call("POST", "/api/account/email/link", { email });

/** Open a link from a mail (#/link/<token>): sign in, then on to the lobby, the token out of
 * the history. A link used or expired says so. */
export async function followLink(root, token) {
  clear(root).append(h("p", { class: "muted", testid: "link-opening" }, "Signing in…"));
  try {
    const account = await call("POST", "/api/account/email/open", { token });
    await shareSeats(account);
    toast(`Signed in as ${account.name}.`, "info");
  } catch (error) {
    toast(`This sign-in link did not work: ${error.message}.`);
  }
  location.replace("#/");
}

/** Attach the seats this browser holds by token (`attach`: once, as someone signs in); then
 * keep the account's other seats here, without a token: the socket plays them with the
 * session. */
export async function shareSeats(account, attach = true) {
  const attached = new Set(account.seats.map((s) => `${s.game_id}/${s.seat}`));
  for (const held of attach ? heldSeats() : []) {
    if (!held.token || attached.has(`${held.gameId}/${held.seat}`)) continue;
    await call("POST", "/api/account/seats", { game_id: held.gameId, token: held.token }).catch(() => null);
  }
  for (const { game_id: gameId, seat } of account.seats) {
    if (!loadSeat(gameId)) saveSeat(gameId, { seat, token: null, account: true });
  }
}

/** When this browser holds no seat in `gameId` and the signed-in account does: keep it here. */
export async function adoptAccountSeat(gameId) {
  if (loadSeat(gameId)) return;
  const account = await signedIn().catch(() => null);
  const held = account && account.seats.find((s) => s.game_id === gameId);
  if (held) saveSeat(gameId, { seat: held.seat, token: null, account: true });
}

/** The lobby's account panel; `changed` is called once someone signed in or out. */
export function accountPanel(changed) {
  const box = h("section", { class: "panel account", testid: "account-panel" });
  const nameInput = h("input", { id: "account-name", testid: "account-name", maxlength: 40, "aria-label": "Your name", placeholder: "Your name" });

  async function act(action) {
    try {
      const account = await action();
      if (account && account.seats) await shareSeats(account);
      await show();
      changed();
    } catch (error) {
      toast(error.name === "NotAllowedError" ? "The passkey was not used." : error.message);
    }
  }

  async function show() {
    const shown = await call("GET", "/api/account").catch(() => ({ signed_in: false }));
    const account = shown.signed_in ? shown : null;
    clear(box).append(h("h2", {}, "Account"));
    if (account) {
      box.append(
        h("p", { testid: "account-signed-in", "data-account-id": account.account_id }, "Signed in as ", h("strong", {}, account.name)),
        h("ul", { class: "passkeys", testid: "account-passkeys" }, ...account.passkeys.map((key, n) =>
          h("li", { testid: "account-passkey", "data-passkey-id": key.id },
            `Passkey ${n + 1}, added ${new Date(key.added_ms).toLocaleDateString()} `,
            h("button", { type: "button", class: "ghost", testid: "account-passkey-remove", disabled: account.passkeys.length === 1, title: account.passkeys.length === 1 ? "the last passkey stays: add another first" : "", onClick: () => act(async () => { await removePasskey(key.id); return null; }) }, "Remove")))),
        h("div", { class: "row" },
          h("button", { type: "button", class: "ghost", testid: "account-passkey-add", onClick: () => act(async () => { await addPasskey(); return null; }) }, "Add a passkey"),
          h("button", { type: "button", class: "ghost", testid: "account-sign-out", onClick: () => act(async () => { await signOut(); return null; }) }, "Sign out"),
          h("button", { type: "button", class: "ghost", testid: "account-sign-out-everywhere", onClick: () => act(async () => { await signOutEverywhere(); return null; }) }, "Sign out everywhere")));
      if (shown.mail_links) box.append(addressForm(account.email));
      return;
    }
    box.append(
      h("p", { class: "muted" }, "Optional: with an account, your games follow you to every device. No password: a passkey."),
      h("form", { class: "row", testid: "account-create-form", onSubmit: (event) => { event.preventDefault(); act(() => createAccount(nameInput.value.trim())); } },
        nameInput,
        h("button", { type: "submit", testid: "account-create" }, "Create account")),
      h("button", { type: "button", class: "ghost", testid: "account-sign-in", onClick: () => act(signIn) }, "Sign in with a passkey"));
    if (shown.mail_links) box.append(linkForm());
  }

  // signed out, on a device without the passkey: a one-time link by e-mail
  function linkForm() {
    const input = h("input", { type: "email", testid: "account-link-email", "aria-label": "Your e-mail address", placeholder: "Your e-mail address", required: true });
    const said = h("p", { class: "muted", testid: "account-link-said", "aria-live": "polite" });
    return h("form", { class: "row", testid: "account-link-form", onSubmit: async (event) => {
      event.preventDefault();
      try {
        said.textContent = `${(await askLink(input.value.trim())).detail}.`;
      } catch (error) {
        toast(error.message);
      }
    } }, input, h("button", { type: "submit", class: "ghost", testid: "account-link-ask" }, "E-mail me a sign-in link"), said);
  }

  // signed in: the address sign-in links go to, confirmed by a link mailed to it
  function addressForm(email) {
    const input = h("input", { type: "email", testid: "account-email", "aria-label": "E-mail address for sign-in links", placeholder: "E-mail address for sign-in links", value: email || "", required: true });
    const said = h("p", { class: "muted", testid: "account-email-said", "aria-live": "polite" },
      email ? `Sign-in links go to ${email}.` : "No address for sign-in links yet.");
    return h("form", { class: "row", testid: "account-email-form", onSubmit: async (event) => {
      event.preventDefault();
      try {
        said.textContent = `${(await confirmAddress(input.value.trim())).detail}: open it to confirm.`;
      } catch (error) {
        toast(error.message);
      }
    } }, input, h("button", { type: "submit", class: "ghost", testid: "account-email-confirm" }, "Confirm this address"), said);
  }

  show();
  return box;
}
