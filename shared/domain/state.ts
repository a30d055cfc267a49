import type { PostFormat } from "../parsing/types.js";
import type { Ruleset, Year } from "../rules/ruleset.js";

/** A particularity a duelist has, with its rank (R-1.2, default 1). */
export interface OwnedParticularity {
  readonly name: string;
  readonly rank: number;
}

/** A duelist as registered. */
export interface DuelistProfile {
  readonly id: string;
  readonly name: string;
  readonly year: Year;
  readonly particularities: readonly OwnedParticularity[];
  readonly extraSpells: readonly string[];
}

/** A duelist during the duel: the profile plus everything the rules count (CONTRACT.md 6.1). */
export interface DuelistState extends DuelistProfile {
  readonly points: number;
  readonly startingPoints: number;
  readonly absenceFaults: number;
  /** The running counter of, back to 0 after a sanction. */
  readonly actionFaults: number;
  readonly disarmed: boolean;
  readonly status: "active" | "out" | "disqualified";
  readonly correctionUsed: boolean;
  readonly derogationUsed: boolean;
  /** A dérogation granted while it was not their turn, applied to their next deadline (R-6.2a). */
  readonly pendingExtension: string | null;
  /**
   * Sum of next-defence modifiers waiting for their next defence roll that answers a spell
   * (R-4.6, R-4.10, R-4.11 Interpretation, R-3.5): a turn with nothing to answer leaves them.
   */
  readonly nextDefenceModifier: number;
  /** They cannot attack on their next turn. */
  readonly cannotAttackNextTurn: boolean;
  /** The spell declared in their previous turn, for spam; none after a turn lost to an absence. */
  readonly lastSpellId: string | null;
  /** Once-per-duel particularities already spent. */
  readonly usedParticularities: readonly string[];
  readonly pm: number | null;
  /** Their forum login, learnt from their posts, for channels that message by username. */
  readonly username: string | null;
}

/** A post as the decider keeps it to resolve it later (correction window, queue). */
export interface StoredPost {
  readonly postId: string;
  readonly authorId: string;
  readonly createdAt: string;
  readonly content: string;
  readonly format: PostFormat;
  /** The dice of this post: attack then defence. */
  readonly dice: readonly [number, number];
  /** The post carried no roll in a duel played with the forum's dice: the system rolled. */
  readonly rolled?: boolean;
  /** When the system received it, if after its correction window's end (`PostInput.receivedAt`, R-6.7). */
  readonly receivedAt?: string;
}

/** An attack waiting for its target's next defence die. */
export interface PendingAttack {
  readonly postId: string;
  readonly attackerId: string;
  readonly targetId: string;
  readonly spellId: string;
  readonly attack: number;
}

/** A post whose correction window is open. */
export interface PendingCorrection {
  readonly post: StoredPost;
  readonly duelistId: string;
  readonly until: string;
  readonly missing: readonly ("words" | "cible" | "zone" | "pari")[];
  /** The turn number the post played. */
  readonly turnNumber: number;
}

/** What the decider remembers of each post, to spot duplicates, edits and deletions. */
export interface PostMark {
  readonly authorId: string;
  readonly hash: string;
  readonly tampered: boolean;
  readonly deleted: boolean;
  /** Whether the post was a duelist's post in the running duel (edits of those are faults). */
  readonly inDuel: boolean;
  /** The turn the post was resolved as a whole, when it was valid (a correction is then refused). */
  readonly valid: boolean;
}

/** A fault as the referee may cancel it. */
export interface FaultRecord {
  readonly eventId: string;
  readonly duelistId: string;
  readonly kind: "action" | "absence";
  readonly sanctionPoints: number;
  readonly disqualified: boolean;
  readonly counted: boolean;
  readonly cancelled: boolean;
  /** Points its sanction actually took (R-1.6 stops at 0); optional, stored snapshots may lack it. */
  readonly lostPoints?: number;
  /** The turn whose post or absence it was, when it was the fault of the turn being played. */
  readonly turn?: number | null;
}

export interface Turn {
  readonly duelistId: string;
  readonly number: number;
  readonly startedAt: string;
  readonly deadline: string;
  readonly reminded: boolean;
}

export interface DuelResult {
  readonly winnerId: string | null;
  readonly reason: "points" | "disqualification" | "referee";
}

export interface Ban {
  readonly duelistId: string;
  readonly until: string;
  readonly ended: boolean;
}

/** What a duel holds from its registration on, whatever its status. */
export interface DuelBase {
  readonly id: string;
  readonly forumId: string;
  readonly threadId: string;
  /**
   * The thread's title on its forum, as the latest post that named one gave it (bounded,
   * `thread-title.ts`); absent while no source named it, and from snapshots stored before it was kept.
   */
  readonly threadTitle?: string;
  readonly referee: { readonly id: string; readonly name: string };
  readonly ruleset: Ruleset;
  readonly replyWindow: string;
  readonly dice: "server" | "forum";
  readonly stakes: string | null;
  readonly firstDuelistId: string;
  readonly createdAt: string;
  readonly duelists: readonly DuelistState[];
  readonly pendingAttacks: readonly PendingAttack[];
  readonly pending: readonly PendingCorrection[];
  readonly queue: readonly StoredPost[];
  /** Every post seen, by id: a duel keeps one mark per post of its thread. */
  readonly posts: Readonly<Record<string, PostMark>>;
  readonly faults: readonly FaultRecord[];
  readonly bans: readonly Ban[];
  /** Attacks that were pending against a duelist when they left the duel, should a cancelled fault bring them back. */
  readonly droppedAttacks?: readonly PendingAttack[];
  /** The referee turned this duel's thread announcements off (CONTRACT.md 3, `announce`). */
  readonly announceOff?: boolean;
  /** Whether the stakes were honoured, as the referee recorded it after the end (R-1.7, CONTRACT.md 8). */
  readonly stakesHonoured?: boolean;
}

/** No duel registered in this thread yet. */
export interface NoDuel {
  readonly status: "none";
}

/** Registered, waiting for the referee's top: duelists may salute, no turn runs. */
export interface RegisteredDuel extends DuelBase {
  readonly status: "registered";
}

/**
 * Between the top and the end. A turn always runs: the top gives the first one, and each
 * played post, absence or correction window hands it on.
 */
export interface ActiveDuel extends DuelBase {
  readonly status: "active";
  readonly turn: Turn;
}

/** Over; a referee's decision may still undo the end and resume it. */
export interface FinishedDuel extends DuelBase {
  readonly status: "finished";
  readonly result: DuelResult;
  /** When it finished. */
  readonly endedAt: string;
  /** The turn running when the duel finished, where it resumes if its end is undone; null before the top. */
  readonly stoppedTurn: Turn | null;
}

/** A duel once registered: what a stored snapshot holds. */
export type Duel = RegisteredDuel | ActiveDuel | FinishedDuel;

/** A duel: one aggregate, a union on its status, JSON-friendly so it stores as it is. */
export type DuelState = NoDuel | Duel;

/** The state before registration. */
export const initialState: DuelState = { status: "none" };

/** Whether the duel was registered (every status but "none"). */
export function isOpened(state: DuelState): state is Duel {
  return state.status !== "none";
}

/** The turn being played, if the duel is running. */
export function currentTurn(state: DuelState): Turn | null {
  return state.status === "active" ? state.turn : null;
}

/** The mark of a post the duel has seen, if any. */
export function postMark(state: Duel, postId: string): PostMark | undefined {
  return state.posts[postId];
}

/** The duelist of that id, if any. */
export function duelistOf(state: Duel, id: string): DuelistState | undefined {
  return state.duelists.find((d) => d.id === id);
}

/** The duelists still in the duel, in registration order. */
export function activeDuelists(state: Duel): DuelistState[] {
  return state.duelists.filter((d) => d.status === "active");
}
