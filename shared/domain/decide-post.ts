import { createHash } from "node:crypto";
import { decisionTexts } from "../texts/decisions.js";
import type { PostInput } from "./commands.js";
import { correctionUntil } from "./correction-window.js";
import { applyRefereePost } from "./decide-referee.js";
import type { Emitter } from "./emitter.js";
import { minuteOf, postInstant } from "./minute-doubt.js";
import { catchUp, playDuelistPost } from "./play.js";
import { actionFault } from "./sanctions.js";
import { type Duel, duelistOf, postMark, type StoredPost } from "./state.js";
import { retitled } from "./thread-title.js";

/** The content hash's length (base64url characters: 72 bits, enough to tell one post's versions apart). */
export const HASH_LENGTH = 12;

/** The content hash that tells a duplicate delivery from an edit. */
export function contentHash(content: string): string {
  return createHash("sha256").update(content).digest("base64url").slice(0, HASH_LENGTH);
}

/**
 * The post as the duel keeps it, with the dice its turn will use: the forum's in a duel played with
 * the forum's dice, else the system's. A post without the forum's roll is never refused for it: only
 * a post that plays a turn needs dice, and for that turn the system rolls.
 */
function storedPost(e: Emitter, post: PostInput): StoredPost {
  const forumDice = e.state.dice === "forum" ? post.forumDice : undefined;
  return {
    postId: post.postId,
    authorId: post.authorId,
    createdAt: post.createdAt,
    content: post.content,
    format: post.format,
    dice: forumDice ?? post.serverDice,
    ...(e.state.dice === "forum" && !forumDice ? { rolled: true } : {}),
    // Kept only when a correction window would have closed by then: a post read minutes
    // late is the post received in time, so a polled topic and its webhooks make the same duel.
    ...(post.receivedAt && Date.parse(post.receivedAt) >= Date.parse(correctionUntil(e.state, post))
      ? { receivedAt: post.receivedAt }
      : {}),
  };
}

/**
 * A new post in the duel's thread. Duplicates (same post, same content) change nothing; the
 * referee's posts carry `[arbitre]` decisions; a duelist's post is a salute before the top
 * waits behind an open correction window, or plays a turn.
 */
export function decidePostReceived(e: Emitter, post: PostInput): void {
  const hash = contentHash(post.content);
  const known = postMark(e.state, post.postId);
  if (known) {
    if (known.hash !== hash) decidePostEdited(e, post, post.createdAt);
    return;
  }
  if (isHistory(e.state, post)) {
    e.emit({
      type: "post.history",
      rule: "R-7.1",
      postId: post.postId,
      authorId: post.authorId,
      authorName: post.authorName,
      createdAt: post.createdAt,
      hash,
      summary: post.content.slice(0, 280),
      ...retitled(e.state, post.threadTitle),
    });
    return;
  }
  const isReferee = post.authorId === e.state.referee.id;
  // After the end only the referee's posts count: a decision may still undo the end.
  if (e.state.status === "finished" && !isReferee) return;
  // Shown to the minute only, the post may have come at the minute's start: deadlines of that
  // minute have not passed for it (minute-doubt.ts).
  catchUp(e, postInstant(post), false);

  const duelist = duelistOf(e.state, post.authorId);
  if (!isReferee && duelist?.status !== "active") {
    const reason = duelist ? decisionTexts.ignoredPost.outOfDuel : decisionTexts.ignoredPost.stranger;
    e.emit({
      type: "post.ignored",
      rule: "R-1.5",
      postId: post.postId,
      authorId: post.authorId,
      reason,
      ...retitled(e.state, post.threadTitle),
    });
    return;
  }
  const stored = storedPost(e, post);
  const inDuel = !isReferee && e.state.status === "active";
  e.emit({
    type: "post.recorded",
    rule: isReferee ? "R-7.1" : "R-3.1",
    postId: post.postId,
    authorId: post.authorId,
    authorName: post.authorName,
    username: post.username ?? null,
    role: isReferee ? "referee" : "duelist",
    hash,
    inDuel,
    dice: inDuel && !stored.rolled ? stored.dice : null,
    summary: post.content.slice(0, 280),
    ...retitled(e.state, post.threadTitle),
  });
  if (isReferee) {
    applyRefereePost(e, post);
    return;
  }
  playDuelistPost(e, stored);
}

/**
 * Whether a post was made before the duel was registered (R-7.1, a duel registered on an existing
 * thread): the thread's history, never judged, whatever it holds. By the post's own time, however
 * late it arrives (a webhook delayed, a topic's older pages read). Shown to the minute only, a
 * duelist's post of the registration's minute is history (the doubt favours its author, as
 * minute-doubt.ts does); the referee's is judged, so a command they gave then still counts.
 */
function isHistory(state: Duel, post: PostInput): boolean {
  const from = Date.parse(state.judgedFrom ?? state.createdAt);
  const own = post.authorId === state.referee.id;
  const at =
    post.shownToTheMinute && own
      ? Date.parse(minuteOf(post.createdAt)) + 59_999
      : Date.parse(postInstant(post, state));
  return at < from;
}

/** An edit: forbidden in the duel; one fault per post, however many edits. */
export function decidePostEdited(e: Emitter, post: PostInput, editedAt: string): void {
  const known = postMark(e.state, post.postId);
  if (!known) {
    decidePostReceived(e, post);
    if (postMark(e.state, post.postId)) tamper(e, post.postId, "edited", contentHash(post.content), editedAt);
    return;
  }
  const hash = contentHash(post.content);
  if (known.hash === hash) return;
  tamper(e, post.postId, "edited", hash, editedAt);
}

/** A deletion: forbidden in the duel; a deletion already seen changes nothing. */
export function decidePostDeleted(e: Emitter, postId: string, deletedAt: string): void {
  const known = postMark(e.state, postId);
  if (!known || known.deleted) return;
  tamper(e, postId, "deleted", null, deletedAt);
}

function tamper(
  e: Emitter,
  postId: string,
  how: "edited" | "deleted",
  hash: string | null,
  at: string,
): void {
  const known = postMark(e.state, postId);
  if (!known) return;
  const alreadyFaulted = known.tampered;
  e.emit({ type: "post.tampered", rule: "R-6.3", postId, duelistId: known.authorId, how, hash });
  if (!known.inDuel || alreadyFaulted || e.state.status !== "active") return;
  catchUp(e, at, false);
  actionFault(e, known.authorId, postId, [how]);
}
