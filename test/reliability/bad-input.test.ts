import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { type BadRequest, DUEL_ID, FAMILIES } from "./bad-requests.js";
import {
  afterTheFile,
  deliverGeneric,
  openDuel,
  recordedHarness,
  report,
  rng,
  SEED,
  since,
  tableItems,
  threadPosts,
} from "./support.js";

afterTheFile("bad-input");

/** Requests sent at once in each generated batch. */
const BATCH = 25;

let h: Harness;
beforeAll(async () => {
  h = await recordedHarness();
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
});

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

describe("CONTRACT 2 bad input: only 4xx, never a 5xx, never a change of state", () => {
  it("CONTRACT 2 forged, stale, malformed, oversized, mis-typed and misrouted requests on every endpoint", async () => {
    const before = await tableItems(h.client, h.tableName);
    const started = performance.now();
    for (const [index, family] of FAMILIES.entries()) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(family.arbitrary, { minLength: BATCH, maxLength: BATCH }),
          async (batch) => {
            await Promise.all(batch.map(send));
          },
        ),
        // The suite's seed (fixed by default, RELIABILITY_SEED=random explores), one per family.
        { numRuns: family.batches, endOnFailure: true, seed: SEED + index },
      );
      // Checked after each family, so a change of state names the family that made it.
      const after = await tableItems(h.client, h.tableName);
      expect(after, `state changed by: ${[...families.keys()].at(-1)}`).toEqual(before);
    }
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(malformedErrors).toBe(0);
    report("bad input", {
      requests: sent,
      ...Object.fromEntries([...families].map(([name, n]) => [name.replace(/[^a-z]+/gi, "-"), n])),
      statuses: [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(","),
      status5xx: [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0),
      tableItems: before.length,
      stateChanges: 0,
      ms: since(started),
    });
  }, 300_000);
});
