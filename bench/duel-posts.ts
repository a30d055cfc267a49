import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import { Webhook } from "standardwebhooks";
import { ADMIN_TOKEN, START } from "./referee-app.js";

export const FORUM_ID = "bench";
export const BENCH_SECRET = `whsec_${Buffer.from("bench-secret-of-32-bytes-long!!!").toString("base64")}`;

const REFEREE = { id: "7", name: "Minerva McGonagall" };
const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };

/** A duelist's RP text of 110+ words (R-6.3 asks for 100), the post's number woven in. */
function roleplay(who: string, n: number): string {
  return (
    `${who} s'avance pour la passe numéro ${n}, salue son adversaire d'un bref signe de tête et fait tourner sa baguette entre ses doigts. ` +
    "La salle retient son souffle ; les élèves massés autour de la table murmurent des paris à voix basse. " +
    "Les bougies flottantes vacillent au-dessus des têtes, projetant des ombres mouvantes sur les murs de pierre. " +
    "Un silence épais tombe lorsque l'arbitre lève la main. Chaque geste compte désormais, chaque souffle aussi. " +
    "Le regard fixé sur son adversaire, le duelliste mesure la distance, anticipe la parade, cherche la faille dans la garde adverse. " +
    "Les semaines d'entraînement dans la salle sur demande reviennent en mémoire, les chutes, les éclats de rire, les conseils murmurés. " +
    "Il n'est plus temps d'hésiter : la baguette se lève, précise, et la formule jaillit enfin."
  );
}

async function admin(
  app: Hono,
  method: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The bench's forum, with the generic webhook's secret. */
export async function createForum(app: Hono): Promise<void> {
  await admin(app, "PUT", `/forums/${FORUM_ID}`, {
    name: "Club de duel (banc d'essai)",
    webhookSecrets: { generic: BENCH_SECRET },
    referees: [REFEREE],
    notify: [{ type: "log" }],
  });
}

/** Registers a duel of two adults (50 points each) in thread `threadId` and gives the top. */
export async function startDuel(app: Hono, threadId: number): Promise<string> {
  const created = await admin(app, "POST", "/duels", {
    forumId: FORUM_ID,
    threadId: String(threadId),
    referee: REFEREE,
    duelists: [
      { ...ALICE, year: "adulte" },
      { ...BOB, year: "adulte" },
    ],
    firstDuelistId: ALICE.id,
    dice: "server",
  });
  const duelId = String(created.id);
  await admin(app, "POST", `/duels/${duelId}/commands`, { command: "top" });
  return duelId;
}

/**
 * The `n`-th post (from 0) of a duel: Alice and Bob alternate, each aims a plain attack at the
 * other and switches spell every turn (the same spell twice is spam, R-4.16), so every post is a
 * valid, played turn; with the bench's dice every attack is deflected and the duel never ends.
 */
export function turnPayload(threadId: number, n: number) {
  const [author, target] = n % 2 === 0 ? [ALICE, BOB] : [BOB, ALICE];
  const spell = Math.floor(n / 2) % 2 === 0 ? "Rictusempra" : "Diffindo";
  const at = new Date(Date.parse(START) + (n + 1) * 60_000).toISOString();
  const content = `${roleplay(author.name, n + 1)}\n[duel]\nSort : ${spell}\nCible : ${target.name}\nZone : torse\nPari : 4\n[/duel]`;
  return {
    type: "post.created",
    timestamp: at,
    data: {
      threadId: String(threadId),
      postId: String(threadId * 1_000_000 + n + 1),
      author,
      createdAt: at,
      format: "bbcode",
      content,
    },
  };
}

/** A signed Standard Webhooks delivery, ready to send (signing is the sender's work, not timed). */
export interface SignedDelivery {
  readonly path: string;
  readonly init: RequestInit;
}

export function signedDelivery(payload: unknown, forumId = FORUM_ID): SignedDelivery {
  const body = JSON.stringify(payload);
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  return {
    path: `/webhooks/${forumId}/generic`,
    init: {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new Webhook(BENCH_SECRET).sign(id, now, body),
      },
      body,
    },
  };
}

/** Sends a delivery through `app.request()`: the answer, and the time until its body was read. */
export async function deliver(
  app: Hono,
  delivery: SignedDelivery,
): Promise<{ status: number; result: unknown; ms: number }> {
  const start = performance.now();
  const res = await app.request(delivery.path, delivery.init);
  const body = (await res.json()) as { result?: unknown };
  return { status: res.status, result: body.result, ms: performance.now() - start };
}

/** Sends the `n`-th turn of a duel and insists it was applied: a bench of refused posts measures nothing. */
export async function playTurn(app: Hono, threadId: number, n: number): Promise<number> {
  const answer = await deliver(app, signedDelivery(turnPayload(threadId, n)));
  if (answer.status !== 200 || answer.result !== "applied") {
    throw new Error(`thread ${threadId}, post ${n + 1}: ${answer.status} ${String(answer.result)}`);
  }
  return answer.ms;
}

/** Reads a duel through the API, to check the bench's duels went as planned. */
export async function duelView(app: Hono, duelId: string): Promise<Record<string, unknown>> {
  const res = await app.request(`/duels/${duelId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  return (await res.json()) as Record<string, unknown>;
}
