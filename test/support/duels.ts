import type { Requests } from "./requests.js";

// The duels tests play and how they drive them through the API (CONTRACT.md section 6).

/** A generic `post.created` payload. */
export function postPayload(p: {
  threadId?: string;
  postId: string;
  author: { id: string; name: string };
  createdAt: string;
  content: string;
  type?: string;
}) {
  return {
    type: p.type ?? "post.created",
    timestamp: p.createdAt,
    data: {
      threadId: p.threadId ?? "1234",
      postId: p.postId,
      author: p.author,
      createdAt: p.createdAt,
      format: "bbcode",
      content: p.content,
    },
  };
}

/** The duel of CONTRACT.md section 6, Alice (3rd year) against Bob (adult). */
export const DUEL_BODY = {
  forumId: "poudlard",
  threadId: "1234",
  referee: { id: "7", name: "Minerva McGonagall" },
  duelists: [
    { id: "42", name: "Alice Dubois", year: 3 },
    { id: "43", name: "Bob Martin", year: "adulte" },
  ],
  dice: "server",
  stakes: "Le perdant range la salle des trophées",
};

/** Enough French words to pass R-6.3's 100-word minimum. */
export const LONG_RP = Array.from({ length: 110 }, (_, i) => `mot${i}`).join(" ");

/** A whole turn: 110 words and an action block aimed at `target`. */
export function turnContent(target: string, spell = "Rictusempra"): string {
  return `${LONG_RP}\n[duel]\nSort : ${spell}\nCible : ${target}\nZone : torse\nPari : 4\n[/duel]`;
}

export interface AuditEvent {
  readonly id: string;
  readonly type: string;
  readonly at: string;
  readonly rule: string;
  readonly [key: string]: unknown;
}

/** The audit log of a duel (CONTRACT.md 6.1). */
export async function auditOf(h: Pick<Requests, "admin">, duelId: string): Promise<AuditEvent[]> {
  const res = await h.admin("GET", `/duels/${duelId}/events`);
  return res.body.events as AuditEvent[];
}

export interface DuelistView {
  readonly id: string;
  readonly points: number;
  readonly startingPoints: number;
  readonly absenceFaults: number;
  readonly actionFaults: number;
  readonly status: string;
  readonly derogationUsed: boolean;
  readonly [key: string]: unknown;
}

/** A duelist as `GET /duels/{id}` shows them. */
export async function duelistOf(
  h: Pick<Requests, "admin">,
  duelId: string,
  duelistId: string,
): Promise<DuelistView> {
  const res = await h.admin("GET", `/duels/${duelId}`);
  const found = (res.body.duelists as DuelistView[]).find((d) => d.id === duelistId);
  if (!found) throw new Error(`no duelist ${duelistId} in ${duelId}`);
  return found;
}

/** Registers `body` (the forum must exist) and gives the top: an active duel. */
export async function registerAndTop(
  h: Pick<Requests, "admin">,
  body: Record<string, unknown>,
): Promise<string> {
  const created = await h.admin("POST", "/duels", body);
  if (created.status !== 201) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const top = await h.admin("POST", `/duels/${id}/commands`, { command: "top" });
  if (top.status !== 200) throw new Error(`top: ${top.status} ${JSON.stringify(top.body)}`);
  return id;
}

/** The forum, the duel of CONTRACT.md section 6 (or `body`), and the top: an active duel. */
export async function activeDuel(
  h: Pick<Requests, "admin" | "forum">,
  body: Record<string, unknown> = DUEL_BODY,
): Promise<string> {
  await h.forum();
  return registerAndTop(h, body);
}
