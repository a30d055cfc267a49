import { describe, expect, it } from "vitest";
import { formatDay } from "../../shared/texts/format.js";
import { intlWallTimeAt, PARIS, parisDay, wallTimeAt, zonedToUtc } from "../../shared/time/zoned-time.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the runtime's Intl data says of Paris: the reference the EU rule is checked against. */
const intlParis = (ms: number) => intlWallTimeAt(ms, PARIS);

/**
 * The instants of a year's changes of time, as Intl's zone data places them: the hours whose Paris
 * hour is not the previous one's plus one, searched in March and October (the first test samples
 * the rest of each year).
 */
function changesOf(year: number): number[] {
  const found: number[] = [];
  for (const month of [2, 9]) {
    let before = intlParis(Date.UTC(year, month, 1)).hour;
    for (let ms = Date.UTC(year, month, 1) + HOUR; ms < Date.UTC(year, month + 1, 1); ms += HOUR) {
      const hour = intlParis(ms).hour;
      if (hour !== (before + 1) % 24) found.push(ms);
      before = hour;
    }
  }
  return found;
}

/** The instants among `instants` where the rule and Intl disagree on Paris's wall time. */
function differing(instants: readonly number[]): string[] {
  return instants
    .filter((ms) => JSON.stringify(wallTimeAt(ms, PARIS)) !== JSON.stringify(intlParis(ms)))
    .map((ms) => new Date(ms).toISOString());
}

describe("Paris time from the EU rule (shared/time/zoned-time.ts)", () => {
  it("gives Intl's wall time over 1996–2100, every 7 h 13 min, and at each year's turn", () => {
    const instants: number[] = [];
    const step = 7 * HOUR + 13 * MINUTE + 17_000;
    for (let ms = Date.UTC(1996, 0, 1); ms < Date.UTC(2101, 0, 1); ms += step) instants.push(ms);
    for (let year = 1996; year <= 2100; year++)
      instants.push(Date.UTC(year, 0, 1) - 1, Date.UTC(year, 0, 1), Date.UTC(year, 11, 31, 22, 59, 59, 999));
    expect(differing(instants)).toEqual([]);
  });

  it("changes time at Intl's instants, to the millisecond, every year of 1996–2100", () => {
    const instants: number[] = [];
    for (let year = 1996; year <= 2100; year++) {
      const changes = changesOf(year);
      expect(changes).toHaveLength(2);
      for (const change of changes)
        instants.push(change - HOUR - 1, change - 1, change, change + 1, change + 59 * MINUTE);
    }
    expect(differing(instants)).toEqual([]);
  });

  it("leaves dates before 1996 (other rules) and past year 9999 to Intl", () => {
    for (const iso of [
      "1995-09-24T00:30:00Z",
      "1995-10-01T00:30:00Z",
      "1976-03-28T01:30:00Z",
      "+010000-01-01T00:00:00Z",
    ])
      expect(wallTimeAt(Date.parse(iso), PARIS)).toEqual(intlParis(Date.parse(iso)));
    // September 1995: summer time had ended on the 24th (the rule of the time), as Intl knows.
    expect(formatDay("1995-09-30T12:00:00Z")).toBe("samedi 30 septembre 1995 à 13 h 00");
    expect(parisDay(new Date("1995-09-30T22:30:00Z"))).toBe("1995-09-30");
  });

  it("tells the Paris day, which turns at local midnight (22:00 or 23:00 UTC)", () => {
    expect(parisDay(new Date("2026-07-14T21:59:00Z"))).toBe("2026-07-14");
    expect(parisDay(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
    expect(parisDay(new Date("2026-12-31T22:59:00Z"))).toBe("2026-12-31");
    expect(parisDay(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });
});

describe("a local time to its instant, in any zone", () => {
  // Brussels keeps the same rule as Paris, read through Intl: both ways must agree.
  for (const zone of [PARIS, "Europe/Brussels"]) {
    it(`${zone}: the spring gap moves forward by the hour, as a wall clock would`, () => {
      // 29 March 2026: 02:00 becomes 03:00; 02:30 is never shown.
      expect(new Date(zonedToUtc(2026, 3, 29, 2, 30, zone)).toISOString()).toBe("2026-03-29T01:30:00.000Z");
      expect(new Date(zonedToUtc(2026, 3, 29, 1, 59, zone)).toISOString()).toBe("2026-03-29T00:59:00.000Z");
      expect(new Date(zonedToUtc(2026, 3, 29, 3, 0, zone)).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    });

    it(`${zone}: the autumn hour shown twice reads as its first occurrence`, () => {
      // 25 October 2026: 03:00 becomes 02:00; 02:30 is shown at 00:30 and at 01:30 UTC.
      expect(new Date(zonedToUtc(2026, 10, 25, 2, 30, zone)).toISOString()).toBe("2026-10-25T00:30:00.000Z");
      expect(new Date(zonedToUtc(2026, 10, 25, 3, 0, zone)).toISOString()).toBe("2026-10-25T02:00:00.000Z");
      expect(wallTimeAt(Date.parse("2026-10-25T01:30:00Z"), zone)).toMatchObject({ hour: 2, minute: 30 });
    });
  }

  it("reads a zone of the other hemisphere and one without summer time", () => {
    // Sydney: summer time in January (UTC+11), not in July (UTC+10).
    expect(new Date(zonedToUtc(2026, 1, 15, 12, 0, "Australia/Sydney")).toISOString()).toBe(
      "2026-01-15T01:00:00.000Z",
    );
    expect(new Date(zonedToUtc(2026, 7, 15, 12, 0, "Australia/Sydney")).toISOString()).toBe(
      "2026-07-15T02:00:00.000Z",
    );
    expect(new Date(zonedToUtc(2026, 7, 15, 12, 0, "UTC")).toISOString()).toBe("2026-07-15T12:00:00.000Z");
  });

  it("is the inverse of wallTimeAt outside the changes of time", () => {
    for (const zone of [PARIS, "America/Montreal", "Asia/Kolkata"]) {
      for (let ms = Date.UTC(2026, 0, 1, 0, 7); ms < Date.UTC(2027, 0, 1); ms += 97 * HOUR + 11 * MINUTE) {
        const wall = wallTimeAt(ms, zone);
        expect(zonedToUtc(wall.year, wall.month, wall.day, wall.hour, wall.minute, zone)).toBe(ms);
      }
    }
  });
});
