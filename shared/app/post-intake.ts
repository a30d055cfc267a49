import type { DuelCommand, PostInput } from "../domain/commands.js";
import { correctionsDue } from "../domain/correction-window.js";
import { contentHash } from "../domain/decide-post.js";
import type { Clock } from "../ports/clock.js";
import type { DedupKey } from "../ports/dedup-key.js";
import type { LoadedDuel } from "../ports/duel-repository.js";
import type { DuelService } from "./duel-service.js";
import { duelIdOf, type IncomingPost } from "./incoming-post.js";
import type { RegisterDeps } from "./register-duel.js";
import { openFromPost } from "./thread-opening.js";
import { fireTimer } from "./timer-service.js";

export interface IntakeDeps {
  /** What a thread without a duel needs (`openFromPost`): a post to a duel goes through `duels`. */
  readonly store: RegisterDeps["store"];
  readonly duels: DuelService;
  readonly clock: Clock;
  readonly rollDice: () => readonly [number, number];
}

/**
 * Turns a forum's post event into a decider command (in a thread without a duel, see
 * thread-opening.ts). The post's time is its time in the
 * thread; with the system clock a time in the future (a forum's clock ahead of ours) is brought
 * back to now, with the manual clock it is taken as it is (CONTRACT.md section 7).
 */
export async function intakePost(
  deps: IntakeDeps,
  preloaded: LoadedDuel,
  post: IncomingPost,
): Promise<{ result: "applied" | "ignored" | "duplicate"; duelId?: string }> {
  // A thread without a duel: its author is one of the forum's accounts, and a referee may open one.
  if (!preloaded.duel) {
    const opened = await openFromPost(deps, preloaded, post);
    if (opened.result !== "applied") return opened;
    // The opening post is the duel's first post: recorded in it, so that its delivery seen again
    // is a duplicate like any other post's. Read afresh: the duel did not exist when first read.
    await applyPost(deps, undefined, post);
    return opened;
  }
  return applyPost(deps, preloaded, post);
}

/** The post as a decider command on the thread's duel (read now unless `preloaded`). */
async function applyPost(
  deps: IntakeDeps,
  preloaded: LoadedDuel | undefined,
  post: IncomingPost,
): Promise<{ result: "applied" | "ignored" | "duplicate"; duelId?: string }> {
  const duelId = duelIdOf(post.forumId, post.threadId);
  const now = deps.clock.now().toISOString();
  const clamp = (t: string) => (deps.clock.manual || t <= now ? t : now);
  // With the manual clock a post happens at its own time (CONTRACT.md 7): a created post's verdicts
  // (a ban's start) date from its createdAt, an edit's or deletion's from when it happened.
  const commandNow = deps.clock.manual
    ? clamp(post.kind === "created" ? post.createdAt : post.changedAt)
    : now;
  const hash = contentHash(post.content);
  const input: PostInput = {
    postId: post.postId,
    authorId: post.authorId,
    authorName: post.authorName,
    ...(post.username ? { username: post.username } : {}),
    createdAt: clamp(post.createdAt),
    ...(post.shownToTheMinute ? { shownToTheMinute: true } : {}),
    content: post.content,
    format: post.format,
    ...(post.forumDice ? { forumDice: post.forumDice } : {}),
    serverDice: deps.rollDice(),
    // The clock's time even with the manual clock, where `now` is the post's: a correction window
    // already closed when the post arrives invites no correction (R-6.7, domain/correction-window.ts).
    receivedAt: now,
    ...(post.threadTitle ? { threadTitle: post.threadTitle } : {}),
  };
  let command: DuelCommand;
  let inputId: string;
  if (post.kind === "created") {
    command = { type: "post.received", now: commandNow, post: input };
    inputId = `p.${post.postId}`;
  } else if (post.kind === "edited") {
    command = { type: "post.edited", now: commandNow, post: input, editedAt: clamp(post.changedAt) };
    inputId = `e.${post.postId}.${hash}`;
  } else {
    command = {
      type: "post.deleted",
      now: commandNow,
      postId: post.postId,
      authorId: post.authorId,
      deletedAt: clamp(post.changedAt),
    };
    inputId = `d.${post.postId}`;
  }
  const dedupKeys: DedupKey[] = post.deliveryKey
    ? [{ kind: "delivery", forumId: post.forumId, deliveryKey: post.deliveryKey }]
    : [];
  if (post.kind !== "deleted")
    dedupKeys.push({ kind: "content", forumId: post.forumId, postId: post.postId, change: post.kind, hash });
  const outcome = await deps.duels.execute(duelId, command, {
    inputId,
    forumId: post.forumId,
    dedupKeys,
    ...(preloaded ? { preloaded } : {}),
  });
  // A short post received after its correction window's end: the window's own timer is
  // due already; fired here (the scheduler firing it again is the same input), the fault applies
  // now and not at the scheduler's next run.
  if (outcome.result === "applied")
    for (const timer of correctionsDue(outcome.state, now)) await fireTimer(deps.duels, timer);
  return { result: outcome.result, duelId };
}
