import { threadBotOf } from "../announce/thread-bot-of.js";
import { DeliveryError } from "../errors.js";
import { effectMetrics, type MetricPoint } from "../observability/business-metrics.js";
import type { ForumConfig, ForumStore } from "../ports/forum-store.js";
import type { Notifier } from "../ports/notifier.js";
import type { Effect, EffectPart, OutboxEntry, OutboxStore, PartEffect } from "../ports/outbox-store.js";
import { changeTimers, type SchedulerPort, type TimerChanges } from "../ports/scheduler.js";
import type { ThreadPoster } from "../ports/thread-bot.js";
import { announceTexts } from "../texts/announce.js";
import { deliveryForumOf } from "./delivery-forum.js";
import { channelsOf, outboxEntry } from "./effects.js";

export interface RelayOptions {
  readonly store: OutboxStore & Pick<ForumStore, "getForum">;
  readonly scheduler: SchedulerPort;
  readonly notifier: Notifier;
  /** Posts the verdicts in the duels' threads as the forum's bot (absent: announcements fail). */
  readonly threadPoster?: ThreadPoster;
  readonly now: () => Date;
  /** Attempts before an effect is given up (and shown as failed on /status). */
  readonly maxAttempts?: number;
  /** How long a claimed effect is hidden from other relays while it is performed. */
  readonly leaseMs?: number;
  readonly log?: (line: Record<string, unknown>) => void;
  /**
   * Set where the scheduler keeps its timers in `store` (the local stack): the timer changes an
   * entry starts with are then made in the write of its first claim when the scheduler `accepts`
   * them (else through the scheduler, as a part), and told to it once `written`.
   */
  readonly timersInStore?: {
    accepts(changes: TimerChanges): boolean;
    written(changes: TimerChanges): void;
  };
  /** Publishes what became of each attempt (hiboux delivered, retried, failed for good by channel). */
  readonly metrics?: (points: readonly MetricPoint[]) => void;
}

/**
 * How long a forum the relay read serves the entries after it in the same run: a change of the
 * forum's channels or bot reaches the entries of the next run, or of this one after this long.
 */
export const RELAY_FORUM_MAX_AGE_MS = 5_000;

/** A forum as the relay needs it for one part, read or reused (`OutboxRelay.forumReads`). */
type ForumOf = (forumId: string) => Promise<ForumConfig | null>;

/** What one run of the relay shares between its entries. */
interface Run {
  readonly forumOf: ForumOf;
  /** Entries split from a failed one and due now, which the run goes on with. */
  splitDue: boolean;
}

/** Exponential backoff: 2 s, 4 s, 8 s … capped at 15 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/**
 * Performs the effects of committed decisions: creates and deletes schedules, delivers hiboux.
 * Each entry is claimed first (a conditional write on its attempt count), so two relays never
 * perform it together; a failure is retried with backoff (or after the channel's Retry-After),
 * and an entry is marked done only once performed. A hibou that failed part-way (a split Discord
 * hibou) keeps its progress in the entry, and its retry, in whatever process, resumes there.
 */
export class OutboxRelay {
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  /** The run in progress: runs of one relay take turns. */
  private idle: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RelayOptions) {
    this.maxAttempts = options.maxAttempts ?? 12;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /**
   * Performs every effect now due; returns how many were done. A run waits for the one in
   * progress: an entry that run holds is hidden from this one, which would otherwise return before
   * that entry was performed (its caller then fires timers not yet scheduled: `/_local/clock`).
   */
  runDue(limit = 50): Promise<number> {
    const run = this.idle.then(() => this.drain(limit));
    this.idle = run.catch(() => undefined);
    return run;
  }

  /**
   * Asks for the due entries again only when there may be more than it saw: its answer was full, or
   * a failed part split an entry into entries due now. Entries committed meanwhile go to the next
   * run, which spares a poll that would mostly find nothing a query of its own.
   */
  private async drain(limit: number): Promise<number> {
    let done = 0;
    const run: Run = { forumOf: this.forumReads(), splitDue: false };
    for (let round = 0; round < 20; round++) {
      run.splitDue = false;
      const due = await this.options.store.dueOutbox(this.options.now().toISOString(), limit);
      if (due.length === 0) break;
      let progressed = false;
      for (const entry of due) {
        if (await this.process(entry, run)) {
          done++;
          progressed = true;
        }
      }
      if (!progressed || (due.length < limit && !run.splitDue)) break;
    }
    return done;
  }

  /**
   * The forums of one run: each read once for every part of the run's entries that goes through
   * it, and again once that read is `RELAY_FORUM_MAX_AGE_MS` old. A read that failed is not kept.
   */
  private forumReads(): ForumOf {
    const reads = new Map<string, { readonly forum: Promise<ForumConfig | null>; readonly at: number }>();
    return (forumId) => {
      const now = this.options.now().getTime();
      const kept = reads.get(forumId);
      if (kept && now - kept.at < RELAY_FORUM_MAX_AGE_MS) return kept.forum;
      const forum = this.options.store.getForum(forumId);
      reads.set(forumId, { forum, at: now });
      forum.catch(() => {
        if (reads.get(forumId)?.forum === forum) reads.delete(forumId);
      });
      return forum;
    };
  }

  /** Claims and performs one entry; true when it is done. */
  private async process(entry: OutboxEntry, run: Run): Promise<boolean> {
    if (entry.doneAt || entry.failedAt) return false;
    const now = this.options.now();
    if (Date.parse(entry.nextAttemptAt) > now.getTime()) return false;
    const timers = this.timersWithClaim(entry);
    // The entry as stored once claimed: the index's copy lacks the parts a former attempt recorded.
    const claimed = await this.options.store.claimOutbox(
      {
        ...entry,
        attempts: entry.attempts + 1,
        nextAttemptAt: new Date(now.getTime() + this.leaseMs).toISOString(),
      },
      entry.attempts,
      timers,
    );
    if (claimed === null) return false;
    if (timers) {
      this.options.timersInStore?.written(timers);
      this.count(timers, "delivered");
    }
    if (claimed.effect.type === "parts") {
      const [first, ...rest] = claimed.effect.parts;
      const parts =
        timers && first
          ? [{ ...first, doneAt: this.options.now().toISOString() }, ...rest]
          : claimed.effect.parts;
      return this.performParts(claimed, parts, run);
    }
    if (!timers) {
      try {
        await this.perform(claimed.effect, claimed.attempts, run.forumOf);
      } catch (error) {
        await this.options.store.updateOutbox(this.failure(claimed, error), claimed.attempts);
        return false;
      }
      this.count(claimed.effect, "delivered");
    }
    const doneAt = this.options.now().toISOString();
    await this.options.store.recordOutbox({ ...claimed, doneAt, lastError: null }, claimed.attempts);
    return true;
  }

  /**
   * The timer changes an entry starts with, when they can be written with its claim: the
   * scheduler keeps its timers in the store (`timersInStore`) and accepts them, and the claim is
   * the entry's first (a later one answers with what a former attempt recorded, which a write of
   * several items cannot).
   */
  private timersWithClaim(entry: OutboxEntry): Extract<PartEffect, { type: "timers" }> | undefined {
    const store = this.options.timersInStore;
    if (store === undefined || entry.attempts !== 0) return undefined;
    const { effect } = entry;
    const first =
      effect.type === "parts" ? (effect.parts[0]?.doneAt ? undefined : effect.parts[0]?.effect) : effect;
    return first?.type === "timers" && store.accepts(first) ? first : undefined;
  }

  /**
   * A decision's parts in order, each recorded done before the next starts (timers excepted: doing
   * them again is harmless), so a retry resumes after the last one done. The first part that fails
   * leaves the entry with the parts after it, as entries of their own, retried one by one.
   */
  private async performParts(entry: OutboxEntry, stored: readonly EffectPart[], run: Run): Promise<boolean> {
    const parts = [...stored];
    const withParts = (): OutboxEntry => ({ ...entry, effect: { type: "parts", parts: [...parts] } });
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (!part || part.doneAt) continue;
      try {
        await this.perform(part.effect, entry.attempts, run.forumOf);
      } catch (error) {
        // The entry is done once split: what is left of it is in the entries split from it.
        const split = await this.split(entry, parts, i, error);
        run.splitDue ||= split && parts.some((p, j) => j > i && !p.doneAt);
        return split;
      }
      this.count(part.effect, "delivered");
      parts[i] = { ...part, doneAt: this.options.now().toISOString() };
      const last = parts.every((p) => p.doneAt);
      if (last) break;
      if (part.effect.type === "timers") continue;
      if (!(await this.options.store.recordOutbox(withParts(), entry.attempts))) return false;
    }
    const doneAt = this.options.now().toISOString();
    await this.options.store.recordOutbox({ ...withParts(), doneAt, lastError: null }, entry.attempts);
    return true;
  }

  /**
   * Part `failedAt` failed: the entry is done with the parts done, and every part not done becomes
   * an entry of its own, the failed one with this attempt recorded as its own (its backoff, its
   * progress, or given up), the others due now (this run goes on with them). True once written.
   */
  private async split(
    entry: OutboxEntry,
    parts: readonly EffectPart[],
    failedAt: number,
    error: unknown,
  ): Promise<boolean> {
    const now = this.options.now().toISOString();
    const split: OutboxEntry[] = [];
    parts.forEach((part, i) => {
      if (part.doneAt) return;
      const alone = outboxEntry(part.id, entry.duelId, entry.createdAt, part.effect);
      split.push(
        i === failedAt
          ? this.failure({ ...alone, attempts: entry.attempts, nextAttemptAt: entry.nextAttemptAt }, error)
          : { ...alone, nextAttemptAt: now },
      );
    });
    const done: OutboxEntry = {
      ...entry,
      effect: { type: "parts", parts: parts.filter((p) => p.doneAt) },
      doneAt: now,
      lastError: null,
    };
    return this.options.store.splitOutbox(done, entry.attempts, split);
  }

  private async perform(effect: PartEffect, attempts: number, forumOf: ForumOf): Promise<void> {
    if (effect.type === "timers") return changeTimers(this.options.scheduler, effect);
    if (effect.type === "announce") return this.announce(effect, attempts, await forumOf(effect.forumId));
    const forum = await forumOf(effect.hibou.forumId);
    const channel = channelsOf(forum)[effect.channel] ?? { type: "log" as const };
    await this.options.notifier.deliver(effect.hibou, channel, deliveryForumOf(forum), effect.progress ?? 0);
  }

  /**
   * Posts a verdict in the thread. An attempt after the first may follow one that posted the reply
   * and lost the answer (a timeout, a relay that stopped before marking it done): the thread's
   * latest posts are searched for the reply's marker first, so it is never posted twice.
   */
  private async announce(
    effect: Extract<PartEffect, { type: "announce" }>,
    attempts: number,
    forum: ForumConfig | null,
  ): Promise<void> {
    const bot = threadBotOf(forum);
    const poster = this.options.threadPoster;
    if (!bot) throw new DeliveryError(announceTexts.noBot, false);
    if (!poster) throw new DeliveryError(announceTexts.noPoster, false);
    if (attempts > 1 && (await poster.alreadyPosted(effect.reply, bot))) return;
    await poster.post(effect.reply, bot);
  }

  private count(effect: PartEffect, result: "delivered" | "retried" | "failed"): void {
    // A hibou by its channel's type, not its index in `notify`: one series per kind of forum channel.
    const channel =
      effect.type === "notify" ? effect.channelType : effect.type === "announce" ? "thread" : "scheduler";
    this.options.metrics?.(effectMetrics(effect.type, channel, result));
  }

  /** The entry as a failed attempt leaves it: its backoff (or given up), its error, its progress. */
  private failure(entry: OutboxEntry, error: unknown): OutboxEntry {
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    const message = error instanceof Error ? error.message : String(error);
    const now = this.options.now();
    const giveUp = !retryable || entry.attempts >= this.maxAttempts;
    const wait =
      error instanceof DeliveryError && error.retryAfterMs !== undefined
        ? error.retryAfterMs
        : backoffMs(entry.attempts);
    if (entry.effect.type !== "parts") this.count(entry.effect, giveUp ? "failed" : "retried");
    this.options.log?.({
      level: giveUp ? "error" : "warn",
      msg: "effect failed",
      entryId: entry.id,
      duelId: entry.duelId,
      attempts: entry.attempts,
      giveUp,
      error: message,
    });
    // The progress goes in the write that records the attempt, conditioned on the claim: a relay
    // racing for the entry cannot roll it back, and it is never recorded without its attempt.
    return {
      ...entry,
      effect: withReportedProgress(entry.effect, error),
      lastError: message.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + wait).toISOString(),
      failedAt: giveUp ? now.toISOString() : null,
    };
  }
}

/**
 * The effect with the progress a failed delivery reported (`DeliveryError.progress`), never behind
 * the progress already recorded; unchanged when the failure reported none.
 */
function withReportedProgress(effect: Effect, error: unknown): Effect {
  if (effect.type !== "notify" || !(error instanceof DeliveryError)) return effect;
  const reported = error.progress;
  if (reported === undefined || !Number.isSafeInteger(reported)) return effect;
  return reported > (effect.progress ?? 0) ? { ...effect, progress: reported } : effect;
}
