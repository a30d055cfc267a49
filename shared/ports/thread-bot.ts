/**
 * The forum account that posts the verdicts in a duel's thread (CONTRACT.md 3, `bot`): Discourse's
 * API user, or a XenForo user through the board's REST API. Its posts come back to the receivers
 * and are recognised by this identity, never taken for a duelist's or the referee's post.
 */
export type ThreadBotConfig =
  | {
      readonly type: "discourse";
      readonly baseUrl: string;
      readonly apiKey: string;
      readonly apiUsername: string;
    }
  | {
      readonly type: "xenforo";
      readonly baseUrl: string;
      readonly apiKey: string;
      /** The bot's user id: its posts are recognised in webhooks by it. */
      readonly userId: string;
      /**
       * The key is a super-user key: `XF-Api-User` names the bot. A user key (the default) acts as
       * its own user and is sent alone.
       */
      readonly superUserKey?: boolean;
    }
  /** A Forumactif board: the forum's `source` account replies through the board's own form. */
  | { readonly type: "forumactif" };

/**
 * The bot as a poster uses it: a `forumactif` bot carries the source's board and account (a
 * secret: never logged, never returned), resolved when a reply is sent.
 */
export type ThreadBot =
  | Exclude<ThreadBotConfig, { type: "forumactif" }>
  | {
      readonly type: "forumactif";
      /** The forum whose `source` account it is: the board session is that forum's alone. */
      readonly forumId: string;
      readonly baseUrl: string;
      readonly username: string;
      readonly password: string;
      /** The board's zone, for reading its pages' dates. */
      readonly timeZone: string;
    };

/** Which verdicts go to the thread: none, the turns (with faults and the end), or every verdict. */
export type AnnounceMode = "none" | "turns" | "all";

/** A reply to post in a duel's thread. `marker` is written in the text so a retry can find it. */
export interface ThreadReply {
  readonly duelId: string;
  readonly threadId: string;
  /** The first line (shown in bold), then the others, as plain text: each poster marks them up. */
  readonly title: string;
  readonly lines: readonly string[];
  readonly marker: string;
}

/**
 * Posts a reply as the bot. `alreadyPosted` looks the marker up among the thread's latest posts:
 * asked before a retry, so a reply created whose answer was lost is not posted twice.
 */
export interface ThreadPoster {
  alreadyPosted(reply: ThreadReply, bot: ThreadBot): Promise<boolean>;
  post(reply: ThreadReply, bot: ThreadBot): Promise<void>;
}

/**
 * Whether a post's author is the forum's bot (its replies come back as webhooks, or are read by the
 * Forumactif poller). A `forumactif` bot is known by its resolved account's username only.
 */
export function isBotAuthor(
  bot: ThreadBotConfig | ThreadBot | undefined,
  author: { readonly userId?: string; readonly username?: string },
): boolean {
  if (!bot) return false;
  if (bot.type === "xenforo") return author.userId !== undefined && author.userId === bot.userId;
  const name = bot.type === "discourse" ? bot.apiUsername : "username" in bot ? bot.username : undefined;
  return (
    name !== undefined &&
    author.username !== undefined &&
    author.username.trim().toLowerCase() === name.trim().toLowerCase()
  );
}
