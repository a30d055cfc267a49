import { describe, expect, it } from "vitest";
import { DuelQueue, nextBatch } from "../../shared/app/duel-queue.js";
import type { InputOrder } from "../../shared/domain/input-order.js";

interface Piece {
  readonly name: string;
  readonly order: InputOrder | undefined;
}

/** A post's place in the thread, at one instant: by its id. */
const post = (id: string): InputOrder => ({
  rank: "post",
  instant: "2026-11-30T10:00:00.000Z",
  post: { id },
});

/** A queue whose runs are logged and end when the test says so. */
function loggedQueue() {
  const log: string[] = [];
  const ends: (() => void)[] = [];
  const queue = new DuelQueue<Piece>(async (duelId, batch) => {
    const names = batch.map((p) => p.name).join(",");
    log.push(`start ${duelId}:${names}`);
    await new Promise<void>((resolve) => ends.push(resolve));
    log.push(`end ${duelId}:${names}`);
  });
  const endNext = () => ends.shift()?.();
  return { queue, log, endNext };
}

/** Lets every pending callback run (the queue starts a quiet duel's work after one turn). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe("a duel's work, in turn", () => {
  it("CONTRACT 4.3 one batch of a duel's work at a time; other duels do not wait", async () => {
    const { queue, log, endNext } = loggedQueue();
    queue.add("a", { name: "timer", order: undefined });
    queue.add("a", { name: "referee", order: undefined });
    queue.add("b", { name: "timer", order: undefined });
    await settle();
    expect(log).toEqual(["start a:timer", "start b:timer"]);
    endNext();
    await settle();
    expect(log).toEqual(["start a:timer", "start b:timer", "end a:timer", "start a:referee"]);
    endNext();
    endNext();
    await settle();
    expect(log.filter((l) => l.startsWith("end"))).toHaveLength(3);
  });

  it("CONTRACT 4.3 posts waiting together are taken together in the thread's order, from the earliest", async () => {
    const { queue, log, endNext } = loggedQueue();
    for (const name of ["p12", "p10", "p11", "p09"]) queue.add("a", { name, order: post(name) });
    await settle();
    queue.add("a", { name: "p08", order: post("p08") });
    endNext();
    await settle();
    endNext();
    await settle();
    expect(log.filter((l) => l.startsWith("start"))).toEqual(["start a:p09,p10,p11,p12", "start a:p08"]);
  });

  it("CONTRACT 4.3 a post never overtakes a command that arrived before it, and commands go alone", () => {
    const piece = (name: string, id = name) => ({ name, order: post(id) });
    const command = (name: string) => ({ name, order: undefined });
    const waiting = [piece("p12"), piece("p10"), command("timer"), piece("p01"), command("referee")];
    expect(nextBatch(waiting).map((p) => p.name)).toEqual(["p10", "p12"]);
    expect(nextBatch(waiting).map((p) => p.name)).toEqual(["timer"]);
    expect(nextBatch(waiting).map((p) => p.name)).toEqual(["p01"]);
    expect(nextBatch(waiting).map((p) => p.name)).toEqual(["referee"]);
    expect(nextBatch(waiting)).toEqual([]);
    // Equal places keep their arrival order.
    const same = [piece("first", "p10"), piece("second", "p10")];
    expect(nextBatch(same).map((p) => p.name)).toEqual(["first", "second"]);
  });

  it("a run that throws frees the duel for the next", async () => {
    const ran: string[] = [];
    const queue = new DuelQueue<Piece>(async (_, batch) => {
      ran.push(batch.map((p) => p.name).join(","));
      if (ran.length === 1) throw new Error("storage down");
    });
    queue.add("a", { name: "timer", order: undefined });
    queue.add("a", { name: "referee", order: undefined });
    await settle();
    expect(ran).toEqual(["timer", "referee"]);
  });
});
