import { randomUUID } from "node:crypto";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ManualClock } from "../infra/local/clock.js";
import { DynamoDbStore } from "../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../shared/adapters/dynamodb/poll-store.js";
import { DuelService } from "../shared/app/duel-service.js";
import { WHOLE_READ_EVERY_MS } from "../shared/app/poll-timing.js";
import { TopicPoller } from "../shared/app/topic-poller.js";
import { BoardClient } from "../shared/forumactif/board-client.js";
import { topicReader } from "../shared/forumactif/topic-reader.js";
import { FakeBoard } from "../test/support/forumactif/fake-board.js";
import { localClient, RequestCounter, readsAndWrites, START, since } from "./referee-app.js";

/**
 * One kind of poll, per active duel: board requests, DynamoDB requests and time. A chain's poll
 * (as its timer runs it), so its next read's outbox entry is counted; the relay then turns that
 * entry into a schedule (one CreateSchedule in AWS), which is not counted here.
 */
export interface PollCost {
  readonly boardRequestsPerDuel: number;
  readonly dynamoRequestsPerDuel: number;
  readonly dynamoReadsPerDuel: number;
  readonly dynamoWritesPerDuel: number;
  readonly msPerDuel: number;
}

export interface ForumactifPollResults {
  readonly duels: number;
  readonly postsPerTopic: number;
  /** A topic that did not change: one conditional request answered 304. */
  readonly unchanged: PollCost;
  /** One new post in each topic: the page read and parsed, the post fed to the intake. */
  readonly onePost: PollCost;
  /** A board with many duels: board requests for a whole poll of its watched topics. */
  readonly board?: BoardPollResults;
}

/** A board of `duels` watched topics in `sections` sections, `changing` of them with a new post at each poll. */
export interface BoardPlan {
  readonly duels: number;
  readonly sections: number;
  readonly changing: number;
}

export interface BoardPollResults extends BoardPlan {
  /** Polls measured: one whole round of the topics' whole reads (WHOLE_READ_EVERY_MS / pollEvery). */
  readonly polls: number;
  /** Topics read one by one, as when no section list can be read: requests per poll. */
  readonly topicByTopic: number;
  /** Through the sections' lists: requests per poll, as a mean over the round, and at its least and most. */
  readonly throughSections: { readonly mean: number; readonly min: number; readonly max: number };
  /** Of those, the mean per poll of unchanged topics read whole (edits change no last post). */
  readonly wholeReads: number;
  /** The target: one request per section and one per changed topic. */
  readonly target: number;
}

const LONG_RP = Array.from({ length: 110 }, (_, i) => `mot${i}`).join(" ");
const turn = (target: string) =>
  `${LONG_RP}<br />[duel]<br />Sort : Rictusempra<br />Cible : ${target}<br />Zone : torse<br />Pari : 4<br />[/duel]`;

/**
 * The real poller of a Forumactif forum of its own on `tableName`, reading the tests' fake board
 * on loopback every `pollEvery`, on a manual clock.
 */
async function pollingRig(client: DynamoDBClient, tableName: string, pollEvery: string) {
  const clock = new ManualClock(START);
  const store = new DynamoDbStore({ client, tableName, now: () => clock.now() });
  const duels = new DuelService({ store, now: () => clock.now() });
  const board = await FakeBoard.start({ now: () => clock.now().toISOString() });
  const poller = new TopicPoller({
    store,
    polls: new DynamoDbPollStore(client, tableName),
    duels,
    clock,
    rollDice: () => [1, 6],
    board: new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0 }),
    reader: topicReader,
    log: () => {},
  });
  const forumId = `fa${randomUUID().slice(0, 8)}`;
  try {
    await store.putForum({
      forumId,
      name: "Bench Forumactif",
      webhookSecrets: {},
      referees: [],
      notify: [{ type: "log" }],
      source: { type: "forumactif", baseUrl: board.url, timeZone: "Europe/Paris", pollEvery },
      createdAt: START,
      updatedAt: START,
    });
  } catch (error) {
    await board.close();
    throw error;
  }
  return { clock, duels, board, poller, forumId };
}

/**
 * The cost of reading Forumactif topics, with the real poller, page reader and
 * DynamoDB Local, against the tests' fake board on loopback: `duels` active duels of a forum whose
 * topics already hold `postsPerTopic` posts, each polled as its timer would poll it.
 */
export async function measureForumactifPoll(
  endpoint: string,
  tableName: string,
  plan: { duels: number; postsPerTopic: number; board?: BoardPlan },
): Promise<ForumactifPollResults> {
  const client = localClient(endpoint);
  const counter = new RequestCounter();
  counter.attach(client);
  const { clock, duels, board, poller, forumId } = await pollingRig(client, tableName, "PT2M");
  try {
    const ids: string[] = [];
    for (let i = 0; i < plan.duels; i++) {
      const topicId = String(5000 + i);
      board.createTopic({ title: `Duel ${i}`, topicId });
      await registerActive(duels, forumId, topicId);
      ids.push(`${forumId}.${topicId}`);
    }
    const addTurns = (n: number) => {
      for (const i of ids.keys())
        for (let k = 0; k < n; k++) {
          const alice = k % 2 === 0;
          clock.advance("PT1M");
          board.addPost(String(5000 + i), {
            authorId: alice ? "42" : "43",
            authorName: alice ? "Alice Dubois" : "Bob Martin",
            html: turn(alice ? "Bob Martin" : "Alice Dubois"),
          });
        }
    };
    const pollAll = async (): Promise<PollCost> => {
      const requestsBefore = board.requests.length;
      const dynamoBefore = counter.tally();
      const started = performance.now();
      for (const duelId of ids) await poller.poll(duelId, "chain");
      const ms = performance.now() - started;
      const spent = since(dynamoBefore, counter.tally());
      const { reads, writes } = readsAndWrites(spent);
      const per = (n: number) => Math.round((n / ids.length) * 100) / 100;
      return {
        boardRequestsPerDuel: per(board.requests.length - requestsBefore),
        dynamoRequestsPerDuel: per(spent.total),
        dynamoReadsPerDuel: per(reads),
        dynamoWritesPerDuel: per(writes),
        msPerDuel: per(ms),
      };
    };
    addTurns(plan.postsPerTopic);
    await pollAll(); // the first read of each topic feeds its posts
    const unchanged = await pollAll();
    addTurns(1);
    const onePost = await pollAll();
    const boardPoll = plan.board ? await measureBoardPoll(endpoint, tableName, plan.board) : undefined;
    return {
      duels: plan.duels,
      postsPerTopic: plan.postsPerTopic,
      unchanged,
      onePost,
      ...(boardPoll ? { board: boardPoll } : {}),
    };
  } finally {
    await board.close();
    client.destroy();
  }
}

/**
 * Requests to one board for whole polls of `plan.duels` watched topics, `plan.changing`
 * of them with a new post before each poll: once with topics read one by one (their pages name no
 * section, as before section lists were read), once with topics listed in `plan.sections` sections.
 * Measured over one round of whole reads (each topic is read itself once in it).
 */
export async function measureBoardPoll(
  endpoint: string,
  tableName: string,
  plan: BoardPlan,
): Promise<BoardPollResults> {
  const pollEvery = "PT2M";
  const polls = Math.round(WHOLE_READ_EVERY_MS / 120_000);
  const perPoll = async (sections: boolean): Promise<{ total: number; whole: number }[]> => {
    const client = localClient(endpoint);
    const { clock, duels, board, poller, forumId } = await pollingRig(client, tableName, pollEvery);
    try {
      const topics: string[] = [];
      for (let i = 0; i < plan.duels; i++) {
        const topicId = String(7000 + i);
        board.createTopic({
          title: `Duel ${i}`,
          topicId,
          ...(sections ? { section: String(10 + (i % plan.sections)) } : {}),
        });
        board.addPost(topicId, { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
        await registerActive(duels, forumId, topicId);
        topics.push(topicId);
      }
      const ids = topics.map((t) => `${forumId}.${t}`);
      for (const id of ids) await poller.poll(id, "chain"); // the first reads learn each topic's section
      const counts: { total: number; whole: number }[] = [];
      for (let p = 0; p < polls; p++) {
        clock.advance(pollEvery);
        const changed = new Set<string>();
        for (let k = 0; k < plan.changing; k++) {
          const topicId = topics[(p * plan.changing + k) % topics.length] ?? "";
          board.addPost(topicId, { authorId: "99", authorName: "Rubeus Hagrid", html: `Passage ${p}` });
          changed.add(topicId);
        }
        const before = board.requests.length;
        for (const id of ids) await poller.poll(id, "chain");
        const asked = board.requests.slice(before);
        const whole = asked.filter((r) => {
          const topic = /^\/t(\d+)/.exec(r.path)?.[1];
          return topic !== undefined && !changed.has(topic);
        });
        counts.push({ total: asked.length, whole: whole.length });
      }
      return counts;
    } finally {
      await board.close();
      client.destroy();
    }
  };
  const alone = (await perPoll(false)).map((c) => c.total);
  const counted = await perPoll(true);
  const listed = counted.map((c) => c.total);
  const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;
  return {
    ...plan,
    polls,
    topicByTopic: mean(alone),
    throughSections: { mean: mean(listed), min: Math.min(...listed), max: Math.max(...listed) },
    wholeReads: mean(counted.map((c) => c.whole)),
    target: plan.sections + plan.changing,
  };
}

/** A registered and started duel in `topicId`. */
async function registerActive(duels: DuelService, forumId: string, topicId: string): Promise<void> {
  const { defaultRuleset } = await import("../shared/rules/default-ruleset.js");
  const duelId = `${forumId}.${topicId}`;
  const duel = {
    id: duelId,
    forumId,
    threadId: topicId,
    referee: { id: "7", name: "Minerva McGonagall" },
    duelists: [
      { id: "42", name: "Alice Dubois", year: 3 as const, particularities: [], extraSpells: [] },
      { id: "43", name: "Bob Martin", year: "adulte" as const, particularities: [], extraSpells: [] },
    ],
    dice: "server" as const,
    stakes: null,
    ruleset: defaultRuleset,
  };
  await duels.execute(
    duelId,
    { type: "register", now: START, duel, bans: {} },
    { inputId: "register", forumId },
  );
  await duels.execute(
    duelId,
    { type: "referee", now: START, action: { command: "top" }, by: { via: "api", id: "admin" } },
    { inputId: "top", forumId },
  );
}

/**
 * The board case as the bench prints it: each target holds or not, never silently. The whole
 * reads (each topic once per round, for the edits no list shows) come on top of the target.
 */
export function printableBoardPoll(r: BoardPollResults): string {
  const beyondWhole = Math.round((r.throughSections.mean - r.wholeReads) * 10) / 10;
  const withWhole = Math.round((r.target + r.duels / r.polls) * 10) / 10;
  const verdict = (ok: boolean) => (ok ? "holds" : "MISSED");
  return [
    `Forumactif board of ${r.duels} watched duels in ${r.sections} sections, ${r.changing} changing at each poll (${r.polls} polls, one round of whole reads)`,
    `  requests per poll, topic by topic       ${r.topicByTopic}`,
    `  requests per poll, through the sections ${r.throughSections.mean} (from ${r.throughSections.min} to ${r.throughSections.max}), of which whole reads of unchanged topics ${r.wholeReads}`,
    `  target ≤ ${r.target} (1 per section + 1 per changed topic), whole reads left out: ${beyondWhole}, ${verdict(beyondWhole <= r.target)}`,
    `  target ≤ ${withWhole} (the same + ${r.duels} topics / ${r.polls} polls read whole): ${r.throughSections.mean}, ${verdict(r.throughSections.mean <= withWhole)}`,
    "",
  ].join("\n");
}

/** The figures as the bench prints them. */
export function printableForumactifPoll(r: ForumactifPollResults): string {
  const row = (name: string, c: PollCost) =>
    `  ${name.padEnd(22)} ${String(c.boardRequestsPerDuel).padStart(8)} ${String(c.dynamoRequestsPerDuel).padStart(10)} (${c.dynamoReadsPerDuel} r, ${c.dynamoWritesPerDuel} w) ${String(c.msPerDuel).padStart(9)}`;
  return [
    "",
    `Forumactif polls (${r.duels} active duels, topics of ${r.postsPerTopic} posts, fake board on loopback)`,
    "  per active duel, per poll   board req   DynamoDB req          ms",
    row("topic unchanged (304)", r.unchanged),
    row("one new post", r.onePost),
    "",
    ...(r.board ? [printableBoardPoll(r.board)] : []),
  ].join("\n");
}
