import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeKey } from "../../shared/parsing/normalize.js";

/*
 * normalizeKey once answered plain ASCII words ("Sort", "Bob Martin") with toLowerCase alone, a
 * short path since removed. Every key and name that path served must still normalise to the same
 * text: recaps, stored particularity ids and duelists' names are matched by it.
 */

/** What the removed short path served: ASCII letters and digits, words separated by single spaces. */
const PLAIN_WORDS = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

const asciiWord = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
const plainWords = fc.array(asciiWord, { minLength: 1, maxLength: 6 }).map((words) => words.join(" "));

describe("normalizeKey without its short path", () => {
  it("lower-cases plain ASCII words and nothing else, as the short path did", () => {
    fc.assert(
      fc.property(plainWords, (s) => {
        expect(PLAIN_WORDS.test(s)).toBe(true);
        expect(normalizeKey(s)).toBe(s.toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });
});
