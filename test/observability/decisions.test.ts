import { describe, expect, it } from "vitest";
import { DuelService } from "../../shared/app/duel-service.js";
import { functionObservability } from "../../shared/aws/observability.js";
import type { DuelCommand } from "../../shared/domain/commands.js";
import { ConcurrencyError } from "../../shared/errors.js";
import type { DuelCommit } from "../../shared/ports/duel-repository.js";
import type { DuelStore } from "../../shared/ports/duel-store.js";
import { ALICE, BOB, deliverGeneric, openDuel, type ThreadPost } from "../reliability/support.js";
import { auditOf, LONG_RP } from "../support/duels.js";
import { anotherProcess, createHarness, type Harness } from "../support/harness.js";
import { captureOutput, total } from "./emf.js";

captureOutput();

const ENVIRONMENT = { POWERTOOLS_SERVICE_NAME: "duel-referee-webhook", LOG_LEVEL: "INFO" };

function adjust(h: Harness, duelistId: string): DuelCommand {
  return {
    type: "referee",
    now: h.clock.now().toISOString(),
    by: { id: "7", via: "api" },
    action: { command: "adjust-points", duelistId, delta: -1 },
  };
}

/** A post of the duel's thread, written at the clock's time. */
function post(h: Harness, threadId: string, postId: string, author: typeof ALICE, block: string): ThreadPost {
  return {
    threadId,
    postId,
    author,
    createdAt: h.clock.now().toISOString(),
    content: `${LONG_RP}\n[duel]\n${block}\n[/duel]`,
    dice: [4, 4],
  };
}

describe("operating it: commit conflicts, disqualifications and correction windows counted", () => {
  it("CONTRACT 4.3 a commit that loses to another process on the same duel is counted as CommitConflicts, once per conflict", async () => {
    const N = 4;
    const observability = functionObservability("webhook", ENVIRONMENT);
    const h = await createHarness({ log: observability.log, observability });
    await h.forum();
    const duelId = await openDuel(h, "9300");
    // Another process (its own store and decider service, no memory shared) commits on the same
    // duel between the read and the write of each first attempt: that attempt must lose.
    const rival = new DuelService({ store: anotherProcess(h).store, now: () => h.clock.now() });
    const raced = new Set<string>();
    let conflicts = 0;
    const store: DuelStore = Object.assign(Object.create(h.store) as DuelStore, {
      commit: async (c: DuelCommit) => {
        const id = c.inputs[0]?.inputId ?? "";
        if (!raced.has(id)) {
          raced.add(id);
          await rival.execute(duelId, adjust(h, "43"), { inputId: `r.rival-${id}`, forumId: "poudlard" });
        }
        try {
          await h.store.commit(c);
        } catch (error) {
          if (error instanceof ConcurrencyError) conflicts++;
          throw error;
        }
      },
    });
    const service = new DuelService({ store, now: () => h.clock.now(), observer: observability.decisions });
    const applied = () => total("Deliveries", { Sender: "referee-api", Result: "applied" });
    const before = applied();
    expect(total("CommitConflicts")).toBe(0);
    for (let i = 0; i < N; i++) {
      const outcome = await service.execute(duelId, adjust(h, "42"), {
        inputId: `r.mine-${i}`,
        forumId: "poudlard",
      });
      expect(outcome.result).toBe("applied");
    }
    // Each decision lost once to the rival, was decided again and went in.
    expect(conflicts).toBe(N);
    expect(total("CommitConflicts", { service: "duel-referee-webhook" })).toBe(N);
    expect(applied() - before).toBe(N);
    const after = await h.store.loadDuel(duelId);
    expect(after?.state.duelists.map((d) => d.points)).toEqual([50 - N, 50 - N]);
  }, 60_000);

  it("R-6.7 R-6.8 a played duel's correction windows (opened, accepted, expired) and its disqualification are counted as its audit records them", async () => {
    const observability = functionObservability("webhook", ENVIRONMENT);
    const h = await createHarness({ log: observability.log, observability });
    await h.forum();
    const duelId = await openDuel(h, "9400", { dice: "forum" });

    // Alice forgets her zone: a window opens; the referee's correction completes her post.
    h.clock.advance("PT30M");
    const alice = post(h, "9400", "94001", ALICE, "Sort : Incendio\nCible : Bob Martin\nPari : 4");
    expect((await deliverGeneric(h, alice, "w-1")).status).toBe(200);
    await h.settle();
    const corrected = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "correction",
      postId: "94001",
      fields: { zone: "torse" },
    });
    expect(corrected.status).toBe(200);

    // Bob forgets his bet: a window opens and nobody corrects it before it closes.
    h.clock.advance("PT30M");
    const bob = post(h, "9400", "94002", BOB, "Sort : Incendio\nCible : Alice Dubois\nZone : torse");
    expect((await deliverGeneric(h, bob, "w-2")).status).toBe(200);
    await h.settle();

    // Then nobody posts again: the windows expire, absences pile up until a disqualification.
    for (let day = 0; day < 30; day++) {
      h.clock.advance("P1D");
      await h.settle();
    }

    const audit = (await auditOf(h, duelId)).map((e) => e.type);
    const recorded = (type: string) => audit.filter((t) => t === type).length;
    expect(recorded("correction.opened")).toBe(2);
    expect(recorded("correction.accepted")).toBe(1);
    expect(recorded("correction.expired")).toBe(1);
    expect(recorded("duelist.disqualified")).toBe(1);
    expect(total("CorrectionWindows", { Outcome: "opened" })).toBe(2);
    expect(total("CorrectionWindows", { Outcome: "accepted" })).toBe(1);
    expect(total("CorrectionWindows", { Outcome: "expired" })).toBe(1);
    expect(total("Disqualifications")).toBe(1);
    expect(total("Faults", { Kind: "absence" })).toBe(recorded("fault.absence"));
  }, 120_000);
});
