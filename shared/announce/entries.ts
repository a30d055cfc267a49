import { createHash } from "node:crypto";
import type { DuelEvent } from "../domain/events.js";
import type { Duel, DuelState } from "../domain/state.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { Effect } from "../ports/outbox-store.js";
import { composeAnnouncements } from "./compose.js";

/**
 * The marker a reply carries in its text: derived from the duel and the event it starts from, so
 * the same reply always has the same marker and a retry can find it in the thread.
 */
export function announceMarker(duelId: string, eventId: string): string {
  return `arb-${createHash("sha256").update(`${duelId}\n${eventId}`).digest("hex").slice(0, 10)}`;
}

/**
 * The thread replies of one decision, as outbox effects: only where the forum asked for them
 * (`announce`), has a bot to post them, and the referee did not turn them off for this duel.
 */
export function announcementEntries(input: {
  readonly forum: ForumConfig | null;
  readonly before: DuelState;
  readonly after: Duel;
  readonly events: readonly DuelEvent[];
  /** The zone the forum shows its dates in (`clubTimeZone`). */
  readonly timeZone?: string;
}): { readonly id: string; readonly effect: Effect }[] {
  const { forum, before, after } = input;
  const mode = forum?.announce ?? "none";
  if (!forum?.bot || mode === "none" || after.announceOff === true) return [];
  const rules = forum.announceRules === true;
  return composeAnnouncements({ mode, rules, before, events: input.events, timeZone: input.timeZone }).map(
    (draft) => ({
      id: `${draft.eventId}.announce`,
      effect: {
        type: "announce",
        forumId: after.forumId,
        reply: {
          duelId: after.id,
          threadId: after.threadId,
          title: draft.title,
          lines: draft.lines,
          marker: announceMarker(after.id, draft.eventId),
        },
      },
    }),
  );
}
