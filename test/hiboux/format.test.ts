import { describe, expect, it } from "vitest";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { spellName } from "../../shared/rules/ruleset-names.js";
import { de, formatDate, formatDay, formatDuration, formatPoints, sum } from "../../shared/texts/format.js";
import { texts } from "../../shared/texts/hiboux.js";

describe("French formatting", () => {
  it("dates are Paris time, in words", () => {
    expect(formatDate("2026-11-30T10:00:00Z")).toBe("le lundi 30 novembre 2026 à 11 h 00");
    expect(formatDate("2026-12-01T08:05:00Z")).toBe("le mardi 1er décembre 2026 à 9 h 05");
    expect(formatDate("2026-07-01T22:30:00Z")).toBe("le jeudi 2 juillet 2026 à 0 h 30");
  });

  it("a date formatted again, after many others, reads the same", () => {
    const instants = Array.from({ length: 200 }, (_, i) =>
      new Date(Date.parse("2026-03-28T22:00:00Z") + i * 37 * 60_000).toISOString(),
    );
    // Called with the instant alone: `formatDate` takes the zone as its second argument.
    const paris = (iso: string) => formatDate(iso);
    const first = instants.map(paris);
    expect(new Set(first).size).toBe(200);
    expect(instants.map(paris)).toEqual(first);
    expect([...instants].reverse().map(paris)).toEqual([...first].reverse());
    // Across the change to summer time (2026-03-29 at 01:00 UTC).
    expect(formatDate("2026-03-29T00:59:00.000Z")).toBe("le dimanche 29 mars 2026 à 1 h 59");
    expect(formatDate("2026-03-29T01:00:00.000Z")).toBe("le dimanche 29 mars 2026 à 3 h 00");
    expect(formatDay("2026-11-30T10:00:00Z")).toBe("lundi 30 novembre 2026 à 11 h 00");
    expect(formatDay("bientôt")).toBe("bientôt");
    expect(formatDay("bientôt")).toBe("bientôt");
  });

  it("an unreadable date is shown as given", () => {
    expect(formatDate("bientôt")).toBe("bientôt");
  });

  it("durations, points and spells read as the club writes them", () => {
    expect(formatDuration("P3D")).toBe("3 jours");
    expect(formatDuration("PT30M")).toBe("30 minutes");
    expect(formatDuration("P1DT12H")).toBe("1 jour et 12 heures");
    expect(formatDuration("P6M")).toBe("6 mois");
    expect(formatPoints(18, 25)).toBe("18/25 PD");
    expect(spellName(defaultRuleset, "pot-de-colle")).toBe("Maléfice du Pot de Colle");
    expect(spellName(defaultRuleset, "inconnu")).toBe("inconnu");
    expect(de("Alice Dubois")).toBe("d'Alice Dubois");
    expect(de("Bob Martin")).toBe("de Bob Martin");
  });

  it("R-4.10 a defence's modifier reads as a sum, with the typographic minus throughout", () => {
    expect(sum(1, -2)).toBe("1 − 2 = −1");
    expect(sum(2, 3)).toBe("2 + 3 = 5");
    expect(texts.turn.defence("Sortilège de Glace", "Bob Martin", 1, -2, 4)).toBe(
      "Contre l'attaque de Bob Martin (Sortilège de Glace) : défense 1 − 2 = −1 contre attaque 4",
    );
    expect(texts.turn.defence("Sortilège de Glace", "Bob Martin", 2, 3, 6)).toBe(
      "Contre l'attaque de Bob Martin (Sortilège de Glace) : défense 2 + 3 = 5 contre attaque 6",
    );
  });
});
