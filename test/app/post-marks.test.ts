import { describe, expect, it } from "vitest";
import { DUEL_BODY, postPayload } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const LONG = Array.from({ length: 120 }, (_, i) => `mot${i}`).join(" ");
const alice = { id: "42", name: "Alice Dubois" };
const bob = { id: "43", name: "Bob Martin" };
const DUEL = "poudlard.1234";

function turn(n: number, content = LONG) {
  const author = n % 2 === 1 ? alice : bob;
  const target = n % 2 === 1 ? "Bob" : "Alice";
  const spell = ["Incendio", "Glacius", "Diffindo", "Confundo"][n % 4];
  return postPayload({
    postId: String(1000 + n),
    author,
    createdAt: new Date(Date.parse("2026-11-30T10:00:00Z") + n * 10 * 60_000).toISOString(),
    content: `${content}\n[duel]\nSort : ${spell}\nCible : ${target}\nZone : torse\nPari : 3\n[/duel]`,
  });
}

async function playedDuel(turns: number): Promise<MemoryHarness> {
  const h = await memoryHarness({ start: "2026-11-30T10:00:00.000Z", dice: () => [1, 6] });
  await h.forum();
  await h.admin("POST", "/duels", DUEL_BODY);
  await h.admin("POST", `/duels/${DUEL}/commands`, { command: "top" });
  for (let n = 1; n <= turns; n++) {
    await h.admin("POST", "/_local/clock", { set: turn(n).data.createdAt });
    expect((await h.generic(turn(n))).body.result).toBe("applied");
  }
  return h;
}

async function events(h: MemoryHarness) {
  return (await h.admin("GET", `/duels/${DUEL}/events`)).body.events as {
    type: string;
    postId?: string;
    violations?: string[];
  }[];
}

describe("post marks stored apart from the duel's snapshot", () => {
  it("R-6.3 the snapshot does not grow with the thread, and an early post's edit is still a fault", async () => {
    const h = await playedDuel(8);
    const snapshot = await h.store.loadDuel(DUEL);
    expect(snapshot?.state.posts).toEqual({});
    expect(Object.keys(await h.store.listPostMarks(DUEL)).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => String(1001 + i)),
    );

    const edited = { ...turn(1, `${LONG} avec une phrase ajoutée`), type: "post.edited" };
    expect((await h.generic(edited)).body.result).toBe("applied");
    const faults = (await events(h)).filter((e) => e.type === "fault.action");
    expect(faults).toMatchObject([{ postId: "1001", violations: ["edited"] }]);

    // The post as first delivered, sent again under a new delivery id after its edit: the mark now
    // holds the edited content, but the delivery's content key was recorded with it.
    expect((await h.generic(turn(1))).body.result).toBe("duplicate");
    expect((await h.generic(edited)).body.result).toBe("duplicate");
    expect((await events(h)).filter((e) => e.type === "fault.action")).toHaveLength(1);
  });

  it("R-6.7 a referee's correction of a post the snapshot does not hold is answered from its mark", async () => {
    const h = await playedDuel(3);
    const refused = await h.admin("POST", `/duels/${DUEL}/commands`, {
      command: "correction",
      postId: "1002",
      fields: { cible: "Alice" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "correction_refused" });
    const unknown = await h.admin("POST", `/duels/${DUEL}/commands`, {
      command: "correction",
      postId: "999",
      fields: { cible: "Alice" },
    });
    expect(unknown.status).toBe(404);

    // The same correction in the referee's own post: rejected for the same reason, in the log.
    const refereePost = postPayload({
      postId: "2001",
      author: { id: "7", name: "Minerva McGonagall" },
      createdAt: "2026-11-30T10:35:00Z",
      content: "[arbitre]\ncorrection 1002 ; cible : Alice\n[/arbitre]",
    });
    await h.admin("POST", "/_local/clock", { set: "2026-11-30T10:35:00Z" });
    expect((await h.generic(refereePost)).body.result).toBe("applied");
    const rejected = (await events(h)).filter((e) => e.type === "referee.command-rejected");
    // The API's two refusals are recorded too, only as refused.
    expect(rejected).toMatchObject([
      { postId: null, via: "api", code: "correction_refused" },
      { postId: null, via: "api", code: "post_not_found" },
      { postId: "2001", code: "correction_refused" },
    ]);
  });
});
