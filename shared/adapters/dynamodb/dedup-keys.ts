import type { DedupKey } from "../../ports/dedup-key.js";

/*
 * A dedup key as the table stores it: the key of its own item (`DEDUP#<key>`, table.ts) or an
 * element of a post item's `seen` set. The forum or duel in the key keeps apart the keys of
 * different forums and duels, which share one namespace:
 *
 *   delivery#<forum id>#<delivery key>                   a forum's delivery
 *   post#<forum id>#<post id>#<created|edited>#<hash>    a post's content as seen
 *   command#<duel id>#<idempotency key>                  a referee command
 *   opening#<forum id>#<post id>#<hash>                  a referee told of an opening refused
 */

/** A dedup key as stored. */
export function encodeDedupKey(key: DedupKey): string {
  switch (key.kind) {
    case "delivery":
      return `delivery#${key.forumId}#${key.deliveryKey}`;
    case "content":
      return `post#${key.forumId}#${key.postId}#${key.change}#${key.hash}`;
    case "command":
      return `command#${key.duelId}#${key.idempotencyKey}`;
    case "opening":
      return `opening#${key.forumId}#${key.postId}#${key.hash}`;
  }
}
