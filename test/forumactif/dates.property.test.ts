import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findForumactifDate, parseForumactifDate } from "../../shared/forumactif/dates.js";
import { BOARD_DATE_FORMATS } from "../support/forumactif/date-formats.js";

const ZONES = ["Europe/Paris", "America/Montreal", "Europe/Brussels", "Pacific/Noumea", "UTC"];
const MINUTE = 60_000;
const START = Date.UTC(2012, 0, 1);
const END = Date.UTC(2031, 0, 1);

describe("Forumactif dates: every format a board can be set to reads back", () => {
  for (const format of BOARD_DATE_FORMATS) {
    it(`property: ${format.name}, read within its horizon, names the minute the post was made`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: (END - START) / MINUTE }),
          fc.integer({ min: 0, max: Math.floor(format.horizonMs / 1000) }),
          fc.constantFrom(...ZONES),
          (minute, ageSeconds, timeZone) => {
            const at = START + minute * MINUTE;
            const now = at + ageSeconds * 1000;
            const shown = format.show(at, now, timeZone);
            const ctx = { timeZone, now: new Date(now).toISOString() };
            const read = parseForumactifDate(shown, ctx);
            // The autumn hour shown twice reads as its first occurrence: an hour early at most.
            const delta = read === null ? Number.NaN : at - Date.parse(read);
            expect(
              delta === 0 || delta === 3_600_000,
              `${shown} in ${timeZone} at ${ctx.now} read as ${read}`,
            ).toBe(true);
            // The same date after a theme's words, glued to an icon's text where it starts with a
            // capital or a digit (as the real boards' `Icon_minitimeMer 14 Oct`), reads the same.
            const glue = /^[\p{Lu}\d]/u.test(shown) ? "" : " ";
            expect(findForumactifDate(`Re: Duel du 12 Oct Icon_minitime${glue}${shown}`, ctx)).toBe(read);
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
