import { composeAnnouncements } from "../announce/compose.js";
import type { DuelEvent } from "../domain/events.js";
import { currentTurn, type Duel, initialState } from "../domain/state.js";
import { ApiError } from "../errors.js";
import type { DuelRepository, StoredInput } from "../ports/duel-repository.js";
import type { ForumConfig } from "../ports/forum-store.js";
import { clubTexts } from "../texts/club.js";
import { cardTexts, countdown } from "../texts/duel-card.js";
import { errorTexts } from "../texts/errors.js";
import { duelName } from "../texts/format.js";
import { threadUrl } from "./thread-url.js";

/** A duel as its card shows it in the thread (CONTRACT.md 9): nothing private, nothing the thread does not say. */
export interface DuelCard {
  readonly forum: { readonly id: string; readonly name: string };
  readonly duelId: string;
  /** « Alice Dubois contre Bob Martin ». */
  readonly title: string;
  readonly threadTitle: string | null;
  readonly threadUrl: string | null;
  readonly status: Duel["status"];
  readonly duelists: readonly {
    readonly id: string;
    readonly name: string;
    readonly points: number;
    readonly startingPoints: number;
    readonly actionFaults: number;
    readonly absenceFaults: number;
    readonly disarmed: boolean;
    readonly status: "active" | "out" | "disqualified";
  }[];
  readonly turn: {
    readonly duelistId: string;
    readonly name: string;
    readonly number: number;
    readonly deadline: string;
    /** What is left, in words: « encore 2 j 5 h ». */
    readonly left: string;
  } | null;
  /** A post waiting in its correction window: whose, until when. */
  readonly correction: { readonly duelistId: string; readonly name: string; readonly until: string } | null;
  /** The last verdict told in the thread, in one sentence; null before the first. */
  readonly lastVerdict: string | null;
  readonly result: {
    readonly winnerId: string | null;
    readonly winnerName: string | null;
    readonly reason: "points" | "disqualification" | "referee";
    /** « Victoire de Alice Dubois aux points. » */
    readonly text: string;
  } | null;
  readonly stakes: string | null;
  readonly stakesHonoured: boolean | null;
  /** When the card was computed. */
  readonly at: string;
}

/** Lines of a thread reply that are not its verdict: the dice, the points, who plays next, the rules. */
const NOT_VERDICT = /^(Dés :|Points :|À .* de jouer|Règles :)/;

/**
 * The last verdict the thread was told (shared/announce, as with `announce: "turns"`), in one
 * sentence: the reply's title, then what was decided.
 */
export function lastVerdict(events: readonly DuelEvent[]): string | null {
  const replies = composeAnnouncements({ mode: "turns", before: initialState, events });
  const last = replies.at(-1);
  if (!last) return null;
  const said = last.lines.filter((line) => !NOT_VERDICT.test(line)).join(" ");
  return said ? `${last.title} : ${said}` : last.title;
}

/** The card of a duel from its state and its inputs (their events, oldest first). */
export function duelCard(
  forum: ForumConfig,
  state: Duel,
  inputs: readonly StoredInput[],
  now: string,
): DuelCard {
  const nameOf = (id: string | null) =>
    id === null ? null : (state.duelists.find((d) => d.id === id)?.name ?? id);
  const turn = currentTurn(state);
  const pending = state.pending[0];
  const result =
    state.status === "finished"
      ? {
          winnerId: state.result.winnerId,
          winnerName: nameOf(state.result.winnerId),
          reason: state.result.reason,
          text:
            state.result.winnerId === null
              ? cardTexts.draw(clubTexts.reason[state.result.reason])
              : cardTexts.winner(nameOf(state.result.winnerId) ?? "", clubTexts.reason[state.result.reason]),
        }
      : null;
  return {
    forum: { id: forum.forumId, name: forum.name },
    duelId: state.id,
    title: duelName(state.duelists.map((d) => d.name)),
    threadTitle: state.threadTitle ?? null,
    threadUrl: threadUrl(forum, state.threadId),
    status: state.status,
    duelists: state.duelists.map((d) => ({
      id: d.id,
      name: d.name,
      points: d.points,
      startingPoints: d.startingPoints,
      actionFaults: d.actionFaults,
      absenceFaults: d.absenceFaults,
      disarmed: d.disarmed,
      status: d.status,
    })),
    turn: turn
      ? {
          duelistId: turn.duelistId,
          name: nameOf(turn.duelistId) ?? turn.duelistId,
          number: turn.number,
          deadline: turn.deadline,
          left: countdown(now, turn.deadline),
        }
      : null,
    correction: pending
      ? { duelistId: pending.duelistId, name: nameOf(pending.duelistId) ?? "", until: pending.until }
      : null,
    lastVerdict: lastVerdict(inputs.flatMap((i) => i.events)),
    result,
    stakes: state.stakes,
    stakesHonoured: state.status === "finished" ? (state.stakesHonoured ?? null) : null,
    at: now,
  };
}

/**
 * A duel of a public club, with its forum (CONTRACT.md 9): 404 `club_private` when the forum keeps
 * its records private, 404 `duel_not_found` for a duel of another forum or none.
 */
export async function publicDuel(
  store: Pick<DuelRepository, "loadForumAndDuel">,
  forumId: string,
  duelId: string,
): Promise<{ forum: ForumConfig; state: Duel }> {
  const loaded = await store.loadForumAndDuel(forumId, duelId);
  const forum = loaded.forum;
  if (!forum) throw new ApiError(404, "forum_not_found", clubTexts.forumNotFound);
  if (forum.club?.public === false) throw new ApiError(404, "club_private", clubTexts.private);
  const state = loaded.duel?.state;
  if (!state || state.forumId !== forumId)
    throw new ApiError(404, "duel_not_found", errorTexts.duel_not_found);
  return { forum, state };
}

/** The card of a public duel: its state and its inputs read apart (the inputs for the last verdict). */
export async function publicDuelCard(
  deps: {
    readonly store: Pick<DuelRepository, "loadForumAndDuel" | "listInputs">;
    readonly clock: { now(): Date };
  },
  forumId: string,
  duelId: string,
): Promise<{ card: DuelCard; forum: ForumConfig }> {
  const { forum, state } = await publicDuel(deps.store, forumId, duelId);
  const inputs = await deps.store.listInputs(duelId);
  return { card: duelCard(forum, state, inputs, deps.clock.now().toISOString()), forum };
}
