import { contentHash } from "../domain/decide-post.js";
import { DomainError } from "../errors.js";
import { openingTexts as say } from "../hiboux/opening.js";
import { findAccount } from "../parsing/account-lookup.js";
import { type DuelOpening, findOpening } from "../parsing/duel-opening.js";
import { findDuelist } from "../parsing/duelist-lookup.js";
import type { LoadedDuel } from "../ports/duel-repository.js";
import type { ForumAccount } from "../ports/duelist-store.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { Hibou } from "../ports/notifier.js";
import { postTime } from "../texts/format.js";
import { refusalShown } from "../texts/refusals.js";
import { clubTimeZone } from "./club.js";
import { standaloneEntries } from "./effects.js";
import { duelIdOf, type IncomingPost } from "./incoming-post.js";
import { isStored } from "./post-authors.js";
import { type DuelRegistration, type RegisterDeps, registerDuel } from "./register-duel.js";

type Referee = ForumConfig["referees"][number];
type Answer = { result: "applied" | "ignored" | "duplicate"; duelId?: string };

/** The opening's duelists as forum accounts, or what the referee must fix. */
function resolveDuelists(
  opening: DuelOpening,
  accounts: readonly ForumAccount[],
): { duelists: DuelRegistration["duelists"]; firstDuelistId?: string; problems: string[] } {
  const problems: string[] = [];
  const duelists = opening.duelists.flatMap((d) => {
    const found = findAccount(d.written, accounts);
    if (found.kind === "unknown") problems.push(say.unknownAccount(d.written));
    if (found.kind === "ambiguous") problems.push(say.ambiguousAccount(d.written, found.candidates));
    if (found.kind !== "found") return [];
    const { userId, name } = found.account;
    return [{ id: userId, name, year: d.year, particularities: d.particularities }];
  });
  if (opening.first === undefined || problems.length > 0) return { duelists, problems };
  const first = findDuelist(opening.first.replace(/^@/, ""), duelists, { byId: true });
  if (first.kind !== "found") return { duelists, problems: [say.unknownFirst(opening.first)] };
  return { duelists, firstDuelistId: first.duelistId, problems };
}

/**
 * A post in a thread that has no duel yet (CONTRACT.md 6): its author is remembered as one of the
 * forum's accounts (so a referee can name them later), and a referee's `[arbitre]duel : …[/arbitre]`
 * registers the duel exactly as `POST /duels` does. Whatever stops it (a line not understood, a
 * name that is no account or several, a check of the registration) registers nothing and sends the
 * referee one hibou saying what to write. Anyone else's opening is ignored: only a referee of the
 * forum opens a duel.
 */
export async function openFromPost(
  deps: RegisterDeps,
  { forum, accounts }: Pick<LoadedDuel, "forum" | "accounts">,
  post: IncomingPost,
): Promise<Answer> {
  if (!forum || post.kind === "deleted") return { result: "ignored" };
  const now = deps.clock.now().toISOString();
  const author = {
    userId: post.authorId,
    name: post.authorName,
    ...(post.username ? { username: post.username } : {}),
  };
  // Read with the thread: an author already known under this name costs no write.
  if (!isStored(author, { accounts }))
    await deps.store.rememberAccount(post.forumId, { ...author, seenAt: now });
  const referee = forum.referees.find((r) => r.id === post.authorId);
  if (!referee) return { result: "ignored" };
  const read = findOpening(post.content, post.format);
  if (!read) return { result: "ignored" };
  const duelId = duelIdOf(post.forumId, post.threadId);
  if (!read.ok) return refuse(deps, forum, referee, post, read.errors);

  const { opening } = read;
  const resolved = resolveDuelists(opening, await deps.store.listAccounts(post.forumId));
  if (resolved.problems.length > 0) return refuse(deps, forum, referee, post, resolved.problems);
  try {
    await registerDuel(
      deps,
      {
        forumId: post.forumId,
        threadId: post.threadId,
        referee: { id: referee.id, name: referee.name },
        duelists: resolved.duelists,
        ...(resolved.firstDuelistId ? { firstDuelistId: resolved.firstDuelistId } : {}),
        ...(opening.replyWindow ? { replyWindow: opening.replyWindow } : {}),
        dice: opening.dice ?? "server",
        stakes: opening.stakes ?? null,
        ...(post.threadTitle ? { threadTitle: post.threadTitle } : {}),
        openedAt: post.createdAt,
      },
      {
        forum,
        dedupKeys: post.deliveryKey
          ? [{ kind: "delivery", forumId: post.forumId, deliveryKey: post.deliveryKey }]
          : [],
      },
    );
  } catch (error) {
    // The registration's own checks (a banned duelist, one named twice, an unknown particularity):
    // the same errors as the API's, told to the referee instead of answered to the forum.
    // Two deliveries of the same opening at once: the other one registered it.
    if (error instanceof DomainError && error.code === "duel_already_exists")
      return { result: "duplicate", duelId };
    if (error instanceof DomainError)
      return refuse(deps, forum, referee, post, [
        refusalShown(error.code, error.message, clubTimeZone(forum)),
      ]);
    throw error;
  }
  return { result: "applied", duelId };
}

/** One hibou to the referee, once per version of the post (a retried delivery sends nothing more). */
async function refuse(
  deps: RegisterDeps,
  forum: ForumConfig,
  referee: Referee,
  post: IncomingPost,
  problems: readonly string[],
): Promise<Answer> {
  const duelId = duelIdOf(post.forumId, post.threadId);
  const now = deps.clock.now().toISOString();
  const version = contentHash(post.content);
  const hibou: Hibou = {
    id: `opening.${post.postId}.${version}`,
    duelId,
    forumId: post.forumId,
    threadId: post.threadId,
    to: {
      role: "referee",
      id: referee.id,
      name: referee.name,
      ...(referee.username ? { username: referee.username } : {}),
    },
    kind: say.kind,
    title: say.title,
    text: say.text(postTime(post.createdAt, now, clubTimeZone(forum)), problems),
    createdAt: now,
    eventId: `opening.${post.postId}`,
    rule: "R-1.2",
  };
  const written = await deps.store.enqueue(standaloneEntries(forum, hibou, now), {
    kind: "opening",
    forumId: post.forumId,
    postId: post.postId,
    hash: version,
  });
  return { result: written ? "ignored" : "duplicate", duelId };
}
