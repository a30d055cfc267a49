import { currentTurn, type Duel } from "../domain/state.js";
import type { OutboxEntry } from "../ports/outbox-store.js";

/** A duel as CONTRACT.md 6.1 shows it. */
export function duelView(state: Duel) {
  const turn = currentTurn(state);
  return {
    id: state.id,
    forumId: state.forumId,
    threadId: state.threadId,
    threadTitle: state.threadTitle ?? null,
    status: state.status,
    referee: state.referee,
    turn: turn ? { duelistId: turn.duelistId, number: turn.number, deadline: turn.deadline } : null,
    pending: state.pending.map((p) => ({
      postId: p.post.postId,
      duelistId: p.duelistId,
      until: p.until,
      missing: p.missing,
    })),
    queued: state.queue.map((p) => ({ postId: p.postId, duelistId: p.authorId })),
    duelists: state.duelists.map((d) => ({
      id: d.id,
      name: d.name,
      year: d.year,
      points: d.points,
      startingPoints: d.startingPoints,
      absenceFaults: d.absenceFaults,
      actionFaults: d.actionFaults,
      disarmed: d.disarmed,
      status: d.status,
      correctionUsed: d.correctionUsed,
      derogationUsed: d.derogationUsed,
      particularities: d.particularities,
      usedParticularities: d.usedParticularities,
    })),
    result: state.status === "finished" ? state.result : null,
    stakes: state.stakes,
    bans: state.bans,
    createdAt: state.createdAt,
  };
}

export type DuelView = ReturnType<typeof duelView>;

/**
 * The hiboux of a duel (CONTRACT.md 6.1): one per hibou, delivered when every channel has it;
 * each channel's state is shown beside, with its attempts and last error.
 */
export function notificationsView(entries: readonly OutboxEntry[]) {
  const byHibou = new Map<
    string,
    { hibou: Extract<OutboxEntry["effect"], { type: "notify" }>["hibou"]; channels: OutboxEntry[] }
  >();
  for (const entry of entries) {
    if (entry.effect.type !== "notify") continue;
    const existing = byHibou.get(entry.effect.hibou.id);
    if (existing) existing.channels.push(entry);
    else byHibou.set(entry.effect.hibou.id, { hibou: entry.effect.hibou, channels: [entry] });
  }
  return [...byHibou.values()].map(({ hibou, channels }) => {
    const delivered = channels.every((c) => c.doneAt);
    const last =
      channels
        .map((c) => c.doneAt ?? "")
        .sort()
        .at(-1) ?? null;
    return {
      id: hibou.id,
      to: { role: hibou.to.role, id: hibou.to.id, ...(hibou.to.name ? { name: hibou.to.name } : {}) },
      kind: hibou.kind,
      title: hibou.title,
      text: hibou.text,
      rule: hibou.rule ?? null,
      eventId: hibou.eventId,
      createdAt: hibou.createdAt,
      deliveredAt: delivered ? last : null,
      channels: channels.map((c) => ({
        type: c.effect.type === "notify" ? c.effect.channelType : "log",
        deliveredAt: c.doneAt,
        attempts: c.attempts,
        lastError: c.lastError,
        failedAt: c.failedAt,
      })),
    };
  });
}
