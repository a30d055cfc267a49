import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { playDemoDuel } from "../../infra/local/demo-duel.js";
import { demoStory, type PlayedScenario, playHibouScenarios } from "../../infra/local/hibou-scenarios.js";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";
import { discordMessage } from "../../shared/adapters/notifiers/discord-notifier.js";
import { discoursePrivateMessage } from "../../shared/adapters/notifiers/discourse-notifier.js";
import { forumactifPrivateMessage } from "../../shared/adapters/notifiers/forumactif-notifier.js";
import { discourseReplyRaw } from "../../shared/adapters/thread-bots/discourse.js";
import { forumactifReplyMessage } from "../../shared/adapters/thread-bots/forumactif.js";
import { xenforoReplyMessage } from "../../shared/adapters/thread-bots/xenforo.js";
import { announcementEntries } from "../../shared/announce/entries.js";
import { evolve } from "../../shared/domain/evolve.js";
import { type DuelState, initialState, isOpened } from "../../shared/domain/state.js";
import type { DuelStore } from "../../shared/ports/duel-store.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import type { ThreadReply } from "../../shared/ports/thread-bot.js";

/**
 * One text a person reads: a hibou's title or text, a thread announcement's, or what a channel
 * makes of them. An announcement is to everyone in the thread: no recipient.
 */
interface Read {
  readonly where: string;
  readonly text: string;
  readonly to: Hibou["to"] | null;
}

/** Every text a hibou shows, as written and as each channel renders it. */
function readings(h: Hibou): Read[] {
  const discord = discordMessage(h);
  const discourse = discoursePrivateMessage(h, h.to.username ?? h.to.name ?? h.to.id);
  const forumactif = forumactifPrivateMessage(h);
  const of = (where: string, text: string): Read => ({
    where: `${h.kind} → ${h.to.id} (${where})`,
    text,
    to: h.to,
  });
  return [
    of("titre", h.title),
    of("texte", h.text),
    of("Discord", discord.content),
    of("Discord, pied", discord.embeds[0]?.footer.text ?? ""),
    of("Discourse, titre", discourse.title),
    of("Forumactif, sujet", forumactif.subject),
    of("Forumactif, message", forumactif.message),
  ];
}

/** Every text a thread announcement shows: its title and lines, and each forum's rendering of it. */
function announcementReadings(reply: ThreadReply, eventId: string): Read[] {
  const of = (where: string, text: string): Read => ({
    where: `annonce ${eventId} (${where})`,
    text,
    to: null,
  });
  return [
    of("titre", reply.title),
    of("texte", reply.lines.join("\n")),
    of("Discourse", discourseReplyRaw(reply)),
    of("XenForo", xenforoReplyMessage(reply)),
    of("Forumactif", forumactifReplyMessage(reply)),
  ];
}

/**
 * The thread announcements a story's decisions post where the forum asks for all of them, with
 * the rules applied (CONTRACT.md 3, `announce: "all"`, `announceRules`): each input's events
 * composed on the duel as it stood before them, as each decision composes its own.
 */
async function announcementsOf(store: Pick<DuelStore, "listInputs">, duelId: string): Promise<Read[]> {
  const forum = {
    announce: "all",
    announceRules: true,
    bot: { type: "discourse" },
  } as unknown as ForumConfig;
  const reads: Read[] = [];
  let state: DuelState = initialState;
  for (const input of await store.listInputs(duelId)) {
    const after = input.events.reduce(evolve, state);
    if (isOpened(after))
      for (const entry of announcementEntries({ forum, before: state, after, events: input.events }))
        if (entry.effect.type === "announce")
          reads.push(...announcementReadings(entry.effect.reply, entry.id.replace(/\.announce$/, "")));
    state = after;
  }
  return reads;
}

const words = (s: string) => s.split(/\s+/).filter((w) => w !== "").length;
const sentences = (s: string) =>
  s
    .split(/(?<=[.!?])\s+|\n+/)
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x !== "");
const trigrams = (s: string): Set<string> => {
  const w = s
    .replace(/[.,;:!?()«»]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return new Set(w.slice(2).map((_, i) => `${w[i]} ${w[i + 1]} ${w[i + 2]}`));
};

/** Words that name one thing and may stand in two sentences running (a status, the referee's call). */
const NAMES_OF_THINGS = ["hors du duel", "décision de l'arbitre"];

/** Hiboux addressed to a duelist name them as « tu »: their name is a vocative or a points line. */
function thirdPersonToRecipient(r: Read): string | null {
  const name = r.to?.name;
  if (r.to?.role !== "duelist" || name === undefined || r.where.includes("Discord)")) return null;
  if (r.where.includes("titre") || r.where.includes("sujet")) return null;
  const rest = r.text
    .split("\n")
    .filter((line) => !/^Points( finaux| de départ)? :/.test(line))
    .join("\n")
    .replace(`À toi de jouer, ${name} :`, "");
  return rest.includes(name) ? (rest.split("\n").find((l) => l.includes(name)) ?? name) : null;
}

/**
 * The slips a person must never read in a hibou. Each returns the offending words, or null.
 * Found reading docs/HIBOUX.md as a referee and a duelist would.
 */
const SLIPS: readonly { readonly name: string; readonly find: (r: Read) => string | null }[] = [
  {
    name: "an internal document or a rule file named (rule ids only)",
    find: (r) => r.text.match(/\b(CONTRACT|RULES|STYLE|README|HIBOUX)\b[^\n]{0,12}|\b\w+\.md\b/)?.[0] ?? null,
  },
  {
    name: "a gendered label for a duelist (« le duelliste », « la duelliste »)",
    find: (r) => r.text.match(/\b(le|la|du|au) duelliste\b/i)?.[0] ?? null,
  },
  { name: "the recipient in the third person", find: thirdPersonToRecipient },
  {
    name: "the recipient named in their own hibou's title (« Faute d'action : Bob Martin » to Bob)",
    find: (r) => {
      const name = r.to?.name;
      if (r.to?.role !== "duelist" || name === undefined || !r.where.endsWith("(titre)")) return null;
      return r.text.includes(name) ? r.text : null;
    },
  },
  {
    name: "a phrase said twice in a row (« faute donnée par l'arbitre. Faute donnée par vous. »)",
    find: (r) => {
      const list = sentences(r.text);
      for (let i = 1; i < list.length; i++) {
        const before = trigrams(list[i - 1] ?? "");
        const repeated = [...trigrams(list[i] ?? "")].find(
          (t) => before.has(t) && !/\d/.test(t) && !NAMES_OF_THINGS.includes(t),
        );
        if (repeated) return `${list[i - 1]} / ${list[i]}`;
      }
      return null;
    },
  },
  {
    name: "« pour la décision de l'arbitre » (« sur décision de l'arbitre »)",
    find: (r) => r.text.match(/pour la décision de l'arbitre/)?.[0] ?? null,
  },
  {
    name: "a defence threshold a d6 cannot make, or its modifier told apart",
    find: (r) => {
      const over = r.text.match(/plus de (\d+)/);
      if (over && Number(over[1]) >= 6) return over[0];
      if (r.text.includes("doit faire plus de") && r.text.includes("Ta défense de ce tour compte"))
        return "seuil puis modificateur à part";
      return null;
    },
  },
  {
    name: "« PD » not spelled out once, as « PD (points de duel) », in a hibou's text",
    find: (r) => {
      if (!r.where.endsWith("(texte)") || !/\bPD\b/.test(r.text)) return null;
      const spelled = r.text.match(/PD \(points de duel\b/g)?.length ?? 0;
      if (spelled !== 1) return `${spelled} fois « PD (points de duel) »`;
      return r.text.indexOf("PD (points de duel") === r.text.search(/\bPD\b/)
        ? null
        : "PD avant son explication";
    },
  },
  {
    name: "a long post quoted whole (a short excerpt only)",
    find: (r) => {
      const quoted = [...r.text.matchAll(/texte : ([^)]*)\)|« ([^»]*) »/g)].map((m) => m[1] ?? m[2] ?? "");
      return quoted.find((q) => words(q) > 40)?.slice(0, 60) ?? null;
    },
  },
];

describe("CONTRACT 6.1 hiboux without slips", () => {
  let stack: LocalStack;
  let stories: PlayedScenario[];
  /** Every text a person reads: the hiboux, and the announcements the same stories post in their threads. */
  let reads: Read[];

  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `slips-${Date.now()}`,
      clock: "manual",
      clockStart: "2026-12-01T10:00:00Z",
      log: () => {},
      hibouLog: () => {},
    });
    const demo = await playDemoDuel({ url: stack.url, adminToken: stack.adminToken });
    const base = { url: stack.url, adminToken: stack.adminToken, store: stack.store };
    stories = [await demoStory(stack.store, demo), ...(await playHibouScenarios(base))];
    const announced = await Promise.all(stories.map((s) => announcementsOf(stack.store, s.duelId)));
    reads = [...stories.flatMap((s) => s.hiboux).flatMap(readings), ...announced.flat()];
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it("plays every story of docs/HIBOUX.md, and reads the announcements its decisions post", () => {
    expect(stories.flatMap((s) => s.hiboux).length).toBeGreaterThan(50);
    const announced = reads.filter((r) => r.to === null && r.where.endsWith("(texte)"));
    expect(announced.length).toBeGreaterThan(25);
    // Every kind of reply: turns, the top, the referee's decisions, absences, and the end.
    const titles = reads.filter((r) => r.to === null && r.where.endsWith("(titre)")).map((r) => r.text);
    const kinds = [/^Tour \d+ — /, /^Le duel commence$/, /^Décision de l'arbitre$/, /^Délai dépassé$/];
    expect(kinds.filter((k) => !titles.some((title) => k.test(title)))).toEqual([]);
    expect(announced.some((r) => /^Victoire /m.test(r.text))).toBe(true);
  });

  for (const slip of SLIPS) {
    it(`no hibou nor announcement has ${slip.name}`, () => {
      const found = reads.map((r) => ({ where: r.where, slip: slip.find(r) })).filter((x) => x.slip !== null);
      expect(found).toEqual([]);
    });
  }

  it("each slip is caught where it was written", () => {
    const hibouOf = (
      text: string,
      to: Hibou["to"] = { role: "duelist", id: "46", name: "Hermione Granger" },
    ): Hibou => ({
      id: "h",
      duelId: "d",
      forumId: "f",
      threadId: "1",
      to,
      kind: "fault.cancelled",
      title: "Faute annulée",
      text,
      createdAt: "2026-12-01T10:00:00.000Z",
      eventId: "e#1",
    });
    const hibou = (text: string, to?: Hibou["to"]) =>
      readings(hibouOf(text, to)).find((r) => r.where.endsWith("(texte)")) as Read;
    const caught = (text: string, to?: Hibou["to"]) =>
      SLIPS.filter((s) => s.find(hibou(text, to)) !== null).map((s) => s.name);
    expect(caught("Ce qui suit remplace ce qui a été annoncé (CONTRACT 4.3).")).toHaveLength(1);
    expect(caught("Hibou pour le duelliste Alice Dubois")).toHaveLength(1);
    expect(caught("Hermione Granger revient dans le duel.")).toHaveLength(1);
    expect(
      SLIPS.filter((slip) =>
        readings({ ...hibouOf("Ta faute est annulée."), title: "Faute annulée : Hermione Granger" }).some(
          (r) => slip.find(r) !== null,
        ),
      ).map((slip) => slip.name),
    ).toEqual(["the recipient named in their own hibou's title (« Faute d'action : Bob Martin » to Bob)"]);
    expect(caught("1re faute : faute donnée par l'arbitre. Faute donnée par vous.")).toHaveLength(1);
    expect(caught("Disqualification pour la décision de l'arbitre (R-7.1).")).toHaveLength(1);
    expect(caught("Ton dé de défense doit faire plus de 6 pour l'éviter.")).toHaveLength(1);
    expect(caught("Tu as 4/5 PD.")).toHaveLength(1);
    expect(caught(`Ta correction (texte : ${"mot ".repeat(130)}) est publiée.`)).toHaveLength(1);
    expect(caught("Tu as 4/5 PD (points de duel). Ton dé de défense doit faire plus de 3.")).toEqual([]);
  });
});
