import type { DuelCommand } from "../domain/commands.js";
import type { LoadedDuel } from "../ports/duel-repository.js";
import type { ForumAccount } from "../ports/duelist-store.js";

/** The author of the post a command brings, as the forum shows them; none for a deletion (no name). */
export function authorOf(command: DuelCommand): Omit<ForumAccount, "seenAt"> | null {
  if (command.type !== "post.received" && command.type !== "post.edited") return null;
  const { authorId, authorName, username } = command.post;
  if (authorId === "" || authorName === "") return null;
  return { userId: authorId, name: authorName, ...(username ? { username } : {}) };
}

/** The author ids to read with the duel for these commands: their accounts ride on the same read. */
export function authorIdsOf(commands: readonly DuelCommand[]): string[] {
  return [...new Set(commands.flatMap((c) => authorOf(c)?.userId ?? []))];
}

/**
 * The post's author, if the forum's accounts must remember them (CONTRACT.md 6): every received
 * post's author is one of the forum's accounts, whatever the post decides (a duelist's turn, a
 * spectator's post the duel ignores, the referee's own). None when the read found them stored
 * under the same name and login, so a known author costs no write; an author the read did not ask
 * for is written again, a Put of the same account changing nothing.
 */
export function authorToRemember(
  command: DuelCommand,
  loaded: Pick<LoadedDuel, "accounts">,
  now: string,
): ForumAccount | null {
  const author = authorOf(command);
  if (!author || isStored(author, loaded)) return null;
  return { ...author, seenAt: now };
}

/** Whether the read found the author stored under the same name and login. */
export function isStored(
  author: Omit<ForumAccount, "seenAt">,
  loaded: Pick<LoadedDuel, "accounts">,
): boolean {
  const stored = loaded.accounts?.[author.userId];
  return (
    stored !== undefined &&
    stored !== null &&
    stored.name === author.name &&
    stored.username === author.username
  );
}
