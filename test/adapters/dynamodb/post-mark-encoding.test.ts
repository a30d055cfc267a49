import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeMark, encodeMark } from "../../../shared/adapters/dynamodb/post-marks.js";
import { contentHash } from "../../../shared/domain/decide-post.js";

describe("post marks as stored", () => {
  it("R-6.3 a post's mark (hash, author, edited, deleted, in duel, valid) survives its compact encoding", () => {
    fc.assert(
      fc.property(
        fc.record({
          hash: fc.stringMatching(/^[A-Za-z0-9_-]{12}$/),
          authorId: fc.string({ minLength: 1, maxLength: 30 }),
          tampered: fc.boolean(),
          deleted: fc.boolean(),
          inDuel: fc.boolean(),
          valid: fc.boolean(),
        }),
        (mark) => {
          expect(decodeMark(encodeMark(mark))).toEqual(mark);
        },
      ),
    );
  });

  it("R-6.3 keeps the stored format: one hex flags character, the 12-character content hash, the author's id", () => {
    const hash = contentHash("Expelliarmus !");
    expect(hash).toHaveLength(12);
    const mark = { authorId: "42", hash, tampered: false, deleted: true, inDuel: true, valid: true };
    expect(encodeMark(mark)).toBe(`e${hash}42`);
    expect(decodeMark("chhhhhhhhhhhh42")).toEqual({
      authorId: "42",
      hash: "hhhhhhhhhhhh",
      tampered: false,
      deleted: false,
      inDuel: true,
      valid: true,
    });
  });
});
