import type { DuelCommand } from "../../domain/commands.js";
import type { InputOrder, PostPlace } from "../../domain/input-order.js";

/*
 * An input's order as the table stores it: the sort key of its item (`IN#<key>`, table.ts), and
 * the snapshot's `lastKey`. String order of these keys is the order of the inputs (`compareOrder`),
 * so DynamoDB lists a duel's inputs in order:
 *
 *   0#register                                   the registration
 *   <instant>#1#<post id>                        a post, by its time in the thread
 *   <instant>#1#<post id>#delete                 its deletion
 *   <instant>#1#<post id>#edit#<input id>        an edit
 *   <instant>#2#<10-digit sequence>#<input id>   a referee decision, in arrival order
 *   <instant>#2#<10-digit sequence>#<post id>…   a post placed among its instant's decisions
 *   <instant>#3#<timer name>                     a timer
 */

const REGISTRATION = "0#register";
const SEQUENCE_DIGITS = 10;

/** An order as its sort key. */
export function encodeOrder(order: InputOrder): string {
  switch (order.rank) {
    case "registration":
      return REGISTRATION;
    case "post":
      return `${order.instant}#1#${encodePlace(order.post)}`;
    case "decision": {
      const tail = "post" in order ? encodePlace(order.post) : order.inputId;
      return `${order.instant}#2#${String(order.sequence).padStart(SEQUENCE_DIGITS, "0")}#${tail}`;
    }
    case "timer":
      return `${order.instant}#3#${order.timer}`;
  }
}

function encodePlace(place: PostPlace): string {
  const { change } = place;
  if (change === undefined) return place.id;
  return change.type === "delete" ? `${place.id}#delete` : `${place.id}#edit#${change.inputId}`;
}

/**
 * A stored key as an order; `encodeOrder` gives the key back. The input's `command`, when known,
 * tells a referee decision from a post placed among decisions; without it (the snapshot's last
 * key) a decision's tail is read by its shape, which compares the same: a decision and a post of
 * one instant and sequence compare by that very text.
 */
export function decodeOrder(key: string, command?: DuelCommand): InputOrder {
  if (key === REGISTRATION) return { rank: "registration" };
  const split = key.indexOf("#");
  const instant = key.slice(0, split);
  const rank = key.slice(split + 1, split + 3);
  const rest = key.slice(split + 3);
  if (split > 0 && rank === "1#") return { rank: "post", instant, post: decodePlace(rest) };
  if (split > 0 && rank === "3#") return { rank: "timer", instant, timer: rest };
  const sequence = /^(\d{10,})#/.exec(rest);
  if (split > 0 && rank === "2#" && sequence?.[1] !== undefined) {
    const tail = rest.slice(sequence[0].length);
    const order = { rank: "decision", instant, sequence: Number(sequence[1]) } as const;
    const isPost =
      command?.type === "referee"
        ? false
        : command?.type.startsWith("post.") === true || /#(delete$|edit#)/.test(tail);
    return isPost ? { ...order, post: decodePlace(tail) } : { ...order, inputId: tail };
  }
  throw new Error(`unreadable input key: ${key}`);
}

function decodePlace(text: string): PostPlace {
  const edit = text.indexOf("#edit#");
  if (edit >= 0) {
    return { id: text.slice(0, edit), change: { type: "edit", inputId: text.slice(edit + "#edit#".length) } };
  }
  if (text.endsWith("#delete")) return { id: text.slice(0, -"#delete".length), change: { type: "delete" } };
  return { id: text };
}
