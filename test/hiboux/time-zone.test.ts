/**
 * Dates as the forum shows them (CONTRACT.md 6.1): a hibou, a thread reply, names a deadline, a
 * correction window's end and a ban's end on the clock the forum's posts are dated with (its
 * Forumactif board's zone), as it names the posts themselves (`postTime`); Paris time elsewhere.
 * Each case runs the real decider, then the app layer's effects.
 */
import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import { formatDate, formatDay } from "../../shared/texts/format.js";
import { refusalShown } from "../../shared/texts/refusals.js";
import { ALICE, attack, BOB, Duel } from "../domain/fixtures.js";
import { decided, hibouxOf } from "./decided.js";

const PARIS_FORUM = {
  forumId: "poudlard",
  name: "Poudlard RPG",
  referees: [{ id: "7", name: "Minerva McGonagall" }],
  notify: [{ type: "log" }],
  announce: "all",
  bot: { type: "discourse", baseUrl: "https://poudlard.example", username: "arbitre" },
} as unknown as ForumConfig;
/** A Québec board: its posts, and so its duelists' clocks, are in Montréal time. */
const MONTREAL_FORUM = { ...PARIS_FORUM, source: { timeZone: "America/Montreal" } } as unknown as ForumConfig;

/** What one decision writes to the outbox: its hiboux and its thread replies' lines. */
function told(duel: Duel, run: () => readonly DuelEvent[], forum: ForumConfig) {
  const effects = decided(duel, run, forum);
  return {
    hiboux: hibouxOf(effects),
    thread: effects.flatMap((e) => (e.type === "announce" ? e.reply.lines : [])).join("\n"),
  };
}

const textOf = (hiboux: readonly Hibou[], kind: string, to: string) =>
  hiboux.find((h) => h.kind === kind && (h.to.role === "duelist" ? h.to.id === to : to === "referee"))
    ?.text ?? "";

/** Alice plays turn 1 (Incendio at Bob): Bob's turn 2 is due three days later, 10:00 UTC. */
function turnPlayed(forum: ForumConfig) {
  const duel = new Duel();
  duel.top();
  return told(duel, () => duel.post(ALICE, attack("Incendio", "Bob"), [5, 1]), forum);
}

/** Alice's post without its bet (10:00 UTC): her window to fix it runs to 10:30 UTC. */
function windowOpened(forum: ForumConfig) {
  const duel = new Duel();
  duel.top();
  return told(duel, () => duel.post(ALICE, { Sort: "Incendio", Cible: "Bob", Zone: "torse" }, [5, 1]), forum);
}

/** Bob disqualified on 2026-11-30: banned until 2027-05-30 at 10:00 UTC. */
function banned(forum: ForumConfig) {
  const duel = new Duel();
  duel.top();
  return told(duel, () => duel.referee({ command: "disqualify", duelistId: BOB.id }, "Insultes."), forum);
}

describe("CONTRACT 6.1 dates read on the forum's clock, as its posts' times", () => {
  it("CONTRACT 6.1 formatDay and formatDate take the forum's zone, Paris time without one", () => {
    expect(formatDay("2026-12-01T19:00:00Z")).toBe("mardi 1er décembre 2026 à 20 h 00");
    expect(formatDay("2026-12-01T19:00:00Z", "Europe/Paris")).toBe("mardi 1er décembre 2026 à 20 h 00");
    expect(formatDay("2026-12-01T19:00:00Z", "America/Montreal")).toBe("mardi 1er décembre 2026 à 14 h 00");
    // Another day on the other side of the ocean.
    expect(formatDate("2026-12-01T03:30:00Z", "America/Montreal")).toBe(
      "le lundi 30 novembre 2026 à 22 h 30",
    );
    expect(formatDay("bientôt", "America/Montreal")).toBe("bientôt");
  });

  it("R-6.2 the reply deadline a Montréal board's duelist is told is Montréal time", () => {
    const { hiboux } = turnPlayed(MONTREAL_FORUM);
    expect(textOf(hiboux, "turn.resolved", BOB.id)).toContain(
      "À toi de jouer, Bob Martin : tour 2, à poster avant le jeudi 3 décembre 2026 à 5 h 00.",
    );
    expect(textOf(hiboux, "turn.resolved", "referee")).toContain(
      "Au tour de Bob Martin (tour 2), avant le jeudi 3 décembre 2026 à 5 h 00.",
    );
  });

  it("R-6.7 the correction window a Montréal board's duelist and referee are told ends in Montréal time", () => {
    const { hiboux } = windowOpened(MONTREAL_FORUM);
    expect(textOf(hiboux, "correction.opened", ALICE.id)).toContain(
      "Ton message de 5 h 00 (tour 1) est incomplet : pari de dé manquant. Envoie ce qui manque par hibou à l'arbitre, Minerva McGonagall, avant le lundi 30 novembre 2026 à 5 h 30",
    );
    expect(textOf(hiboux, "correction.opened", "referee")).toContain(
      "Il attend jusqu'au lundi 30 novembre 2026 à 5 h 30 (droit à l'erreur, R-6.7)",
    );
  });

  it("R-6.9 the ban a Montréal board's duelist and referee are told ends in Montréal time", () => {
    const { hiboux } = banned(MONTREAL_FORUM);
    expect(textOf(hiboux, "ban.started", BOB.id)).toContain(
      "tu ne pourras pas t'inscrire à un duel jusqu'au dimanche 30 mai 2027 à 6 h 00.",
    );
    expect(textOf(hiboux, "ban.started", "referee")).toContain(
      "Interdiction de tout duel pour Bob Martin jusqu'au dimanche 30 mai 2027 à 6 h 00",
    );
  });

  it("CONTRACT 3 the thread of a Montréal board reads its deadlines and windows in Montréal time", () => {
    expect(turnPlayed(MONTREAL_FORUM).thread).toContain(
      "À Bob Martin de jouer (tour 2), avant le jeudi 3 décembre 2026 à 5 h 00.",
    );
    expect(windowOpened(MONTREAL_FORUM).thread).toContain(
      "Message incomplet d'Alice Dubois : correction possible jusqu'au lundi 30 novembre 2026 à 5 h 30.",
    );
  });

  it("CONTRACT 6.1 a Paris forum's hiboux and replies read as before, Paris time", () => {
    const turn = turnPlayed(PARIS_FORUM);
    expect(textOf(turn.hiboux, "turn.resolved", BOB.id)).toContain(
      "à poster avant le jeudi 3 décembre 2026 à 11 h 00.",
    );
    expect(turn.thread).toContain(
      "À Bob Martin de jouer (tour 2), avant le jeudi 3 décembre 2026 à 11 h 00.",
    );
    const window = windowOpened(PARIS_FORUM);
    expect(textOf(window.hiboux, "correction.opened", ALICE.id)).toContain(
      "Ton message de 11 h 00 (tour 1) est incomplet : pari de dé manquant. Envoie ce qui manque par hibou à l'arbitre, Minerva McGonagall, avant le lundi 30 novembre 2026 à 11 h 30",
    );
    expect(window.thread).toContain("correction possible jusqu'au lundi 30 novembre 2026 à 11 h 30.");
    expect(textOf(banned(PARIS_FORUM).hiboux, "ban.started", BOB.id)).toContain(
      "jusqu'au dimanche 30 mai 2027 à 12 h 00.",
    );
  });

  it("R-6.9 a refusal quoting a ban's end reads it on the forum's clock where it is told", () => {
    const message = "Bob Martin est interdit(e) de duel jusqu'au 2027-05-30T10:00:00.000Z (R-6.9).";
    expect(refusalShown("duelist_banned", message)).toBe(
      "Bob Martin est interdit(e) de duel jusqu'au dimanche 30 mai 2027 à 12 h 00 (R-6.9).",
    );
    expect(refusalShown("duelist_banned", message, "America/Montreal")).toBe(
      "Bob Martin est interdit(e) de duel jusqu'au dimanche 30 mai 2027 à 6 h 00 (R-6.9).",
    );
  });
});
