import { describe, expect, it } from "vitest";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../../../shared/adapters/dynamodb/poll-store.js";
import { chainRead, pollTimer, schedulePoll } from "../../../shared/app/poll-effects.js";
import { freshTable } from "../../support/harness.js";

const DUEL = "poudlard.1234";
const NOW = "2026-11-30T10:00:00.000Z";

async function stores() {
  const table = await freshTable();
  return {
    polls: new DynamoDbPollStore(table.client, table.tableName),
    store: new DynamoDbStore({ ...table, now: () => new Date(NOW) }),
  };
}

describe("CONTRACT 4.4: a chain's next read is stored with its schedule, for the sweep to find", () => {
  it("CONTRACT 4.4 the read is written with its outbox entry; the same write again changes nothing", async () => {
    const { polls, store } = await stores();
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
    const { polls } = await stores();
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
});

describe("CONTRACT 4.4: a section's listing is claimed by one poll of a grid instant", () => {
  it("CONTRACT 4.4 the first claim writes; a second one on the same version loses; the reader's write lands on its claim", async () => {
    const { polls } = await stores();
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
  });
});
