import fc from "fast-check";
import { expect } from "vitest";
import { LONG_RP, turnContent } from "../support/duels.js";
import type { MemoryHarness } from "../support/harness.js";
import { ALICE, BOB, deliverGeneric, openDuel, recordedHarness, SPELLS, type ThreadPost } from "./support.js";

/**
 * Random duels for the order property (CONTRACT.md 4.3): a thread of a few posts with random gaps
 * (some over the 72-hour reply window), authors (some out of turn), contents (some short, opening
 * a correction window) and dice; an arrival order; and when each post arrives.
 */
export const T0 = "2026-11-30T10:00:00.000Z";
export const THREAD = "4300";
export const DUEL = `poudlard.${THREAD}`;
const MINUTE = 60_000;

export interface PostSpec {
  /** Minutes after the previous post (over 72 hours: the duelist whose turn it was is absent). */
  readonly gap: number;
  /** `same`: the previous post's author posts again (out of turn). */
  readonly author: "next" | "same";
  /** `short`: the block lacks its zone, so a correction window opens. */
  readonly kind: "valid" | "short";
  readonly spell: number;
  readonly dice: readonly [number, number];
  /** Minutes between the post's creation (or the previous arrival) and its arrival. */
  readonly delay: number;
}

export interface Scenario {
  readonly posts: readonly PostSpec[];
  /** The arrival order, as indices into `posts`. */
  readonly order: readonly number[];
  /** Minutes after everything before the end (so the last deadlines fire in both runs). */
  readonly tail: number;
}

const die = fc.integer({ min: 1, max: 6 });
const postSpec: fc.Arbitrary<PostSpec> = fc.record({
  gap: fc.oneof(
    fc.integer({ min: 10, max: 180 }),
    fc.integer({ min: 180, max: 71 * 60 }),
    fc.integer({ min: 73 * 60, max: 100 * 60 }),
  ),
  author: fc.constantFrom("next", "next", "next", "same"),
  kind: fc.constantFrom("valid", "valid", "valid", "short"),
  spell: fc.nat(SPELLS.length - 1),
  dice: fc.tuple(die, die),
  delay: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 80 * 60 })),
});
export const scenario: fc.Arbitrary<Scenario> = fc
  .array(postSpec, { minLength: 3, maxLength: 5 })
  .chain((posts) =>
    fc.record({
      posts: fc.constant(posts),
      order: fc.shuffledSubarray(
        posts.map((_, i) => i),
        { minLength: posts.length, maxLength: posts.length },
      ),
      tail: fc.integer({ min: 0, max: 100 * 60 }),
    }),
  );

/** The thread the scenario describes: times, authors and contents of its posts. */
export function threadOf(s: Scenario): ThreadPost[] {
  let at = Date.parse(T0);
  let author = BOB;
  return s.posts.map((p, i) => {
    at += p.gap * MINUTE;
    if (p.author === "next" || i === 0) author = author === ALICE ? BOB : ALICE;
    const target = author === ALICE ? BOB : ALICE;
    const spell = SPELLS[p.spell] ?? "Glacius";
    const content =
      p.kind === "valid"
        ? turnContent(target.name, spell)
        : `${LONG_RP}\n[duel]\nSort : ${spell}\nCible : ${target.name}\nPari : 3\n[/duel]`;
    return {
      threadId: THREAD,
      postId: String(9000 + i),
      author,
      createdAt: new Date(at).toISOString(),
      content,
      dice: p.dice,
    };
  });
}

/** When each post arrives, in arrival order: never before it was made, never before the previous. */
export function arrivals(s: Scenario, posts: readonly ThreadPost[]): { post: ThreadPost; at: number }[] {
  let last = Date.parse(T0);
  return s.order.map((i) => {
    const post = posts[i] as ThreadPost;
    last = Math.max(last, Date.parse(post.createdAt)) + (s.posts[i]?.delay ?? 0) * MINUTE;
    return { post, at: last };
  });
}

/** How a run gets its harness: on DynamoDB Local (`recordedHarness`) or the memory store. */
export type MakeHarness = (options: { start: string }) => Promise<MemoryHarness>;

export async function duel(make: MakeHarness = recordedHarness): Promise<MemoryHarness> {
  const h = await make({ start: T0 });
  await h.forum();
  await openDuel(h, THREAD, { dice: "forum" });
  await h.settle();
  return h;
}

/**
 * Moves the clock to `at` and fires what fell due. When the clock is there already, what is due is
 * still fired: a replay may have put a deadline in the past, which a scheduler fires at once.
 */
export async function moveTo(h: MemoryHarness, at: number): Promise<void> {
  if (at <= h.clock.now().getTime()) {
    await h.settle();
    return;
  }
  const res = await h.admin("POST", "/_local/clock", { set: new Date(at).toISOString() });
  expect(res.status).toBe(200);
}

/** The thread's order: each post arrives as it is made, deadlines fire as time passes. */
export async function playInOrder(s: Scenario, make: MakeHarness = recordedHarness): Promise<MemoryHarness> {
  const posts = threadOf(s);
  const h = await duel(make);
  for (const post of posts) {
    await moveTo(h, Date.parse(post.createdAt));
    expect((await deliverGeneric(h, post, `m-${post.postId}`)).status).toBe(200);
  }
  await moveTo(h, endOf(s));
  return h;
}

/** When both runs stop: after every arrival and every post, plus the scenario's tail. */
export function endOf(s: Scenario): number {
  const posts = threadOf(s);
  const plan = arrivals(s, posts);
  return Math.max(...plan.map((a) => a.at), ...posts.map((p) => Date.parse(p.createdAt))) + s.tail * MINUTE;
}
