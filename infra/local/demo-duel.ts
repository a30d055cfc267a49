import { randomUUID } from "node:crypto";
import { signStandardWebhook } from "../../shared/http/standard-webhooks.js";
import { clubTexts } from "../../shared/texts/club.js";
import { type LocalStack, newWebhookSecret, startLocalStack } from "./stack.js";

/** Enough words for R-6.3's minimum of 100: a duelist's RP text. */
export const RP = (who: string) =>
  `${who} s'avance sur l'estrade du club de duel, salue son adversaire d'un bref signe de tête et fait tourner sa baguette entre ses doigts. ` +
  "La salle retient son souffle ; les élèves massés autour de la table murmurent des paris à voix basse. " +
  "Les bougies flottantes vacillent au-dessus des têtes, projetant des ombres mouvantes sur les murs de pierre. " +
  "Un silence épais tombe lorsque l'arbitre lève la main. Chaque geste compte désormais, chaque souffle aussi. " +
  "Le regard fixé sur son adversaire, le duelliste mesure la distance, anticipe la parade, cherche la faille dans la garde adverse. " +
  "Les semaines d'entraînement dans la salle sur demande reviennent en mémoire, les chutes, les éclats de rire, les conseils murmurés. " +
  "Il n'est plus temps d'hésiter : la baguette se lève, précise, et la formule jaillit enfin.";

/** The demo's duelists, as the forum knows them. */
export const DEMO_DUELISTS = {
  alice: { id: "42", name: "Alice Dubois" },
  bob: { id: "43", name: "Bob Martin" },
} as const;

/**
 * The demo duel's five posts, in order: who, when, what their action block says, the forum's dice,
 * and whether its text is the full RP or a line too short for R-6.3 (Alice's riposte, which the
 * referee then corrects). The turn-preparing page's browser test plays the same turns.
 */
export const DEMO_TURNS: readonly {
  readonly postId: string;
  readonly author: keyof typeof DEMO_DUELISTS;
  readonly at: string;
  readonly action: Readonly<Record<string, string>>;
  readonly dice: readonly [number, number];
  readonly shortText?: string;
}[] = [
  {
    postId: "5001",
    author: "alice",
    at: "2026-12-01T10:05:00Z",
    action: { Sort: "Incendio", Cible: "Bob", Zone: "torse", Pari: "4" },
    dice: [5, 2],
  },
  {
    postId: "5002",
    author: "bob",
    at: "2026-12-01T11:00:00Z",
    action: { Sort: "Charme du Bouclier", Pari: "2" },
    dice: [6, 3],
  },
  {
    postId: "5003",
    author: "alice",
    at: "2026-12-01T12:00:00Z",
    action: { Sort: "Expelliarmus", Cible: "Bob", Zone: "bras", Pari: "4" },
    dice: [4, 4],
    shortText: "Alice riposte.",
  },
  {
    postId: "5004",
    author: "alice",
    at: "2026-12-04T13:00:00Z",
    action: { Sort: "Glacius", Cible: "Bob", Zone: "jambes", Pari: "5" },
    dice: [6, 5],
  },
  {
    postId: "5005",
    author: "bob",
    at: "2026-12-04T14:00:00Z",
    action: { Action: "récupérer sa baguette", Pari: "1" },
    dice: [1, 2],
  },
];

/** The day before Bob's deadline: his reminder (R-6.1), a day before the deadline. */
export const DEMO_REMINDER_AT = "2026-12-03T12:00:01Z";

/** The clock's move after the correction: three days without Bob's answer (an absence). */
export const DEMO_ABSENCE_UNTIL = "2026-12-04T12:00:01Z";

/** What the referee answered to a post, as the demo tells it. */
const RECEIVED: Readonly<Record<string, string>> = {
  applied: "pris en compte",
  duplicate: "déjà reçu",
  ignored: "ignoré",
};

/** « 1 déc. 10 h 05 », Paris time: when a step of the demo happens, as the hiboux say it. */
export function demoTime(iso: string): string {
  const parts = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("hour")} h ${part("minute")}`;
}

interface DemoDuelist {
  readonly id: string;
  readonly name: string;
  readonly points: number;
  readonly startingPoints: number;
  readonly status: "active" | "out" | "disqualified";
}

/** What a duelist's status reads as once the duel is over. */
const STATUS: Record<DemoDuelist["status"], string> = {
  active: "encore debout",
  out: "à terre",
  disqualified: "disqualifié(e)",
};

/** The end of the demo's duel in French: who won and how, and each duelist's points. */
export function demoOutcome(duel: Record<string, unknown>): string {
  const duelists = duel.duelists as DemoDuelist[];
  const result = duel.result as
    | { winnerId: string | null; reason: keyof typeof clubTexts.reason }
    | undefined;
  const winner = duelists.find((d) => d.id === result?.winnerId);
  const head = !result
    ? "Le duel n'est pas terminé."
    : winner
      ? `Victoire de ${winner.name} ${clubTexts.reason[result.reason]}.`
      : `Duel terminé sans vainqueur ${clubTexts.reason[result.reason]}.`;
  const lines = duelists.map(
    (d) => `  ${d.name} : ${d.points} PD sur ${d.startingPoints}, ${STATUS[d.status] ?? d.status}`,
  );
  return [`Résultat : ${head}`, ...lines].join("\n");
}

/** A private stack for the demo: in memory, silent, on a manual clock set to the demo's first day. */
export function startDemoStack(): Promise<LocalStack> {
  return startLocalStack({
    port: 0,
    dataDir: "memory",
    clock: "manual",
    clockStart: "2026-12-01T10:00:00Z",
    log: () => {},
    hibouLog: () => {},
  });
}

export interface DemoResult {
  readonly duelId: string;
  readonly duel: Record<string, unknown>;
  readonly events: { type: string; rule: string; at: string }[];
  readonly notifications: {
    to: { role: string; id: string };
    kind: string;
    title: string;
    text: string;
    deliveredAt: string | null;
  }[];
}

/**
 * A short, complete duel through the real HTTP API (CONTRACT.md), with signed webhooks and the
 * manual clock: a hit, a Bouclier, a short post corrected within the window, an absence via the
 * clock, and a winner. Shared by `npm run demo` and the end-to-end test.
 */
export async function playDemoDuel(base: {
  url: string;
  adminToken: string;
  say?: (line: string) => void;
}): Promise<DemoResult> {
  const say = base.say ?? (() => {});
  const secret = newWebhookSecret();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${base.adminToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const clock = (set: string) => call("POST", "/_local/clock", { set });
  const post = async (
    postId: string,
    author: { id: string; name: string },
    at: string,
    content: string,
    dice: [number, number],
  ) => {
    await clock(at);
    const body = JSON.stringify({
      type: "post.created",
      timestamp: at,
      data: { threadId: "1234", postId, author, createdAt: at, format: "bbcode", content, dice },
    });
    const res = await fetch(`${base.url}/webhooks/demo/generic`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signStandardWebhook(secret, `msg_${randomUUID()}`, new Date(), body),
      },
      body,
    });
    const answer = (await res.json()) as { result?: string };
    say(`  ${demoTime(at)}  ${author.name} poste son tour : ${RECEIVED[answer.result ?? ""] ?? res.status}.`);
    if (!res.ok) throw new Error(`webhook ${postId} → ${res.status} ${JSON.stringify(answer)}`);
  };

  const { alice, bob } = DEMO_DUELISTS;
  const referee = { id: "7", name: "Minerva McGonagall" };

  await clock("2026-12-01T10:00:00Z");
  await call("PUT", "/forums/demo", {
    name: "Poudlard RPG (démo)",
    webhookSecrets: { generic: secret },
    referees: [referee],
    notify: [{ type: "log" }],
  });
  const registered = await call("POST", "/duels", {
    forumId: "demo",
    threadId: "1234",
    referee,
    duelists: [
      { ...alice, year: 3 },
      { ...bob, year: 1 },
    ],
    dice: "forum",
    stakes: "Le perdant range la salle des trophées",
  });
  const duelId = String(registered.id);
  say(`Duel ${duelId} inscrit : Alice (3e année, 25 PD) contre Bob (1re année, 15 PD).`);
  await call("POST", `/duels/${duelId}/commands`, {
    command: "top",
    reason: "Les duellistes se sont salués.",
  });
  say(`  ${demoTime("2026-12-01T10:00:00Z")}  l'arbitre donne le top.`);

  const block = (lines: Record<string, string>) =>
    `\n[duel]\n${Object.entries(lines)
      .map(([k, v]) => `${k} : ${v}`)
      .join("\n")}\n[/duel]`;
  for (const turn of DEMO_TURNS) {
    const author = DEMO_DUELISTS[turn.author];
    const text = turn.shortText ?? RP(author.name.split(" ")[0] ?? author.name);
    await post(turn.postId, author, turn.at, text + block(turn.action), [turn.dice[0], turn.dice[1]]);
    if (turn.postId !== "5003") continue;
    await clock("2026-12-01T12:10:00Z");
    await call("POST", `/duels/${duelId}/commands`, {
      command: "correction",
      postId: "5003",
      fields: { text: RP("Alice") },
      reason: "Texte complet reçu par hibou à 12 h 08.",
    });
    say(
      `  ${demoTime("2026-12-01T12:10:00Z")}  l'arbitre corrige le message d'Alice de ${demoTime("2026-12-01T12:00:00Z").slice(-7)} (texte complet reçu par hibou).`,
    );
    await call("POST", "/_local/clock", { set: DEMO_REMINDER_AT });
    say(`  ${demoTime(DEMO_REMINDER_AT)}  la veille de l'échéance, Bob reçoit son rappel.`);
    const moved = await call("POST", "/_local/clock", { set: DEMO_ABSENCE_UNTIL });
    say(
      `  ${demoTime("2026-12-04T12:00:01Z")}  l'horloge avance d'un jour encore : ${moved.fired === 1 ? "1 échéance passée" : `${String(moved.fired)} échéances passées`}, Bob n'a pas répondu.`,
    );
  }
  await call("POST", "/_local/clock", { advance: "PT1M" });

  const duel = await call("GET", `/duels/${duelId}`);
  const { events } = (await call("GET", `/duels/${duelId}/events`)) as unknown as DemoResult;
  const { notifications } = (await call("GET", `/duels/${duelId}/notifications`)) as unknown as DemoResult;
  return { duelId, duel, events, notifications };
}
