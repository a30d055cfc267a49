import type { DuelEvent, DuelEventType } from "./events.js";
import type { Duel, DuelistState, PostMark } from "./state.js";
import { postMark } from "./state.js";

/** The event of one type, as its `evolve` case receives it. */
export type EventOf<T extends DuelEventType> = Extract<DuelEvent, { type: T }>;

export function updateDuelist(state: Duel, id: string, change: (d: DuelistState) => DuelistState): Duel {
  return { ...state, duelists: state.duelists.map((d) => (d.id === id ? change(d) : d)) };
}

export function markPost(state: Duel, postId: string, change: Partial<PostMark>): Duel {
  const current = postMark(state, postId);
  if (!current) return state;
  return { ...state, posts: { ...state.posts, [postId]: { ...current, ...change } } };
}
