import type { DuelService } from "../app/duel-service.js";
import type { TopicPoller } from "../forumactif/poller.js";
import type { SourceDeps } from "../forumactif/source-route.js";
import type { Clock } from "../ports/clock.js";
import type { DuelStore } from "../ports/duel-store.js";
import type { PollStore } from "../ports/poll-store.js";
import type { TokenHash } from "./auth.js";

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
}

/** What the whole HTTP app needs, built once in a composition root (Lambda or local). */
export interface AppDeps extends WebhookDeps {
  /** Forumactif forums, read rather than sent (CONTRACT.md 4.4); absent where nothing reads them. */
  readonly forumactif?: ForumactifDeps;
  /** SHA-256 (hex) of the admin token: the token itself is never kept. */
  readonly adminTokenHash: TokenHash;
  readonly newId: () => string;
  /** Health of the timers: open timers where they can be counted (locally), null in AWS. */
  readonly schedulerHealth?: () => Promise<{ ok: boolean; openTimers: number | null }>;
  /** Only on the local stack (CONTRACT.md section 7). */
  readonly local?: {
    readonly manual: boolean;
    /** Moves the manual clock, fires every due timer and waits for their effects. */
    readonly moveClock: (
      move: { advance: string } | { set: string },
    ) => Promise<{ now: string; fired: number }>;
  };
}
