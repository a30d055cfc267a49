import { beforeEach, describe, expect, it } from "vitest";
import { chainRead, pollTimer, schedulePoll } from "../../../shared/app/poll-effects.js";
import type { OutboxStore } from "../../../shared/ports/outbox-store.js";
import { initialPollState, type PollStore } from "../../../shared/ports/poll-store.js";
import { anEntry } from "./fixtures.js";

const DUEL = "poudlard.1234";
const NOW = "2026-11-30T10:00:00.000Z";

/**
 * The poller's storage, run against each adapter: its state conditioned on its version, the
 * failing topics, the outbox it adds to (the store's), and the chains of reads the sweep re-arms.
 */
export function describePollStoreContract(
  name: string,
  makeStores: () => Promise<{ polls: PollStore; store: OutboxStore }>,
): void {
  let polls: PollStore;
  let store: OutboxStore;

  beforeEach(async () => {
    ({ polls, store } = await makeStores());
  });

  describe(`PollStore contract on ${name}`, () => {
    it("CONTRACT 4.4 a topic's state is written once per version: of two polls, the second loses", async () => {
      expect(await polls.getPollState(DUEL)).toBeNull();
      const first = { ...initialPollState(DUEL, "poudlard", "1234"), etag: "a" };
      expect(await polls.putPollState(first, 0)).toBe(true);
      expect(await polls.putPollState({ ...first, etag: "b" }, 0)).toBe(false);
      expect(await polls.getPollState(DUEL)).toEqual({ ...first, version: 1 });
      expect(await polls.putPollState({ ...first, etag: "c" }, 2)).toBe(false);
      expect(await polls.putPollState({ ...first, etag: "c" }, 1)).toBe(true);
      expect(await polls.getPollState(DUEL)).toEqual({ ...first, etag: "c", version: 2 });
    });

    it("CONTRACT 4.4 lists the topics whose last poll failed, until one reads them whole again", async () => {
      const failing = {
        ...initialPollState("b.2", "b", "2"),
        failures: 2,
        lastError: "503",
        failingSince: "2026-11-30T09:00:00.000Z",
      };
      await polls.putPollState(failing, 0);
      await polls.putPollState({ ...failing, duelId: "a.1", failures: 1 }, 0);
      await polls.putPollState(initialPollState("c.3", "c", "3"), 0);
      expect(await polls.listFailingPolls()).toEqual([
        { duelId: "a.1", failures: 1, lastError: "503", failingSince: "2026-11-30T09:00:00.000Z" },
        { duelId: "b.2", failures: 2, lastError: "503", failingSince: "2026-11-30T09:00:00.000Z" },
      ]);
      await polls.putPollState({ ...failing, failures: 0, lastError: null, failingSince: null }, 1);
      expect((await polls.listFailingPolls()).map((p) => p.duelId)).toEqual(["a.1"]);
    });

    it("CONTRACT 4.4 a section's listing: the first claim writes, a second on the same version loses, the reader's write lands on its claim", async () => {
      expect(await polls.getSectionListing("poudlard", "3")).toBeNull();
      const claim = {
        forumId: "poudlard",
        sectionId: "3",
        version: 1,
        slot: "2026-11-30T10:02:00.000Z",
        status: "reading" as const,
        at: NOW,
        lastPosts: {},
        pages: 0,
        oldestLastPost: null,
        nextOffset: 0,
      };
      expect(await polls.putSectionListing(claim, 0)).toBe(true);
      expect(await polls.putSectionListing(claim, 0)).toBe(false);
      const read = {
        ...claim,
        status: "read" as const,
        lastPosts: { "1234": "1090" },
        pages: 1,
        nextOffset: null,
      };
      expect(await polls.putSectionListing(read, 1)).toBe(true);
      expect(await polls.getSectionListing("poudlard", "3")).toEqual({ ...read, version: 2 });
      expect(await polls.putSectionListing({ ...read, slot: "2026-11-30T10:04:00.000Z" }, 1)).toBe(false);
      expect(await polls.getSectionListing("poudlard", "4")).toBeNull();
    });

    it("adds outbox entries once: one already there is left as it is", async () => {
      const entry = anEntry(DUEL, "e1");
      await polls.addOutbox([entry]);
      await polls.addOutbox([{ ...entry, attempts: 3 }, anEntry(DUEL, "e2")]);
      expect(await store.listOutbox(DUEL)).toEqual([entry, anEntry(DUEL, "e2")]);
    });

    it("CONTRACT 4.4 the read is written with its outbox entry; the same write again changes nothing", async () => {
      const timer = pollTimer(DUEL, "2026-11-30T10:02:00.000Z", "chain");
      const read = chainRead(timer, "PT2M");
      expect(read).toEqual({ duelId: DUEL, at: timer.at, overdueAt: "2026-11-30T10:09:00.000Z" });
      await polls.scheduleChain(schedulePoll(timer, NOW), read);
      await polls.scheduleChain(schedulePoll(timer, NOW), read);
      expect(await store.listOutbox(DUEL)).toMatchObject([{ effect: { type: "timers", schedule: [timer] } }]);
      expect(await polls.overdueChains("2026-11-30T10:08:59.999Z", 5)).toEqual([]);
      expect(await polls.overdueChains("2026-11-30T10:09:00.000Z", 5)).toEqual([read]);
    });

    it("CONTRACT 4.4 an overdue chain is taken once; a read scheduled meanwhile wins over a stale listing", async () => {
      const first = pollTimer(DUEL, "2026-11-30T10:02:00.000Z", "chain");
      await polls.scheduleChain(schedulePoll(first, NOW), chainRead(first, "PT2M"));
      const [listed] = await polls.overdueChains("2026-11-30T10:20:00.000Z", 5);
      if (!listed) throw new Error("not listed");
      // The chain's own late read lands: the sweep that listed it before cannot take it.
      const late = pollTimer(DUEL, "2026-11-30T10:22:00.000Z", "chain");
      await polls.scheduleChain(schedulePoll(late, "2026-11-30T10:21:00.000Z"), chainRead(late, "PT2M"));
      expect(await polls.claimChain(listed, "2026-11-30T10:25:00.000Z")).toBe(false);

      const [overdue] = await polls.overdueChains("2026-11-30T10:40:00.000Z", 5);
      if (!overdue) throw new Error("not listed");
      expect(overdue).toEqual(chainRead(late, "PT2M"));
      expect(await polls.claimChain(overdue, "2026-11-30T10:45:00.000Z")).toBe(true);
      expect(await polls.claimChain(overdue, "2026-11-30T10:45:00.000Z")).toBe(false);
      expect(await polls.overdueChains("2026-11-30T10:40:00.000Z", 5)).toEqual([]);
      expect(await polls.overdueChains("2026-11-30T10:45:00.000Z", 5)).toMatchObject([
        { duelId: DUEL, overdueAt: "2026-11-30T10:45:00.000Z" },
      ]);
      await polls.endChain(DUEL);
      expect(await polls.overdueChains("2100-01-01T00:00:00.000Z", 5)).toEqual([]);
    });

    it("CONTRACT 4.4 overdue chains come longest overdue first, as many as asked", async () => {
      for (const [duelId, at] of [
        ["b", "2026-11-30T10:04:00.000Z"],
        ["a", "2026-11-30T10:02:00.000Z"],
        ["c", "2026-11-30T10:03:00.000Z"],
      ] as const) {
        const timer = pollTimer(duelId, at, "chain");
        await polls.scheduleChain(schedulePoll(timer, NOW), chainRead(timer, "PT2M"));
      }
      expect((await polls.overdueChains("2026-12-01T00:00:00.000Z", 2)).map((c) => c.duelId)).toEqual([
        "a",
        "c",
      ]);
    });
  });
}
