/**
 * What the repository recognises a delivery or a command by when it comes again: recorded with the
 * decision that applied it, and refused from then on (CONTRACT.md 4.3). How a key is stored is the
 * adapter's.
 */
export type DedupKey =
  /** One delivery of a forum, by the id its sender gave it (a webhook id, a Discourse event id). */
  | { readonly kind: "delivery"; readonly forumId: string; readonly deliveryKey: string }
  /** A post's content as seen: the same text posted or edited again is the same input. */
  | {
      readonly kind: "content";
      readonly forumId: string;
      readonly postId: string;
      readonly change: "created" | "edited";
      readonly hash: string;
    }
  /** A referee command, by the idempotency key its caller sent for that duel. */
  | { readonly kind: "command"; readonly duelId: string; readonly idempotencyKey: string }
  /** The referee told of an opening post that could not open a duel, once per version of the post. */
  | { readonly kind: "opening"; readonly forumId: string; readonly postId: string; readonly hash: string };

/** Whether two keys name the same delivery or command. */
export function sameDedupKey(a: DedupKey, b: DedupKey): boolean {
  switch (a.kind) {
    case "delivery":
      return b.kind === "delivery" && a.forumId === b.forumId && a.deliveryKey === b.deliveryKey;
    case "content":
      return (
        b.kind === "content" &&
        a.forumId === b.forumId &&
        a.postId === b.postId &&
        a.change === b.change &&
        a.hash === b.hash
      );
    case "command":
      return b.kind === "command" && a.duelId === b.duelId && a.idempotencyKey === b.idempotencyKey;
    case "opening":
      return b.kind === "opening" && a.forumId === b.forumId && a.postId === b.postId && a.hash === b.hash;
  }
}
