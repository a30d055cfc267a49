import type { PostFormat } from "../parsing/types.js";
import type { TimerSpec } from "../ports/scheduler.js";
import type { Ruleset, Year } from "../rules/ruleset.js";
import type { Actor } from "./events.js";
import type { RefereeAction } from "./referee-actions.js";

/** A forum post as the edge hands it to the decider: content, author, time and dice. */
export interface PostInput {
  readonly postId: string;
  readonly authorId: string;
  readonly authorName: string;
  /** The author's forum login, where the forum gives one (Discourse). */
  readonly username?: string;
  /** The post's time in the thread: its place in the duel's order (CONTRACT.md 4.3). */
  readonly createdAt: string;
  /**
   * The thread shows the post's time to the minute only (Forumactif): `createdAt` names that
   * minute, and the post may have been made at any instant of it (minute-doubt.ts).
   */
  readonly shownToTheMinute?: boolean;
  readonly content: string;
  readonly format: PostFormat;
  /** The forum's dice (attack, defence), used when the duel's dice mode is `forum`. */
  readonly forumDice?: readonly [number, number];
  /** Dice rolled by the system at the edge, used when the dice mode is `server`. */
  readonly serverDice: readonly [number, number];
  /**
   * When the system received the post, when later than `createdAt` (a delivery delayed, a topic
   * read late): a correction window that had closed by then invites no correction. Absent,
   * the post counts as received when made.
   */
  readonly receivedAt?: string;
  /** The thread's title as the forum showed it with this post, where the source gives it. */
  readonly threadTitle?: string;
}

export interface RegisterDuel {
  readonly id: string;
  readonly forumId: string;
  readonly threadId: string;
  readonly referee: { readonly id: string; readonly name: string };
  readonly duelists: readonly {
    readonly id: string;
    readonly name: string;
    readonly year: Year;
    /** As the registration names them (id, name or alias, any case): the decider finds their ids. */
    readonly particularities?: readonly { readonly name: string; readonly rank?: number }[];
    readonly extraSpells?: readonly string[];
  }[];
  readonly firstDuelistId?: string;
  readonly replyWindow?: string;
  readonly dice: "server" | "forum";
  readonly stakes?: string | null;
  /** The thread's title, where the registration names it (a post may name it later). */
  readonly threadTitle?: string | null;
  /**
   * The time of the thread's post that opened the duel (`[arbitre]duel : …`), where one did: the
   * duel judges the thread's posts from then on, though the post was read later.
   */
  readonly openedAt?: string;
  readonly ruleset: Ruleset;
}

/**
 * What the decider is asked to do. `now` is carried by the command (the domain never reads the
 * clock); a timer's `now` is its scheduled time.
 */
export type DuelCommand =
  | {
      readonly type: "register";
      readonly now: string;
      readonly who?: Actor;
      readonly duel: RegisterDuel;
      /** Bans in force, by duelist id, read from the duelist records at the edge. */
      readonly bans: Readonly<Record<string, string | null>>;
      /**
       * The ids of the forum's declared referees, read with the forum: the duel's referee
       * must be one of them; none declared, anyone may referee. Absent from registrations stored
       * before the decider checked it (they were checked when made).
       */
      readonly forumReferees?: readonly string[];
      /**
       * Each duelist's name as Unicode TR 39 confusable skeleton (same order as `duel.duelists`),
       * computed at the edge from Unicode's confusables data: two equal skeletons are two
       * names a reader cannot tell apart.
       */
      readonly nameSkeletons?: readonly string[];
    }
  | { readonly type: "post.received"; readonly now: string; readonly post: PostInput }
  | {
      readonly type: "post.edited";
      readonly now: string;
      readonly post: PostInput;
      readonly editedAt: string;
    }
  | {
      readonly type: "post.deleted";
      readonly now: string;
      readonly postId: string;
      readonly authorId: string;
      readonly deletedAt: string;
    }
  | { readonly type: "timer.fired"; readonly now: string; readonly timer: TimerSpec }
  | {
      /**
       * A forum's admin or the operator lifts a duelist's ban alone, with a reason (R-7.1, the last
       * word; CONTRACT.md 6 `DELETE /forums/{forumId}/bans/{duelistId}`): given to each duel whose
       * ban is in force, and recorded there with who lifted it and why.
       */
      readonly type: "ban.lift";
      readonly now: string;
      readonly who: Actor;
      readonly duelistId: string;
      readonly reason: string;
    }
  | {
      readonly type: "referee";
      readonly now: string;
      /** `who` names the person and role behind an API decision (CONTRACT.md 3.1). */
      readonly by: { readonly id: string; readonly via: "api" | "post"; readonly who?: Actor };
      readonly action: RefereeAction;
      readonly reason?: string;
      /**
       * The refusal this decision met when it was given: it is recorded as refused, and
       * only so, whenever it is decided again (a replay never applies it).
       */
      readonly refused?: { readonly code: string; readonly message: string };
    };

export type DuelCommandType = DuelCommand["type"];
