import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { CORPUS } from "../fixtures/posts/corpus.js";
import { ctx } from "./context.js";
import { readingOf } from "./corpus-reading.js";

describe("CONTRACT 5 R-6.3 a corpus of posts as duelists write them", () => {
  it("holds at least forty posts from the four kinds of board", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CORPUS.map((p) => p.style))).toEqual(
      new Set(["forumactif", "phpbb", "discourse", "xenforo"]),
    );
    expect(new Set(CORPUS.map((p) => p.name)).size).toBe(CORPUS.length);
  });

  it.each(CORPUS.map((p) => [`${p.style}: ${p.name}`, p] as const))(
    "CONTRACT 5 R-6.3 reads %s",
    (_, post) => {
      expect(readingOf(readPost(post.content, post.format, ctx))).toEqual({
        unknownSpells: [],
        particularities: [],
        recoverWand: false,
        ...post.expected,
      });
    },
  );
});
