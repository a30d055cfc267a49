import { encodeDedupKey } from "../../../shared/adapters/dynamodb/dedup-keys.js";
import type { ClubDuelRecord } from "../../../shared/domain/club-record.js";
import type { DuelCommand } from "../../../shared/domain/commands.js";
import type { DuelEvent } from "../../../shared/domain/events.js";
import type { InputOrder } from "../../../shared/domain/input-order.js";
import type { Duel, DuelBase, PostMark } from "../../../shared/domain/state.js";
import type { DedupKey } from "../../../shared/ports/dedup-key.js";
import type { DuelCommit, StoredInput } from "../../../shared/ports/duel-repository.js";
import type { ForumConfig } from "../../../shared/ports/forum-store.js";
import type { OutboxEntry } from "../../../shared/ports/outbox-store.js";
import type { TimerSpec } from "../../../shared/ports/scheduler.js";
import { defaultRuleset } from "../../../shared/rules/default-ruleset.js";

/*
 * The values the store contract suite and the adapters' own tests build: a duel, its commits,
 * post marks, inputs, outbox entries, timers and forums.
 */

/** A registered duel (or, with `status: "active"`, its first turn running) with a post seen. */
export function aState(
  duelId: string,
  overrides: Partial<DuelBase> & { readonly status?: "registered" | "active" } = {},
): Duel {
  const { status = "registered", ...fields } = overrides;
  const base: DuelBase = {
    id: duelId,
    forumId: "poudlard",
    threadId: `thread-${duelId}`,
    referee: { id: "7", name: "Minerva McGonagall" },
    ruleset: defaultRuleset,
    replyWindow: "PT72H",
    dice: "server",
    stakes: null,
    firstDuelistId: "42",
    createdAt: "2026-11-30T10:00:00.000Z",
    duelists: [],
    pendingAttacks: [],
    pending: [],
    queue: [],
    posts: {},
    faults: [],
    bans: [],
    ...fields,
  };
  if (status === "registered") return { ...base, status };
  const turn = {
    duelistId: "42",
    number: 1,
    startedAt: "2026-11-30T10:00:00.000Z",
    deadline: "2026-12-03T10:00:00.000Z",
    reminded: false,
  };
  return { ...base, status, turn };
}

/** A post's mark whose content hash is `c` twelve times. */
export function aMark(c: string, overrides: Partial<PostMark> = {}): PostMark {
  return {
    authorId: "42",
    hash: c.repeat(12),
    tampered: false,
    deleted: false,
    inDuel: true,
    valid: false,
    ...overrides,
  };
}

/**
 * An input named `name`: a timer's firing, at its order among timers of one instant, unless
 * `order` places it elsewhere (and `command` says what it is).
 */
export function anInput(
  name: string,
  inputId = `in-${name}`,
  order?: InputOrder,
  command?: DuelCommand,
): StoredInput {
  const event: DuelEvent = {
    id: `${inputId}#0`,
    at: "2026-11-30T10:00:00.000Z",
    rule: "R-6.1",
    type: "fault.absence",
    duelistId: "42",
    turn: 1,
    count: 1,
    by: "system",
  };
  return {
    order: order ?? { rank: "timer", instant: "2026-11-30T10:00:00.000Z", timer: name },
    inputId,
    command: command ?? {
      type: "timer.fired",
      now: "2026-11-30T10:00:00.000Z",
      timer: aTimer(`t-${name}`, "2026-11-30T10:00:00.000Z"),
    },
    events: [event],
  };
}

export function anEntry(duelId: string, id: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    duelId,
    createdAt: "2026-12-01T10:00:00.000Z",
    effect: {
      type: "timers",
      cancel: [],
      schedule: [aTimer(`timer-${id}`, "2026-12-04T10:00:00.000Z", duelId)],
    },
    attempts: 0,
    nextAttemptAt: "2026-12-01T10:00:00.000Z",
    doneAt: null,
    lastError: null,
    failedAt: null,
    ...overrides,
  };
}

export function aTimer(name: string, at: string, duelId = "duel-1"): TimerSpec {
  return { name, duelId, kind: "reply-deadline", at, ref: "1" };
}

export function aForum(forumId: string): ForumConfig {
  return {
    forumId,
    name: "Poudlard RPG",
    webhookSecrets: { generic: "whsec_secret" },
    referees: [{ id: "7", name: "Minerva McGonagall", username: "minerva" }],
    notify: [{ type: "log" }],
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
  };
}

/**
 * A commit moving a duel from `expectedVersion` to the next version, writing nothing else unless
 * told. `updatedAt` orders duels in listings.
 */
export function aCommit(
  duelId: string,
  expectedVersion: number,
  overrides: Partial<Omit<DuelCommit, "snapshot">> & {
    state?: Duel;
    updatedAt?: string;
  } = {},
): DuelCommit {
  const { state, updatedAt, ...rest } = overrides;
  return {
    duelId,
    forumId: "poudlard",
    threadId: `thread-${duelId}`,
    expectedVersion,
    snapshot: {
      duelId,
      version: expectedVersion + 1,
      state: state ?? aState(duelId),
      updatedAt: updatedAt ?? "2026-12-01T10:00:00.000Z",
    },
    inputs: [],
    read: { duel: null, marks: {} },
    dedupKeys: [],
    deliveries: [],
    outbox: [],
    duelists: [],
    ...rest,
  };
}

/** A forum delivery's dedup key named `name`, as a commit carries it. */
export function aKey(name: string): DedupKey {
  return { kind: "delivery", forumId: "poudlard", deliveryKey: name };
}

/** `aKey(name)` as the stores record it: what a DuplicateError names. */
export function storedKey(name: string): string {
  return encodeDedupKey(aKey(name));
}

/** A duel's record in its club's records (CONTRACT.md 8): registered, unless told otherwise. */
export function aClubRecord(duelId: string, overrides: Partial<ClubDuelRecord> = {}): ClubDuelRecord {
  return {
    duelId,
    forumId: "poudlard",
    threadId: `thread-${duelId}`,
    status: "registered",
    createdAt: "2026-11-30T10:00:00.000Z",
    duelists: [],
    turn: null,
    endedAt: null,
    winnerId: null,
    reason: null,
    stakes: null,
    stakesHonoured: null,
    bans: [],
    ...overrides,
  };
}

/** Post `n`'s arrival at `instant`, as the decider stores it (its input, no events yet). */
export function aPostInput(n: number, instant: string, content = `post ${n}`): StoredInput {
  return {
    order: { rank: "post", instant, post: { id: `p${n}` } },
    inputId: `in-p${n}`,
    command: {
      type: "post.received",
      now: instant,
      post: {
        postId: `p${n}`,
        authorId: "42",
        authorName: "Harry",
        createdAt: instant,
        content,
        format: "text",
        serverDice: [3, 4],
      },
    },
    events: [],
  };
}
