import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncate } from "../../../shared/adapters/notifiers/text.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("truncate", () => {
  it("leaves short texts alone and marks cut ones with …", () => {
    expect(truncate("Expelliarmus", 20)).toBe("Expelliarmus");
    expect(truncate("Expelliarmus", 6)).toBe("Expel…");
  });

  it("never splits an emoji in two", () => {
    expect(truncate("ab🦉cd", 4)).toBe("ab…");
  });

  it("never exceeds the limit and never leaves half a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.nat({ max: 220 }), (text, max) => {
        const cut = truncate(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(cut).not.toMatch(LONE_SURROGATE);
      }),
    );
  });
});
