import { browser } from "../admin/support.js";
import { DUEL_BODY } from "../support/duels.js";
import type { MemoryHarness } from "../support/harness.js";
import { GENERIC_SECRET, type JsonAnswer, jsonRequest } from "../support/requests.js";

/** An answer of the JSON API: status and parsed body. */
export interface Answer extends JsonAnswer {
  readonly body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** A JSON request with a Bearer token (or none). */
export function call(
  h: Pick<MemoryHarness, "app">,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  return jsonRequest(h.app, token, method, path, body);
}

/** Issues a credential as `issuer` (its token is in that one answer only: access.test.ts checks it). */
export async function issue(
  h: MemoryHarness,
  issuer: string,
  forumId: string,
  body: { role: "forum-admin" | "referee"; name: string; refereeId?: string },
): Promise<{ id: string; token: string }> {
  const res = await call(h, issuer, "POST", `/forums/${forumId}/credentials`, body);
  if (res.status !== 201) throw new Error(`issue: ${res.status} ${JSON.stringify(res.body)}`);
  const { id, token } = res.body as { id: string; token: string };
  return { id, token };
}

/**
 * Two forums with a duel each and their people: poudlard (admin Albus, referee Minerva, duel
 * poudlard.1234) and gringotts (admin Gripsec, referee Bogrod, duel gringotts.77).
 */
export async function twoForums(h: MemoryHarness, operator: string) {
  await h.forum();
  const gringotts = await h.admin("PUT", "/forums/gringotts", {
    name: "Gringotts RPG",
    webhookSecrets: { generic: GENERIC_SECRET },
    referees: [{ id: "9", name: "Bogrod" }],
    notify: [{ type: "log" }],
  });
  if (gringotts.status !== 201) throw new Error(`gringotts: ${gringotts.status}`);
  const duel = await h.admin("POST", "/duels", DUEL_BODY);
  const other = await h.admin("POST", "/duels", {
    ...DUEL_BODY,
    forumId: "gringotts",
    threadId: "77",
    referee: { id: "9", name: "Bogrod" },
  });
  if (duel.status !== 201 || other.status !== 201) throw new Error("duels not registered");
  const albus = await issue(h, operator, "poudlard", { role: "forum-admin", name: "Albus Dumbledore" });
  const minerva = await issue(h, albus.token, "poudlard", {
    role: "referee",
    name: "Minerva McGonagall",
    refereeId: "7",
  });
  const gripsec = await issue(h, operator, "gringotts", { role: "forum-admin", name: "Gripsec" });
  const bogrod = await issue(h, gripsec.token, "gringotts", {
    role: "referee",
    name: "Bogrod",
    refereeId: "9",
  });
  return { albus, minerva, gripsec, bogrod, duelId: "poudlard.1234", otherDuelId: "gringotts.77" };
}

/** A desk session opened through the login form with this token. */
export async function deskAs(h: MemoryHarness, token: string) {
  const b = browser(h);
  const res = await b.login(token);
  if (res.status !== 303) throw new Error(`login: ${res.status}`);
  return b;
}
