import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import type { Harness, MemoryHarness } from "../support/harness.js";
import { GENERIC_SECRET } from "../support/requests.js";
import { type BadRequest, DUEL_ID, FAMILIES, librarySignature } from "./bad-requests.js";
import {
  afterTheFile,
  deliverGeneric,
  openDuel,
  recordedHarness,
  recordedMemoryHarness,
  report,
  rng,
  SEED,
  since,
  storedState,
  threadPosts,
} from "./support.js";

afterTheFile("bad-input");

/** Requests sent at once in each generated batch. */
const BATCH = 25;

/**
 * Batches of each family sent to DynamoDB Local: the first ones of the memory run, again. Every
 * batch takes the same routes as the others of its family, so a few show whether a refusal writes
 * anything through the DynamoDB adapter; the bulk runs on the memory store, which passes the same
 * store contract suite, and costs the property a fraction of the time.
 */
const DYNAMODB_BATCHES = 3;

/** The forum, its duel and three turns that the bad requests aim at. */
async function aimedAt<H extends Harness | MemoryHarness>(h: H): Promise<H> {
  await h.forum();
  expect(await openDuel(h, "1234", { dice: "forum" })).toBe(DUEL_ID);
  const posts = threadPosts(rng(7), {
    threadId: "1234",
    firstPostId: 1000,
    count: 3,
    start: "2026-11-30T10:00:00.000Z",
    gapMinutes: 20,
  });
  for (const p of posts) await deliverGeneric(h, p, `m-${p.postId}`);
  await h.settle();
  return h;
}

/**
 * Sends every family's batches, `batches(family)` of each, and checks each answer and, after each
 * family, that the store holds what it held before. Answers the figures of the run.
 */
async function sendFamilies(h: Harness | MemoryHarness, batches: (planned: number) => number) {
  const statuses = new Map<number, number>();
  const families = new Map<string, number>();
  let sent = 0;
  let malformedErrors = 0;

  async function send(request: BadRequest): Promise<void> {
    const res = await h.app.request(request.path, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    sent++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    families.set(request.family, (families.get(request.family) ?? 0) + 1);
    const what = `${request.family}: ${request.method} ${request.path.slice(0, 80)} → ${res.status}`;
    expect(res.status, what).toBeLessThan(500);
    if (request.refused) {
      expect(res.status, what).toBeGreaterThanOrEqual(400);
    }
    // Every refusal of the API carries {"error": {"code", "message"}} (CONTRACT.md section 2).
    // (Pages answer in HTML; `/%2e%2e/admin` is `/admin` once the URL is resolved.)
    if (
      res.status >= 400 &&
      !new URL(res.url || `http://localhost${request.path}`).pathname.startsWith("/admin")
    ) {
      const raw = await res.text();
      let body: { error?: { code?: unknown; message?: unknown } } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        // Counted below as a refusal without the error body.
      }
      if (typeof body.error?.code !== "string" || typeof body.error.message !== "string") malformedErrors++;
      const code =
        typeof body.error?.code === "string" ? body.error.code : `no error body: ${raw.slice(0, 100)}`;
      expect(code, what).toMatch(/^[a-z0-9_]+$/);
    }
  }

  const before = await storedState(h);
  const started = performance.now();
  for (const [index, family] of FAMILIES.entries()) {
    await fc.assert(
      fc.asyncProperty(fc.array(family.arbitrary, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await Promise.all(batch.map(send));
      }),
      // The suite's seed (fixed by default, RELIABILITY_SEED=random explores), one per family.
      { numRuns: batches(family.batches), endOnFailure: true, seed: SEED + index },
    );
    // Checked after each family, so a change of state names the family that made it.
    const after = await storedState(h);
    expect(after, `state changed by: ${[...families.keys()].at(-1)}`).toEqual(before);
  }
  expect(malformedErrors).toBe(0);
  return {
    requests: sent,
    ...Object.fromEntries([...families].map(([name, n]) => [name.replace(/[^a-z]+/gi, "-"), n])),
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(","),
    status5xx: [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0),
    storedBefore: before.length,
    stateChanges: 0,
    ms: since(started),
  };
}

describe("the bad requests' generator", () => {
  it("signs its webhooks as the standardwebhooks library does", () => {
    const secrets = [
      GENERIC_SECRET,
      `whsec_${Buffer.from("another-forum-secret-32-bytes!!!").toString("base64")}`,
    ];
    const bodies = ["", '{"type":"post.created"}', "é\u{1F9D9}\uFFFD", "x".repeat(70_000)];
    for (const secret of secrets) {
      for (const body of bodies) {
        const at = new Date("2026-11-30T10:00:00.999Z");
        expect(librarySignature(secret, "msg_1", at, body)).toBe(new Webhook(secret).sign("msg_1", at, body));
      }
    }
  });
});

describe("CONTRACT 2 bad input: only 4xx, never a 5xx, never a change of state", () => {
  it("CONTRACT 2 forged, stale, malformed, oversized, mis-typed and misrouted requests on every endpoint", async () => {
    const h = await aimedAt(await recordedMemoryHarness());
    const figures = await sendFamilies(h, (planned) => planned);
    expect(figures.requests).toBeGreaterThanOrEqual(10_000);
    report("bad input", figures);
  }, 300_000);

  it("CONTRACT 2 the first batches of every family leave DynamoDB Local's table as it was", async () => {
    const h = await aimedAt(await recordedHarness());
    const figures = await sendFamilies(h, () => DYNAMODB_BATCHES);
    expect(figures.requests).toBe(FAMILIES.length * DYNAMODB_BATCHES * BATCH);
    expect(figures.storedBefore).toBeGreaterThan(0);
    report("bad input on DynamoDB Local", figures);
  }, 120_000);
});
