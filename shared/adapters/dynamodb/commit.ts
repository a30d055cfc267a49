import type { AttributeValue, TransactWriteItem, UpdateItemCommandInput } from "@aws-sdk/client-dynamodb";
import { ConcurrencyError, DuplicateError, StorageUnavailableError } from "../../errors.js";
import type { DuelCommit } from "../../ports/duel-repository.js";
import type { DuelistChange } from "../../ports/duelist-store.js";
import { type Item, marshall } from "./attributes.js";
import { lastOrderOf, markChangesOf } from "./commit-changes.js";
import { encodeDedupKey } from "./dedup-keys.js";
import { cancellationCodes, storageError } from "./errors.js";
import { encodeOrder } from "./input-keys.js";
import {
  accountItem,
  clubRecordItem,
  dedupItem,
  duelistDuelItem,
  inputItem,
  outboxItem,
  snapshotItem,
} from "./items.js";
import {
  type JournalEntry,
  type JournaledClub,
  journalClub,
  journalInputs,
  journalOutbox,
  journalPosts,
  type MarkWrite,
  type PendingJournal,
} from "./journal.js";
import { encodeMark } from "./post-marks.js";
import { rulesetItem } from "./rulesets.js";
import { keys } from "./table.js";

/**
 * DynamoDB's limit on the items of one TransactWriteItems. A commit is one transaction (snapshot,
 * inputs, dedup keys, outbox, duelists) so that it applies entirely or not at all; one that would
 * exceed the limit (a very late input rewriting a long duel) is refused with an Error rather than
 * split, since a split commit could be half applied.
 */
export const MAX_TRANSACTION_ITEMS = 100;

/** What a condition failure on each item of the transaction means, in the items' order. */
type Role = { readonly kind: "snapshot" } | { readonly kind: "duplicate"; readonly key: string } | null;

export interface CommitTransaction {
  readonly items: TransactWriteItem[];
  readonly roles: Role[];
}

/**
 * The transaction of a commit, items in this order: the snapshot (conditioned on the version),
 * its ruleset unless already stored, the inputs, the post marks that changed (with their deliveries'
 * dedup keys, refused if already recorded), the dedup keys (written only if absent), the outbox
 * entries, the duelist changes, the accounts of new authors, the duel's club record when it changed.
 *
 * An input key holds one input: writing it again is allowed only for the same `inputId` (a late
 * input rewrote that input's events), so new and rewritten inputs need no flag to tell them apart,
 * and a different input landing on a taken key is refused as a duplicate of that key.
 *
 * A transaction may not touch an item twice, so repeated keys within one commit are collapsed,
 * the last one winning.
 */
export function commitTransaction(
  tableName: string,
  commit: DuelCommit,
  options: {
    readonly now: Date;
    readonly dedupTtlSeconds: number;
    /** The duel's ruleset item already holds the snapshot's ruleset (`rulesets.ts`): not written again. */
    readonly rulesetStored?: boolean;
    /**
     * The journal the snapshot held when the decision read it (`journal.ts`): written out by this
     * commit, whose snapshot holds none. Null: it held none.
     */
    readonly journal?: PendingJournal | null;
  },
): CommitTransaction {
  const { duelId, snapshot, expectedVersion } = commit;
  if (snapshot.duelId !== duelId) throw new Error(`snapshot of ${snapshot.duelId} committed as ${duelId}`);
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0 || snapshot.version <= expectedVersion) {
    throw new Error(`duel ${duelId}: version ${snapshot.version} does not follow ${expectedVersion}`);
  }

  const items: TransactWriteItem[] = [];
  const roles: Role[] = [];
  const add = (item: TransactWriteItem, role: Role) => {
    items.push(item);
    roles.push(role);
  };

  const journal = options.journal ?? null;
  add(
    {
      Put: {
        TableName: tableName,
        Item: snapshotItem(commit.forumId, commit.threadId, { ...snapshot, lastOrder: lastOrderOf(commit) }),
        ...(expectedVersion === 0
          ? { ConditionExpression: "attribute_not_exists(#pk)", ExpressionAttributeNames: { "#pk": "pk" } }
          : {
              // The journal read is folded by this very commit: one folded since is not written twice.
              ConditionExpression: `#version = :expected AND ${journal ? "#journalId = :journalId" : "attribute_not_exists(#journalId)"}`,
              ExpressionAttributeNames: { "#version": "version", "#journalId": "journalId" },
              ExpressionAttributeValues: {
                ":expected": { N: String(expectedVersion) },
                ...(journal ? { ":journalId": { S: journal.id } } : {}),
              },
            }),
      },
    },
    { kind: "snapshot" },
  );

  if (!options.rulesetStored) {
    add({ Put: { TableName: tableName, Item: rulesetItem(duelId, snapshot.state.ruleset) } }, null);
  }

  const journaled = new Map(journalInputs(journal).map((input) => [encodeOrder(input.order), input]));
  const inputs = lastByKey(commit.inputs, (i) => encodeOrder(i.order));
  for (const input of inputs) {
    const key = encodeOrder(input.order);
    const taken = journaled.get(key);
    if (taken && taken.inputId !== input.inputId) throw new DuplicateError(key);
    journaled.delete(key);
  }
  for (const input of journaled.values()) {
    add({ Put: { TableName: tableName, Item: inputItem(duelId, input) } }, null);
  }
  for (const input of inputs) {
    add(
      {
        Put: {
          TableName: tableName,
          Item: inputItem(duelId, input),
          ConditionExpression: "attribute_not_exists(#pk) OR #inputId = :inputId",
          ExpressionAttributeNames: { "#pk": "pk", "#inputId": "inputId" },
          ExpressionAttributeValues: { ":inputId": { S: input.inputId } },
        },
      },
      { kind: "duplicate", key: encodeOrder(input.order) },
    );
  }

  for (const write of foldedMarkWrites(commit, journal)) {
    const seen = write.seen ?? [];
    add(
      markUpdate(tableName, duelId, write, write.known),
      seen.length > 0 ? { kind: "duplicate", key: seen[0] ?? "" } : null,
    );
  }

  for (const key of new Set(commit.dedupKeys.map(encodeDedupKey))) {
    add(
      {
        Put: {
          TableName: tableName,
          Item: dedupItem(key, duelId, options.now, options.dedupTtlSeconds),
          ConditionExpression: "attribute_not_exists(#pk)",
          ExpressionAttributeNames: { "#pk": "pk" },
        },
      },
      { kind: "duplicate", key },
    );
  }

  for (const entry of lastByKey([...journalOutbox(journal), ...commit.outbox], outboxKey)) {
    add({ Put: { TableName: tableName, Item: outboxItem(entry) } }, null);
  }

  for (const change of lastByKey(commit.duelists, duelistKey)) {
    add(duelistWrite(tableName, change), null);
  }

  // A Put of the whole account: the same author written again (a retry, a later name) is harmless.
  for (const account of lastByKey(commit.accounts ?? [], (a) => a.userId)) {
    add({ Put: { TableName: tableName, Item: accountItem(commit.forumId, account) } }, null);
  }

  const club = clubOf(commit) ?? journalClub(journal);
  if (club) add({ Put: { TableName: tableName, Item: clubRecordItem(club.record, club.updatedAt) } }, null);

  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(
      `duel ${duelId}: commit of ${items.length} items exceeds the ${MAX_TRANSACTION_ITEMS} items of one DynamoDB transaction`,
    );
  }
  return { items, roles };
}

/**
 * A failed commit as a domain error. A dedup key or an input key already taken wins over a stale
 * version: the delivery was applied before, and a retry would only find that out one round later.
 */
export function commitFailure(error: unknown, duelId: string, roles: readonly Role[]): unknown {
  const codes = cancellationCodes(error);
  if (codes === null) return storageError(error);
  const failed = codes.flatMap((code, i) => (code === "ConditionalCheckFailed" ? [roles[i]] : []));
  const duplicate = failed.find((role) => role?.kind === "duplicate");
  if (duplicate?.kind === "duplicate") return new DuplicateError(duplicate.key);
  if (failed.some((role) => role?.kind === "snapshot")) return new ConcurrencyError(duelId);
  // Another transaction was writing the same items: the version read is about to be stale.
  if (codes.includes("TransactionConflict")) return new ConcurrencyError(duelId);
  if (codes.some((code) => code === "ThrottlingError" || code === "ProvisionedThroughputExceeded")) {
    return new StorageUnavailableError(error);
  }
  return error;
}

/**
 * One write per post item: each mark that differs from the one read (every mark is kept on its
 * own item, the hot ones in the snapshot too), with the keys of the post's deliveries.
 */
function markWrites(commit: DuelCommit): MarkWrite[] {
  const byPost = new Map<string, MarkWrite>();
  for (const { postId, mark } of markChangesOf(commit)) {
    byPost.set(postId, { postId, mark });
  }
  for (const { postId, keys } of commit.deliveries) {
    const previous = byPost.get(postId);
    const seen = [...new Set([...(previous?.seen ?? []), ...keys.map(encodeDedupKey)])];
    byPost.set(postId, { ...previous, postId, ...(seen.length > 0 ? { seen } : {}) });
  }
  return [...byPost.values()];
}

/**
 * The items a commit makes in its transaction, as `commitTransaction` writes them: the snapshot,
 * its ruleset (counted even when already stored), each input key, each post item, each dedup key,
 * each outbox entry, each duelist item and each account once.
 */
export function commitItems(commit: DuelCommit): number {
  return (
    2 +
    new Set(commit.inputs.map((i) => encodeOrder(i.order))).size +
    markWrites(commit).length +
    new Set(commit.dedupKeys.map(encodeDedupKey)).size +
    new Set(commit.outbox.map(outboxKey)).size +
    new Set(commit.duelists.map(duelistKey)).size +
    new Set((commit.accounts ?? []).map((a) => a.userId)).size +
    (commit.club ? 1 : 0)
  );
}

/**
 * A post's item: its mark set (or removed), its delivery's dedup keys added to `seen`, on the
 * condition that none of them is there yet (the delivery was applied before). `known` keys (a
 * journal's, checked when they were journaled) are added without a condition.
 */
function markUpdate(
  tableName: string,
  duelId: string,
  write: MarkWrite,
  known: readonly string[] = [],
): TransactWriteItem {
  const seen = write.seen ?? [];
  const names: Record<string, string> = { "#duelId": "duelId", "#postId": "postId" };
  const values: Record<string, string> = { ":duelId": duelId, ":postId": write.postId };
  const set = ["#duelId = :duelId", "#postId = :postId"];
  let remove = "";
  if (write.mark === null) {
    names["#mark"] = "mark";
    remove = " REMOVE #mark";
  } else if (write.mark !== undefined) {
    names["#mark"] = "mark";
    values[":mark"] = encodeMark(write.mark);
    set.push("#mark = :mark");
  }
  let add = "";
  const conditions: string[] = [];
  const added = [...new Set([...known, ...seen])];
  if (added.length > 0) {
    names["#seen"] = "seen";
    add = " ADD #seen :seen";
    seen.forEach((key, i) => {
      values[`:seen${i}`] = key;
      conditions.push(`NOT contains(#seen, :seen${i})`);
    });
  }
  const marshalled = marshall(values);
  if (added.length > 0) marshalled[":seen"] = { SS: added };
  return {
    Update: {
      TableName: tableName,
      Key: marshall(keys.post(duelId, write.postId)),
      UpdateExpression: `SET ${set.join(", ")}${remove}${add}`,
      ...(conditions.length > 0 ? { ConditionExpression: conditions.join(" AND ") } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: marshalled,
    },
  };
}

/** A mark write with the keys a journal already checked, which the write adds unconditioned. */
interface FoldedMarkWrite extends MarkWrite {
  readonly known: readonly string[];
}

/**
 * The commit's mark writes merged with the journal's, one per post (a transaction touches an item
 * once): the commit's mark over the journal's, every key of both. A delivery's key the journal
 * already holds is a delivery applied before.
 */
function foldedMarkWrites(commit: DuelCommit, journal: PendingJournal | null): FoldedMarkWrite[] {
  const byPost = new Map<string, FoldedMarkWrite>();
  for (const [postId, post] of journalPosts(journal)) {
    byPost.set(postId, { postId, ...(post.mark === undefined ? {} : { mark: post.mark }), known: post.seen });
  }
  for (const write of markWrites(commit)) {
    const previous = byPost.get(write.postId);
    const known = previous?.known ?? [];
    const repeated = (write.seen ?? []).find((key) => known.includes(key));
    if (repeated !== undefined) throw new DuplicateError(repeated);
    byPost.set(write.postId, {
      ...previous,
      ...write,
      ...(write.mark === undefined && previous?.mark !== undefined ? { mark: previous.mark } : {}),
      known,
    });
  }
  return [...byPost.values()];
}

/** The commit's club record, stamped with its snapshot's instant. */
function clubOf(commit: DuelCommit): JournaledClub | undefined {
  return commit.club ? { record: commit.club, updatedAt: commit.snapshot.updatedAt } : undefined;
}

/** What a commit journals: everything it writes beside its snapshot, as its transaction would. */
export function journalEntryOf(commit: DuelCommit): JournalEntry {
  const club = clubOf(commit);
  return {
    inputs: lastByKey(commit.inputs, (i) => encodeOrder(i.order)),
    marks: markWrites(commit),
    outbox: lastByKey(commit.outbox, outboxKey),
    ...(club ? { club } : {}),
  };
}

/** The items a fold of this journal writes besides the snapshot. */
export function journalItems(journal: PendingJournal): number {
  return (
    journalInputs(journal).length +
    journalPosts(journal).size +
    new Set(journalOutbox(journal).map(outboxKey)).size +
    (journalClub(journal) ? 1 : 0)
  );
}

/**
 * A turn's commit as one write of the snapshot item: the snapshot's attributes set as a `Put`
 * would, its entry appended to the journal (started, with its id, if there is none), on the
 * condition that the version is the one read. A fold in between only empties the journal, which
 * the append does not mind.
 */
export function journalUpdate(
  tableName: string,
  commit: DuelCommit,
  entry: AttributeValue,
  newJournalId: string,
): UpdateItemCommandInput {
  const item: Item = snapshotItem(commit.forumId, commit.threadId, {
    ...commit.snapshot,
    lastOrder: lastOrderOf(commit),
  });
  const names: Record<string, string> = { "#journal": "journal", "#journalId": "journalId" };
  const values: Item = {
    ":entry": { L: [entry] },
    ":empty": { L: [] },
    ":journalId": { S: newJournalId },
    ":expected": { N: String(commit.expectedVersion) },
  };
  const set: string[] = [];
  let i = 0;
  for (const [name, value] of Object.entries(item)) {
    if (name === "pk" || name === "sk") continue;
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    set.push(`#a${i} = :a${i}`);
    if (name === "version") names["#version"] = name;
    i++;
  }
  return {
    TableName: tableName,
    Key: { pk: item.pk ?? { S: "" }, sk: item.sk ?? { S: "" } },
    UpdateExpression: `SET ${set.join(", ")}, #journal = list_append(if_not_exists(#journal, :empty), :entry), #journalId = if_not_exists(#journalId, :journalId)`,
    ConditionExpression: "#version = :expected",
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * The fold of a journal: the snapshot rid of it, on the condition that it holds this very journal
 * at this version (an append in between, or another fold, makes it fail), and the journal's items
 * written out as a slow commit writes them. The version does not change: a fold decides nothing.
 */
export function foldTransaction(
  tableName: string,
  duelId: string,
  version: number,
  journal: PendingJournal,
): TransactWriteItem[] {
  const items: TransactWriteItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: marshall(keys.duel(duelId)),
        UpdateExpression: "REMOVE #journal, #journalId",
        ConditionExpression: "#version = :version AND #journalId = :journalId",
        ExpressionAttributeNames: { "#journal": "journal", "#journalId": "journalId", "#version": "version" },
        ExpressionAttributeValues: { ":version": { N: String(version) }, ":journalId": { S: journal.id } },
      },
    },
  ];
  for (const input of journalInputs(journal)) {
    items.push({ Put: { TableName: tableName, Item: inputItem(duelId, input) } });
  }
  for (const [postId, post] of journalPosts(journal)) {
    const write = { postId, ...(post.mark === undefined ? {} : { mark: post.mark }) };
    items.push(markUpdate(tableName, duelId, write, post.seen));
  }
  for (const entry of lastByKey(journalOutbox(journal), outboxKey)) {
    items.push({ Put: { TableName: tableName, Item: outboxItem(entry) } });
  }
  const club = journalClub(journal);
  if (club) items.push({ Put: { TableName: tableName, Item: clubRecordItem(club.record, club.updatedAt) } });
  return items;
}

function outboxKey(entry: DuelCommit["outbox"][number]): string {
  const { pk, sk } = keys.outbox(entry.duelId, entry.createdAt, entry.id);
  return `${pk}|${sk}`;
}

function duelistKey(change: DuelistChange): string {
  return change.type === "duel"
    ? `${change.forumId}#${change.userId}#DUEL#${change.duelId}`
    : `${change.forumId}#${change.userId}#BAN#${change.duelId}`;
}

function duelistWrite(tableName: string, change: DuelistChange): TransactWriteItem {
  if (change.type === "duel") return { Put: { TableName: tableName, Item: duelistDuelItem(change) } };
  const key = keys.ban(change.forumId, change.userId, change.duelId);
  if (change.bannedUntil === null) return { Delete: { TableName: tableName, Key: marshall(key) } };
  return {
    Put: {
      TableName: tableName,
      // The key written out, not spread: see items.ts.
      Item: marshall({
        pk: key.pk,
        sk: key.sk,
        forumId: change.forumId,
        userId: change.userId,
        duelId: change.duelId,
        bannedUntil: change.bannedUntil,
        updatedAt: change.at,
      }),
    },
  };
}

/** The values with distinct keys, the last of each key winning, in first-seen order. */
function lastByKey<T>(values: readonly T[], keyOf: (value: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const value of values) byKey.set(keyOf(value), value);
  return [...byKey.values()];
}
