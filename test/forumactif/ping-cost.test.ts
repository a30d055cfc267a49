import { describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { DUEL_BODY } from "../support/duels.js";
import { DUEL_FACES } from "../support/forumactif/dice-markup.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { createHarness } from "../support/harness.js";

describe("CONTRACT 4.4 a ping tells nothing of which topics are watched", () => {
  it("CONTRACT 4.4 a ping of a watched topic and of an unwatched one make the same requests of storage, and only the watched one schedules a read", async () => {
    const h = await createHarness({ forumactif: { reader: topicReader } });
    const board = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
    try {
      await h.forum({
        source: { type: "forumactif", baseUrl: board.url, dice: { name: "Duel", faces: DUEL_FACES } },
      });
      board.createTopic({ title: "Duel", topicId: "1234" });
      board.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
      expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
      await h.settle();

      const requests: string[] = [];
      h.client.middlewareStack.add(
        (next, context) => async (args) => {
          const input = args.input as { ConditionExpression?: string };
          requests.push(`${context.commandName}${input.ConditionExpression ? " (conditional)" : ""}`);
          return next(args);
        },
        { step: "initialize", name: "pingRequests" },
      );
      const ping = async (topicId: string, from: string) => {
        requests.length = 0;
        const res = await h.app.request("/webhooks/poudlard/forumactif/ping", {
          method: "POST",
          headers: { "content-type": "text/plain", "x-forwarded-for": from },
          body: JSON.stringify({ topicId }),
        });
        expect(res.status).toBe(202);
        return [...requests];
      };
      const before = board.topicRequests("1234").length;
      const watched = await ping("1234", "192.0.2.1");
      const unwatched = await ping("9999", "192.0.2.2");
      expect(watched.length).toBeGreaterThan(1);
      expect(unwatched).toEqual(watched);
      // Only the watched topic's read was brought forward.
      h.client.middlewareStack.remove("pingRequests");
      await h.settle();
      expect(board.topicRequests("1234").length).toBe(before + 1);
      expect(board.topicRequests("9999")).toHaveLength(0);
    } finally {
      await board.close();
    }
  });
});
