import { describe, expect, it } from "vitest";
import { de, formatDate, formatDuration, formatPoints, spellName } from "../../shared/hiboux/format.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";

describe("French formatting", () => {
  it("dates are Paris time, in words", () => {
    expect(formatDate("2026-11-30T10:00:00Z")).toBe("le lundi 30 novembre 2026 à 11 h 00");
    expect(formatDate("2026-12-01T08:05:00Z")).toBe("le mardi 1er décembre 2026 à 9 h 05");
    expect(formatDate("2026-07-01T22:30:00Z")).toBe("le jeudi 2 juillet 2026 à 0 h 30");
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
});
