import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeMark, HASH_LENGTH, postMark } from "../../shared/domain/state.js";
import { Duel } from "./fixtures.js";

describe("post marks", () => {
  it("R-6.3 a post's mark (hash, author, edited, deleted, in duel, valid) survives its compact encoding", () => {
    const registered = new Duel().state;
    fc.assert(
      fc.property(
        fc.record({
          hash: fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${HASH_LENGTH}}$`)),
          authorId: fc.string({ minLength: 1, maxLength: 30 }),
          tampered: fc.boolean(),
          deleted: fc.boolean(),
          inDuel: fc.boolean(),
          valid: fc.boolean(),
        }),
        (mark) => {
          const state = { ...registered, posts: { p: encodeMark(mark) } };
          expect(postMark(state, "p")).toEqual(mark);
        },
      ),
    );
    expect(postMark(registered, "missing")).toBeUndefined();
  });
});
