import type { DuelEvent } from "../domain/events.js";
import { currentTurn, type Duel } from "../domain/state.js";
import { formatPoints } from "../texts/format.js";
import { texts } from "../texts/hiboux.js";
import {
  type Context,
  draft,
  duelist,
  type EventOf,
  type HibouDraft,
  nameOf,
  postWhen,
  toDuelist,
} from "./context.js";

/** The duelist a verdict concerns, by whom the previous and the new verdicts named. */
function concerned(events: readonly DuelEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type === "turn.played" || e.type === "fault.action" || e.type === "fault.absence")
      ids.add(e.duelistId);
    if (e.type === "sanction.applied" || e.type === "points.lost" || e.type === "duelist.disqualified")
      ids.add(e.duelistId);
  }
  return ids;
}

const faultsOf = (events: readonly DuelEvent[], id: string) =>
  events.filter(
    (e): e is EventOf<"fault.action" | "fault.absence"> =>
      (e.type === "fault.action" || e.type === "fault.absence") && e.duelistId === id,
  );

/** The same fault in both verdicts: same kind, same post (an absence: same turn). */
const sameFault = (
  a: EventOf<"fault.action" | "fault.absence">,
  b: EventOf<"fault.action" | "fault.absence">,
) =>
  a.type === b.type &&
  (a.type === "fault.action" && b.type === "fault.action" ? a.postId === b.postId : true) &&
  (a.type === "fault.absence" && b.type === "fault.absence" ? a.turn === b.turn : true);

/** The lines that end a duelist's revision: their points now, and whose turn it is. */
function whereItStands(
  ctx: Context,
  latest: Duel,
  id: string,
  now: { readonly points: number; readonly startingPoints: number },
): string[] {
  const r = texts.revised;
  const lines = [texts.yourTurn.points(formatPoints(now.points, now.startingPoints))];
  const turn = currentTurn(latest);
  if (turn)
    lines.push(
      turn.duelistId === id
        ? r.yourTurnNow(turn.number, turn.deadline, ctx.timeZone)
        : r.turnNow(nameOf(ctx, turn.duelistId), turn.number, turn.deadline, ctx.timeZone),
    );
  return lines;
}

/**
 * A revised verdict told to each duelist it concerns (CONTRACT.md 4.3): what was withdrawn (a fault
 * and its sanction), what their post now counts for, and whose turn it is. A duelist who already
 * gets a revised hibou of the input hears it there; one the old verdict never named hears nothing.
 * `latest` is the duel as the whole replay left it: whose turn it is now.
 */
export function revisedForDuelists(
  ctx: Context,
  previous: readonly DuelEvent[],
  told: readonly HibouDraft[],
  latest: Duel,
  stale: ReadonlyMap<string, readonly string[]> = new Map(),
): HibouDraft[] {
  const r = texts.revised;
  const first = ctx.events[0] ?? previous[0];
  if (!first) return [];
  const out: HibouDraft[] = [];
  const staleIds = [...stale.keys()].filter((id) => id !== "");
  for (const id of new Set([...concerned(previous), ...concerned(ctx.events), ...staleIds])) {
    const d = duelist(ctx, id);
    if (!d) continue;
    const removed = faultsOf(previous, id).filter(
      (f) => !faultsOf(ctx.events, id).some((n) => sameFault(f, n)),
    );
    const played = ctx.events.find(
      (e): e is EventOf<"turn.played"> => e.type === "turn.played" && e.duelistId === id,
    );
    const wasPlayed = previous.some((e) => e.type === "turn.played" && e.duelistId === id);
    const countsNow = played !== undefined && !wasPlayed;
    const toldAlready = told.some((h) => h.to.role === "duelist" && h.to.id === id);
    const noLonger = stale.get(id) ?? [];
    if (removed.length === 0 && !countsNow && noLonger.length === 0) continue;
    if (toldAlready && removed.length === 0 && noLonger.length === 0) continue;
    const body = [r.introYou];
    if (noLonger.length > 0) body.push(r.noLongerYou(noLonger));
    for (const f of removed) {
      const sanction = previous.find(
        (e): e is EventOf<"sanction.applied"> => e.type === "sanction.applied" && e.faultEventId === f.id,
      );
      const points = sanction ? sanction.points : null;
      const what =
        f.type === "fault.action" ? texts.common.violations(f.violations, ctx.ruleset.minWords) : "";
      body.push(
        f.type === "fault.action"
          ? r.actionFaultRemoved(f.count, postWhen(ctx, f.postId, first.at), what, points)
          : r.absenceFaultRemoved(f.count, f.turn, points),
      );
    }
    if (countsNow && played) {
      const named = removed.at(-1);
      body.push(
        named?.type === "fault.action" && named.postId === played.postId
          ? r.samePostCounts(played.number)
          : r.postCounts(postWhen(ctx, played.postId, played.at), played.number),
      );
    }
    // Where the duel stands now, after every post the replay placed, not only this one.
    const now = latest.duelists.find((x) => x.id === id) ?? d;
    body.push(...whereItStands(ctx, latest, id, now));
    const rules = [...new Set([...removed.map((f) => f.rule), ...(played ? [played.rule] : [])])];
    out.push(
      draft(toDuelist(ctx, id), "verdict.revised", r.noticeTitle, body, removed[0] ?? played ?? first, {
        rules,
      }),
    );
  }
  return out;
}

/**
 * When a re-ordering revised too many verdicts to send each one again (the decision must fit in one
 * transaction), one short hibou to each duelist who was told an old verdict or whom a new one
 * concerns: how many of their faults were withdrawn and how many now count, their points, and whose
 * turn it is now. The referee's notice names every verdict that changed.
 */
export function revisionSummaries(
  ctx: Context,
  revised: readonly { readonly events: readonly DuelEvent[]; readonly previous: readonly DuelEvent[] }[],
  told: ReadonlySet<string>,
  latest: Duel,
): HibouDraft[] {
  const r = texts.revised;
  const first = revised.flatMap((i) => [...i.events, ...i.previous])[0];
  if (!first) return [];
  const ids = new Set(told);
  for (const i of revised) for (const id of [...concerned(i.previous), ...concerned(i.events)]) ids.add(id);
  const out: HibouDraft[] = [];
  for (const id of ids) {
    const d = latest.duelists.find((x) => x.id === id);
    if (!d) continue;
    const before = revised.flatMap((i) =>
      faultsOf(i.previous, id).map((f) => ({ f, now: faultsOf(i.events, id) })),
    );
    const after = revised.flatMap((i) =>
      faultsOf(i.events, id).map((f) => ({ f, was: faultsOf(i.previous, id) })),
    );
    const withdrawn = before.filter(({ f, now }) => !now.some((n) => sameFault(f, n))).length;
    const added = after.filter(({ f, was }) => !was.some((w) => sameFault(f, w))).length;
    const body = [r.introYou, r.faultsChanged(withdrawn, added)];
    body.push(...whereItStands(ctx, latest, id, d));
    out.push(draft(toDuelist(ctx, id), "verdict.revised", r.noticeTitle, body, first));
  }
  return out;
}
