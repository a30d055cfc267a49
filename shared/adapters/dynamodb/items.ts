import type { ClubDuelRecord } from "../../domain/club-record.js";
import type { DuelCommand } from "../../domain/commands.js";
import type { DuelEvent } from "../../domain/events.js";
import type { DuelState, PostMark } from "../../domain/state.js";
import type { DuelSnapshot, StoredInput } from "../../ports/duel-repository.js";
import type { DuelistChange, DuelistRecord, ForumAccount } from "../../ports/duelist-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { type OutboxEntry, withPartsDone } from "../../ports/outbox-store.js";
import type { TimerSpec } from "../../ports/scheduler.js";
import type { Ruleset } from "../../rules/ruleset.js";
import {
  type Item,
  type JsonValue,
  jsonOf,
  marshall,
  numberOf,
  optionalStringOf,
  stringOf,
  unmarshall,
} from "./attributes.js";
import { decodeOrder, encodeOrder } from "./input-keys.js";
import { decodeMark, snapshotMarks } from "./post-marks.js";
import { rulesetHash } from "./rulesets.js";
import { duelOfStored, type StoredDuel } from "./stored-duel.js";
import { keys, partitions, sortInstant } from "./table.js";

/*
 * Conversions between the port's values and the items of the layout in `table.ts`.
 *
 * The keys are written out (`const { pk, sk } = keys.…; marshall({ pk, sk, … })`) rather than
 * spread into the literal: on Node 20's V8, every property added after a spread in an object
 * literal makes a new hidden class, which a post's commit pays for each of its items
 * (git log of this file has the profile). Same attributes, in the same order.
 */

/**
 * A duel's snapshot item: its state without the ruleset, which has an item of its own
 * (`rulesets.ts`) named here by `rulesetHash`, and with its hot post marks only (`post-marks.ts`).
 */
export function snapshotItem(forumId: string, threadId: string, snapshot: DuelSnapshot): Item {
  const { duelId, state } = snapshot;
  const { ruleset, ...rest } = state;
  const { pk, sk } = keys.duel(duelId);
  return marshall({
    pk,
    sk,
    duelId,
    version: snapshot.version,
    state: JSON.stringify({ ...rest, posts: snapshotMarks(state) }),
    rulesetHash: rulesetHash(ruleset),
    lastKey: encodeOrder(snapshot.lastOrder),
    updatedAt: snapshot.updatedAt,
    forumId,
    threadId,
    status: state.status,
    gsi1pk: partitions.duels(forumId, state.status),
    // Stable while the duel runs: a post's write leaves the index untouched. A finished duel sorts
    // by its end, so that a forum's newest are read from the index alone, whatever its past.
    gsi1sk:
      state.status === "finished" ? `${sortInstant(state.endedAt ?? snapshot.updatedAt)}#${duelId}` : duelId,
  });
}

/**
 * A snapshot item as read, before its ruleset is joined to it: `rulesetHash` names the ruleset
 * item it needs.
 */
export interface StoredSnapshot {
  readonly duelId: string;
  readonly version: number;
  readonly rulesetHash: string;
  withRuleset(ruleset: Ruleset): DuelSnapshot;
}

export function storedSnapshotOf(item: Item): StoredSnapshot {
  const plain = unmarshall(item);
  const duelId = stringOf(plain, "duelId");
  const version = numberOf(plain, "version");
  return {
    duelId,
    version,
    rulesetHash: stringOf(plain, "rulesetHash"),
    withRuleset(ruleset) {
      return {
        duelId,
        version,
        state: duelOfStored(jsonOf<StoredDuel>(plain, "state"), ruleset),
        lastOrder: decodeOrder(stringOf(plain, "lastKey")),
        updatedAt: stringOf(plain, "updatedAt"),
      };
    },
  };
}

/** A post's stored mark, if the item holds one. */
export function markOf(item: Item): { postId: string; mark: PostMark } | null {
  const sk = item.sk?.S;
  const mark = item.mark?.S;
  return sk?.startsWith("POST#") && mark !== undefined
    ? { postId: sk.slice("POST#".length), mark: decodeMark(mark) }
    : null;
}

export function inputItem(duelId: string, input: StoredInput): Item {
  const key = encodeOrder(input.order);
  const { pk, sk } = keys.input(duelId, key);
  return marshall({
    pk,
    sk,
    key,
    inputId: input.inputId,
    command: JSON.stringify(input.command),
    events: JSON.stringify(input.events),
  });
}

export function inputOf(item: Item): StoredInput {
  const plain = unmarshall(item);
  const command = jsonOf<DuelCommand>(plain, "command");
  return {
    order: decodeOrder(stringOf(plain, "key"), command),
    inputId: stringOf(plain, "inputId"),
    command,
    events: jsonOf<DuelEvent[]>(plain, "events"),
  };
}

/**
 * An outbox entry. While it is pending it sits in gsi1 `OUTBOX` by next attempt; once failed in
 * `OUTBOX#failed` (counted for `/status`); once done it leaves the index.
 */
export function outboxItem(entry: OutboxEntry): Item {
  const index =
    entry.doneAt !== null
      ? {}
      : {
          gsi1pk: entry.failedAt !== null ? partitions.failedOutbox : partitions.outbox,
          gsi1sk: `${sortInstant(entry.nextAttemptAt)}#${entry.id}`,
        };
  const { pk, sk } = keys.outbox(entry.duelId, entry.createdAt, entry.id);
  return marshall({
    pk,
    sk,
    id: entry.id,
    duelId: entry.duelId,
    createdAt: entry.createdAt,
    payload: JSON.stringify(entry.effect),
    attempts: entry.attempts,
    nextAttemptAt: entry.nextAttemptAt,
    doneAt: entry.doneAt,
    lastError: entry.lastError,
    failedAt: entry.failedAt,
    ...index,
  });
}

/**
 * An outbox entry read back: its parts done are those its effect says (an entry written whole)
 * and those recorded apart in `partsDone` (`outbox-writes.ts`), which the index does not hold.
 */
export function outboxOf(item: Item): OutboxEntry {
  const plain = unmarshall(item);
  // `payload` since gsi1 stopped projecting the effect; `effect` on an entry an earlier release wrote
  // (still pending when the release changed), whose name gsi1 projects (table.ts).
  const effect = jsonOf<OutboxEntry["effect"]>(plain, plain.payload === undefined ? "effect" : "payload");
  const partsDone = plain.partsDone;
  return {
    id: stringOf(plain, "id"),
    duelId: stringOf(plain, "duelId"),
    createdAt: stringOf(plain, "createdAt"),
    effect: isStringMap(partsDone) ? withPartsDone(effect, partsDone) : effect,
    attempts: numberOf(plain, "attempts"),
    nextAttemptAt: stringOf(plain, "nextAttemptAt"),
    doneAt: optionalStringOf(plain, "doneAt"),
    lastError: optionalStringOf(plain, "lastError"),
    failedAt: optionalStringOf(plain, "failedAt"),
  };
}

function isStringMap(value: JsonValue | undefined): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  );
}

export function dedupItem(key: string, duelId: string, now: Date, ttlSeconds: number): Item {
  const { pk, sk } = keys.dedup(key);
  return marshall({
    pk,
    sk,
    duelId,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds,
  });
}

/**
 * A forum's item: its configuration without its secrets (`config`), and its secrets sealed apart
 * (`sealed`, see adapters/secrets): neither the table nor its stream ever holds one in clear.
 */
export function forumItem(open: ForumConfig, sealed: string | null): Item {
  const { pk, sk } = keys.forum(open.forumId);
  return marshall({
    pk,
    sk,
    // Listed by the operator's desk page (gsi1 keys only: the config is read from the item).
    gsi1pk: partitions.forums,
    gsi1sk: open.forumId,
    forumId: open.forumId,
    config: JSON.stringify(open),
    ...(sealed === null ? {} : { sealed }),
    updatedAt: open.updatedAt,
  });
}

/** A duel's record in the club's records (CONTRACT.md 8). */
export function clubRecordItem(record: ClubDuelRecord, updatedAt: string): Item {
  const { pk, sk } = keys.clubRecord(record.forumId, record.duelId);
  return marshall({
    pk,
    sk,
    record: JSON.stringify(record),
    updatedAt,
    // Indexed by the forum, running duels apart and finished ones by their end: a season's page
    // reads its own range (CONTRACT.md 8).
    gsi1pk: partitions.club(record.forumId),
    gsi1sk:
      record.status === "finished"
        ? clubEndKey(record.endedAt ?? record.createdAt, record.duelId)
        : `RUN#${record.duelId}`,
  });
}

/** A finished duel's club sort key: `END#<instant>#<duelId>`. */
export function clubEndKey(instant: string, duelId = ""): string {
  return `END#${sortInstant(instant)}#${duelId}`;
}

export function clubRecordOfItem(item: Item): ClubDuelRecord {
  return JSON.parse(stringOf(unmarshall(item), "record")) as ClubDuelRecord;
}

export function accountItem(forumId: string, account: ForumAccount): Item {
  const { pk, sk } = keys.account(forumId, account.userId);
  return marshall({
    pk,
    sk,
    userId: account.userId,
    name: account.name,
    username: account.username ?? null,
    seenAt: account.seenAt,
  });
}

export function accountOf(item: Item): ForumAccount {
  const plain = unmarshall(item);
  const username = optionalStringOf(plain, "username");
  return {
    userId: stringOf(plain, "userId"),
    name: stringOf(plain, "name"),
    ...(username ? { username } : {}),
    seenAt: stringOf(plain, "seenAt"),
  };
}

/**
 * A forum's item as written by `forumItem`: its open `config`, and its secrets in `sealed` when it
 * has any.
 */
export function forumPartsOf(item: Item): { readonly open: ForumConfig; readonly sealed?: string } {
  const plain = unmarshall(item);
  const open = jsonOf<ForumConfig>(plain, "config");
  return typeof plain.sealed === "string" ? { open, sealed: plain.sealed } : { open };
}

export function duelistDuelItem(change: Extract<DuelistChange, { type: "duel" }>): Item {
  const { pk, sk } = keys.duelistDuel(change.forumId, change.userId, change.duelId);
  return marshall({
    pk,
    sk,
    forumId: change.forumId,
    userId: change.userId,
    duelId: change.duelId,
    threadId: change.threadId,
    status: change.status,
    outcome: change.outcome,
    at: change.at,
  });
}

/** A duelist's items (one BAN per duel that bans them, one DUEL per duel) as their record; null when there are none. */
export function duelistOf(forumId: string, userId: string, items: readonly Item[]): DuelistRecord | null {
  if (items.length === 0) return null;
  const plain = items.map(unmarshall);
  const bannedUntil = latestBan(plain);
  const duels = plain
    .filter((p) => typeof p.sk === "string" && p.sk.startsWith("DUEL#"))
    .map((p) => ({
      duelId: stringOf(p, "duelId"),
      threadId: stringOf(p, "threadId"),
      status: stringOf(p, "status") as DuelState["status"],
      outcome: optionalStringOf(p, "outcome") as DuelistRecord["duels"][number]["outcome"],
      at: stringOf(p, "at"),
    }))
    // Newest first, as duels are listed elsewhere.
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { forumId, userId, bannedUntil, duels };
}

/** The latest end among a duelist's bans (one item per duel that bans them), or null. */
export function latestBan(plain: readonly Record<string, JsonValue>[]): string | null {
  let latest: string | null = null;
  for (const item of plain) {
    if (typeof item.sk !== "string" || !item.sk.startsWith("BAN#")) continue;
    const until = optionalStringOf(item, "bannedUntil");
    if (until !== null && (latest === null || until > latest)) latest = until;
  }
  return latest;
}

export function timerItem(timer: TimerSpec): Item {
  const { pk, sk } = keys.timer(timer.name);
  return marshall({
    pk,
    sk,
    timer: JSON.stringify(timer),
    gsi1pk: partitions.timers,
    gsi1sk: `${sortInstant(timer.at)}#${timer.name}`,
  });
}

export function timerOf(item: Item): TimerSpec {
  return jsonOf<TimerSpec>(unmarshall(item), "timer");
}
