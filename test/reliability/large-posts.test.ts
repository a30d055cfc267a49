import { describe, expect, it } from "vitest";
import { MAX_HELD_POST_BYTES, MAX_POST_BYTES, storedBytes } from "../../shared/http/post-size.js";
import { LONG_RP, turnContent } from "../support/duels.js";
import {
  ALICE,
  afterTheFile,
  BOB,
  deliverDiscourse,
  deliverGeneric,
  openDuel,
  recordedHarness,
  report,
  type ThreadPost,
  tableItems,
} from "./support.js";

afterTheFile("large-posts");

const figures: Record<string, number> = {};

/** `base` padded with `unit` until its stored form (JSON, UTF-8) is exactly `bytes`. */
function storedAs(base: string, bytes: number, unit: string): string {
  let text = `${base}\n`;
  const step = storedBytes(unit) - 2;
  while (storedBytes(text) + step <= bytes)
    text += unit.repeat(Math.max(1, Math.floor((bytes - storedBytes(text)) / step / 2)));
  while (storedBytes(text) < bytes) text += "x";
  return text;
}

const post = (postId: string, author: ThreadPost["author"], minute: number, content: string): ThreadPost => ({
  threadId: "1234",
  postId,
  author,
  createdAt: new Date(Date.parse("2026-11-30T10:00:00.000Z") + minute * 60_000).toISOString(),
  content,
  dice: [4, 3],
});

describe("CONTRACT 2 large posts: 413 below the request limit, never a 500 (DynamoDB Local)", () => {
  it("CONTRACT 2 a post too long to store answers 413 post_too_large in French at every size up to 1 MiB, on both receivers, and changes nothing", async () => {
    const h = await recordedHarness();
    await h.forum();
    await openDuel(h, "1234");
    const before = await tableItems(h.client, h.tableName);
    // Just over the bound (escapes counted), the sizes that failed the item limit, near the request limit.
    const texts = [
      storedAs(turnContent("Bob Martin"), MAX_POST_BYTES + 1, '"é\n'),
      turnContent("Bob Martin") + "x".repeat(409_600),
      turnContent("Bob Martin") + "x".repeat(600_000),
      turnContent("Bob Martin") + "x".repeat(1_000_000),
    ];
    let n = 0;
    for (const text of texts) {
      for (const send of [deliverGeneric, deliverDiscourse]) {
        n++;
        const delivery = post(String(7000 + n), ALICE, 5, text);
        // The forum retries: the same answer every time, nothing written.
        for (const attempt of [1, 2]) {
          const res = await send(h, delivery, `big-${n}-${attempt}`);
          expect(res.status, `${text.length} chars, ${send.name}`).toBe(413);
          const error = (res.body as { error: { code: string; message: string } }).error;
          expect(error.code).toBe("post_too_large");
          expect(error.message).toMatch(/^Message trop long pour l'arbitre : \d+ octets/);
        }
      }
    }
    expect(await tableItems(h.client, h.tableName)).toEqual(before);
    figures.oversizedDeliveriesRefused = n * 2;
  }, 60_000);

  it("CONTRACT 2 R-6.7 posts at the bound are stored and decided, up to the snapshot's budget of waiting posts; the next one is a 413", async () => {
    const h = await recordedHarness();
    await h.forum();
    const duelId = await openDuel(h, "1234");
    // Alice's post lacks its bet: a correction window opens and holds her post in the snapshot.
    const noBet = `${LONG_RP}\n[duel]\nSort : Incendio\nCible : Bob Martin\nZone : torse\n[/duel]`;
    const alice = post("8001", ALICE, 5, storedAs(noBet, MAX_POST_BYTES, '"é\n🪄'));
    expect(storedBytes(alice.content)).toBe(MAX_POST_BYTES);
    expect((await deliverGeneric(h, alice, "a-1")).body).toEqual({ result: "applied", duelId });
    expect((await h.admin("GET", `/duels/${duelId}`)).body.pending).toMatchObject([{ postId: "8001" }]);
    // Bob's posts wait behind the window, each as long as allowed, until the budget is spent.
    const answers: number[] = [];
    const held = MAX_HELD_POST_BYTES / MAX_POST_BYTES;
    const bobs = Array.from({ length: held }, (_, i) =>
      post(`800${2 + i}`, BOB, 6 + i, storedAs(turnContent("Alice Dubois"), MAX_POST_BYTES, "\\é")),
    );
    for (const [index, bob] of bobs.entries()) {
      const i = index + 1;
      const res = await deliverGeneric(h, bob, `b-${i}`);
      answers.push(res.status);
      if (i < held) expect(res.body).toEqual({ result: "applied", duelId });
      else expect(res.body.error).toMatchObject({ code: "post_too_large" });
    }
    expect(answers).toEqual([200, 200, 413]);
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body.queued).toMatchObject([{ postId: "8002" }, { postId: "8003" }]);
    // A post already held, delivered again: a duplicate, not refused for the room it takes itself.
    expect((await deliverGeneric(h, bobs[1] ?? alice, "b-2-again")).body).toEqual({
      result: "duplicate",
      duelId,
    });
    // The window closes: the waiting post is played from the snapshot, written again, no 500.
    const moved = await h.admin("POST", "/_local/clock", { set: "2026-11-30T10:40:00Z" });
    expect(moved.status).toBe(200);
    const events = await h.admin("GET", `/duels/${duelId}/events`);
    expect(events.status).toBe(200);
    expect((events.body.events as { type: string }[]).map((e) => e.type)).toContain("correction.expired");
    figures.postsAtTheBoundStored = 3;
  }, 60_000);
});

describe("large posts figures", () => {
  it("prints them", () => {
    report("large posts", figures);
    expect(Object.keys(figures).length).toBe(2);
  });
});
