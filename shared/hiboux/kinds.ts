/**
 * Every kind of hibou the composer and the thread opening can write (CONTRACT.md 6). docs/HIBOUX.md
 * shows each one; a test checks this list against the templates' source, so a new kind without a
 * story in the document fails the build rather than going undocumented.
 */
export const HIBOU_KINDS = [
  "duel.started",
  "turn.resolved",
  "turn.reminder",
  "fault.action",
  "fault.absence",
  "sanction.applied",
  "fault.cancelled",
  "correction.opened",
  "correction.accepted",
  "correction.expired",
  "duelist.disqualified",
  "ban.started",
  "ban.ended",
  "duel.finished",
  "duel.resumed",
  "disqualification.cancelled",
  "referee.decision-needed",
  "legilimens.relay",
  "points.adjusted",
  "referee.command-rejected",
  "derogation.granted",
  "verdict.revised",
  "duel.opening-refused",
] as const;
