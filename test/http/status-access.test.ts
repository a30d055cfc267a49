import { describe, expect, it } from "vitest";
import { initialPollState } from "../../shared/ports/poll-store.js";
import { decoded } from "../admin/support.js";
import { call, deskAs, twoForums } from "../reliability/access-support.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";

/** A harness that reads Forumactif topics; no topic is read here (the reader is never called). */
async function withPolls(): Promise<MemoryHarness> {
  return memoryHarness({
    forumactif: {
      reader: {
        readTopicPage: () => {
          throw new Error("not read in this test");
        },
        isGameMasterPost: () => false,
        readDiceRoll: () => {
          throw new Error("not read in this test");
        },
      },
    },
  });
}

/** A topic of each forum whose last three polls failed (what `GET /status` lists as failing). */
async function failingTopics(h: MemoryHarness): Promise<void> {
  for (const [forumId, topicId] of [
    ["poudlard", "1234"],
    ["gringotts", "77"],
  ] as const) {
    const state = initialPollState(`${forumId}.${topicId}`, forumId, topicId);
    const failing = {
      ...state,
      failures: 3,
      lastError: "HTTP 503",
      failingSince: "2026-11-30T09:00:00.000Z",
    };
    if (!(await h.polls.putPollState(failing, 0))) throw new Error("poll state not written");
  }
}

describe("CONTRACT 3.1 and 6: the service's status is the operator's", () => {
  it("CONTRACT 6 GET /status answers a forum admin and a referee 403 forbidden_role, the operator 200 with every forum", async () => {
    const h = await withPolls();
    const people = await twoForums(h, ADMIN_TOKEN);
    await failingTopics(h);
    for (const who of [people.albus, people.minerva, people.gripsec, people.bogrod]) {
      const res = await call(h, who.token, "GET", "/status");
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe("forbidden_role");
      expect(res.body.error?.message).toContain("Accès refusé");
      expect(JSON.stringify(res.body)).not.toContain("failing");
    }
    const operator = await call(h, ADMIN_TOKEN, "GET", "/status");
    expect(operator.status).toBe(200);
    const failing = (operator.body.forumactif as { failing: { duelId: string }[] }).failing;
    expect(failing.map((f) => f.duelId).sort()).toEqual(["gringotts.77", "poudlard.1234"]);
  });

  it("CONTRACT 3.1 the desk's home shows a forum's people their forum's failing topics only, and no service counts", async () => {
    const h = await withPolls();
    const people = await twoForums(h, ADMIN_TOKEN);
    await failingTopics(h);
    const desk = await deskAs(h, people.bogrod.token);
    const home = decoded((await desk.page("/admin")).html);
    expect(home).toContain("gringotts.77");
    expect(home).not.toContain("poudlard.1234");
    // The service's own cards (storage, timers, hibou delivery) are the operator's.
    expect(home).not.toContain('data-card="storage"');
    const operator = decoded((await (await deskAs(h, ADMIN_TOKEN)).page("/admin")).html);
    expect(operator).toContain("gringotts.77");
    expect(operator).toContain("poudlard.1234");
    expect(operator).toContain('data-card="storage"');
  });
});
