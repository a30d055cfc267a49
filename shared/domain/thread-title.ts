import type { Duel } from "./state.js";

/** The longest thread title a duel keeps: enough for any title a forum shows in full. */
export const MAX_THREAD_TITLE = 120;

/**
 * A thread's title as a duel keeps it: whitespace collapsed, cut at `MAX_THREAD_TITLE` characters
 * (an ellipsis shows the cut), null when there is none. Forums send titles of any length; the duel's
 * state, its hiboux and its records carry a bounded one.
 */
export function threadTitleOf(raw: string | null | undefined): string | null {
  const title = (raw ?? "").replace(/\s+/g, " ").trim();
  if (title.length === 0) return null;
  const chars = [...title];
  return chars.length <= MAX_THREAD_TITLE
    ? title
    : `${chars
        .slice(0, MAX_THREAD_TITLE - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The title a post brings to its duel's events, when it names one the duel does not know yet (a
 * thread renamed on the forum): undefined when it names none or the same.
 */
export function retitled(state: Duel, raw: string | undefined): { readonly threadTitle: string } | undefined {
  const title = threadTitleOf(raw);
  return title !== null && title !== state.threadTitle ? { threadTitle: title } : undefined;
}
