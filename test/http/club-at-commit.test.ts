import { describe, expect, it } from "vitest";
import { activeDuel, postPayload, turnContent } from "../support/duels.js";
import { createHarness } from "../support/harness.js";

const alice = { id: "42", name: "Alice Dubois" };
const bob = { id: "43", name: "Bob Martin" };

describe("CONTRACT 8 the club's records are current at the commit", () => {
  it("CONTRACT 8 the club page shows each turn as soon as its post is answered, before any relay run; CONTRACT 6.1 /status counts its hiboux undelivered", async () => {
    const h = await createHarness({ start: "2026-11-30T10:00:00.000Z" });
    await activeDuel(h);
    const posts = [
      { postId: "1001", author: alice, target: "Bob", at: "2026-11-30T10:05:00Z" },
      { postId: "1002", author: bob, target: "Alice", at: "2026-11-30T10:10:00Z" },
      // The duelists' accounts are known by now: a turn that writes no account.
      { postId: "1003", author: alice, target: "Bob", at: "2026-11-30T10:15:00Z" },
      { postId: "1004", author: bob, target: "Alice", at: "2026-11-30T10:20:00Z" },
    ];
    for (const [i, post] of posts.entries()) {
      const { target, at, ...rest } = post;
      const answer = await h.generic(postPayload({ ...rest, createdAt: at, content: turnContent(target) }));
      expect(answer.body.result).toBe("applied");
      // No relay has run (h.settle() is never called): what the reads show is the commit's.
      const next = i % 2 === 0 ? bob : alice;
      const page = await h.app.request("/club/poudlard");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`tour ${i + 2} : à ${next.name} de jouer`);
      const club = await h.app.request("/forums/poudlard/club");
      const body = (await club.json()) as { active: { turn: { duelistId: string; number: number } }[] };
      expect(body.active.map((a) => a.turn)).toEqual([
        expect.objectContaining({ duelistId: next.id, number: i + 2 }),
      ]);
      const status = await h.admin("GET", "/status");
      const undelivered = (status.body.notifications as { undelivered: number }).undelivered;
      expect(undelivered).toBeGreaterThan(0);
    }
    await h.settle();
    const status = await h.admin("GET", "/status");
    expect((status.body.notifications as { undelivered: number }).undelivered).toBe(0);
  });
});
