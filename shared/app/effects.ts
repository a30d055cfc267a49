import { announcementEntries } from "../announce/entries.js";
import type { DuelCommand } from "../domain/commands.js";
import type { DuelEvent } from "../domain/events.js";
import type { InputStates } from "../domain/replay.js";
import { currentTurn, type Duel, type DuelState, isOpened } from "../domain/state.js";
import { topicUrl } from "../forumactif/urls.js";
import { composeHiboux, composeRevisedNotice, type HibouDraft, type Known } from "../hiboux/index.js";
import { channelIndexes } from "../hiboux/routing.js";
import type { StoredInput } from "../ports/duel-repository.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { ChannelConfig, Hibou, Recipient } from "../ports/notifier.js";
import type { EffectPart, OutboxEntry } from "../ports/outbox-store.js";
import type { TimerSpec } from "../ports/scheduler.js";
import { texts } from "../texts/hiboux.js";
import { clubTimeZone } from "./club.js";

/** Channels of a forum; with none configured, hiboux are kept in the outbox (`log`). */
export function channelsOf(forum: ForumConfig | null): readonly ChannelConfig[] {
  return forum && forum.notify.length > 0 ? forum.notify : [{ type: "log" }];
}

/** A new outbox entry: nothing tried yet, due now. */
export function outboxEntry(
  id: string,
  duelId: string,
  now: string,
  effect: OutboxEntry["effect"],
): OutboxEntry {
  return {
    id,
    duelId,
    createdAt: now,
    effect,
    attempts: 0,
    nextAttemptAt: now,
    doneAt: null,
    lastError: null,
    failedAt: null,
  };
}

/**
 * The recipient with the forum username a channel messages: the referee's from the forum's
 * settings, a duelist's as learnt from their posts. On a Forumactif board a private message is
 * addressed to the name the board shows (CONTRACT.md 4.4): before a duelist's first post is read,
 * or for a referee the settings name without one, that is the name the duel gives them.
 */
function withUsername(to: Recipient, forum: ForumConfig | null, after: Duel): Recipient {
  const known =
    to.role === "referee"
      ? forum?.referees.find((r) => r.id === to.id)?.username
      : (after.duelists.find((d) => d.id === to.id)?.username ?? undefined);
  const shown = forum?.source?.type === "forumactif" ? to.name?.trim() : undefined;
  const username = known || shown;
  return username ? { ...to, username } : to;
}

/** What a decision's effects are derived from (`effectsOf`). */
export interface EffectsInput {
  readonly forum: ForumConfig | null;
  readonly before: DuelState;
  readonly after: Duel;
  readonly events: readonly DuelEvent[];
  /** The command the events answer: the post it carries is named by its time in the hiboux. */
  readonly command?: DuelCommand;
  /**
   * Inputs whose events a late post changed, with the events they had before and the duel around
   * them in the replayed order.
   */
  readonly revised: readonly (StoredInput & {
    readonly previous: readonly DuelEvent[];
    readonly states: InputStates;
  })[];
  /** The duel around `events` where a replay placed them before later inputs (else `before` to `after`). */
  readonly states?: InputStates;
  readonly timers: { readonly schedule: readonly TimerSpec[]; readonly cancel: readonly TimerSpec[] };
  readonly version: number;
  readonly now: string;
  readonly maxEntries?: number;
  /** The deployment's public address (no trailing slash needed): referees get the duel's desk page. */
  readonly deskUrl?: string;
}

/**
 * The outbox of one decision: the timers to schedule and cancel (ids carrying the version, so
 * timers changed again by a later decision are distinct), each hibou through each of the forum's
 * channels and the thread's replies, as parts of one entry (`asParts`): the relay records each part
 * done, so a channel that failed is retried alone and the others are never sent twice.
 *
 * Revised inputs re-announce their verdicts, each as it now stands. When their entries of parts
 * would be more than `maxEntries`, or weigh more than `REVISED_BUDGET` (a post so late that it
 * rewrote a long stretch of the duel), the referee gets one notice naming every verdict that changed
 * instead, and each duelist concerned one short summary: the decision must fit in one transaction,
 * or it could never be stored at all.
 */
export function effectsOf(input: EffectsInput): OutboxEntry[] {
  const { before, after, version, now } = input;
  const duelId = after.id;
  const out: OutboxEntry[] = [];
  const { cancel, schedule } = input.timers;
  if (cancel.length > 0 || schedule.length > 0)
    out.push(outboxEntry(`v${version}.timers`, duelId, now, { type: "timers", cancel, schedule }));

  // Each hibou tells the duel as its own input left it, not as later inputs of a replay did.
  const ownStates = around(input.states, before, after);
  const known = knownOf(input.forum, [input.command, ...input.revised.map((i) => i.command)]);
  const own = stillTrue(
    composeHiboux({ events: input.events, ...ownStates, known }),
    input.events,
    input.revised.length > 0 ? after : null,
  ).filter((d) => !overdue(d, input.events, now));
  const revised = input.revised.flatMap((i) =>
    stillTrue(
      composeHiboux({
        events: i.events,
        previous: i.previous,
        ...around(i.states, before, after),
        revised: true,
        latest: after,
        known,
      }),
      i.events,
      after,
    ).filter((d) => !overdue(d, i.events, now)),
  );
  // Revised verdicts are the referee's to tell: the thread hears each decision once.
  const thread = announcementEntries({
    forum: input.forum,
    before: ownStates.before,
    after,
    events: input.events,
    timeZone: known.timeZone,
  }).map((a) => outboxEntry(a.id, duelId, now, a.effect));
  const link = input.deskUrl ? deskLinked(input.deskUrl, duelId) : (d: HibouDraft) => d;
  const entries = (announced: readonly HibouDraft[]) =>
    asParts(duelId, version, now, [
      ...out,
      ...notifyEntries(input.forum, after, version, now, own.map(link), false),
      ...notifyEntries(input.forum, after, version, now, announced.map(link), true),
      ...thread,
    ]);
  const whole = entries(revised);
  const fits =
    input.maxEntries === undefined ||
    (whole.length <= input.maxEntries && (revised.length === 0 || textsOf(whole) <= REVISED_BUDGET));
  if (fits) return whole;
  return entries(
    composeRevisedNotice({
      revised: input.revised.map((i) => ({ ...i, ...around(i.states, before, after) })),
      before,
      after,
      known,
    }),
  );
}

/**
 * What the hiboux tell beyond the events: the times of the posts the decision's commands carry (a
 * hibou names a post by its time in the thread, never by its id) and whom a duelist may ask on the
 * forum (its name, its referees).
 */
function knownOf(forum: ForumConfig | null, commands: readonly (DuelCommand | undefined)[]): Known {
  const postTimes: Record<string, string> = {};
  for (const command of commands)
    if (command?.type === "post.received" || command?.type === "post.edited")
      postTimes[command.post.postId] = command.post.createdAt;
  return {
    postTimes,
    ...(forum
      ? {
          forum: { name: forum.name, referees: forum.referees.map((r) => r.name) },
          timeZone: clubTimeZone(forum),
        }
      : {}),
  };
}

/**
 * What a decision that revises verdicts may write to the outbox, in characters: a quarter of the
 * 4 MB one DynamoDB transaction holds whatever the texts' encoding, the rest left to the inputs the
 * replay rewrites. A late post that rewrote a long duel on a forum with many channels would
 * otherwise fit in the transaction's items and not in its bytes, and could never be stored.
 */
const REVISED_BUDGET = 1_000_000;

/** The characters of entries as stored. */
function textsOf(entries: readonly OutboxEntry[]): number {
  return entries.reduce((n, e) => n + JSON.stringify(e.effect).length, 0);
}

/**
 * What one entry of parts may carry, in characters of its hiboux and replies: well under the
 * 400 KB of a DynamoDB item, whatever the texts' encoding.
 */
const PARTS_BUDGET = 100_000;

/** What a part weighs against `PARTS_BUDGET`: its texts, and a margin for the rest of it. */
function weight(effect: OutboxEntry["effect"]): number {
  if (effect.type === "notify") return effect.hibou.text.length + effect.hibou.title.length + 1000;
  if (effect.type === "announce") return JSON.stringify(effect.reply).length + 200;
  return 1000;
}

/**
 * A decision's effects as one entry of parts (CONTRACT.md 6.1 lists them one by one still): one
 * item in the turn's transaction instead of one per timer change, hibou and channel. A decision
 * whose texts outweigh one item (a late post revising many verdicts) takes a few; a single effect
 * stays an entry of its own.
 */
function asParts(
  duelId: string,
  version: number,
  now: string,
  entries: readonly OutboxEntry[],
): OutboxEntry[] {
  if (entries.length <= 1) return [...entries];
  const chunks: EffectPart[][] = [];
  let chunk: EffectPart[] = [];
  let weighed = 0;
  for (const entry of entries) {
    if (entry.effect.type === "parts") throw new Error(`entry ${entry.id} is already made of parts`);
    const w = weight(entry.effect);
    if (chunk.length > 0 && weighed + w > PARTS_BUDGET) {
      chunks.push(chunk);
      chunk = [];
      weighed = 0;
    }
    chunk.push({ id: entry.id, effect: entry.effect, doneAt: null });
    weighed += w;
  }
  chunks.push(chunk);
  return chunks.map((parts, i) =>
    outboxEntry(`v${version}.effects${i === 0 ? "" : `.${i}`}`, duelId, now, { type: "parts", parts }),
  );
}

/**
 * A late post's own « à toi de jouer » is dropped when the replay already played that turn: the
 * later post it overtook counts for it now, and its author hears so in their revised verdict.
 */
function stillTrue(
  drafts: readonly HibouDraft[],
  events: readonly DuelEvent[],
  replayed: Duel | null,
): HibouDraft[] {
  const turn = replayed ? currentTurn(replayed) : null;
  if (!turn) return [...drafts];
  return drafts.filter((d) => {
    if (d.to.role !== "duelist" || d.kind !== "turn.resolved") return true;
    const passed = events.find((e) => e.id === d.eventId);
    return passed?.type !== "turn.passed" || passed.number >= turn.number;
  });
}

/**
 * A duelist's reminder or « à toi de jouer » for a turn whose deadline had passed when the decision
 * was taken: its timer fired late (a scheduler's delay, the local clock moved on by days) or a post
 * came after several deadlines, and the absences are decided each at its own deadline, as if on
 * time (timer-service.ts, `catchUp`). Sent now it would ask for a turn already lost to its absence,
 * whose hibou says it all; the turn that is theirs now has its own « à toi de jouer ».
 */
function overdue(draft: HibouDraft, events: readonly DuelEvent[], now: string): boolean {
  if (draft.to.role !== "duelist") return false;
  const event = events.find((e) => e.id === draft.eventId);
  const asks =
    (draft.kind === "turn.reminder" && event?.type === "turn.reminder") ||
    (draft.kind === "turn.resolved" && event?.type === "turn.passed");
  return asks && Date.parse(event.deadline) <= Date.parse(now);
}

/**
 * The duel around an input's events: as a replay decided them, or else the decision's own. An
 * input that left no duel (none can, past registration) reads the decision's.
 */
function around(
  states: InputStates | undefined,
  before: DuelState,
  after: Duel,
): { readonly before: DuelState; readonly after: Duel } {
  if (!states) return { before, after };
  return { before: states.before, after: isOpened(states.after) ? states.after : after };
}

/** A referee's hibou ends with the duel's page on the desk, where every decision can be taken. */
function deskLinked(deskUrl: string, duelId: string): (draft: HibouDraft) => HibouDraft {
  const page = `${deskUrl.replace(/\/+$/, "")}/admin/duels/${encodeURIComponent(duelId)}`;
  return (draft) =>
    draft.to.role === "referee" ? { ...draft, text: `${draft.text}\n${texts.common.desk(page)}` } : draft;
}

/** A Forumactif duel's thread is a topic of the board the forum reads; other forums' addresses are not kept. */
function duelNamed(forum: ForumConfig | null, duel: Duel): NonNullable<Hibou["duel"]> {
  const name = texts.common.duelName(duel.duelists.map((d) => d.name));
  const titled = duel.threadTitle ? { name, threadTitle: duel.threadTitle } : { name };
  const source = forum?.source;
  if (source?.type !== "forumactif" || !/^\d{1,12}$/.test(duel.threadId)) return titled;
  return { ...titled, url: topicUrl(source.baseUrl, duel.threadId) };
}

function notifyEntries(
  forum: ForumConfig | null,
  after: Duel,
  version: number,
  now: string,
  drafts: readonly HibouDraft[],
  revised: boolean,
): OutboxEntry[] {
  const duelId = after.id;
  const out: OutboxEntry[] = [];
  const channels = channelsOf(forum);
  for (const draft of drafts) {
    const hibouId = `${draft.eventId}.${draft.kind}.${draft.to.role}.${draft.to.id}${revised ? `.r${version}` : ""}`;
    const hibou: Hibou = {
      id: hibouId,
      duelId,
      forumId: after.forumId,
      threadId: after.threadId,
      to: withUsername(draft.to, forum, after),
      kind: draft.kind,
      title: draft.title,
      text: draft.text,
      createdAt: now,
      eventId: draft.eventId,
      rule: draft.rule,
      duel: duelNamed(forum, after),
    };
    out.push(...channelEntries(channels, hibou, now));
  }
  return out;
}

/**
 * One entry per channel the hibou goes through (section 3: whom each channel serves, which
 * kinds). The entry keeps the channel's index in the forum's list, as the relay finds it there.
 */
function channelEntries(channels: readonly ChannelConfig[], hibou: Hibou, now: string): OutboxEntry[] {
  return channelIndexes(channels, hibou).map((index) =>
    outboxEntry(`${hibou.id}.c${index}`, hibou.duelId, now, {
      type: "notify",
      hibou,
      channel: index,
      channelType: channels[index]?.type ?? "log",
    }),
  );
}

/** A hibou no decision of a duel produced (a duel the thread could not open), through its channels. */
export function standaloneEntries(forum: ForumConfig | null, hibou: Hibou, now: string): OutboxEntry[] {
  return channelEntries(channelsOf(forum), hibou, now);
}
