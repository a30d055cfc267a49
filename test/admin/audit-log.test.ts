import { describe, expect, it } from "vitest";
import type { DuelEvent } from "../../shared/domain/events.js";
import { eventDetail } from "../../shared/http/admin/audit.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";

const NAMES: Record<string, string> = { "42": "Alice Dubois", "43": "Bob Martin" };
const ctx = { nameOf: (id: string) => NAMES[id] ?? id, ruleset: defaultRuleset };
const base = { id: "in-1#0", at: "2026-11-30T10:00:00.000Z", rule: "R-7.1" };

/** An event's detail as the desk's audit log prints it: "label : value · label : value". */
function shown(event: DuelEvent): string {
  return eventDetail(event, ctx)
    .map((p) => `${p.label} : ${p.value}`)
    .join(" · ");
}

describe("CONTRACT 6.1 the desk's audit log speaks French", () => {
  it("R-6.7 a correction window names the missing fields in French", () => {
    const text = shown({
      ...base,
      rule: "R-6.7",
      type: "correction.opened",
      postId: "p4",
      duelistId: "42",
      until: "2026-11-30T10:30:00.000Z",
      missing: ["words", "cible", "zone", "pari"],
      post: {
        postId: "p4",
        authorId: "42",
        createdAt: "2026-11-30T10:00:00.000Z",
        content: "…",
        format: "text",
        dice: [3, 4],
      },
      turnNumber: 2,
    });
    expect(text).toContain("manque : mots (100 au moins), cible, zone du corps, pari de dé");
    expect(text).not.toMatch(/\bwords\b/);
  });

  it("R-6.3 a faulty post's violations read in French, each with its rule id", () => {
    const text = shown({
      ...base,
      rule: "R-6.3",
      type: "fault.action",
      duelistId: "43",
      postId: "p5",
      violations: ["out-of-turn", "spam", "words"],
      rules: ["R-1.5", "R-4.16", "R-6.3"],
      count: 1,
      by: "system",
    });
    expect(text).toContain(
      "infractions : message hors de son tour (R-1.5), même sort qu'au tour précédent (R-4.16), moins de 100 mots (R-6.3)",
    );
    expect(text).not.toMatch(/out-of-turn|\bspam\b/);
  });

  it("R-6.5 a sanction's kind is a fault's kind, in French", () => {
    const text = shown({
      ...base,
      rule: "R-6.5",
      type: "sanction.applied",
      duelistId: "43",
      faultEventId: "in-0#1",
      kind: "action",
      points: 3,
      disqualify: false,
    });
    expect(text).toContain("type : faute d'action");
    expect(text).not.toContain("sorte");
  });

  it("R-4.2 a spell is named from the duel's ruleset, not by its id", () => {
    expect(
      shown({
        ...base,
        rule: "R-3.3",
        type: "attack.launched",
        postId: "p2",
        attackerId: "42",
        targetId: "43",
        spellId: "desarmement",
        attack: 5,
      }),
    ).toContain("sort : Sortilège de Désarmement");
    expect(
      shown({
        ...base,
        rule: "R-3.2",
        type: "defence.resolved",
        postId: "p3",
        defenderId: "43",
        attackerId: "42",
        attackPostId: "p2",
        spellId: "feu",
        attack: 5,
        defence: 3,
        modifier: 0,
        outcome: "hit",
      }),
    ).toContain("sort : Sortilège de Feu");
  });

  it("R-7.1 a refused command's stored refusal reads in French: durations and dates in words", () => {
    const text = shown({
      ...base,
      type: "referee.command-rejected",
      postId: null,
      text: "derogation",
      code: "derogation_too_long",
      message: "Une dérogation ne peut dépasser P5D (R-6.2a).",
    });
    expect(text).toContain("erreur : Une dérogation ne peut dépasser 5 jours (R-6.2a).");
  });

  it("R-7.1 a referee's fault command shows its kind in French", () => {
    const text = shown({
      ...base,
      type: "referee.command",
      action: { command: "fault", duelistId: "43", kind: "absence" },
      via: "api",
    });
    expect(text).toContain("type : faute d'absence");
    expect(text).toContain("duelliste : Bob Martin");
  });
});
