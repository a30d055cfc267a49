/**
 * Where an input sits in a duel's order (CONTRACT.md 4.3), as a small record the domain compares:
 * the registration first, then by instant; at one instant the thread's posts, then referee
 * decisions in their arrival order (`sequence`: the duel's version on arrival), then timers.
 *
 * ```
 *  registration │ 10:05 post 7 · post 7 deleted · post 7 edited │ 10:05 decision #3 │ 10:05 timer │ 10:06 …
 * ```
 *
 * How an order is stored (a sort key) is the repository's: the domain only builds and compares.
 */
export type InputOrder =
  | { readonly rank: "registration" }
  | { readonly rank: "post"; readonly instant: string; readonly post: PostPlace }
  | DecisionOrder
  | { readonly rank: "timer"; readonly instant: string; readonly timer: string };

/**
 * A referee decision, or a post that arrived once decisions of its very instant were in the duel:
 * it keeps its arrival order among them (`arrived`, replay.ts).
 */
export type DecisionOrder =
  | {
      readonly rank: "decision";
      readonly instant: string;
      readonly sequence: number;
      readonly inputId: string;
    }
  | {
      readonly rank: "decision";
      readonly instant: string;
      readonly sequence: number;
      readonly post: PostPlace;
    };

/** A thread input's place among its instant's posts: by post id, then the post, its deletion, its edits. */
export interface PostPlace {
  /** The post's id, padded to sort as a number when it is one (`sortablePostId`). */
  readonly id: string;
  readonly change?: { readonly type: "delete" } | { readonly type: "edit"; readonly inputId: string };
}

const RANKS = { registration: 0, post: 1, decision: 2, timer: 3 } as const;

/** A post id that sorts as a number when it is one (forum ids are often numeric). */
export function sortablePostId(id: string): string {
  return /^\d{1,20}$/.test(id) ? id.padStart(20, "0") : id;
}

/**
 * Text in code point order, the order of its UTF-8 bytes (DynamoDB's order of sort keys), which
 * `<` on UTF-16 units departs from beyond the surrogates.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit ranked as its code point sorts: surrogates (beyond U+FFFF) after U+E000–U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/**
 * The one comparison of orders: negative when `a` comes first, 0 for the same place, positive
 * after. Instants compare as their text (as given by the forum or the clock, ISO 8601).
 */
export function compareOrder(a: InputOrder, b: InputOrder): number {
  if (a.rank === "registration" || b.rank === "registration") return RANKS[a.rank] - RANKS[b.rank];
  const instant = compareText(a.instant, b.instant);
  if (instant !== 0) return instant;
  if (a.rank !== b.rank) return RANKS[a.rank] - RANKS[b.rank];
  if (a.rank === "post" && b.rank === "post") return comparePlaces(a.post, b.post);
  if (a.rank === "timer" && b.rank === "timer") return compareText(a.timer, b.timer);
  if (a.rank === "decision" && b.rank === "decision") return compareDecisions(a, b);
  return 0;
}

function compareDecisions(a: DecisionOrder, b: DecisionOrder): number {
  if (a.sequence !== b.sequence) return a.sequence - b.sequence;
  if ("post" in a && "post" in b) return comparePlaces(a.post, b.post);
  // A decision and a post arrived at one version: their names, then the plain one first.
  const x = "post" in a ? a.post : { id: a.inputId };
  const y = "post" in b ? b.post : { id: b.inputId };
  return comparePlaces(x, y);
}

function comparePlaces(a: PostPlace, b: PostPlace): number {
  const id = compareText(a.id, b.id);
  if (id !== 0) return id;
  const x = a.change;
  const y = b.change;
  if (x === undefined || y === undefined) return (x === undefined ? 0 : 1) - (y === undefined ? 0 : 1);
  if (x.type === "edit" && y.type === "edit") return compareText(x.inputId, y.inputId);
  return (x.type === "edit" ? 1 : 0) - (y.type === "edit" ? 1 : 0);
}

/** The latest of these orders; the registration, which every other follows, when there are none. */
export function latestOrder(orders: Iterable<InputOrder>): InputOrder {
  let latest: InputOrder = { rank: "registration" };
  for (const order of orders) if (compareOrder(order, latest) > 0) latest = order;
  return latest;
}

/** Whether two orders are the same place. */
export function sameOrder(a: InputOrder, b: InputOrder): boolean {
  return compareOrder(a, b) === 0;
}
