import { describe, expect, it } from "vitest";
import { encodeDedupKey } from "../../../shared/adapters/dynamodb/dedup-keys.js";
import { type DedupKey, sameDedupKey } from "../../../shared/ports/dedup-key.js";

/** Every kind of key with the string the table holds for it: keys written before must match. */
const STORED: readonly (readonly [DedupKey, string])[] = [
  [
    { kind: "delivery", forumId: "poudlard", deliveryKey: "generic#msg_2Kx" },
    "delivery#poudlard#generic#msg_2Kx",
  ],
  [
    { kind: "content", forumId: "poudlard", postId: "1042", change: "created", hash: "q3v9" },
    "post#poudlard#1042#created#q3v9",
  ],
  [
    { kind: "content", forumId: "poudlard", postId: "1042", change: "edited", hash: "q3v9" },
    "post#poudlard#1042#edited#q3v9",
  ],
  [{ kind: "command", duelId: "poudlard.77", idempotencyKey: "a#b" }, "command#poudlard.77#a#b"],
  [{ kind: "opening", forumId: "poudlard", postId: "9", hash: "h1" }, "opening#poudlard#9#h1"],
];

describe("dedup keys as the table stores them", () => {
  it("CONTRACT 4.3 each kind is stored exactly as keys already written are, so a retry of an old delivery is still refused", () => {
    for (const [key, stored] of STORED) expect(encodeDedupKey(key)).toBe(stored);
  });

  it("two keys are the same delivery exactly when they are stored as the same string", () => {
    for (const [a, storedA] of STORED)
      for (const [b, storedB] of STORED) expect(sameDedupKey(a, b)).toBe(storedA === storedB);
  });
});
