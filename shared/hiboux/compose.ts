import type { DuelEvent } from "../domain/events.js";
import { evolve } from "../domain/evolve.js";
import { type Duel, type DuelState, isOpened } from "../domain/state.js";
import { texts } from "../texts/hiboux.js";
import { type Context, contextOf, draft, type HibouDraft, type Known, referee } from "./context.js";
import { attackKey, attacksNowWaiting, ownDefence } from "./duelist-turn.js";
import {
  type AbsenceForReferee,
  absenceParts,
  absenceToReferee,
  correctionAccepted,
  correctionExpired,
  correctionOpened,
  faultAction,
  faultCancelled,
  sanctionApplied,
} from "./faults.js";
import {
  banEnded,
  banStarted,
  commandRejected,
  decisionNeeded,
  derogationGranted,
  duelFinished,
  duelistDisqualified,
  duelistReinstated,
  duelResumed,
  duelStarted,
  legilimensCast,
  pointsAdjusted,
  turnReminder,
} from "./lifecycle.js";
import { revisedForDuelists, revisionSummaries } from "./revision.js";
import {
  addToGroup,
  attacksToAnswer,
  openGroup,
  TURN_EVENTS,
  type TurnGroup,
  turnSummary,
  yourTurn,
} from "./turn.js";

export type { HibouDraft, Known } from "./context.js";

export interface ComposeInput {
  /** The events of one input (one post, one timer firing, one referee decision), in order. */
  readonly events: readonly DuelEvent[];
  readonly before: DuelState;
  readonly after: Duel;
  /** The input's verdicts replace earlier ones: a post arrived late and took its place (CONTRACT.md 4.3). */
  readonly revised?: boolean;
  /** With `revised`: the events the input had before, so verdicts that vanished are announced too. */
  readonly previous?: readonly DuelEvent[];
  /** With `revised`: the duel as the whole replay left it, later inputs included. */
  readonly latest?: Duel;
  /** What the events do not hold: posts' times, the forum's people (`Known`). */
  readonly known?: Known;
}

/** The hiboux of one event that stands on its own; events no one needs to hear about give none. */
function single(ctx: Context, event: DuelEvent, index: number): HibouDraft[] {
  switch (event.type) {
    case "duel.started":
      return duelStarted(ctx, event);
    case "fault.action":
      return faultAction(ctx, event);
    case "sanction.applied":
      return sanctionApplied(ctx, event, index);
    case "fault.cancelled":
      return faultCancelled(ctx, event);
    case "correction.opened":
      return correctionOpened(ctx, event);
    case "correction.accepted":
      return correctionAccepted(ctx, event);
    case "correction.expired":
      return correctionExpired(ctx, event);
    case "duelist.disqualified":
      return duelistDisqualified(ctx, event, index);
    case "duelist.reinstated":
      return duelistReinstated(ctx, event);
    case "ban.started":
      return banStarted(ctx, event);
    case "ban.ended":
      return banEnded(ctx, event);
    case "duel.finished":
      return duelFinished(ctx, event);
    case "duel.resumed":
      return duelResumed(ctx, event);
    case "referee.decision-needed":
      return decisionNeeded(ctx, event, index);
    case "points.adjusted":
      return pointsAdjusted(ctx, event);
    case "referee.command-rejected":
      return commandRejected(ctx, event);
    case "derogation.granted":
      return derogationGranted(ctx, event);
    case "turn.reminder":
      return turnReminder(ctx, event);
    default:
      return [];
  }
}

/**
 * The duel after each of the input's events, from `before`: a hibou tells the duel as its own
 * events left it, not as the input's later events did (a second turn played in the same input).
 * The input's `after` stands in where an event leaves no duel or cannot be read.
 */
function statesAfter(input: ComposeInput): Duel[] {
  let state = input.before;
  return input.events.map((event) => {
    try {
      state = evolve(state, event);
    } catch {
      // A malformed event (an old shape from the store) changes nothing that its hibou could tell.
    }
    return isOpened(state) ? state : input.after;
  });
}

interface Placed {
  /** Index of the event the hibou stands for, so hiboux come out in the order things happened. */
  readonly key: number;
  readonly draft: HibouDraft;
  readonly summary: boolean;
}

/**
 * The hiboux one input calls for. A played turn's events make one summary for the referee and
 * one "à toi de jouer" for the next duelist; faults, sanctions, corrections, disqualifications,
 * bans, the end and the decisions asked of the referee make one hibou each, to the referee and
 * to the duelist concerned. Unknown or malformed events are skipped, never thrown on: a hibou
 * reports a decision already taken and must not stand in its way.
 */
export function composeHiboux(input: ComposeInput): HibouDraft[] {
  const ctx = contextOf(input.events, input.before, input.after, input.known);
  const states = statesAfter(input);
  // The context of a hibou about the events up to `index`: the duel as they left it.
  const at = (index: number): Context => ({ ...ctx, after: states[index] ?? ctx.after });
  const placed: Placed[] = [];
  // Each turn with the duel as it left it: its points, the attacks awaiting the next duelist.
  const groups: { readonly group: TurnGroup; readonly ctx: Context }[] = [];
  let group: TurnGroup | null = null;
  // Absences whose referee's hibou waits for their turn (its hits, who plays next), by event index.
  const absences: {
    readonly index: number;
    readonly parts: AbsenceForReferee;
    readonly duelist: HibouDraft;
  }[] = [];
  // The top hands the first turn over at once; the duel.started hibou already says so.
  let startedFor: string | null = null;

  // A turn ends with its last event (`last`): a later turn's events are not its own.
  const close = (last: number) => {
    if (group) groups.push({ group, ctx: at(last) });
    group = null;
  };

  input.events.forEach((event, index) => {
    try {
      const inTurn = TURN_EVENTS.has(event.type) || (event.type === "points.lost" && event.cause === "hit");
      if (event.type === "fault.absence") {
        startedFor = null;
        const parts = absenceParts(at(index), event, index);
        absences.push({ index, parts: parts.referee, duelist: parts.duelist });
        return;
      }
      if (!inTurn) {
        startedFor = event.type === "duel.started" ? event.firstDuelistId : null;
        for (const d of single(at(index), event, index))
          placed.push({ key: index, draft: d, summary: false });
        return;
      }
      if (event.type === "turn.passed" && group === null && startedFor === event.duelistId) {
        startedFor = null;
        return;
      }
      startedFor = null;
      if (event.type === "turn.played") close(index - 1);
      group ??= openGroup(index);
      addToGroup(group, event, index);
      if (event.type === "legilimens.cast") {
        for (const d of legilimensCast(at(index), event))
          placed.push({ key: index, draft: d, summary: false });
      }
      if (event.type === "turn.passed") close(index);
    } catch {
      // A malformed event (an old shape from the store) is left out; the others still go.
    }
  });
  close(input.events.length - 1);

  // Each absence is told with the turn it ended, where one follows it (the duel may end there):
  // the first unplayed turn that ends after it (stored logs may hold its hits before it).
  const absenceOf = new Map<TurnGroup, (typeof absences)[number]>();
  for (const absence of absences) {
    const turn = groups.find(
      ({ group: g }) => g.played === null && Math.max(g.key, g.passedKey) > absence.index,
    );
    if (turn && !absenceOf.has(turn.group)) {
      absenceOf.set(turn.group, absence);
      continue;
    }
    const alone = absenceToReferee(at(absence.index), absence.parts);
    placed.push({ key: absence.index, draft: alone, summary: false });
    placed.push({ key: absence.index, draft: absence.duelist, summary: false });
  }
  // The attacks an « à toi de jouer » of this input names: no other hibou tells them again.
  const named = new Set(
    groups.flatMap(({ group: g, ctx: turnCtx }) => (attacksToAnswer(turnCtx, g) ?? []).map(attackKey)),
  );
  groups.forEach(({ group: g, ctx: turnCtx }, i) => {
    const absence = absenceOf.get(g);
    const summary = turnSummary(turnCtx, g, i === groups.length - 1, absence?.parts);
    if (summary)
      placed.push({ key: absence?.index ?? g.key, draft: summary, summary: absence === undefined });
    if (absence) placed.push({ key: absence.index, draft: absence.duelist, summary: false });
    const hit = ownDefence(turnCtx, g, input.after);
    if (hit) placed.push({ key: g.key, draft: hit, summary: false });
    for (const waits of attacksNowWaiting(turnCtx, g, input.after, named))
      placed.push({ key: g.key, draft: waits, summary: false });
    // A turn its duelist played later in the same input (a post decided with the absences it came
    // after, a queued post) is no longer theirs to play: no « à toi de jouer » for it.
    const passed = g.passed;
    const playedNow = groups
      .slice(i + 1)
      .some(
        ({ group: later }) =>
          later.played?.number === passed?.number && later.played?.duelistId === passed?.duelistId,
      );
    const next = playedNow ? null : yourTurn(turnCtx, g);
    if (next) placed.push({ key: g.passedKey, draft: next, summary: false });
  });

  const ordered = placed.map((p, seq) => ({ ...p, seq })).sort((a, b) => a.key - b.key || a.seq - b.seq);
  if (!input.revised) return ordered.map((p) => p.draft);
  const stale = staleTitles(input, ordered);
  const revised = revise(ctx, ordered, stale.get(REFEREE) ?? []);
  const drafts = revised.length > 0 ? revised : withdrawn(input);
  // Every duelist the old verdict told something is told what changed, not only the referee.
  const previous = input.previous;
  if (previous === undefined) return drafts;
  return [...drafts, ...revisedForDuelists(ctx, previous, drafts, input.latest ?? input.after, stale)];
}

/** The referee's key in `staleTitles`' map (a duelist's is their id). */
const REFEREE = "";
/** Kinds a duelist's revision already tells line by line (faults withdrawn, the turn that counts). */
const TOLD_BY_LINE = new Set([
  "fault.action",
  "fault.absence",
  "sanction.applied",
  "turn.resolved",
  "verdict.revised",
]);

/**
 * What the revised input had announced that it no longer does, by recipient: the titles of the
 * earlier hiboux with no like hibou (same kind, same title) among the new ones, so that every
 * « Verdict révisé » names what changed (a top withdrawn, a disqualification gone; ).
 */
function staleTitles(input: ComposeInput, fresh: readonly Placed[]): Map<string, string[]> {
  const stale = new Map<string, string[]>();
  if (!input.previous || input.previous.length === 0) return stale;
  const keyOf = (d: HibouDraft) => (d.to.role === "referee" ? REFEREE : d.to.id);
  const now = new Set(fresh.map(({ draft: d }) => `${keyOf(d)}\u0000${d.kind}\u0000${d.title}`));
  const add = (key: string, title: string) => {
    const titles = stale.get(key) ?? [];
    if (!titles.includes(title)) titles.push(title);
    stale.set(key, titles);
  };
  const known = input.known ? { known: input.known } : {};
  for (const d of composeHiboux({
    events: input.previous,
    before: input.before,
    after: input.after,
    ...known,
  })) {
    if (now.has(`${keyOf(d)}\u0000${d.kind}\u0000${d.title}`)) continue;
    if (d.to.role === "duelist" && TOLD_BY_LINE.has(d.kind)) continue;
    add(keyOf(d), d.title);
  }
  // The top was told to every duelist then in the duel: the duel as it now stands may have fewer.
  const topGone =
    input.previous.some((e) => e.type === "duel.started") &&
    !input.events.some((e) => e.type === "duel.started");
  if (topGone)
    for (const d of input.after.duelists)
      if (!now.has(`${d.id}\u0000duel.started\u0000${texts.started.title}`)) add(d.id, texts.started.title);
  return stale;
}

/**
 * One `verdict.revised` notice to the referee for many revised inputs at once, naming the verdicts
 * that change, and one short summary to each duelist an old verdict was told to or a new one
 * concerns: what a late post that rewrote a long stretch of the duel announces when a hibou per
 * revised verdict would not fit in its decision's one transaction (CONTRACT.md 4.3).
 */
export function composeRevisedNotice(input: {
  readonly revised: readonly {
    readonly events: readonly DuelEvent[];
    readonly previous: readonly DuelEvent[];
    /** The duel around the input where it was decided again, if not `before` and `after`. */
    readonly before?: DuelState;
    readonly after?: Duel;
  }[];
  readonly before: DuelState;
  readonly after: Duel;
  readonly known?: Known;
}): HibouDraft[] {
  const { before, after } = input;
  const known = input.known ? { known: input.known } : {};
  const first = input.revised.flatMap((i) => [...i.events, ...i.previous])[0];
  if (!first) return [];
  const titles = input.revised.flatMap((i) =>
    composeHiboux({
      events: i.events.length > 0 ? i.events : i.previous,
      before: i.before ?? before,
      after: i.after ?? after,
      ...known,
    })
      .filter((d) => d.to.role === "referee")
      .map((d) => d.title),
  );
  const ctx = contextOf([first], before, after, input.known);
  const r = texts.revised;
  // Whoever heard an old verdict hears that it changed: the duelists it was sent to.
  const told = new Set(
    input.revised.flatMap((i) =>
      composeHiboux({ events: i.previous, before: i.before ?? before, after: i.after ?? after, ...known })
        .filter((d) => d.to.role === "duelist")
        .map((d) => d.to.id),
    ),
  );
  return [
    draft(referee(ctx), "verdict.revised", r.noticeTitle, [r.intro, r.notice(titles)], first),
    ...revisionSummaries(ctx, input.revised, told, after),
  ];
}

/** A revised input that now decides nothing: the referee hears which verdicts were withdrawn. */
function withdrawn(input: ComposeInput): HibouDraft[] {
  const previous = input.previous ?? [];
  const first = previous[0];
  if (!first) return [];
  const ctx = contextOf(previous, input.before, input.after, input.known);
  const known = input.known ? { known: input.known } : {};
  const titles = composeHiboux({ events: previous, before: input.before, after: input.after, ...known })
    .filter((d) => d.to.role === "referee")
    .map((d) => d.title);
  const r = texts.revised;
  return [draft(referee(ctx), "verdict.revised", r.noticeTitle, [r.intro, r.withdrawn(titles)], first)];
}

/**
 * A revised input (CONTRACT.md 4.3) says so in every title and text; the referee's turn summary
 * becomes `verdict.revised`, and without one the referee gets a notice of that kind first.
 */
function revise(ctx: Context, placed: readonly Placed[], stale: readonly string[]): HibouDraft[] {
  const r = texts.revised;
  const drafts = placed.map(({ draft: d, summary }) => ({
    ...d,
    kind: summary ? "verdict.revised" : d.kind,
    title: r.title(d.title),
    text: `${r.intro}\n\n${d.text}`,
  }));
  const first = ctx.events[0];
  if (drafts.length === 0 || placed.some((p) => p.summary) || !first) return drafts;
  const titles = placed.filter((p) => p.draft.to.role === "referee").map((p) => p.draft.title);
  const noLonger = stale.length > 0 ? r.noLonger(stale) : "";
  const notice = draft(
    referee(ctx),
    "verdict.revised",
    r.noticeTitle,
    [r.intro, noLonger, r.notice(titles)],
    first,
  );
  return [notice, ...drafts];
}
