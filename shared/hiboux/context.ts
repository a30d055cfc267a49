import type { DuelEvent, DuelEventType } from "../domain/events.js";
import { type Duel, type DuelistState, type DuelState, isOpened } from "../domain/state.js";
import type { Recipient } from "../ports/notifier.js";
import type { Ruleset } from "../rules/ruleset.js";
import { formatPoints, postTime, spelledOutPd, titleFor } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";

/** A hibou ready to be given its id, duel and time by the caller. */
export interface HibouDraft {
  readonly to: Recipient;
  readonly kind: string;
  readonly title: string;
  readonly text: string;
  /** The audit-log event the hibou reports. */
  readonly eventId: string;
  /** The rule it applied (RULES.md id). */
  readonly rule: string;
}

export type EventOf<T extends DuelEventType> = Extract<DuelEvent, { type: T }>;

/** What a hibou tells that the duel's events do not hold: the app layer reads it with the input. */
export interface Known {
  /**
   * Posts' times in the thread, by post id (the input's own post, the posts it revised): a hibou
   * names a post by its time, never by its id. The duel's own stored posts need not be listed.
   */
  readonly postTimes?: Readonly<Record<string, string>>;
  /** The forum the duel is on: whom a banned duelist may ask (its name, its referees' names). */
  readonly forum?: { readonly name: string; readonly referees: readonly string[] };
  /** The zone the forum shows its posts' times in (IANA); Paris time when not given. */
  readonly timeZone?: string;
}

/** What one input's hiboux are composed from. */
export interface Context {
  readonly events: readonly DuelEvent[];
  /** No duel before the input that registers it. */
  readonly before: DuelState;
  readonly after: Duel;
  readonly ruleset: Ruleset;
  /** Every post time known, by post id: `known.postTimes`, and the posts the duel or the events hold. */
  readonly postTimes: ReadonlyMap<string, string>;
  readonly forum?: Known["forum"];
  readonly timeZone?: string;
}

export function contextOf(
  events: readonly DuelEvent[],
  before: DuelState,
  after: Duel,
  known: Known = {},
): Context {
  return {
    events,
    before,
    after,
    ruleset: after.ruleset,
    postTimes: postTimesOf(events, before, after, known),
    ...(known.forum ? { forum: known.forum } : {}),
    ...(known.timeZone ? { timeZone: known.timeZone } : {}),
  };
}

/** The times of the posts the input's hiboux may name: those given, those the duel or its events keep. */
function postTimesOf(
  events: readonly DuelEvent[],
  before: DuelState,
  after: Duel,
  known: Known,
): Map<string, string> {
  const times = new Map<string, string>(Object.entries(known.postTimes ?? {}));
  const add = (postId: string, at: string) => {
    if (!times.has(postId)) times.set(postId, at);
  };
  for (const state of [before, after]) {
    if (!isOpened(state)) continue;
    for (const waiting of state.pending) add(waiting.post.postId, waiting.post.createdAt);
    for (const queued of state.queue) add(queued.postId, queued.createdAt);
  }
  for (const e of events) {
    if (e.type === "correction.opened" || e.type === "post.queued") add(e.post.postId, e.post.createdAt);
    else if (e.type === "post.history") add(e.postId, e.createdAt);
  }
  return times;
}

/**
 * A post as people know it, by its time in the thread as read at `at` (« de 14 h 02 », « du lundi
 * 30 novembre à 9 h 15 » on another day); null when its time is not known, and then the hibou does
 * without: its id is never shown.
 */
export function postWhen(ctx: Context, postId: string | null | undefined, at: string): string | null {
  const time = postId ? ctx.postTimes.get(postId) : undefined;
  const when = time ? postTime(time, at, ctx.timeZone) : "";
  return when === "" ? null : when;
}

/** The duelist as the input left them (a duel keeps every duelist it registered). */
export function duelist(ctx: Context, id: string): DuelistState | undefined {
  return ctx.after.duelists.find((d) => d.id === id);
}

export function nameOf(ctx: Context, id: string): string {
  return duelist(ctx, id)?.name ?? id;
}

export function pointsOf(ctx: Context, id: string, points?: number): string {
  const d = duelist(ctx, id);
  if (!d) return points === undefined ? "" : `${points} PD`;
  return formatPoints(points ?? d.points, d.startingPoints);
}

export function referee(ctx: Context): Recipient {
  const r = ctx.after.referee;
  return { role: "referee", id: r.id, name: r.name };
}

export function refereeName(ctx: Context): string {
  return referee(ctx).name ?? "";
}

export function toDuelist(ctx: Context, id: string): Recipient {
  const d = duelist(ctx, id);
  return {
    role: "duelist",
    id,
    ...(d ? { name: d.name } : {}),
    ...(d?.username ? { username: d.username } : {}),
  };
}

/**
 * A fault's number in the duel (1 for its first fault): what the referee types to cancel it
 * (`annuler faute 3`), as the referee command accepts it. The event id when the duel lost track.
 */
export function faultNumber(ctx: Context, eventId: string): string {
  // A replay may drop a fault from the state after: the state before still numbers it.
  for (const state of [ctx.after, ctx.before]) {
    if (!isOpened(state)) continue;
    const index = state.faults.findIndex((f) => f.eventId === eventId);
    if (index >= 0) return String(index + 1);
  }
  return eventId;
}

/** Every duelist of the duel, whether still in it or not. */
export function allDuelists(ctx: Context): readonly DuelistState[] {
  return ctx.after.duelists;
}

/**
 * A hibou's text: its paragraphs, then — for the referee, where the verdict can be overruled —
 * what they may do, and last the rules it applied.
 */
export function draft(
  to: Recipient,
  kind: string,
  title: string,
  body: readonly string[],
  event: { readonly id: string; readonly rule: string },
  options: { readonly rules?: readonly string[]; readonly overrule?: string | null } = {},
): HibouDraft {
  const rules = options.rules && options.rules.length > 0 ? options.rules : [event.rule];
  const overrule = to.role === "referee" && options.overrule ? [options.overrule] : [];
  const text = [...body.filter((line) => line !== ""), "", ...overrule, texts.common.rules(rules)].join("\n");
  // The person concerned reads « tu » in the text, and no third person of themselves in the title.
  const shown = to.role === "duelist" ? titleFor(title, to.name) : title;
  return { to, kind, title: shown, text: spelledOutPd(text), eventId: event.id, rule: event.rule };
}

/** Rule ids in order of first appearance. */
export function uniqueRules(events: readonly { readonly rule: string }[]): string[] {
  return [...new Set(events.map((e) => e.rule))];
}
