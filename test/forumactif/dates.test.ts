import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findForumactifDate, parseForumactifDate } from "../../shared/forumactif/dates.js";
import { formatBoardDate } from "../support/forumactif/format-date.js";

const paris = { timeZone: "Europe/Paris", now: "2026-12-01T13:30:00.000Z" };

describe("Forumactif dates, in the board's zone", () => {
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
    // The weekday settles it: 4 Dec was a Sunday in 2022.
    expect(parseForumactifDate("Dim 4 Déc à 15:57", january)).toBe("2022-12-04T14:57:00.000Z");
  });

  it("never guesses: a wrong weekday, an impossible day or time, other text are null", () => {
    expect(parseForumactifDate("Mar 30 Nov 2026 - 21:04", paris)).toBeNull();
    expect(parseForumactifDate("Lun 31 Nov 2026 - 21:04", paris)).toBeNull();
    expect(parseForumactifDate("Lun 30 Nov 2026 - 25:04", paris)).toBeNull();
    expect(parseForumactifDate("30 Brumaire 2026 - 21:04", paris)).toBeNull();
    expect(parseForumactifDate("il y a 5 heures", paris)).toBeNull();
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

/** The reading instant of the real page in `../shared/fixtures/forumactif-real/`: 22 Aug 2025, 15:00 Paris. */
const realPageRead = { timeZone: "Europe/Paris", now: "2025-08-22T13:00:00.000Z" };

describe("Dates as boards show them", () => {
  it("the real board's date texts read to the fixture README's Paris times", () => {
    const shown: [string, string][] = [
      ["Mer 20 Aoû - 12:39", "2025-08-20T10:39:00.000Z"],
      ["Mer 20 Aoû - 16:11", "2025-08-20T14:11:00.000Z"],
      ["Mer 20 Aoû - 17:13", "2025-08-20T15:13:00.000Z"],
      ["Mer 20 Aoû - 17:22", "2025-08-20T15:22:00.000Z"],
      ["Mer 20 Aoû - 19:01", "2025-08-20T17:01:00.000Z"],
      ["Mer 20 Aoû - 20:55", "2025-08-20T18:55:00.000Z"],
      ["Hier à 2:13", "2025-08-21T00:13:00.000Z"],
      ["Hier à 9:37", "2025-08-21T07:37:00.000Z"],
      ["Hier à 13:14", "2025-08-21T11:14:00.000Z"],
      ["Hier à 17:43", "2025-08-21T15:43:00.000Z"],
    ];
    for (const [text, iso] of shown) {
      expect(parseForumactifDate(text, realPageRead), text).toBe(iso);
      // As the theme's date region reads: the anchor's title, a no-break space, then the date.
      expect(findForumactifDate(`Re: Liste des membres améliorée\u00a0${text}`, realPageRead), text).toBe(
        iso,
      );
    }
    // The ad block's empty date is no date.
    expect(findForumactifDate("Re: Liste des membres améliorée\u00a0", realPageRead)).toBeNull();
  });

  it("a yearless date is the latest one not after the reading whose weekday matches, any number of years back", () => {
    // 20 Aug 2026 is a Thursday: read in 2026 or 2027, « Mer 20 Aoû » is still 2025.
    const nextYear = { timeZone: "Europe/Paris", now: "2026-08-22T13:00:00.000Z" };
    expect(parseForumactifDate("Mer 20 Aoû - 12:39", nextYear)).toBe("2025-08-20T10:39:00.000Z");
    const twoYearsOn = { timeZone: "Europe/Paris", now: "2027-03-01T09:00:00.000Z" };
    expect(parseForumactifDate("Mer 20 Aoû - 12:39", twoYearsOn)).toBe("2025-08-20T10:39:00.000Z");
    // 20 Aug was a Friday in 2021: four years back from the page's reading.
    expect(parseForumactifDate("Ven 20 Aoû - 12:39", realPageRead)).toBe("2021-08-20T10:39:00.000Z");
    expect(parseForumactifDate("Fri 20 Aug - 12:39", realPageRead)).toBe("2021-08-20T10:39:00.000Z");
    // 29 February only comes back on a Monday every 28 years: 2016 from 2025.
    expect(parseForumactifDate("Lun 29 Fév - 10:00", realPageRead)).toBe("2016-02-29T09:00:00.000Z");
  });

  it("a yearless date without a weekday is the latest one not after the reading", () => {
    expect(parseForumactifDate("20 Aoû - 12:39", realPageRead)).toBe("2025-08-20T10:39:00.000Z");
    const dayBefore = { timeZone: "Europe/Paris", now: "2025-08-19T13:00:00.000Z" };
    expect(parseForumactifDate("20 Aoû - 12:39", dayBefore)).toBe("2024-08-20T10:39:00.000Z");
    // A board's clock a few minutes ahead of the reader's does not send a post a year back.
    const justBefore = { timeZone: "Europe/Paris", now: "2025-08-20T10:35:00.000Z" };
    expect(parseForumactifDate("20 Aoû - 12:39", justBefore)).toBe("2025-08-20T10:39:00.000Z");
  });

  it("a weekday glued to the word before it is checked", () => {
    // Read in May 2026: 14 Oct 2025 was a Tuesday, 14 Oct 2020 a Wednesday.
    const may = { timeZone: "Europe/Paris", now: "2026-05-01T10:00:00.000Z" };
    expect(findForumactifDate("Icon_minitimeMer 14 Oct - 23:34", may)).toBe("2020-10-14T21:34:00.000Z");
    expect(findForumactifDate("Icon_minitimeMar 14 Oct - 23:34", may)).toBe("2025-10-14T21:34:00.000Z");
    expect(parseForumactifDate("Icon_minitimeWed 14 Oct 2020 - 23:34", may)).toBeNull();
    expect(findForumactifDate("Icon_minitimeLun 14 Oct 2025 - 23:34", may)).toBeNull();
  });

  it("a date that contradicts its weekday in every year is unreadable, never guessed", () => {
    // Read in 2010, 29 February had been a Tuesday (2000), a Sunday (2004) and a Friday (2008).
    const in2010 = { timeZone: "Europe/Paris", now: "2010-06-01T10:00:00.000Z" };
    expect(parseForumactifDate("Lun 29 Fév - 10:00", in2010)).toBeNull();
    expect(findForumactifDate("par Harry le Lun 29 Fév - 10:00", in2010)).toBeNull();
    expect(parseForumactifDate("Mer 31 Nov - 10:00", realPageRead)).toBeNull();
  });

  it("reads « il y a N minutes » and « N minutes ago » back from the page's reading", () => {
    const at = { timeZone: "Europe/Paris", now: "2025-08-22T13:00:30.000Z" };
    expect(parseForumactifDate("il y a 5 minutes", at)).toBe("2025-08-22T12:55:00.000Z");
    expect(parseForumactifDate("Il y a une minute", at)).toBe("2025-08-22T12:59:00.000Z");
    expect(parseForumactifDate("il y a 1 minute", at)).toBe("2025-08-22T12:59:00.000Z");
    expect(parseForumactifDate("il y a 40 secondes", at)).toBe("2025-08-22T12:59:00.000Z");
    expect(parseForumactifDate("5 minutes ago", at)).toBe("2025-08-22T12:55:00.000Z");
    expect(parseForumactifDate("a minute ago", at)).toBe("2025-08-22T12:59:00.000Z");
    expect(findForumactifDate("par Harry il y a 12 minutes", at)).toBe("2025-08-22T12:48:00.000Z");
  });

  it("reads Forumotion's English forms", () => {
    const read = (text: string) => parseForumactifDate(text, realPageRead);
    expect(read("Wed 20 Aug - 12:39")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("Wed 20 Aug 2025 - 12:39")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("Wed Aug 20, 2025 12:39 pm")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("Wed Aug 20, 2025 12:39 am")).toBe("2025-08-19T22:39:00.000Z");
    expect(read("Wed, 20 Aug 2025 12:39")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("20 Aug 2025, 12:39")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("Aug 20th, '25, 12:39")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("August 20th, 2025, 12:39 pm")).toBe("2025-08-20T10:39:00.000Z");
    expect(read("Today at 2:05 pm")).toBe("2025-08-22T12:05:00.000Z");
    expect(read("Today, 13:37")).toBe("2025-08-22T11:37:00.000Z");
    expect(read("Yesterday, 1:37 pm")).toBe("2025-08-21T11:37:00.000Z");
    expect(read("Yesterday at 22:10")).toBe("2025-08-21T20:10:00.000Z");
    // The weekday written must agree there too.
    expect(read("Thu Aug 20, 2025 12:39 pm")).toBeNull();
    expect(read("Thu 20 Aug - 12:39")).toBe("2020-08-20T10:39:00.000Z");
  });
});
