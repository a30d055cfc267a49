import type { ForumactifSource } from "../forumactif/source-settings.js";
import type { Ruleset } from "../rules/ruleset.js";
import type { ChannelConfig } from "./notifier.js";
import type { AnnounceMode, ThreadBotConfig } from "./thread-bot.js";

/** A season of the club's records: Paris dates, both days included. */
export interface Season {
  readonly name: string;
  /** `YYYY-MM-DD`. */
  readonly from: string;
  readonly to: string;
}

/** A forum's configuration (CONTRACT.md section 3). Secrets are stored, never returned. */
export interface ForumConfig {
  readonly forumId: string;
  readonly name: string;
  readonly webhookSecrets: {
    readonly generic?: string;
    readonly discourse?: string;
    readonly xenforo?: string;
  };
  /** Which verdicts the bot posts in the duel's thread (`none` when absent). */
  readonly announce?: AnnounceMode;
  /** The replies end with the rules they applied (`"Règles , R-6.3"`); off by default. */
  readonly announceRules?: boolean;
  /** The account that posts them. */
  readonly bot?: ThreadBotConfig;
  readonly referees: readonly { readonly id: string; readonly name: string; readonly username?: string }[];
  readonly notify: readonly ChannelConfig[];
  readonly ruleset?: Ruleset;
  /** Where the forum's posts are read from when it sends no webhook (CONTRACT.md 4.4). */
  readonly source?: ForumactifSource;
  /** The club's own seasons (CONTRACT.md 8); school years when absent. */
  readonly seasons?: readonly Season[];
  /**
   * Whether the club's records are public (CONTRACT.md 8; they are when absent), and the origins of
   * the forum's board, which may frame the club's embed whatever the forum's software.
   */
  readonly club?: { readonly public?: boolean; readonly boardOrigins?: readonly string[] };
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Forums and their configuration. */
export interface ForumStore {
  getForum(forumId: string): Promise<ForumConfig | null>;
  /** Every forum of the deployment, by id (the operator's list on the desk, CONTRACT.md 3.1). */
  listForums(): Promise<ForumConfig[]>;
  putForum(forum: ForumConfig): Promise<void>;
}
