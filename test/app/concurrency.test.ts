import { describe, expect, it } from "vitest";
import { DuelService } from "../../shared/app/duel-service.js";
import { ConcurrencyError } from "../../shared/errors.js";
import type { DuelCommit } from "../../shared/ports/duel-repository.js";
import type { DuelStore } from "../../shared/ports/duel-store.js";
import { DUEL_BODY } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";

describe("optimistic concurrency", () => {
  it("a decision made on a stale read is decided again on the fresh state, never lost", async () => {
    const h = await memoryHarness();
    await h.forum();
    await h.admin("POST", "/duels", DUEL_BODY);
    const stale = await h.store.loadForumAndDuel("poudlard", "poudlard.1234");
    // Someone else commits between our read and our write.
    await h.admin("POST", "/duels/poudlard.1234/commands", { command: "top" });
    const service = new DuelService({ store: h.store, now: () => h.clock.now() });
    const outcome = await service.execute(
      "poudlard.1234",
      {
        type: "referee",
        now: h.clock.now().toISOString(),
        by: { id: "7", via: "api" },
        action: { command: "adjust-points", duelistId: "42", delta: -3 },
      },
      { inputId: "r.adjust", forumId: "poudlard", preloaded: stale },
    );
    expect(outcome.result).toBe("applied");
    const duel = await h.store.loadDuel("poudlard.1234");
    expect(duel?.state.status).toBe("active");
    expect(duel?.state.duelists.find((d) => d.id === "42")?.points).toBe(22);
    expect(duel?.version).toBe(3);
  });

  it("gives up after its attempts when every write conflicts, writing nothing", async () => {
    const h = await memoryHarness();
    await h.forum();
    await h.admin("POST", "/duels", DUEL_BODY);
    let commits = 0;
    const conflicting: DuelStore = Object.assign(Object.create(h.store) as DuelStore, {
      commit: async (c: DuelCommit) => {
        commits++;
        throw new ConcurrencyError(c.duelId);
      },
    });
    const service = new DuelService({ store: conflicting, now: () => h.clock.now(), maxAttempts: 4 });
    await expect(
      service.execute(
        "poudlard.1234",
        {
          type: "referee",
          now: h.clock.now().toISOString(),
          by: { id: "7", via: "api" },
          action: { command: "top" },
        },
        { inputId: "r.top", forumId: "poudlard" },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(commits).toBe(4);
    expect((await h.store.loadDuel("poudlard.1234"))?.state.status).toBe("registered");
  });
});
