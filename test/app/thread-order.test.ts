import { describe, expect, it } from "vitest";
import { DUEL_BODY, postPayload } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const LONG = Array.from({ length: 120 }, (_, i) => `mot${i}`).join(" ");
const alice = { id: "42", name: "Alice Dubois" };
const bob = { id: "43", name: "Bob Martin" };
const block = (spell: string, target: string) =>
  `${LONG}\n[duel]\nSort : ${spell}\nCible : ${target}\nZone : torse\nPari : 3\n[/duel]`;

async function duel(): Promise<MemoryHarness> {
  const h = await memoryHarness({ start: "2026-11-30T10:00:00.000Z" });
  await h.forum();
  await h.admin("POST", "/duels", DUEL_BODY);
  await h.admin("POST", "/duels/poudlard.1234/commands", { command: "top" });
  return h;
}

const p1 = postPayload({
  postId: "1001",
  author: alice,
  createdAt: "2026-11-30T10:05:00Z",
  content: block("Incendio", "Bob"),
});
const p2 = postPayload({
  postId: "1002",
  author: bob,
  createdAt: "2026-12-03T09:00:00Z",
  content: block("Glacius", "Alice"),
});
const p3 = postPayload({
  postId: "1003",
  author: alice,
  createdAt: "2026-12-03T09:30:00Z",
  content: block("Diffindo", "Bob"),
});

async function duelists(h: MemoryHarness) {
  return (await h.admin("GET", "/duels/poudlard.1234")).body.duelists;
}

describe("CONTRACT 4.3 the thread's order, not the arrival order", () => {
  it("R-6.2 a post made in time that arrives after its deadline fired undoes the absence, and the referee hears the revised verdict", async () => {
    const inOrder = await duel();
    for (const p of [p1, p2, p3]) expect((await inOrder.generic(p)).body.result).toBe("applied");

    const late = await duel();
    await late.generic(p1);
    await late.admin("POST", "/_local/clock", { set: "2026-12-03T10:06:00Z" });
    const absent = (await late.admin("GET", "/duels/poudlard.1234")).body.duelists as {
      id: string;
      absenceFaults: number;
    }[];
    expect(absent.find((d) => d.id === bob.id)?.absenceFaults).toBe(1);

    expect((await late.generic(p2)).body.result).toBe("applied");
    expect((await late.generic(p3)).body.result).toBe("applied");
    expect(await duelists(late)).toEqual(await duelists(inOrder));
    await late.settle();
    const { body } = await late.admin("GET", "/duels/poudlard.1234/notifications");
    const kinds = (body.notifications as { kind: string; to: { role: string } }[])
      .filter((n) => n.to.role === "referee")
      .map((n) => n.kind);
    expect(kinds).toContain("verdict.revised");
  });

  it("R-1.5 a post overtaken by the next one in the thread takes its place: no out-of-turn fault remains", async () => {
    const inOrder = await duel();
    for (const p of [p1, p2]) await inOrder.generic(p);
    const swapped = await duel();
    await swapped.admin("POST", "/_local/clock", { set: "2026-12-03T09:10:00Z" });
    expect((await swapped.generic(p2)).body.result).toBe("applied");
    const faulted = (await duelists(swapped)) as { id: string; actionFaults: number }[];
    expect(faulted.find((d) => d.id === bob.id)?.actionFaults).toBe(1);
    expect((await swapped.generic(p1)).body.result).toBe("applied");
    expect(await duelists(swapped)).toEqual(await duelists(inOrder));
    const events = (await swapped.admin("GET", "/duels/poudlard.1234/events")).body.events as {
      type: string;
    }[];
    expect(events.filter((e) => e.type === "fault.action")).toHaveLength(0);
  });
});

interface Notification {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly text: string;
  readonly to: { readonly role: string; readonly id: string };
}

async function notifications(h: MemoryHarness): Promise<Notification[]> {
  await h.settle();
  return (await h.admin("GET", "/duels/poudlard.1234/notifications")).body.notifications as Notification[];
}

/** The points lines of a hibou: what it says each duelist had. */
function pointsLines(n: Notification | undefined): string[] {
  return (n?.text ?? "")
    .split("\n")
    .filter((line) => line.startsWith("Points : ") || line.startsWith("Tu as "));
}

/** The one hibou of a turn to a recipient, revised or not. */
function hibouOf(list: readonly Notification[], title: string, role: string): Notification | undefined {
  const found = list.filter((n) => n.to.role === role && n.title.replace("Verdict révisé — ", "") === title);
  expect(found.map((n) => n.title)).toHaveLength(1);
  return found[0];
}

describe("CONTRACT 4.3 hiboux of a replay", () => {
  it("CONTRACT 4.3 a late post that reorders two turns: each hibou states the points as they stood after its own turn", async () => {
    const inOrder = await duel();
    for (const p of [p1, p2, p3]) await inOrder.generic(p);
    const expected = await notifications(inOrder);

    const swapped = await duel();
    await swapped.admin("POST", "/_local/clock", { set: "2026-12-03T09:40:00Z" });
    expect((await swapped.generic(p2)).body.result).toBe("applied");
    expect((await swapped.generic(p3)).body.result).toBe("applied");
    const earlier = new Set((await notifications(swapped)).map((n) => n.id));
    expect((await swapped.generic(p1)).body.result).toBe("applied");
    expect(await duelists(swapped)).toEqual(await duelists(inOrder));
    // What the late post's replay sent: its own turn, and the two turns it revised.
    const got = (await notifications(swapped)).filter((n) => !earlier.has(n.id));

    const turns = [
      { title: "Tour 1 : Alice Dubois", role: "referee" },
      { title: "Tour 2 : Bob Martin", role: "referee" },
      { title: "Tour 3 : Alice Dubois", role: "referee" },
      { title: "À toi de jouer — tour 4", role: "duelist" },
    ];
    for (const { title, role } of turns) {
      const want = pointsLines(hibouOf(expected, title, role));
      expect(want, title).not.toEqual([]);
      expect(pointsLines(hibouOf(got, title, role)), title).toEqual(want);
    }
    // Turns 2 and 3 were already played by the posts the late one overtook: nobody is asked to play them.
    const asked = got
      .filter((n) => n.to.role === "duelist")
      .map((n) => n.title.replace("Verdict révisé — ", ""));
    expect(asked).not.toContain("À toi de jouer — tour 2");
    expect(asked).not.toContain("À toi de jouer — tour 3");
  });

  it("CONTRACT 4.3 a duelist told of a fault that a re-ordering removed receives the revision", async () => {
    const swapped = await duel();
    await swapped.admin("POST", "/_local/clock", { set: "2026-12-03T09:10:00Z" });
    await swapped.generic(p2);
    const before = await notifications(swapped);
    const fault = before.find((n) => n.to.id === bob.id && n.kind === "fault.action");
    expect(fault?.text).toContain("message hors de son tour");
    await swapped.generic(p1);
    const got = (await notifications(swapped)).filter((n) => !before.some((b) => b.id === n.id));
    const toBob = got.filter((n) => n.to.role === "duelist" && n.to.id === bob.id);
    const revision = toBob.find((n) => n.kind === "verdict.revised");
    expect(revision?.text).toContain(
      "Ta 1re faute d'action (ton message de 10 h 00 : message hors de son tour) est retirée",
    );
    // Named once by its time, never by its id (CONTRACT.md 6.1).
    expect(revision?.text).toContain("Ce message compte désormais pour le tour 2.");
    expect(revision?.text).not.toContain("1002");
    expect(revision?.text).toContain("C'est maintenant au tour d'Alice Dubois (tour 3)");
    expect(revision?.text).not.toMatch(/CONTRACT|Bob Martin/);
    expect(toBob.map((n) => n.title)).not.toContain("À toi de jouer — tour 2");
  });
});
