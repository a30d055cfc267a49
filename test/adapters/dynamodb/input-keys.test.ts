import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeOrder, encodeOrder } from "../../../shared/adapters/dynamodb/input-keys.js";
import type { DuelCommand, PostInput } from "../../../shared/domain/commands.js";
import { compareOrder, type InputOrder, sortablePostId } from "../../../shared/domain/input-order.js";
import { arrivalOrder, inputOrderOf } from "../../../shared/domain/replay.js";

/*
 * The inputs' sort keys are stored data: a duel's items and its snapshot's `lastKey` hold them.
 * Their format never changes, and their string order (DynamoDB's: UTF-8 bytes) is the domain's
 * order. Properties replay from a seed with FC_SEED (test/support/fast-check-setup.ts).
 */

/** DynamoDB's order of sort keys: their UTF-8 bytes. */
function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

const sign = (n: number) => Math.sign(n);

const referee = {
  type: "referee",
  now: "x",
  by: { id: "7", via: "api" },
  action: { command: "top" },
} as const;
const deletion = { type: "post.deleted", now: "x", postId: "1", authorId: "42", deletedAt: "x" } as const;

/** Keys as stored by the code that wrote them, one of every kind, with the command they are of. */
const STORED: readonly (readonly [string, DuelCommand | undefined])[] = [
  ["0#register", undefined],
  ["2026-11-30T10:05:00.000Z#1#00000000000000000123", undefined],
  ["2026-11-30T10:05:00.000Z#1#p-abc", undefined],
  ["2026-11-30T10:05:00Z#1#00000000000000000123#edit#e.123.Ab_9-x", undefined],
  ["2026-11-30T10:05:00.000+01:00#1#00000000000000000123#delete", undefined],
  ["2026-11-30T10:05:40.000Z#1#00000000000000000125", undefined],
  ["2026-11-30T10:05:40.000Z#2#0000000007#r.f00d-idem", undefined],
  ["2026-11-30T10:05:40.000Z#2#0000000007#r.key#with#delete", referee],
  ["2026-11-30T10:05:40.000Z#2#0000000008#00000000000000000124", deletion],
  ["2026-11-30T10:05:40.000Z#2#0000000009#00000000000000000124#edit#e.124.h", undefined],
  ["2026-11-30T10:05:40.000Z#2#0000000010#00000000000000000124#delete", deletion],
  ["2026-11-30T10:05:40.000Z#3#duel-1.reply-deadline.2.20261130", undefined],
  ["2026-12-01T10:05:40.000Z#3#duel-1.reply-deadline.3.20261201", undefined],
];

/** Today's key of a command, as the domain built it before orders were records. */
function legacyKey(command: DuelCommand, inputId: string, sequence: number, lastKey: string | null): string {
  let key: string;
  switch (command.type) {
    case "register":
      return "0#register";
    case "post.received":
      key = `${command.post.createdAt}#1#${sortablePostId(command.post.postId)}`;
      break;
    case "post.edited":
      key = `${command.editedAt}#1#${sortablePostId(command.post.postId)}#edit#${inputId}`;
      break;
    case "post.deleted":
      key = `${command.deletedAt}#1#${sortablePostId(command.postId)}#delete`;
      break;
    case "ban.lift":
    case "referee":
      return `${command.now}#2#${String(sequence).padStart(10, "0")}#${inputId}`;
    case "timer.fired":
      return `${command.timer.at}#3#${command.timer.name}`;
  }
  const split = key.indexOf("#1#");
  const instant = key.slice(0, split);
  if (lastKey === null || !lastKey.startsWith(`${instant}#2#`)) return key;
  return `${instant}#2#${String(sequence).padStart(10, "0")}#${key.slice(split + 3)}`;
}

/** Names as forums and the app make them: no character sorting at or before `#`. */
const name = fc.stringMatching(/^[A-Za-z0-9._:-]{1,12}$/);
const postId = fc.oneof(fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/));
/** Instants as given: ISO with milliseconds, without, with an offset; few of them, so they meet. */
const instant = fc
  .tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom("", ".000", ".500"), fc.constantFrom("Z", "+01:00"))
  .map(([minute, ms, zone]) => `2026-11-30T10:0${minute}:00${ms}${zone}`);
const place = fc.record(
  {
    id: postId.map(sortablePostId),
    change: fc.oneof(
      fc.constant({ type: "delete" } as const),
      name.map((inputId) => ({ type: "edit", inputId }) as const),
    ),
  },
  { requiredKeys: ["id"] },
);
const order: fc.Arbitrary<InputOrder> = fc.oneof(
  fc.constant({ rank: "registration" } as const),
  fc.record({ rank: fc.constant("post" as const), instant, post: place }),
  fc.record({
    rank: fc.constant("decision" as const),
    instant,
    sequence: fc.integer({ min: 0, max: 30 }),
    inputId: name.map((n) => `r.${n}`),
  }),
  fc.record({
    rank: fc.constant("decision" as const),
    instant,
    sequence: fc.integer({ min: 0, max: 30 }),
    post: place,
  }),
  fc.record({ rank: fc.constant("timer" as const), instant, timer: name }),
);

describe("input orders as stored sort keys", () => {
  it("CONTRACT 4.3 every kind of stored key reads back to itself", () => {
    for (const [key, command] of STORED) {
      expect(encodeOrder(decodeOrder(key, command))).toBe(key);
      expect(encodeOrder(decodeOrder(key))).toBe(key);
    }
    expect(decodeOrder("2026-11-30T10:05:40.000Z#2#0000000007#r.key#with#delete", referee)).toEqual({
      rank: "decision",
      instant: "2026-11-30T10:05:40.000Z",
      sequence: 7,
      inputId: "r.key#with#delete",
    });
    expect(decodeOrder("2026-11-30T10:05:00.000Z#1#00000000000000000123#edit#e.1")).toEqual({
      rank: "post",
      instant: "2026-11-30T10:05:00.000Z",
      post: { id: "00000000000000000123", change: { type: "edit", inputId: "e.1" } },
    });
  });

  it("CONTRACT 4.3 compareOrder is the stored keys' order: on every pair of stored keys", () => {
    for (const [a, commandA] of STORED) {
      for (const [b, commandB] of STORED) {
        expect(sign(compareOrder(decodeOrder(a, commandA), decodeOrder(b, commandB)))).toBe(
          sign(byBytes(a, b)),
        );
      }
    }
  });

  it("CONTRACT 4.3 compareOrder is the stored keys' order, and an order reads back the same, on generated orders", () => {
    fc.assert(
      fc.property(order, order, (a, b) => {
        const [x, y] = [encodeOrder(a), encodeOrder(b)];
        expect(sign(compareOrder(a, b))).toBe(sign(byBytes(x, y)));
        expect(decodeOrder(x)).toSatisfy((d: InputOrder) => compareOrder(d, a) === 0 && encodeOrder(d) === x);
      }),
      { numRuns: 2000 },
    );
  });

  it("CONTRACT 4.3 a command's order is stored under the key it always had", () => {
    const post = (postId: string, at: string): PostInput => ({
      postId,
      authorId: "42",
      authorName: "Alice",
      createdAt: at,
      content: "",
      format: "text",
      serverDice: [1, 1],
    });
    const onePost = fc.record({ postId, at: instant });
    const command = fc.oneof(
      onePost.map(
        ({ postId, at }): DuelCommand => ({ type: "post.received", now: at, post: post(postId, at) }),
      ),
      onePost.map(
        ({ postId, at }): DuelCommand => ({
          type: "post.deleted",
          now: at,
          postId,
          authorId: "42",
          deletedAt: at,
        }),
      ),
      onePost.map(
        ({ postId, at }): DuelCommand => ({
          type: "post.edited",
          now: at,
          editedAt: at,
          post: post(postId, at),
        }),
      ),
      instant.map((at): DuelCommand => ({ ...referee, now: at })),
      fc.record({ at: instant, timer: name }).map(
        ({ at, timer }): DuelCommand => ({
          type: "timer.fired",
          now: at,
          timer: { name: timer, duelId: "d", kind: "reply-deadline", at, ref: "1" },
        }),
      ),
    );
    fc.assert(
      fc.property(
        command,
        name,
        fc.integer({ min: 0, max: 99 }),
        fc.option(order),
        (c, inputId, sequence, last) => {
          const arrived = arrivalOrder(inputOrderOf(c, inputId, sequence), c, sequence, last ? [last] : []);
          expect(encodeOrder(arrived)).toBe(legacyKey(c, inputId, sequence, last ? encodeOrder(last) : null));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
