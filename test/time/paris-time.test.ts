import { describe, expect, it } from "vitest";
import { formatDay } from "../../shared/texts/format.js";
import { icuParisParts, parisParts } from "../../shared/time/paris-time.js";

/** What ICU says: the formatter the hiboux used before, kept for dates before 1996. */
const icuParts = icuParisParts;

const MINUTE = 60_000;

/**
 * The instants of a year's changes of time, as ICU's zone data places them: the hours whose Paris
 * hour is not the previous one's plus one, searched in March and October (the first test samples
 * the rest of each year).
 */
function changesOf(year: number): number[] {
  const found: number[] = [];
  for (const month of [2, 9]) {
    let before = icuParts(new Date(Date.UTC(year, month, 1))).hour;
    for (let ms = Date.UTC(year, month, 1) + 3_600_000; ms < Date.UTC(year, month + 1, 1); ms += 3_600_000) {
      const hour = icuParts(new Date(ms)).hour;
      if (Number(hour) !== (Number(before) + 1) % 24) found.push(ms);
      before = hour;
    }
  }
  return found;
}

describe("Paris time without ICU (shared/time/paris-time.ts)", () => {
  it("gives ICU's parts over 1996–2100, every 7 h 13 min, and at each year's turn", () => {
    const differing: string[] = [];
    const step = 7 * 3_600_000 + 13 * MINUTE + 17_000;
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2101, 0, 1); ms += step) {
      const date = new Date(ms);
      if (JSON.stringify(parisParts(date)) !== JSON.stringify(icuParts(date)))
        differing.push(date.toISOString());
    }
    for (let year = 1996; year <= 2100; year++) {
      for (const ms of [
        Date.UTC(year, 0, 1) - 1,
        Date.UTC(year, 0, 1),
        Date.UTC(year, 11, 31, 22, 59, 59, 999),
      ]) {
        const date = new Date(ms);
        if (JSON.stringify(parisParts(date)) !== JSON.stringify(icuParts(date)))
          differing.push(date.toISOString());
      }
    }
    expect(differing).toEqual([]);
  });

  it("changes time at ICU's instants, to the millisecond, every year of 1996–2100", () => {
    const differing: string[] = [];
    for (let year = 1996; year <= 2100; year++) {
      const changes = changesOf(year);
      expect(changes).toHaveLength(2);
      for (const change of changes) {
        for (const ms of [change - 3_600_001, change - 1, change, change + 1, change + 59 * MINUTE]) {
          const date = new Date(ms);
          if (JSON.stringify(parisParts(date)) !== JSON.stringify(icuParts(date)))
            differing.push(date.toISOString());
        }
      }
    }
    expect(differing).toEqual([]);
  });

  it("leaves dates before 1996 (other rules) and past year 9999 to ICU", () => {
    for (const iso of [
      "1995-09-24T00:30:00Z",
      "1995-10-01T00:30:00Z",
      "1976-03-28T01:30:00Z",
      "+010000-01-01T00:00:00Z",
    ]) {
      expect(parisParts(new Date(iso))).toEqual(icuParts(new Date(iso)));
    }
    // September 1995: summer time had ended on the 24th (the rule of the time), as ICU knows.
    expect(formatDay("1995-09-30T12:00:00Z")).toBe("samedi 30 septembre 1995 à 13 h 00");
  });
});
