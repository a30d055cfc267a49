import { randomUUID } from "node:crypto";
import { signStandardWebhook } from "../../shared/http/standard-webhooks.js";
import type { DuelStore } from "../../shared/ports/duel-store.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import type { DemoResult } from "./demo-duel.js";
import { newWebhookSecret } from "./stack.js";

/** A duel's hiboux, each once (the outbox has one entry per channel), in the order things happened. */
export async function hibouxOfDuel(store: Pick<DuelStore, "listOutbox">, duelId: string): Promise<Hibou[]> {
  const byId = new Map<string, Hibou>();
  for (const entry of await store.listOutbox(duelId))
    if (entry.effect.type === "notify") byId.set(entry.effect.hibou.id, entry.effect.hibou);
  return [...byId.values()].sort(inOrder);
}

/** One short story played through the real pipeline, and the hiboux it gave. */
export interface PlayedScenario {
  readonly title: string;
  readonly story: string;
  readonly duelId: string;
  readonly threadId: string;
  readonly hiboux: readonly Hibou[];
}

/** Enough words for R-6.3's minimum of 100. */
const RP =
  "Le duelliste s'avance sur l'estrade du club de duel, salue son adversaire d'un bref signe de tête et fait tourner sa baguette entre ses doigts. " +
  "La salle retient son souffle ; les élèves massés autour de la table murmurent des paris à voix basse. " +
  "Les bougies flottantes vacillent au-dessus des têtes, projetant des ombres mouvantes sur les murs de pierre. " +
  "Un silence épais tombe lorsque l'arbitre lève la main. Chaque geste compte désormais, chaque souffle aussi. " +
  "Le regard fixé sur son adversaire, le duelliste mesure la distance, anticipe la parade, cherche la faille dans la garde adverse. " +
  "Les semaines d'entraînement reviennent en mémoire, les chutes, les éclats de rire, les conseils murmurés. " +
  "Il n'est plus temps d'hésiter : la baguette se lève, précise, et la formule jaillit enfin.";

const block = (lines: Record<string, string>) =>
  `\n[duel]\n${Object.entries(lines)
    .map(([k, v]) => `${k} : ${v}`)
    .join("\n")}\n[/duel]`;

const alice = { id: "42", name: "Alice Dubois" };
const bob = { id: "43", name: "Bob Martin" };
const cedric = { id: "44", name: "Cédric Diggory" };
const luna = { id: "45", name: "Luna Lovegood" };
const hermione = { id: "46", name: "Hermione Granger" };
const drago = { id: "47", name: "Drago Malefoy" };
const neville = { id: "48", name: "Neville Londubat" };
const ginny = { id: "49", name: "Ginny Weasley" };
const referee = { id: "7", name: "Minerva McGonagall" };
const FORUM = "hiboux";

type Json = Record<string, unknown>;

/** An event id is `<input>#<n>`: its n orders the hiboux of one input. */
const eventIndex = (h: Hibou) => Number(h.eventId.split("#").at(-1)) || 0;
const RECIPIENTS = ["referee", "duelist"];

/** Time, then the event, then the referee before the duelists: the outbox's own order is its keys'. */
function inOrder(a: Hibou, b: Hibou): number {
  return (
    a.createdAt.localeCompare(b.createdAt) ||
    eventIndex(a) - eventIndex(b) ||
    RECIPIENTS.indexOf(a.to.role) - RECIPIENTS.indexOf(b.to.role) ||
    a.to.id.localeCompare(b.to.id) ||
    a.kind.localeCompare(b.kind)
  );
}

/** Thread 2001 plays on 11 December (after the demo duel), 2002 on the 12th, and so on. */
const dayOf = (threadId: string) => `2026-12-1${threadId.slice(3)}`;

/**
 * The hibou kinds the demo duel never meets, each reached by a short duel played through the real
 * HTTP API, webhooks and manual clock: the texts are the real composer's, from the decider's own
 * events. Each duel has its own thread, so the document can tell the stories apart.
 */
export async function playHibouScenarios(base: {
  url: string;
  adminToken: string;
  /** The stack's store: a refused opening's hibou belongs to no duel the API can show. */
  store: Pick<DuelStore, "listOutbox">;
}): Promise<PlayedScenario[]> {
  const secret = newWebhookSecret();
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${base.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${base.adminToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Json;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const clock = (set: string) => call("POST", "/_local/clock", { set });
  const post = async (
    threadId: string,
    postId: string,
    author: { id: string; name: string },
    at: string,
    content: string,
    dice: [number, number] = [4, 3],
  ): Promise<Json> => {
    const body = JSON.stringify({
      type: "post.created",
      timestamp: at,
      data: { threadId, postId, author, createdAt: at, format: "bbcode", content, dice },
    });
    const res = await fetch(`${base.url}/webhooks/${FORUM}/generic`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signStandardWebhook(secret, `msg_${randomUUID()}`, new Date(), body),
      },
      body,
    });
    const answer = (await res.json()) as Json;
    if (!res.ok) throw new Error(`webhook ${postId} → ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  // A minute between decisions, so each one's hiboux have their own time and a stable place.
  const command = async (duelId: string, action: Json) => {
    await call("POST", "/_local/clock", { advance: "PT1M" });
    return call("POST", `/duels/${duelId}/commands`, { ...action, reason: "Décision de l'arbitre." });
  };
  // Each story has its own day, so the manual clock only ever moves forward.
  const open = async (
    threadId: string,
    legilimens = false,
    pair = [alice, bob] as const,
  ): Promise<string> => {
    const [first, second] = pair;
    await clock(`${dayOf(threadId)}T10:00:00Z`);
    const registered = await call("POST", "/duels", {
      forumId: FORUM,
      threadId,
      referee,
      duelists: [
        { ...first, year: 3, ...(legilimens ? { particularities: [{ name: "legilimens", rank: 1 }] } : {}) },
        { ...second, year: "adulte" },
      ],
      firstDuelistId: first.id,
      dice: "forum",
      stakes: "Le perdant range la salle des trophées",
    });
    const duelId = String(registered.id);
    await command(duelId, { command: "top" });
    return duelId;
  };
  const hibouxOf = (duelId: string) => hibouxOfDuel(base.store, duelId);
  const eventsOf = async (duelId: string): Promise<{ id: string; type: string }[]> =>
    (await call("GET", `/duels/${duelId}/events`)).events as { id: string; type: string }[];
  const played: PlayedScenario[] = [];
  const keep = async (title: string, story: string, threadId: string, duelId: string) => {
    played.push({ title, story, duelId, threadId, hiboux: await hibouxOf(duelId) });
  };

  await clock("2026-12-11T09:00:00Z");
  await call("PUT", `/forums/${FORUM}`, {
    name: "Poudlard RPG (hiboux)",
    webhookSecrets: { generic: secret },
    referees: [referee],
    notify: [{ type: "log" }],
  });

  // 1. The referee's own decisions by the API.
  {
    // Each story that bans has its own duelists: Alice and Bob duel again below.
    const duelId = await open("2001", false, [cedric, luna]);
    await command(duelId, { command: "fault", duelistId: cedric.id, kind: "action" });
    // A second one reaches the threshold: its sanction (R-6.5).
    await command(duelId, { command: "fault", duelistId: cedric.id, kind: "action" });
    await command(duelId, { command: "adjust-points", duelistId: luna.id, delta: -3 });
    await command(duelId, { command: "derogation", duelistId: cedric.id, duration: "P2D" });
    await command(duelId, { command: "disqualify", duelistId: cedric.id });
    await keep(
      "Les décisions de l'arbitre",
      "L'arbitre relève deux fautes d'action de Cédric (la seconde est sanctionnée), retire 3 PD à Luna, accorde à Cédric une dérogation de deux jours, puis disqualifie Cédric.",
      "2001",
      duelId,
    );
  }

  // 2. Three absences: disqualified and banned; cancelling the third lifts it all.
  {
    const duelId = await open("2002", false, [hermione, drago]);
    for (let i = 0; i < 3; i++)
      await command(duelId, { command: "fault", duelistId: hermione.id, kind: "absence" });
    const third = (await eventsOf(duelId)).filter((e) => e.type === "fault.absence").at(-1);
    if (third === undefined) throw new Error("the third absence left no event");
    await clock("2026-12-12T10:30:00Z");
    await command(duelId, { command: "cancel-fault", eventId: third.id });
    await keep(
      "Trois absences, puis la troisième annulée",
      "L'arbitre relève trois absences d'Hermione : elle est disqualifiée et bannie. Il annule ensuite la troisième : le bannissement est levé et le duel reprend.",
      "2002",
      duelId,
    );
  }

  // 3. Posts: Legilimens, an unlisted spell, a short post left uncorrected, a garbled command.
  {
    const duelId = await open("2003", true);
    await clock("2026-12-13T10:05:00Z");
    await post(
      "2003",
      "6001",
      alice,
      "2026-12-13T10:05:00Z",
      RP + block({ Sort: "Legilimens", Cible: "Bob", Zone: "tête", Pari: "3" }),
      [5, 2],
    );
    await clock("2026-12-13T11:00:00Z");
    await post(
      "2003",
      "6002",
      bob,
      "2026-12-13T11:00:00Z",
      RP + block({ Sort: "Avada Kedavra", Cible: "Alice", Zone: "torse", Pari: "3" }),
    );
    await clock("2026-12-13T11:10:00Z");
    await post("2003", "6003", referee, "2026-12-13T11:10:00Z", "[arbitre]disqualifier Zorro[/arbitre]");
    await keep(
      "Legilimens, un sort hors liste, une commande illisible",
      "Alice (Legilimens) lance Legilimens sur Bob ; Bob répond par un sort absent du règlement ; l'arbitre écrit une commande qui nomme un duelliste inconnu.",
      "2003",
      duelId,
    );
  }

  // 4. A short post nobody corrects within the window.
  {
    const duelId = await open("2004");
    await clock("2026-12-14T10:05:00Z");
    await post(
      "2004",
      "6101",
      alice,
      "2026-12-14T10:05:00Z",
      `Alice attaque.${block({ Sort: "Incendio", Cible: "Bob", Zone: "torse" })}`,
    );
    await call("POST", "/_local/clock", { set: "2026-12-14T10:40:00Z" });
    await keep(
      "Un message trop court, jamais corrigé",
      "Alice poste un message trop court ; le délai du droit à l'erreur passe sans correction.",
      "2004",
      duelId,
    );
  }

  // 5. A post that arrives after a later one: the verdicts are revised.
  {
    const duelId = await open("2005");
    await clock("2026-12-15T11:05:00Z");
    await post(
      "2005",
      "6202",
      bob,
      "2026-12-15T11:00:00Z",
      RP + block({ Sort: "Incendio", Cible: "Alice", Zone: "torse", Pari: "3" }),
    );
    await post(
      "2005",
      "6201",
      alice,
      "2026-12-15T10:30:00Z",
      RP + block({ Sort: "Expelliarmus", Cible: "Bob", Zone: "bras", Pari: "3" }),
      [5, 2],
    );
    await keep(
      "Un message arrivé en retard",
      "Le message de Bob (11 h 00) arrive avant celui d'Alice (10 h 30) : à l'arrivée de celui d'Alice, les verdicts sont refaits dans l'ordre du fil.",
      "2005",
      duelId,
    );
  }

  // 6. An opening the referee wrote with an unknown duelist.
  {
    await clock("2026-12-16T12:00:00Z");
    const answer = await post(
      "2006",
      "6301",
      referee,
      "2026-12-16T12:00:00Z",
      "[arbitre]duel : Zorro (3e année) contre Bob Martin (adulte)[/arbitre]",
    );
    await keep(
      "Une ouverture de duel refusée",
      "L'arbitre ouvre un duel en nommant « Zorro », que le forum ne connaît pas : aucun duel n'est inscrit.",
      "2006",
      String(answer.duelId),
    );
  }
  // 7. The referee's last word: a salute with a spell before the top, its disqualification
  // cancelled in the thread, then the referee's own end cancelled.
  {
    await clock("2026-12-17T10:00:00Z");
    const registered = await call("POST", "/duels", {
      forumId: FORUM,
      threadId: "2007",
      referee,
      duelists: [
        { ...neville, year: 4 },
        { ...ginny, year: 3 },
      ],
      dice: "forum",
    });
    const duelId = String(registered.id);
    await clock("2026-12-17T10:05:00Z");
    await post(
      "2007",
      "6501",
      neville,
      "2026-12-17T10:05:00Z",
      RP + block({ Sort: "Expelliarmus", Cible: "Ginny", Zone: "bras", Pari: "3" }),
    );
    await clock("2026-12-17T10:20:00Z");
    await post(
      "2007",
      "6502",
      referee,
      "2026-12-17T10:20:00Z",
      "[arbitre]annuler disqualification Neville Londubat\nraison : un salut écrit trop tôt, pas un sort lancé[/arbitre]",
    );
    await command(duelId, { command: "top" });
    await command(duelId, { command: "end", winnerId: ginny.id });
    await command(duelId, { command: "cancel-end" });
    await keep(
      "Le dernier mot de l'arbitre",
      "Neville salue avec un sort avant le top : il est disqualifié et banni. L'arbitre annule la disqualification dans le fil, donne le top, met fin au duel puis annule cette fin : le duel reprend.",
      "2007",
      duelId,
    );
  }
  return played;
}

/** The demo duel (`npm run demo`) as the first story of the document. */
export async function demoStory(
  store: Pick<DuelStore, "listOutbox">,
  demo: DemoResult,
): Promise<PlayedScenario> {
  return {
    title: "Le duel de démonstration",
    story:
      "Le duel de `npm run demo` : un coup au but, un Bouclier, un message trop court corrigé dans le délai du droit à l'erreur, une absence relevée par l'horloge, sa sanction, puis la fin du duel.",
    duelId: demo.duelId,
    threadId: "1234",
    hiboux: await hibouxOfDuel(store, demo.duelId),
  };
}
