import type { ActionBlock } from "../parsing/types.js";
import type { Ruleset } from "../rules/ruleset.js";
import type { RefereeAction } from "./referee-actions.js";
import type { DuelistProfile, StoredPost } from "./state.js";

/** Every event names when it happened and the rule it applied (RULES.md id). */
interface Base {
  /** Stable id: the input that produced it and its index (`<inputId>#<n>`), so a referee can cite it. */
  readonly id: string;
  readonly at: string;
  readonly rule: string;
}

/** Why a post broke a rule; each code maps to the rule it names in the audit log. */
export type Violation =
  | "words"
  | "cible"
  | "zone"
  | "pari"
  | "spam"
  | "edited"
  | "deleted"
  | "disarmed"
  | "level"
  | "pm"
  | "unlisted-spell"
  | "two-actions"
  | "unusable-particularity"
  | "particularity-not-owned"
  | "particularity-spent"
  | "out-of-turn"
  | "unknown-action"
  | "referee";

/** Who decided: the system's verdict, or the referee's. */
export type Decider = "system" | "referee";

/** Who took a decision, as the audit log names them (CONTRACT.md 3.1). */
export interface Actor {
  readonly role: "operator" | "forum-admin" | "referee";
  readonly name: string;
}

export type DuelEvent =
  | (Base & {
      readonly type: "duel.registered";
      /** Who registered it, when known. */
      readonly by?: Actor;
      readonly duel: {
        readonly id: string;
        readonly forumId: string;
        readonly threadId: string;
        /** The thread's title, when the registration named it (`thread-title.ts`). */
        readonly threadTitle?: string;
        readonly referee: { readonly id: string; readonly name: string };
        readonly duelists: readonly DuelistProfile[];
        readonly startingPoints: Readonly<Record<string, number>>;
        readonly pm: Readonly<Record<string, number | null>>;
        readonly firstDuelistId: string;
        readonly replyWindow: string;
        readonly dice: "server" | "forum";
        readonly stakes: string | null;
        readonly ruleset: Ruleset;
      };
    })
  | (Base & {
      readonly type: "duel.started";
      readonly firstDuelistId: string;
      readonly deadline: string;
      readonly reason?: string;
    })
  | (Base & {
      readonly type: "post.recorded";
      readonly postId: string;
      readonly authorId: string;
      readonly authorName: string;
      readonly username: string | null;
      readonly role: "duelist" | "referee";
      readonly hash: string;
      readonly inDuel: boolean;
      readonly dice: readonly [number, number] | null;
      readonly summary: string;
      /** The thread's title, when the post named one the duel did not know (a renamed thread). */
      readonly threadTitle?: string;
    })
  | (Base & {
      readonly type: "post.ignored";
      readonly postId: string;
      readonly authorId: string;
      readonly reason: string;
      /** As `post.recorded`'s: a post that does not count may still rename the thread. */
      readonly threadTitle?: string;
    })
  | (Base & {
      readonly type: "post.tampered";
      readonly postId: string;
      readonly duelistId: string;
      readonly how: "edited" | "deleted";
      readonly hash: string | null;
    })
  | (Base & {
      readonly type: "turn.played";
      readonly postId: string;
      readonly duelistId: string;
      readonly number: number;
      readonly dice: readonly [number, number];
      readonly spellId: string | null;
      /**
       * The particularity cast as this turn's spell (Legilimens, R-5.3), whether it worked or not:
       * the previous spell of the duelist's next turn (R-4.16 Interpretation). Absent when none was.
       */
      readonly particularityId?: string;
      readonly targetId: string | null;
      /**
       * The modifier added to this turn's defence die: 0 when the die answered no spell.
       */
      readonly defenceModifier: number;
      /**
       * The waiting defence modifier this turn did not use, because its die answered no spell
       * (R-4.10, R-4.11 Interpretation): it stays for the next defence. Absent when none waits on.
       */
      readonly defenceModifierKept?: number;
      readonly canAttack: boolean;
      readonly faulty: boolean;
      readonly valid: boolean;
      /** Words counted for R-6.3 (the post's, plus a correction's text). */
      readonly words: number;
      /** PM left after the cast, where the ruleset has PM. */
      readonly pm: number | null;
      /** The action as read in the post, quoted back in the hibou. */
      readonly read?: ActionBlock | null;
    })
  | (Base & {
      /** A turn's post carried no roll in a duel played with the forum's dice: the system rolled. */
      readonly type: "dice.rolled";
      readonly postId: string;
      readonly duelistId: string;
      readonly dice: readonly [number, number];
    })
  | (Base & {
      readonly type: "defence.resolved";
      readonly postId: string | null;
      readonly defenderId: string;
      readonly attackerId: string;
      readonly attackPostId: string;
      readonly spellId: string;
      readonly attack: number;
      readonly defence: number | null;
      readonly modifier: number;
      readonly outcome: "deflected" | "hit" | "cancelled";
    })
  | (Base & {
      readonly type: "points.lost";
      readonly duelistId: string;
      readonly amount: number;
      readonly points: number;
      readonly cause: "hit" | "sanction";
    })
  | (Base & {
      readonly type: "effect.applied";
      readonly duelistId: string;
      readonly effect: "next-defence" | "cannot-attack" | "disarmed";
      readonly modifier: number;
      readonly spellId: string;
    })
  | (Base & {
      readonly type: "attack.launched";
      readonly postId: string;
      readonly attackerId: string;
      readonly targetId: string;
      readonly spellId: string;
      readonly attack: number;
    })
  | (Base & {
      readonly type: "action.void";
      readonly postId: string;
      readonly duelistId: string;
      readonly spellId: string;
      readonly reason: "cannot-attack";
    })
  | (Base & {
      readonly type: "wand.recovered";
      readonly duelistId: string;
      readonly postId: string;
      /** A Désarmement hit the same post: disarmed again from the next turn. Optional: stored logs may lack it. */
      readonly disarmedAgain?: boolean;
    })
  | (Base & {
      readonly type: "particularity.used";
      readonly duelistId: string;
      readonly particularityId: string;
      readonly postId: string;
    })
  | (Base & {
      readonly type: "legilimens.cast";
      readonly casterId: string;
      readonly targetId: string;
      readonly blocked: boolean;
      readonly postId: string;
    })
  | (Base & {
      readonly type: "fault.action";
      readonly duelistId: string;
      readonly postId: string | null;
      readonly violations: readonly Violation[];
      readonly rules: readonly string[];
      readonly count: number;
      readonly by: Decider;
      readonly reason?: string;
      /** The turn played by the faulty post, when it played one (where a resumed duel stands, R-7.1). */
      readonly turn?: number;
    })
  | (Base & {
      readonly type: "fault.absence";
      readonly duelistId: string;
      readonly turn: number | null;
      readonly count: number;
      readonly by: Decider;
      readonly reason?: string;
    })
  | (Base & {
      readonly type: "sanction.applied";
      readonly duelistId: string;
      readonly faultEventId: string;
      readonly kind: "action" | "absence";
      readonly points: number;
      readonly disqualify: boolean;
    })
  | (Base & {
      readonly type: "correction.opened";
      readonly postId: string;
      readonly duelistId: string;
      readonly until: string;
      readonly missing: readonly ("words" | "cible" | "zone" | "pari")[];
      readonly post: StoredPost;
      readonly turnNumber: number;
      /** The action as read and the words counted, quoted back in the hibou. */
      readonly read?: ActionBlock | null;
      readonly words?: number;
    })
  | (Base & { readonly type: "post.queued"; readonly post: StoredPost; readonly behind: string })
  | (Base & { readonly type: "post.dequeued"; readonly postId: string })
  | (Base & {
      readonly type: "correction.accepted";
      readonly postId: string;
      readonly duelistId: string;
      readonly fields: Readonly<Record<string, string>>;
      readonly complete: boolean;
      readonly reason?: string;
    })
  | (Base & { readonly type: "correction.expired"; readonly postId: string; readonly duelistId: string })
  | (Base & {
      readonly type: "turn.passed";
      readonly duelistId: string;
      readonly number: number;
      readonly startedAt: string;
      readonly deadline: string;
      readonly extension: string | null;
    })
  | (Base & {
      readonly type: "turn.reminder";
      readonly duelistId: string;
      readonly number: number;
      readonly deadline: string;
    })
  | (Base & {
      readonly type: "derogation.granted";
      readonly duelistId: string;
      readonly duration: string;
      readonly deadline: string | null;
      readonly reason?: string;
    })
  | (Base & { readonly type: "duelist.out"; readonly duelistId: string })
  | (Base & {
      readonly type: "duelist.disqualified";
      readonly duelistId: string;
      readonly cause: "spell-before-top" | "absences" | "referee";
      readonly reason?: string;
    })
  | (Base & { readonly type: "ban.started"; readonly duelistId: string; readonly until: string })
  | (Base & { readonly type: "ban.ended"; readonly duelistId: string; readonly early: boolean })
  | (Base & {
      readonly type: "duel.finished";
      readonly winnerId: string | null;
      readonly reason: "points" | "disqualification" | "referee";
      readonly stakes: string | null;
      readonly note?: string;
    })
  | (Base & {
      readonly type: "referee.decision-needed";
      readonly duelistId: string | null;
      readonly postId: string | null;
      readonly question: "unlisted-spell" | "legilimens-relay" | "dice-missing";
      readonly detail: string;
    })
  | (Base & {
      readonly type: "fault.cancelled";
      readonly faultEventId: string;
      readonly duelistId: string;
      readonly restoredPoints: number;
      readonly points: number;
      readonly actionFaults: number;
      readonly absenceFaults: number;
      readonly reinstated: boolean;
      readonly reason?: string;
      /**
       * The duelist's other faults counted again without this one: what each now brings.
       * Optional: stored logs may lack it.
       */
      readonly standing?: readonly {
        readonly eventId: string;
        readonly sanctionPoints: number;
        readonly lostPoints: number;
        readonly disqualified: boolean;
        readonly counted: boolean;
      }[];
    })
  | (Base & {
      /** A cancelled fault had ended the duel: it resumes where it stood. */
      readonly type: "duel.resumed";
      readonly duelistId: string;
      readonly faultEventId: string;
    })
  | (Base & {
      readonly type: "points.adjusted";
      readonly duelistId: string;
      readonly delta: number;
      readonly points: number;
      readonly reason?: string;
    })
  | (Base & {
      /**
       * A referee's decision refused (R-7.1: recorded only as refused, nothing else changed): a
       * line of an `[arbitre]` block (`postId`, `text`), a decision that no longer holds once a late
       * post is replayed (`text` names the command), or a decision given by the API or the desk and
       * refused there and then (`via: "api"`, with the `action`, who gave it and the reason; its
       * caller had the refusal as the answer, so no hibou repeats it).
       */
      readonly type: "referee.command-rejected";
      readonly postId: string | null;
      readonly text?: string;
      readonly code: string;
      readonly message: string;
      readonly via?: "api";
      readonly action?: RefereeAction;
      readonly by?: Actor;
      readonly reason?: string;
    })
  | (Base & {
      readonly type: "referee.command";
      readonly action: RefereeAction;
      readonly via: "api" | "post";
      /** Who decided; absent, the duel's referee. */
      readonly by?: Actor;
      readonly reason?: string;
    });

export type DuelEventType = DuelEvent["type"];

/** An event as a rule writes it: the emitter gives it its id, and its time unless given. */
export type EventDraft = DuelEvent extends infer E
  ? E extends DuelEvent
    ? Omit<E, "id" | "at"> & { readonly at?: string }
    : never
  : never;
