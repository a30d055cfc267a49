import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeMarks,
  hotPostIds,
  markChanges,
  snapshotMarks,
} from "../../shared/adapters/dynamodb/post-marks.js";
import type { DuelCommand } from "../../shared/domain/commands.js";
import { decide } from "../../shared/domain/decide.js";
import { fold } from "../../shared/domain/evolve.js";
import { postIdsRead } from "../../shared/domain/posts-read.js";
import {
  currentTurn,
  type Duel as DuelOf,
  type DuelState,
  type PostMark,
} from "../../shared/domain/state.js";
import { timersOf } from "../../shared/domain/timers.js";
import { DomainError } from "../../shared/errors.js";
import { ALICE, BOB, Duel, LONG_RP, REFEREE } from "./fixtures.js";

/** The state as its snapshot item keeps it (`adapters/dynamodb/post-marks.ts`): the hot marks only. */
function snapshotState(state: DuelOf): DuelOf {
  return { ...state, posts: decodeMarks(snapshotMarks(state)) };
}

const SHORT_RP = Array.from({ length: 40 }, (_, i) => `mot${i}`).join(" ");
const SPELLS = ["Incendio", "Glacius", "Diffindo", "Expelliarmus", "Confundo"];

type Step =
  | { kind: "turn"; complete: boolean; spell: number; dice: [number, number] }
  | { kind: "out-of-turn"; spell: number }
  | { kind: "edit" | "delete" | "correct-api" | "correct-post"; pick: number }
  | { kind: "timer" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("turn" as const),
      complete: fc.boolean(),
      spell: fc.nat(SPELLS.length - 1),
      dice: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant("out-of-turn" as const), spell: fc.nat(4) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "edit" as const,
        "delete" as const,
        "correct-api" as const,
        "correct-post" as const,
      ),
      pick: fc.nat(),
    }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: "timer" as const }), weight: 2 },
);

/** The command of a step on the duel as it stands, or null when the step does not apply. */
function commandOf(duel: Duel, step: Step, posts: string[]): DuelCommand | null {
  const state = duel.state;
  const block = (spell: number, target: string) => ({
    Sort: SPELLS[spell] ?? "Glacius",
    Cible: target,
    Pari: "3",
  });
  switch (step.kind) {
    case "turn":
    case "out-of-turn": {
      const turn = currentTurn(state);
      if (!turn) return null;
      const me =
        step.kind === "turn"
          ? duel.duelist(turn.duelistId)
          : state.duelists.find((d) => d.id !== turn.duelistId && d.status === "active");
      const other = state.duelists.find((d) => d.id !== me?.id);
      if (!me || !other) return null;
      duel.advance("PT10M");
      const complete = step.kind === "turn" && step.complete;
      const post = duel.postInput(me, { ...block(step.spell, other.name), Zone: "torse" }, [3, 4], {
        text: complete ? LONG_RP : SHORT_RP,
      });
      posts.push(post.postId);
      return { type: "post.received", now: duel.now, post };
    }
    case "edit":
    case "delete": {
      const postId = posts[step.pick % Math.max(1, posts.length)];
      const author = state.duelists[step.pick % state.duelists.length];
      if (!postId || !author) return null;
      duel.advance("PT1M");
      if (step.kind === "delete")
        return { type: "post.deleted", now: duel.now, postId, authorId: author.id, deletedAt: duel.now };
      const post = duel.postInput(author, null, [1, 1], { postId, text: `${LONG_RP} (modifié)` });
      return { type: "post.edited", now: duel.now, post, editedAt: duel.now };
    }
    case "correct-api": {
      const postId = posts[step.pick % Math.max(1, posts.length)] ?? "absent";
      return {
        type: "referee",
        now: duel.now,
        by: { id: REFEREE.id, via: "api" },
        action: { command: "correction", postId, fields: { text: LONG_RP } },
      };
    }
    case "correct-post": {
      const postId = posts[step.pick % Math.max(1, posts.length)] ?? "absent";
      duel.advance("PT1M");
      const post = duel.postInput(REFEREE, null, [1, 1], {
        content: `Arbitrage.\n[arbitre]\ncorrection ${postId} ; texte : ${LONG_RP}\n[/arbitre]`,
      });
      posts.push(post.postId);
      return { type: "post.received", now: duel.now, post };
    }
    case "timer": {
      const [next] = timersOf(state).sort((a, b) => (a.at < b.at ? -1 : 1));
      if (!next) return null;
      if (next.at > duel.now) duel.now = next.at;
      return { type: "timer.fired", now: next.at, timer: next };
    }
  }
}

/** Decides, with a DomainError as its code: what a caller would see. */
function outcome(command: DuelCommand, state: DuelState): { events: unknown } | { error: string } {
  try {
    return { events: decide(command, state, "in") };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.code };
    throw error;
  }
}

describe("post marks kept apart from the snapshot", () => {
  it("R-6.3 R-6.7 deciding with the snapshot's marks and those the command names is deciding with every mark", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 80 }), (steps) => {
        const duel = new Duel({ duelists: [ALICE, BOB] });
        duel.top();
        // What storage holds: the snapshot (hot marks only) and every mark on its own.
        let stored: Record<string, PostMark> = { ...duel.state.posts };
        const posts: string[] = [];
        for (const step of steps) {
          const command = commandOf(duel, step, posts);
          if (!command) continue;
          const full = duel.state;
          const snapshot = snapshotState(full);
          const read = Object.fromEntries(
            postIdsRead(command, snapshot).flatMap((id) => (stored[id] ? [[id, stored[id]]] : [])),
          );
          const partial = { ...snapshot, posts: { ...snapshot.posts, ...read } };

          const expected = outcome(command, full);
          expect(outcome(command, partial)).toEqual(expected);
          if (!("events" in expected)) continue;
          const events = decide(command, full, "in");
          duel.run(command);
          const changes = markChanges(partial.posts, fold(partial, events).posts, false);
          stored = { ...stored };
          for (const change of changes) {
            if (change.mark === null) delete stored[change.postId];
            else stored[change.postId] = change.mark;
          }
          expect(stored).toEqual(duel.state.posts);
        }
      }),
      {
        numRuns: 500,
        // Found by this property when the queue's marks were not kept in the snapshot: a short post
        // opens a window, the next one waits behind it, and the window's end plays it.
        examples: [
          [
            [
              { kind: "turn", complete: false, spell: 0, dice: [1, 1] },
              { kind: "turn", complete: true, spell: 0, dice: [1, 1] },
              { kind: "timer" },
              { kind: "turn", complete: false, spell: 0, dice: [1, 1] },
            ],
          ],
        ],
      },
    );
    // This property found a bug (the example above): its 500 runs stay, with time for a loaded machine.
  }, 120_000);

  it("the snapshot keeps the marks of queued posts and open correction windows, and no other", () => {
    const duel = new Duel({ duelists: [ALICE, BOB] });
    duel.top();
    duel.advance("PT1H");
    duel.post(ALICE, { Sort: "Glacius", Cible: "Bob", Zone: "torse", Pari: "3" }, [3, 4], {
      text: SHORT_RP,
      postId: "p1",
    });
    duel.advance("PT5M");
    duel.post(BOB, { Sort: "Incendio", Cible: "Alice", Zone: "torse", Pari: "3" }, [3, 4], { postId: "p2" });
    expect(duel.state.pending.map((p) => p.post.postId)).toEqual(["p1"]);
    expect([...hotPostIds(duel.state)].sort()).toEqual(["p1", "p2"]);
    expect(Object.keys(snapshotState(duel.state).posts).sort()).toEqual(["p1", "p2"]);

    duel.advance("PT1H");
    const window = timersOf(duel.state).find((t) => t.kind === "correction");
    if (!window) throw new Error("no correction window");
    duel.fire(window);
    expect(duel.state.pending).toEqual([]);
    expect(duel.state.queue).toEqual([]);
    expect(snapshotState(duel.state).posts).toEqual({});
    expect(Object.keys(duel.state.posts).sort()).toEqual(["p1", "p2"]);
  });

  it("a command reads its own post, and a referee's corrections read the posts they name", () => {
    const duel = new Duel({ duelists: [ALICE, BOB] });
    const post = duel.postInput(REFEREE, null, [1, 1], {
      postId: "r1",
      content: "[arbitre]\ncorrection 1001 ; texte : plus long\ncorrection 1002 ; cible : Bob\n[/arbitre]",
    });
    expect(postIdsRead({ type: "post.received", now: duel.now, post }, duel.state)).toEqual([
      "r1",
      "1001",
      "1002",
    ]);
    // The same block from a duelist is no referee command: only the post itself.
    const forged = { ...post, authorId: ALICE.id, authorName: ALICE.name };
    expect(postIdsRead({ type: "post.received", now: duel.now, post: forged }, duel.state)).toEqual(["r1"]);
    expect(
      postIdsRead(
        { type: "post.deleted", now: duel.now, postId: "9", authorId: "42", deletedAt: duel.now },
        duel.state,
      ),
    ).toEqual(["9"]);
    expect(
      postIdsRead(
        {
          type: "referee",
          now: duel.now,
          by: { id: "7", via: "api" },
          action: { command: "disqualify", duelistId: "42" },
        },
        duel.state,
      ),
    ).toEqual([]);
  });

  it("mark changes: what differs, and with a complete view what is gone", () => {
    const mark = (hash: string): PostMark => ({
      authorId: "42",
      hash: hash.repeat(12),
      tampered: false,
      deleted: false,
      inDuel: true,
      valid: false,
    });
    const [m1, m2, m3, m4] = [mark("1"), mark("2"), mark("3"), mark("4")];
    expect(markChanges({ a: m1, b: m2 }, { a: { ...m1 }, b: m3, c: m4 }, false)).toEqual([
      { postId: "b", mark: m3 },
      { postId: "c", mark: m4 },
    ]);
    expect(markChanges({ a: m1, b: m2 }, { b: m2 }, true)).toEqual([{ postId: "a", mark: null }]);
    expect(markChanges({ a: m1 }, {}, false)).toEqual([]);
  });
});
