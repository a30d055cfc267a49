import { threadBotOf } from "../announce/thread-bot-of.js";
import type { DuelService } from "../app/duel-service.js";
import { intakePost } from "../app/post-intake.js";
import {
  BoardFetchError,
  ConcurrencyError,
  DomainError,
  ForumactifPageError,
  StorageUnavailableError,
} from "../errors.js";
import type { Clock } from "../ports/clock.js";
import type { DuelStore } from "../ports/duel-store.js";
import type { ForumConfig } from "../ports/forum-store.js";
import type { OutboxEntry } from "../ports/outbox-store.js";
import {
  type HeldPost,
  initialPollState,
  type KnownPost,
  type PollState,
  type PollStore,
} from "../ports/poll-store.js";
import { isBotAuthor } from "../ports/thread-bot.js";
import { forumactifTexts } from "../texts/forumactif.js";
import { refusalShown } from "../texts/refusals.js";
import { durationMs } from "../time/duration.js";
import type { BoardClient } from "./board-client.js";
import { chainRead, pollHiboux, pollTimer, refereeHiboux, schedulePoll } from "./poll-effects.js";
import { diffTopic, type PostChange } from "./topic-diff.js";
import { readTopic, type TopicReader } from "./topic-fetch.js";
import { forumactifSource, isWatched } from "./watched.js";

/**
 * Why a poll runs: its chain's timer, a ping, a deadline about to be decided, an admin, or the
 * sweep's watchdog re-arming a chain that missed its reads (`chain-watchdog.ts`).
 */
export type PollTrigger = "chain" | "ping" | "deadline" | "admin" | "watchdog";

/** The reads that schedule the chain's next one: the chain's own, and those that re-arm a lost chain. */
const CHAINED: ReadonlySet<PollTrigger> = new Set(["chain", "admin", "watchdog"]);

export interface PollResult {
  /** `resting`: the board's host still rests after a 429 or 5xx, so it was not asked; no failure. */
  readonly status: "read" | "unchanged" | "failed" | "resting" | "not_watched";
  readonly posts: { readonly created: number; readonly edited: number; readonly deleted: number };
  /** HTTP requests made to the board. */
  readonly requests: number;
  readonly error?: string;
  /** With `resting`: when the host may be read again, ISO, on the deployment's clock. */
  readonly resting?: string;
}

export interface PollerDeps {
  readonly store: DuelStore;
  readonly polls: PollStore;
  readonly duels: DuelService;
  readonly clock: Clock;
  readonly rollDice: () => readonly [number, number];
  readonly board: Pick<BoardClient, "get" | "logIn">;
  readonly reader: TopicReader;
  readonly log: (line: Record<string, unknown>) => void;
  /** Failed polls in a row before the referee is told (3 unless given). */
  readonly failuresBeforeReport?: number;
}

const NO_POSTS = { created: 0, edited: 0, deleted: 0 };
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Reads Forumactif topics and feeds what changed to the same intake as the webhooks (issue 14).
 * A poll that fails changes nothing it has not fed; what it fed is remembered, so the next poll
 * never feeds it again (and if it did, the intake's keys would answer `duplicate`).
 */
export class TopicPoller {
  constructor(private readonly deps: PollerDeps) {}

  /** The first read of a newly registered duel's topic, due now; nothing for other forums. */
  async watch(forum: ForumConfig | null, duelId: string): Promise<void> {
    const source = forumactifSource(forum);
    if (!source) return;
    const now = this.deps.clock.now().toISOString();
    const timer = pollTimer(duelId, now, "chain");
    await this.deps.polls.scheduleChain(schedulePoll(timer, now), chainRead(timer, source.pollEvery));
  }

  /** Reads one duel's topic now and feeds what changed. Throws only when storage fails. */
  async poll(duelId: string, trigger: PollTrigger): Promise<PollResult> {
    const { clock, store, polls } = this.deps;
    const forumId = duelId.split(".")[0] ?? "";
    const { forum, duel } = await store.loadForumAndDuel(forumId, duelId);
    const source = forumactifSource(forum);
    if (!source || !duel || !isWatched(duel.state.status)) {
      // The chain ends with its duel's watch: nothing is left for the watchdog to re-arm.
      if (CHAINED.has(trigger)) await polls.endChain(duelId);
      return { status: "not_watched", posts: NO_POSTS, requests: 0 };
    }
    const now = clock.now();
    const nowIso = now.toISOString();
    const previous =
      (await polls.getPollState(duelId)) ?? initialPollState(duelId, forumId, duel.state.threadId);
    const outbox: OutboxEntry[] = [];
    let requests = 0;
    // The posts fed so far: kept even when feeding stops half-way, so they are not fed again.
    let posts = previous.posts;
    let next: PollState;
    let result: PollResult;
    try {
      const read = await readTopic(
        this.deps.board,
        this.deps.reader,
        {
          baseUrl: source.baseUrl,
          timeZone: source.timeZone,
          topicId: duel.state.threadId,
          ...(source.template ? { template: source.template } : {}),
          ...(source.markup ? { markup: source.markup } : {}),
          ...(source.account ? { account: { forumId, baseUrl: source.baseUrl, ...source.account } } : {}),
        },
        previous,
        now,
      );
      requests = read.requests;
      const base = { ...previous, lastPolledAt: nowIso, lastReadAt: nowIso };
      if (read.kind === "unchanged") {
        next = recovered(base);
        result = { status: "unchanged", posts: NO_POSTS, requests };
      } else {
        const diff = diffTopic(previous.posts, read.pages, {
          now: nowIso,
          diceMode: duel.state.dice,
          isGameMaster: (post) => this.deps.reader.isGameMasterPost(post),
          rollOf: (post) =>
            source.dice
              ? this.deps.reader.readDiceRoll(post, source.dice)
              : { status: "unreadable", reason: forumactifTexts.dice.notDescribed },
        });
        // Every page shows the topic's title (the mobile template none): it names the duel's thread.
        const title = read.pages.find((p) => p.title !== null)?.title ?? undefined;
        const fed = await this.feed(forumId, duel.state.threadId, diff.changes, title);
        posts = fed.posts(previous.posts);
        const held: Record<string, HeldPost> = { ...diff.held, ...fed.refused };
        // A post that cannot be read is told to the referee once the duel runs (after its top),
        // never guessed; before the top no post of the thread counts.
        if (duel.state.status === "active") {
          for (const u of diff.unreadable) {
            held[u.key] = { reason: "unreadable_post", message: u.problem };
            if (previous.held[u.key]) continue;
            const draft = pollHiboux.unreadablePost(duel.state, u.key, u.postId, u.authorName, u.problem);
            outbox.push(...refereeHiboux(forum, duel.state, draft, nowIso));
          }
        }
        for (const [postId, hold] of Object.entries(held)) {
          if (previous.held[postId] || hold.reason === "unreadable_post") continue;
          const draft =
            hold.reason === "unreadable_dice"
              ? pollHiboux.unreadableDice(duel.state, postId, hold.message)
              : pollHiboux.refused(duel.state, postId, hold.message);
          outbox.push(...refereeHiboux(forum, duel.state, draft, nowIso));
        }
        next = {
          ...recovered(base),
          posts,
          held,
          ...(fed.error
            ? {}
            : { lastPageOffset: read.lastPageOffset, etag: read.etag, lastModified: read.lastModified }),
        };
        if (fed.error) throw fed.error;
        result = { status: "read", posts: fed.counts, requests };
      }
      if (previous.failureReported && previous.failingSince)
        outbox.push(
          ...refereeHiboux(forum, duel.state, pollHiboux.readable(duel.state, previous.failingSince), nowIso),
        );
    } catch (error) {
      if (!isReadFailure(error)) throw error;
      if (error instanceof BoardFetchError && error.code === "host_resting") {
        // Nothing was asked of the board: the read waits for the rest's end, nothing failed.
        const until = new Date(now.getTime() + (error.retryAfterMs ?? 0)).toISOString();
        return this.afterRest(duelId, trigger, source.pollEvery, now, until);
      }
      const message = error instanceof Error ? error.message : String(error);
      const failures = previous.failures + 1;
      // The French reason, as the hibou gives it: /status and the desk show it to admins; the
      // technical message stays in the log below.
      const reason = frenchReason(error);
      const report = failures >= (this.deps.failuresBeforeReport ?? 3) && !previous.failureReported;
      if (report)
        outbox.push(
          ...refereeHiboux(forum, duel.state, pollHiboux.unreadable(duel.state, failures, reason), nowIso),
        );
      next = {
        ...previous,
        posts,
        lastPolledAt: nowIso,
        failures,
        lastError: reason,
        failingSince: previous.failingSince ?? nowIso,
        failureReported: previous.failureReported || report,
      };
      result = { status: "failed", posts: NO_POSTS, requests, error: message };
      this.deps.log({
        level: "warn",
        msg: "forumactif poll failed",
        duelId,
        trigger,
        failures,
        error: message,
      });
    }
    await polls.addOutbox(outbox);
    // The chain goes on from its own reads; an admin's or the watchdog's read re-arms it, in case it
    // was lost (a firing that failed for good): on the grid, the re-armed read is the chain's own
    // next one. The read is recorded with its schedule, for the watchdog to see if it is missed.
    if (CHAINED.has(trigger)) {
      const wait = nextWait(source.pollEvery, next.failures, error429(result));
      const timer = pollTimer(duelId, onGrid(now, wait, source.pollEvery), "chain");
      await polls.scheduleChain(schedulePoll(timer, nowIso, trigger), chainRead(timer, source.pollEvery));
    }
    // A topic that did not change, read by a poll that was not failing, leaves its state as it was:
    // no write for the most common poll of all.
    if (result.status === "unchanged" && previous.failures === 0 && previous.version > 0) return result;
    // Another poll of the same topic (a ping's, a deadline's) may have written first: what this one
    // fed is in the duel either way, and the next poll sees it known or answered `duplicate`.
    await polls.putPollState(next, previous.version);
    return result;
  }

  /**
   * A poll that found the host resting: its state stays as it was; a chained read is scheduled
   * again on the grid, at the rest's end at the soonest.
   */
  private async afterRest(
    duelId: string,
    trigger: PollTrigger,
    pollEvery: string,
    now: Date,
    until: string,
  ): Promise<PollResult> {
    if (CHAINED.has(trigger)) {
      const wait = Math.max(durationMs(pollEvery), Date.parse(until) - now.getTime());
      const timer = pollTimer(duelId, onGrid(now, wait, pollEvery), "chain");
      await this.deps.polls.scheduleChain(
        schedulePoll(timer, now.toISOString(), trigger),
        chainRead(timer, pollEvery),
      );
    }
    return { status: "resting", posts: NO_POSTS, requests: 0, resting: until };
  }

  /** Hands each change to the intake, in order, until one fails for a reason other than the post. */
  private async feed(forumId: string, threadId: string, changes: readonly PostChange[], title?: string) {
    const counts = { created: 0, edited: 0, deleted: 0 };
    const done = new Map<string, KnownPost | null>();
    const refused: Record<string, { reason: "refused"; message: string }> = {};
    let error: unknown;
    for (const change of changes) {
      try {
        const loaded = await this.deps.store.loadForumAndDuel(
          forumId,
          `${forumId}.${threadId}`,
          [change.postId],
          change.authorId ? [change.authorId] : [],
        );
        // The bot's own replies (the verdicts it posted) never count: known, not fed.
        const answer = isBotAuthor(threadBotOf(loaded.forum), { username: change.authorName })
          ? null
          : await intakePost(this.deps, loaded, {
              forumId,
              threadId,
              kind: change.kind,
              postId: change.postId,
              authorId: change.authorId,
              authorName: change.authorName,
              createdAt: change.createdAt,
              changedAt: change.changedAt,
              content: change.html,
              format: "html",
              ...(change.forumDice ? { forumDice: change.forumDice } : {}),
              ...(change.shownToTheMinute ? { shownToTheMinute: true } : {}),
              ...(title ? { threadTitle: title } : {}),
              deliveryKey: `forumactif#${change.postId}#${change.kind}#${change.hash}`,
            });
        if (answer !== null && answer.result !== "duplicate") counts[change.kind]++;
        done.set(
          change.postId,
          change.kind === "deleted"
            ? null
            : { hash: change.hash, authorId: change.authorId, createdAt: change.createdAt },
        );
      } catch (caught) {
        if (caught instanceof DomainError) {
          refused[change.postId] = { reason: "refused", message: refusalShown(caught.code, caught.message) };
          continue;
        }
        error = caught;
        break;
      }
    }
    const posts = (known: Readonly<Record<string, KnownPost>>) => {
      const out: Record<string, KnownPost> = { ...known };
      for (const [postId, post] of done) {
        if (post === null) delete out[postId];
        else out[postId] = post;
      }
      return out;
    };
    return { counts, posts, refused, error };
  }
}

/**
 * The next read of a chain, `wait` from now, brought back to the forum's interval grid: two chains
 * of one topic (a lost one re-armed while it still ran) name the same reads and merge into one.
 */
function onGrid(now: Date, wait: number, pollEvery: string): string {
  const every = durationMs(pollEvery);
  const at = now.getTime() + wait;
  return new Date(at - (at % every)).toISOString();
}

/** A state after a read that went through: its failures are over. */
function recovered(state: PollState): PollState {
  return { ...state, failures: 0, lastError: null, failingSince: null, failureReported: false };
}

/** Failures of the board or its pages, or of storage while feeding: retried at the next poll. */
function isReadFailure(error: unknown): boolean {
  return (
    error instanceof BoardFetchError ||
    error instanceof ForumactifPageError ||
    error instanceof StorageUnavailableError ||
    error instanceof ConcurrencyError
  );
}

function error429(result: PollResult): boolean {
  return result.status === "failed" && /HTTP (429|5\d\d)/.test(result.error ?? "");
}

/** The next read: the forum's interval, doubled after each failure in a row (an hour at most). */
function nextWait(pollEvery: string, failures: number, throttled: boolean): number {
  const every = durationMs(pollEvery);
  if (failures === 0) return every;
  const backoff = every * 2 ** Math.min(failures - (throttled ? 0 : 1), 6);
  return Math.min(Math.max(backoff, every), Math.max(every, MAX_BACKOFF_MS));
}

/** Why the topic cannot be read, in the referee's words. */
function frenchReason(error: unknown): string {
  if (error instanceof ForumactifPageError) return forumactifTexts.pageError[error.code];
  if (error instanceof BoardFetchError) return forumactifTexts.boardError[error.code];
  return forumactifTexts.readError;
}
