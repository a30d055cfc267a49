import { describe, expect, it } from "vitest";
import { contentHash } from "../../shared/domain/decide-post.js";
import { type DiceReading, diffTopic } from "../../shared/forumactif/topic-diff.js";
import type { TopicPage, TopicPost } from "../../shared/forumactif/types.js";

const GM = "Maître du jeu";

function post(postId: string, html: string, extra: Partial<TopicPost> = {}): TopicPost {
  return {
    postId,
    authorId: "42",
    authorName: "Alice Dubois",
    createdAt: "2026-11-30T10:00:00.000Z",
    html,
    edited: null,
    ...extra,
  };
}

function page(posts: TopicPost[], currentPage = 1, lastPage = 1): TopicPage {
  return {
    template: "modernbb",
    topicId: "1234",
    title: "Duel",
    pagination: { perPage: 25, offset: (currentPage - 1) * 25, currentPage, lastPage, lastPageOffset: null },
    posts,
    unreadable: [],
  };
}

const options = (diceMode: "server" | "forum" = "server", roll: DiceReading = { status: "none" }) => ({
  now: "2026-11-30T12:00:00.000Z",
  diceMode,
  isGameMaster: (p: TopicPost) => p.authorName === GM && p.authorId === null,
  rollOf: () => roll,
});

const known = (...posts: [string, string][]) =>
  Object.fromEntries(posts.map(([id, html]) => [id, { hash: contentHash(html), authorId: "42" }]));

describe("CONTRACT 4.4: a topic read becomes the intake's created, edited and deleted posts", () => {
  it("a post not known is created, in the page's order", () => {
    const diff = diffTopic({}, [page([post("10", "a"), post("11", "b")])], options());
    expect(diff.changes.map((c) => [c.kind, c.postId])).toEqual([
      ["created", "10"],
      ["created", "11"],
    ]);
  });

  it("reading the same page twice changes nothing", () => {
    const diff = diffTopic(
      known(["10", "a"], ["11", "b"]),
      [page([post("10", "a"), post("11", "b")])],
      options(),
    );
    expect(diff.changes).toEqual([]);
  });

  it("a changed content is an edit at the time of its note, or of the read without one", () => {
    const noted = post("10", "a2", {
      edited: { by: "Alice Dubois", at: "2026-11-30T10:05:00.000Z", count: 1 },
    });
    const diff = diffTopic(known(["10", "a"], ["11", "b"]), [page([noted, post("11", "b2")])], options());
    expect(diff.changes.map((c) => [c.kind, c.postId, c.changedAt])).toEqual([
      ["edited", "10", "2026-11-30T10:05:59.999Z"],
      ["edited", "11", "2026-11-30T12:00:00.000Z"],
    ]);
  });

  it("a known post gone from within the pages read is deleted; one before them is not judged", () => {
    const pages = [page([post("30", "c"), post("32", "e")], 2, 2)];
    const diff = diffTopic(
      known(["20", "x"], ["30", "c"], ["31", "d"], ["32", "e"], ["33", "f"]),
      pages,
      options(),
    );
    expect(diff.changes.map((c) => [c.kind, c.postId])).toEqual([
      ["deleted", "31"],
      ["deleted", "33"],
    ]);
  });

  it("a post missing between two pages read is not judged (a deletion between the two reads moved it)", () => {
    const pages = [page([post("30", "c")], 2, 3), page([post("32", "e")], 3, 3)];
    const diff = diffTopic(known(["30", "c"], ["31", "d"], ["32", "e"]), pages, options());
    expect(diff.changes).toEqual([]);
  });

  it("the Game Master's roll gives the post it follows its forum dice, and is no post of the duel", () => {
    const gm = post("11", "<img src='de-duel-5.png'>", { authorId: null, authorName: GM });
    const diff = diffTopic(
      {},
      [page([post("10", "a"), gm])],
      options("forum", { status: "rolled", values: [5, 2] }),
    );
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatchObject({ kind: "created", postId: "10", forumDice: [5, 2] });
  });

  it("a roll that cannot be read holds the post back, never guessed", () => {
    const gm = post("11", "?", { authorId: null, authorName: GM });
    for (const roll of [
      { status: "unreadable", reason: "image inconnue" },
      { status: "rolled", values: [5] },
      { status: "rolled", values: [5, 9] },
    ] as DiceReading[]) {
      const diff = diffTopic({}, [page([post("10", "a"), gm])], options("forum", roll));
      expect(diff.changes).toEqual([]);
      expect(diff.held["10"]?.reason).toBe("unreadable_dice");
    }
  });

  it("a post seen twice across pages read (the topic moved between reads) is taken once", () => {
    const pages = [
      page([post("10", "a"), post("11", "b")], 1, 2),
      page([post("11", "b"), post("12", "c")], 2, 2),
    ];
    const diff = diffTopic({}, pages, options());
    expect(diff.changes.map((c) => c.postId)).toEqual(["10", "11", "12"]);
  });
});
