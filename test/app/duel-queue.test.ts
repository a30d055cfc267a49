import { describe, expect, it } from "vitest";
import { DuelQueue, nextIndex } from "../../shared/app/duel-queue.js";

/** A piece of work that records when it starts and ends, and ends when told. */
function step(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

/** Lets every pending callback run (the queue starts a quiet duel's work after one turn). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe("a duel's work, in turn", () => {
  it("CONTRACT 4.3 one piece of a duel's work at a time; other duels do not wait", async () => {
    const queue = new DuelQueue();
    const log: string[] = [];
    const a1 = step(log, "a1");
    const a2 = step(log, "a2");
    const b1 = step(log, "b1");
    const runs = [
      queue.run("a", undefined, a1.work),
      queue.run("a", undefined, a2.work),
      queue.run("b", undefined, b1.work),
    ];
    await settle();
    expect(log).toEqual(["start a1", "start b1"]);
    a1.finish();
    await settle();
    expect(log).toEqual(["start a1", "start b1", "end a1", "start a2"]);
    a2.finish();
    b1.finish();
    expect(await Promise.all(runs)).toEqual(["a1", "a2", "b1"]);
  });

  it("CONTRACT 4.3 posts waiting together are served in the thread's order, from the earliest", async () => {
    const queue = new DuelQueue();
    const log: string[] = [];
    const posts = ["p12", "p10", "p11", "p09"].map((name) => ({ name, ...step(log, name) }));
    const runs = posts.map((p) => queue.run("a", p.name, p.work));
    for (const p of posts) p.finish();
    await Promise.all(runs);
    expect(log.filter((l) => l.startsWith("start"))).toEqual([
      "start p09",
      "start p10",
      "start p11",
      "start p12",
    ]);
  });

  it("CONTRACT 4.3 a post never overtakes a command that arrived before it", () => {
    expect(nextIndex([{ order: "p12" }, { order: "p10" }, { order: undefined }, { order: "p01" }])).toBe(1);
    expect(nextIndex([{ order: undefined }, { order: "p10" }])).toBe(0);
    expect(nextIndex([{ order: "p10" }, { order: "p10" }])).toBe(0);
  });

  it("work that fails frees the duel for the next", async () => {
    const queue = new DuelQueue();
    const failed = queue.run("a", undefined, async () => {
      throw new Error("storage down");
    });
    const next = queue.run("a", undefined, async () => "next");
    await expect(failed).rejects.toThrow("storage down");
    expect(await next).toBe("next");
  });
});
