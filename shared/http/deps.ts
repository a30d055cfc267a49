import type { DuelService } from "../app/duel-service.js";
import type { TopicPoller } from "../app/topic-poller.js";
import type { BoardClient } from "../forumactif/board-client.js";
import type { SourceDeps } from "../forumactif/source-route.js";
import type { TopicReader } from "../forumactif/topic-fetch.js";
import type { AccessStore } from "../ports/access-store.js";
import type { Clock } from "../ports/clock.js";
import type { DuelStore } from "../ports/duel-store.js";
import type { Notifier } from "../ports/notifier.js";
import type { PollStore } from "../ports/poll-store.js";
import type { DestinationPolicy } from "../validation/channel-urls.js";
import type { AuthDeps, TokenHash } from "./auth.js";

export type Logger = (line: Record<string, unknown>) => void;

/** What the webhook receivers need (`createWebhookApp`): no admin token, no ids to mint. */
export interface WebhookDeps {
  readonly store: DuelStore;
  readonly duels: DuelService;
  readonly clock: Clock;
  /** Two six-sided dice for duels in `server` dice mode. */
  readonly rollDice: () => readonly [number, number];
  readonly log: Logger;
  /** Where Forumactif pings bring a topic's read forward (CONTRACT.md 4.4); absent: no ping route. */
  readonly forumactifPolls?: PollStore;
}

/** The Forumactif poller and what the routes that drive it need. */
export interface ForumactifDeps {
  readonly poller: TopicPoller;
  readonly polls: PollStore;
  readonly source: SourceDeps;
  /** The poller's own board client and page reader: a preview reads a topic as a poll would. */
  readonly board: Pick<BoardClient, "get" | "logIn">;
  readonly reader: TopicReader;
}

/** What the whole HTTP app needs, built once in a composition root (Lambda or local). */
export interface AppDeps extends WebhookDeps, AuthDeps {
  /** The deployment's public address (`DESK_URL`): what scripts served to other sites point at. */
  readonly publicUrl?: string;
  /** Forumactif forums, read rather than sent (CONTRACT.md 4.4); absent where nothing reads them. */
  readonly forumactif?: ForumactifDeps;
  /** SHA-256 (hex) of the admin token: the token itself is never kept. */
  readonly adminTokenHash: TokenHash;
  /** Credentials, desk sessions and login failures (CONTRACT.md 3.1). */
  readonly access: AccessStore;
  readonly newId: () => string;
  /** Delivers the desk's test hibou to a forum's channel; without it the desk cannot test one. */
  readonly notifier?: Notifier;
  /** Health of the timers: open timers where they can be counted (locally), null in AWS. */
  readonly schedulerHealth?: () => Promise<{ ok: boolean; openTimers: number | null }>;
  /**
   * Where notification channels may lead (CONTRACT.md section 3): public `https` hosts when unset.
   * Only the local composition root allows loopback, for its own fakes; the deployed stack never.
   */
  readonly channelDestinations?: DestinationPolicy;
  /** Only on the local stack (CONTRACT.md section 7). */
  readonly local?: {
    readonly manual: boolean;
    /** Moves the manual clock, fires every due timer and waits for their effects. */
    readonly moveClock: (
      move: { advance: string } | { set: string },
    ) => Promise<{ now: string; fired: number }>;
  };
}
