import { threadBotOf } from "../announce/thread-bot-of.js";
import type { Duel } from "../domain/state.js";
import {
  BoardFetchError,
  ConcurrencyError,
  DomainError,
  ForumactifPageError,
  StorageUnavailableError,
} from "../errors.js";
import type { BoardClient } from "../forumactif/board-client.js";
import type { BoardAccount } from "../forumactif/board-session.js";
import type { ForumactifSource } from "../forumactif/source-settings.js";
import { diffTopic, type PostChange } from "../forumactif/topic-diff.js";
import { readTopic, type TopicAddress, type TopicRead, type TopicReader } from "../forumactif/topic-fetch.js";
import { isTopicId } from "../forumactif/urls.js";
import { forumactifSource, isWatched } from "../forumactif/watched.js";
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
import type { DuelService } from "./duel-service.js";
import {
  chainRead,
  type PollHibouDraft,
  PostNames,
  pollHiboux,
  pollTimer,
  refereeHiboux,
  schedulePoll,
} from "./poll-effects.js";
import { nextWait, onGrid, wholeReadDue } from "./poll-timing.js";
import { intakePost } from "./post-intake.js";
import { SectionWatch } from "./section-watch.js";

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

/** A watched duel's topic: its forum, the forum's Forumactif source, the duel as it stands. */
interface WatchedTopic {
  readonly forumId: string;
  readonly forum: ForumConfig | null;
  readonly source: ForumactifSource;
  readonly duel: Duel;
}

/** What one read leads to: the topic's next state, the answer, and the hiboux to send. */
interface Outcome {
  readonly next: PollState;
  readonly result: PollResult;
  readonly outbox: OutboxEntry[];
}

const unchanged = (requests: number): PollResult => ({ status: "unchanged", posts: NO_POSTS, requests });

/**
 * Reads Forumactif topics and feeds what changed to the same intake as the webhooks.
 * A poll that fails changes nothing it has not fed; what it fed is remembered, so the next poll
 * never feeds it again (and if it did, the intake's keys would answer `duplicate`).
 */
export class TopicPoller {
  private readonly sections: SectionWatch;

  constructor(private readonly deps: PollerDeps) {
    this.sections = new SectionWatch(deps.polls, deps.board);
  }

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
    const { clock, polls } = this.deps;
    const topic = await this.watchedTopic(duelId);
    if (topic === null) {
      // The chain ends with its duel's watch: nothing is left for the watchdog to re-arm.
      if (CHAINED.has(trigger)) await polls.endChain(duelId);
      return { status: "not_watched", posts: NO_POSTS, requests: 0 };
    }
    const now = clock.now();
    const previous =
      (await polls.getPollState(duelId)) ?? initialPollState(duelId, topic.forumId, topic.duel.threadId);
    const outcome = await this.readAndFeed(topic, previous, trigger, now);
    if ("resting" in outcome)
      return this.afterRest(duelId, trigger, topic.source.pollEvery, now, outcome.resting);
    await polls.addOutbox(outcome.outbox);
    await this.scheduleNext(topic, trigger, outcome.next.failures, outcome.result, now);
    // A topic that did not change, read by a poll that was not failing, leaves its state as it was:
    // no write for the most common poll of all.
    if (outcome.result.status === "unchanged" && previous.failures === 0 && previous.version > 0)
      return outcome.result;
    // Another poll of the same topic (a ping's, a deadline's) may have written first: what this one
    // fed is in the duel either way, and the next poll sees it known or answered `duplicate`.
    await polls.putPollState(outcome.next, previous.version);
    return outcome.result;
  }

  /** The duel's forum, source and state while its topic is watched, else null. */
  private async watchedTopic(duelId: string): Promise<WatchedTopic | null> {
    const forumId = duelId.split(".")[0] ?? "";
    const { forum, duel } = await this.deps.store.loadForumAndDuel(forumId, duelId);
    const source = forumactifSource(forum);
    if (!source || !duel || !isWatched(duel.state.status)) return null;
    return { forumId, forum, source, duel: duel.state };
  }

  /** One read: the topic's changes fed, or the failure recorded; the board resting asks nothing. */
  private async readAndFeed(
    topic: WatchedTopic,
    previous: PollState,
    trigger: PollTrigger,
    now: Date,
  ): Promise<Outcome | { readonly resting: string }> {
    let requests = 0;
    try {
      // A duel registered before its forum read a board may name no topic: a failed read, told
      // to its referee like any other, never an error of the forum's poll or of the topic's timer.
      if (!isTopicId(topic.duel.threadId))
        throw new ForumactifPageError(
          "not_a_topic_id",
          `thread id ${topic.duel.threadId} is no topic number`,
        );
      const sighting = await this.sightInSection(topic, previous, trigger, now);
      requests += sighting.requests;
      if (sighting.unchanged) return { next: previous, result: unchanged(requests), outbox: [] };
      const read = await readTopic(this.deps.board, this.deps.reader, topicAddress(topic), previous, now, {
        learnSection: sighting.learnSection,
      });
      requests += read.requests;
      const nowIso = now.toISOString();
      const base = { ...recovered(previous), lastPolledAt: nowIso, lastReadAt: nowIso };
      // A topic that reads again after its referee was told it could not: told it reads again.
      const readable =
        previous.failureReported && previous.failingSince
          ? this.hibou(topic, pollHiboux.readable(topic.duel, previous.failingSince), now)
          : [];
      if (read.kind === "unchanged") return { next: base, result: unchanged(requests), outbox: readable };
      const fed = await this.applyRead(topic, previous, read, now);
      // Feeding stopped half-way: the posts fed so far are kept, so they are not fed again.
      if (fed.error)
        return this.failed(topic, { ...previous, posts: fed.posts }, fed.error, requests, trigger, now, [
          ...fed.outbox,
        ]);
      const next: PollState = {
        ...base,
        posts: fed.posts,
        held: fed.held,
        lastPageOffset: read.lastPageOffset,
        etag: read.etag,
        lastModified: read.lastModified,
        lastPostId: read.lastPostId,
        ...(read.sectionId === undefined ? {} : { sectionId: read.sectionId }),
      };
      return {
        next,
        result: { status: "read", posts: fed.counts, requests },
        outbox: [...fed.outbox, ...readable],
      };
    } catch (error) {
      return this.failed(topic, previous, error, requests, trigger, now, []);
    }
  }

  /**
   * Whether the topic's section says it did not change since its last read (a chain's read only;
   * CONTRACT.md 4.4). The topic is read itself when its section is not known yet, when its list
   * cannot tell, on the topic's round of whole reads (edits and deletions change no last post),
   * and while a correction window of its duel is open (an edit then must be seen at once).
   */
  private async sightInSection(
    topic: WatchedTopic,
    previous: PollState,
    trigger: PollTrigger,
    now: Date,
  ): Promise<{ unchanged: boolean; requests: number; learnSection: boolean }> {
    const itself = { unchanged: false, requests: 0, learnSection: previous.sectionId === undefined };
    const { sectionId, lastPostId } = previous;
    if (trigger !== "chain" || previous.failures > 0 || !sectionId || !lastPostId) return itself;
    if (topic.duel.pending.length > 0 || wholeReadDue(topic.duel.id, now, topic.source.pollEvery))
      return itself;
    const sighting = await this.sections.sight(
      {
        forumId: topic.forumId,
        baseUrl: topic.source.baseUrl,
        pollEvery: topic.source.pollEvery,
        ...(topic.source.account ? { account: accountOf(topic, topic.source.account) } : {}),
        sectionId,
        topicId: topic.duel.threadId,
        known: lastPostId,
      },
      now,
    );
    return {
      unchanged: sighting.kind === "listed" && sighting.lastPost === lastPostId,
      requests: sighting.requests,
      // Not where the list would show it: moved to another section, perhaps; its page says where.
      learnSection: sighting.kind === "absent",
    };
  }

  /** Diffs the pages read with the posts known, feeds the changes and says what is held back. */
  private async applyRead(
    topic: WatchedTopic,
    previous: PollState,
    read: Extract<TopicRead, { kind: "read" }>,
    now: Date,
  ) {
    const { duel, source } = topic;
    const diff = diffTopic(previous.posts, read.pages, {
      now: now.toISOString(),
      diceMode: duel.dice,
      isGameMaster: (post) => this.deps.reader.isGameMasterPost(post),
      rollOf: (post) =>
        source.dice
          ? this.deps.reader.readDiceRoll(post, source.dice)
          : { status: "unreadable", reason: forumactifTexts.dice.notDescribed },
    });
    // Every page shows the topic's title (the mobile template none): it names the duel's thread.
    const title = read.pages.find((p) => p.title !== null)?.title ?? undefined;
    const fed = await this.feed(topic.forumId, duel.threadId, diff.changes, title);
    const held: Record<string, HeldPost> = { ...diff.held, ...fed.refused };
    const outbox: OutboxEntry[] = [];
    const names = new PostNames(
      [...read.pages.flatMap((page) => page.posts), ...diff.changes],
      now.toISOString(),
      source.timeZone,
    );
    // A post that cannot be read is told to the referee once the duel runs (after its top),
    // never guessed; before the top no post of the thread counts.
    if (duel.status === "active") {
      for (const u of diff.unreadable) {
        held[u.key] = { reason: "unreadable_post", message: u.problem };
        if (previous.held[u.key]) continue;
        outbox.push(
          ...this.hibou(topic, pollHiboux.unreadablePost(duel, u.key, names.ofUnreadable(u), u.problem), now),
        );
      }
    }
    for (const [postId, hold] of Object.entries(held)) {
      if (previous.held[postId] || hold.reason === "unreadable_post") continue;
      const draft =
        hold.reason === "unreadable_dice"
          ? pollHiboux.unreadableDice(duel, postId, names.of(postId), hold.message)
          : pollHiboux.refused(duel, postId, names.of(postId), hold.message);
      outbox.push(...this.hibou(topic, draft, now));
    }
    return { posts: fed.posts(previous.posts), held, counts: fed.counts, error: fed.error, outbox };
  }

  /**
   * A read that failed: counted, the referee told after a few in a row; the posts fed before the
   * failure stay known (`previous.posts` holds them). A host resting asked nothing: no failure.
   */
  private failed(
    topic: WatchedTopic,
    previous: PollState,
    error: unknown,
    requests: number,
    trigger: PollTrigger,
    now: Date,
    outbox: OutboxEntry[],
  ): Outcome | { readonly resting: string } {
    if (!isReadFailure(error)) throw error;
    if (error instanceof BoardFetchError && error.code === "host_resting") {
      // Nothing was asked of the board: the read waits for the rest's end, nothing failed.
      return { resting: new Date(now.getTime() + (error.retryAfterMs ?? 0)).toISOString() };
    }
    const nowIso = now.toISOString();
    const message = error instanceof Error ? error.message : String(error);
    const failures = previous.failures + 1;
    // The French reason, as the hibou gives it: /status and the desk show it to admins; the
    // technical message stays in the log below.
    const reason = frenchReason(error);
    const report = failures >= (this.deps.failuresBeforeReport ?? 3) && !previous.failureReported;
    if (report) outbox.push(...this.hibou(topic, pollHiboux.unreadable(topic.duel, failures, reason), now));
    this.deps.log({
      level: "warn",
      msg: "forumactif poll failed",
      duelId: topic.duel.id,
      trigger,
      failures,
      error: message,
    });
    return {
      next: {
        ...previous,
        lastPolledAt: nowIso,
        failures,
        lastError: reason,
        failingSince: previous.failingSince ?? nowIso,
        failureReported: previous.failureReported || report,
      },
      result: { status: "failed", posts: NO_POSTS, requests, error: message },
      outbox,
    };
  }

  /**
   * The chain goes on from its own reads; an admin's or the watchdog's read re-arms it, in case it
   * was lost (a firing that failed for good): on the grid, the re-armed read is the chain's own
   * next one. The read is recorded with its schedule, for the watchdog to see if it is missed.
   */
  private async scheduleNext(
    topic: WatchedTopic,
    trigger: PollTrigger,
    failures: number,
    result: PollResult,
    now: Date,
  ): Promise<void> {
    if (!CHAINED.has(trigger)) return;
    const { pollEvery } = topic.source;
    const wait = nextWait(pollEvery, failures, error429(result));
    const timer = pollTimer(topic.duel.id, onGrid(now, wait, pollEvery), "chain");
    await this.deps.polls.scheduleChain(
      schedulePoll(timer, now.toISOString(), trigger),
      chainRead(timer, pollEvery),
    );
  }

  private hibou(topic: WatchedTopic, draft: PollHibouDraft, now: Date): OutboxEntry[] {
    return refereeHiboux(topic.forum, topic.duel, draft, now.toISOString());
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
              // On Forumactif a member's shown name is what a private message is addressed to.
              ...(change.authorName.trim() ? { username: change.authorName.trim() } : {}),
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

/** Where the topic is read, as its forum's source says. */
function topicAddress(topic: WatchedTopic): TopicAddress {
  const { source } = topic;
  return {
    baseUrl: source.baseUrl,
    timeZone: source.timeZone,
    topicId: topic.duel.threadId,
    ...(source.template ? { template: source.template } : {}),
    ...(source.markup ? { markup: source.markup } : {}),
    ...(source.account ? { account: accountOf(topic, source.account) } : {}),
  };
}

/** The forum's bot account, as the board client keys its sessions. */
function accountOf(topic: WatchedTopic, account: NonNullable<ForumactifSource["account"]>): BoardAccount {
  return { forumId: topic.forumId, baseUrl: topic.source.baseUrl, ...account };
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

/** Why the topic cannot be read, in the referee's words. */
function frenchReason(error: unknown): string {
  if (error instanceof ForumactifPageError) return forumactifTexts.pageError[error.code];
  if (error instanceof BoardFetchError) return forumactifTexts.boardError[error.code];
  return forumactifTexts.readError;
}
