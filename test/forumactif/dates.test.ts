import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findForumactifDate, parseForumactifDate } from "../../shared/forumactif/dates.js";
import { formatBoardDate } from "../support/forumactif/format-date.js";

const paris = { timeZone: "Europe/Paris", now: "2026-12-01T13:30:00.000Z" };

describe("Issue 14: Forumactif dates, in the board's zone", () => {
  it("reads the full French and English forms", () => {
    expect(parseForumactifDate("Lun 30 Nov 2026 - 21:04", paris)).toBe("2026-11-30T20:04:00.000Z");
    expect(parseForumactifDate("Mon 30 Nov 2026 - 21:04", paris)).toBe("2026-11-30T20:04:00.000Z");
    expect(parseForumactifDate("Mer 27 Fév 2008 - 17:08", paris)).toBe("2008-02-27T16:08:00.000Z");
    expect(parseForumactifDate("Ven 31 Aoû 2018 - 21:07", paris)).toBe("2018-08-31T19:07:00.000Z");
    expect(parseForumactifDate("lundi 30 novembre 2026 à 21h04", paris)).toBe("2026-11-30T20:04:00.000Z");
    expect(parseForumactifDate("30/11/2026 21:04", paris)).toBe("2026-11-30T20:04:00.000Z");
  });

  it("reads the current year's form without a year, and the relative forms", () => {
    expect(parseForumactifDate("Dim 29 Nov à 09:15", paris)).toBe("2026-11-29T08:15:00.000Z");
    expect(parseForumactifDate("Aujourd'hui à 14:05", paris)).toBe("2026-12-01T13:05:00.000Z");
    expect(parseForumactifDate("Aujourd’hui à 14:05", paris)).toBe("2026-12-01T13:05:00.000Z");
    expect(parseForumactifDate("Hier à 22:10", paris)).toBe("2026-11-30T21:10:00.000Z");
    expect(parseForumactifDate("Today at 14:05", paris)).toBe("2026-12-01T13:05:00.000Z");
    expect(parseForumactifDate("Today at 2:05 pm", paris)).toBe("2026-12-01T13:05:00.000Z");
    expect(parseForumactifDate("Yesterday at 22:10", paris)).toBe("2026-11-30T21:10:00.000Z");
  });

  it("'today' and 'yesterday' are the board's days, not UTC's", () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Paris.
    const lateUtc = { timeZone: "Europe/Paris", now: "2026-11-30T23:30:00.000Z" };
    expect(parseForumactifDate("Aujourd'hui à 00:20", lateUtc)).toBe("2026-11-30T23:20:00.000Z");
    expect(parseForumactifDate("Hier à 23:50", lateUtc)).toBe("2026-11-30T22:50:00.000Z");
  });

  it("a page served before midnight and read just after keeps its 'today' on the day it was served", () => {
    const justAfterMidnight = { timeZone: "Europe/Paris", now: "2026-11-30T23:01:00.000Z" };
    expect(parseForumactifDate("Aujourd'hui à 23:58", justAfterMidnight)).toBe("2026-11-30T22:58:00.000Z");
    expect(parseForumactifDate("Aujourd'hui à 00:00", justAfterMidnight)).toBe("2026-11-30T23:00:00.000Z");
  });

  it("is DST-correct: summer and winter offsets, the spring gap, the autumn hour read once", () => {
    expect(parseForumactifDate("Lun 13 Juil 2026 - 21:04", paris)).toBe("2026-07-13T19:04:00.000Z");
    expect(parseForumactifDate("Dim 29 Mar 2026 - 01:59", paris)).toBe("2026-03-29T00:59:00.000Z");
    expect(parseForumactifDate("Dim 29 Mar 2026 - 03:00", paris)).toBe("2026-03-29T01:00:00.000Z");
    expect(parseForumactifDate("Dim 25 Oct 2026 - 02:30", paris)).toBe("2026-10-25T00:30:00.000Z");
    expect(parseForumactifDate("Dim 25 Oct 2026 - 03:30", paris)).toBe("2026-10-25T02:30:00.000Z");
    // 'Yesterday' across the spring change: 29 Mar at noon is already summer time.
    const afterChange = { timeZone: "Europe/Paris", now: "2026-03-30T08:00:00.000Z" };
    expect(parseForumactifDate("Hier à 12:00", afterChange)).toBe("2026-03-29T10:00:00.000Z");
    const montreal = { timeZone: "America/Montreal", now: "2026-12-01T13:30:00.000Z" };
    expect(parseForumactifDate("Lun 30 Nov 2026 - 21:04", montreal)).toBe("2026-12-01T02:04:00.000Z");
  });

  it("a yearless December date read in early January is last year's", () => {
    const january = { timeZone: "Europe/Paris", now: "2027-01-02T10:00:00.000Z" };
    expect(parseForumactifDate("Ven 4 Déc à 15:57", january)).toBe("2026-12-04T14:57:00.000Z");
    expect(parseForumactifDate("Sam 2 Jan à 09:00", january)).toBe("2027-01-02T08:00:00.000Z");
    // The weekday settles it: 4 Dec 2022 was a Sunday, but a yearless date is this year or last.
    expect(parseForumactifDate("Dim 4 Déc à 15:57", january)).toBeNull();
  });

  it("never guesses: a wrong weekday, an impossible day or time, other text are null", () => {
    expect(parseForumactifDate("Mar 30 Nov 2026 - 21:04", paris)).toBeNull();
    expect(parseForumactifDate("Lun 31 Nov 2026 - 21:04", paris)).toBeNull();
    expect(parseForumactifDate("Lun 30 Nov 2026 - 25:04", paris)).toBeNull();
    expect(parseForumactifDate("30 Brumaire 2026 - 21:04", paris)).toBeNull();
    expect(parseForumactifDate("il y a 5 minutes", paris)).toBeNull();
    expect(parseForumactifDate("Lun 30 Nov 2026 - 21:04 et demie", paris)).toBeNull();
  });

  it("finds the post's date after the poster's name", () => {
    expect(findForumactifDate("par Harry Potter le Lun 30 Nov 2026 - 21:04", paris)).toBe(
      "2026-11-30T20:04:00.000Z",
    );
    expect(findForumactifDate("#3 Re: Duel du 12 Oct Hier à 22:10", paris)).toBe("2026-11-30T21:10:00.000Z");
  });

  it("property: any minute written the way the board writes it reads back as that minute", () => {
    const zones = ["Europe/Paris", "America/Montreal", "Europe/Brussels", "Pacific/Noumea", "UTC"];
    const start = Date.UTC(2020, 0, 1);
    const end = Date.UTC(2030, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: (end - start) / 60_000 }),
        fc.integer({ min: 0, max: 400 * 24 * 60 }),
        fc.constantFrom(...zones),
        fc.constantFrom("fr" as const, "en" as const),
        fc.constantFrom("auto" as const, "full" as const),
        (minute, ageMinutes, timeZone, language, style) => {
          const at = new Date(start + minute * 60_000).toISOString();
          const now = new Date(start + (minute + ageMinutes) * 60_000).toISOString();
          const shown = formatBoardDate(at, { timeZone, now, language, style });
          const read = parseForumactifDate(shown, { timeZone, now });
          // The autumn hour shown twice reads as its first occurrence: an hour early at most.
          const delta = read === null ? Number.NaN : Date.parse(at) - Date.parse(read);
          expect(delta === 0 || delta === 3_600_000, `${shown} in ${timeZone} read as ${read}`).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
