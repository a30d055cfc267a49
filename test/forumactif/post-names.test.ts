import { describe, expect, it } from "vitest";
import { PostNames, pollHiboux } from "../../shared/app/poll-effects.js";
import type { Duel } from "../../shared/domain/state.js";

const posts = [
  { postId: "6001", authorName: "Minerva McGonagall", createdAt: "2026-11-30T09:58:00.000Z" },
  { postId: "6003", authorName: "Alice Dubois", createdAt: "2026-11-30T13:02:00.000Z" },
  { postId: "6004", authorName: "Hermione Granger", createdAt: "2026-11-29T20:15:00.000Z" },
];
const duel = { threadId: "1234" } as Duel;

describe("the Forumactif poller's hiboux name posts by author and time, never by id (CONTRACT 6.1)", () => {
  const names = new PostNames(posts, "2026-11-30T15:00:00.000Z", "Europe/Paris");

  it("names a post by its author, elided, and its time in the board's time zone; another day's by its day", () => {
    expect(names.of("6003")).toBe("le message d'Alice Dubois de 14 h 02");
    expect(names.of("6001")).toBe("le message de Minerva McGonagall de 10 h 58");
    expect(names.of("6004")).toBe("le message d'Hermione Granger du dimanche 29 novembre à 21 h 15");
    expect(new PostNames(posts, "2026-11-30T15:00:00.000Z", "America/Montreal").of("6003")).toBe(
      "le message d'Alice Dubois de 8 h 02",
    );
  });

  it("names a post it cannot read by its author and the readable post before it", () => {
    expect(names.ofUnreadable({ postId: null, authorName: "Bob Martin", problem: "", after: "6003" })).toBe(
      "le message de Bob Martin qui suit le message d'Alice Dubois de 14 h 02",
    );
    expect(names.ofUnreadable({ postId: null, authorName: null, problem: "", after: null })).toBe(
      "un message en tête de page",
    );
  });

  it("writes the dice, refusal and unreadable-post hiboux with those names, no post id in their text", () => {
    const drafts = [
      pollHiboux.unreadableDice(duel, "6003", names.of("6003"), "aucun dé lisible"),
      pollHiboux.refused(duel, "6003", names.of("6003"), "le duel est fini"),
      pollHiboux.unreadablePost(
        duel,
        "6005",
        names.ofUnreadable({ postId: "6005", authorName: "Bob Martin", problem: "", after: "6003" }),
        "sa date est introuvable",
      ),
    ];
    expect(drafts.map((d) => d.text.split(" (le sujet")[0])).toEqual([
      "Le lancer de dés qui suit le message d'Alice Dubois de 14 h 02",
      "Le message d'Alice Dubois de 14 h 02",
      "Le message de Bob Martin qui suit le message d'Alice Dubois de 14 h 02",
    ]);
    for (const d of drafts) expect(d.text).not.toMatch(/600\d/);
    // The keys that keep a hibou from being sent twice still name the post.
    expect(drafts.map((d) => d.key)).toEqual(["dice.6003", "refused.6003", "unreadable-post.6005"]);
  });
});
