import { createHash } from "node:crypto";
import { addDuration } from "../time/duration.js";
import { assess } from "./assess.js";
import { catchUp } from "./catch-up.js";
import type { PostInput } from "./commands.js";
import { applyRefereePost } from "./decide-referee.js";
import type { Emitter } from "./emitter.js";
import { resolveTurn } from "./resolve.js";
import { actionFault, disqualify } from "./sanctions.js";
import { duelistOf, postMark, type StoredPost } from "./state.js";
import { passTurn } from "./turns.js";

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
  const isReferee = post.authorId === e.state.referee.id;
  // After the end only the referee's posts count: a decision may still undo the end.
  if (e.state.status === "none" || (e.state.status === "finished" && !isReferee)) return;
  catchUp(e, post.createdAt, false);

  const duelist = duelistOf(e.state, post.authorId);
  if (!isReferee && duelist?.status !== "active") {
    const reason = duelist ? "duelliste hors du duel" : "auteur étranger au duel";
    e.emit({ type: "post.ignored", rule: "R-1.5", postId: post.postId, authorId: post.authorId, reason });
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
  });
  if (isReferee) {
    applyRefereePost(e, post);
    return;
  }
  playDuelistPost(e, stored);
}

/** A duelist's post in the running duel, from the queue or as it arrives. */
export function playDuelistPost(e: Emitter, post: StoredPost): void {
  const duelist = duelistOf(e.state, post.authorId);
  if (duelist?.status !== "active") return;
  if (e.state.status === "registered") {
    const a = assess(e.state, duelist, post);
    const casts = a.spell !== null || a.unlistedSpells.length > 0 || a.particularities.length > 0;
    if (casts) disqualify(e, duelist.id, "spell-before-top", "R-1.3");
    return;
  }
  if (e.state.status !== "active") return;
  const waitingFor = e.state.pending[0];
  if (waitingFor) {
    e.emit({ type: "post.queued", rule: "R-6.7", post, behind: waitingFor.post.postId });
    return;
  }
  const turn = e.state.turn;
  if (!turn || turn.duelistId !== duelist.id) {
    actionFault(e, duelist.id, post.postId, ["out-of-turn"]);
    return;
  }

  const a = assess(e.state, duelist, post);
  if (a.unlistedSpells.length > 0) {
    e.emit({
      type: "referee.decision-needed",
      rule: "R-4.14",
      duelistId: duelist.id,
      postId: post.postId,
      question: "unlisted-spell",
      detail: a.unlistedSpells.join(", "),
    });
  }
  if (a.fatal.length === 0 && a.correctable.length > 0 && !duelist.correctionUsed) {
    e.emit({
      type: "correction.opened",
      rule: "R-6.7",
      postId: post.postId,
      duelistId: duelist.id,
      until: addDuration(post.createdAt, e.state.ruleset.delays.correction),
      missing: a.correctable,
      post,
      turnNumber: turn.number,
      read: a.read.block,
      words: a.words,
    });
    passTurn(e, duelist.id, post.createdAt);
    return;
  }
  const faulty = a.fatal.length > 0 || a.correctable.length > 0;
  if (faulty) actionFault(e, duelist.id, post.postId, [...a.fatal, ...a.correctable], { turn: turn.number });
  resolveTurn(e, post, a, faulty, turn.number);
  passTurn(e, duelist.id, post.createdAt);
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
