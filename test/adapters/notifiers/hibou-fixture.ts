import type { Hibou } from "../../../shared/ports/notifier.js";

/** A hibou to the referee, as the outbox would hand it over. */
export function aHibou(overrides: Partial<Hibou> = {}): Hibou {
  return {
    id: "hibou-01JF3K",
    duelId: "duel-42",
    forumId: "poudlard",
    threadId: "1234",
    to: { role: "referee", id: "7", name: "Minerva McGonagall", username: "minerva" },
    kind: "fault.absence",
    title: "Faute d'absence",
    text: "Alice Dubois n'a pas répondu dans les 72 heures : faute d'absence.",
    createdAt: "2026-12-03T10:00:00.000Z",
    eventId: "evt-17",
    rule: "R-6.1",
    ...overrides,
  };
}
