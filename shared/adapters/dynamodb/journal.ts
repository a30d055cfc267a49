import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import type { ClubDuelRecord } from "../../domain/club-record.js";
import type { DuelCommand } from "../../domain/commands.js";
import type { DuelEvent } from "../../domain/events.js";
import type { PostMark } from "../../domain/state.js";
import type { StoredInput } from "../../ports/duel-repository.js";
import type { OutboxEntry } from "../../ports/outbox-store.js";
import { remember } from "../remember.js";
import type { Item } from "./attributes.js";
import { decodeOrder, encodeOrder } from "./input-keys.js";
import { decodeMark, encodeMark } from "./post-marks.js";

/*
 * The turn journal. An ordinary turn's commit writes one item, the duel's snapshot, which carries
 * what the turn would otherwise write on items of their own (its inputs, its post marks with their
 * deliveries' dedup keys, its outbox entries, its club record) as one journal entry. The entries
 * wait there, newer than the items they shadow, until a fold writes them out as those very items
 * (the relay folds before each run); every read of those items merges the journal first.
 *
 *   snapshot item:  journal   L of S (one compact JSON entry per commit, oldest first)
 *                   journalId S      (one per journal: a fold or a slow commit conditioned on it
 *                                     fails if the journal it read was folded since)
 */

/** A write of a post's item: its new mark (null: removed; absent: unchanged), and its deliveries' keys. */
export interface MarkWrite {
  readonly postId: string;
  readonly mark?: PostMark | null;
  readonly seen?: readonly string[];
}

/** A club record with the instant it was written at. */
export interface JournaledClub {
  readonly record: ClubDuelRecord;
  readonly updatedAt: string;
}

/** What one commit wrote beside its snapshot. */
export interface JournalEntry {
  readonly inputs: readonly StoredInput[];
  readonly marks: readonly MarkWrite[];
  readonly outbox: readonly OutboxEntry[];
  readonly club?: JournaledClub;
}

/** A snapshot's journal as read: its id, its entries and their size as stored. */
export interface PendingJournal {
  readonly id: string;
  readonly entries: readonly JournalEntry[];
  /** The stored entries' length in characters (their JSON): what bounds the journal. */
  readonly size: number;
}

/** Entries a journal holds at most: beyond, a commit takes the slow path, which folds it. */
export const MAX_JOURNAL_ENTRIES = 16;
/** Characters a journal holds at most, for the same reason. */
export const MAX_JOURNAL_SIZE = 64 * 1024;
/** Items a fold of the journal may write, well within one transaction, with room for a slow commit. */
export const MAX_JOURNAL_ITEMS = 50;

interface RawEntry {
  readonly i?: readonly { k: string; id: string; c: DuelCommand; e: readonly DuelEvent[] }[];
  readonly m?: readonly { p: string; m?: string | null; s?: readonly string[] }[];
  readonly o?: readonly OutboxEntry[];
  readonly c?: { r: ClubDuelRecord; u: string };
}

/** An entry as stored: compact JSON, the marks encoded as on their items. */
export function encodeEntry(entry: JournalEntry): string {
  const raw: RawEntry = {
    ...(entry.inputs.length > 0
      ? {
          i: entry.inputs.map((input) => ({
            k: encodeOrder(input.order),
            id: input.inputId,
            c: input.command,
            e: input.events,
          })),
        }
      : {}),
    ...(entry.marks.length > 0
      ? {
          m: entry.marks.map((write) => ({
            p: write.postId,
            ...(write.mark === undefined ? {} : { m: write.mark === null ? null : encodeMark(write.mark) }),
            ...(write.seen && write.seen.length > 0 ? { s: write.seen } : {}),
          })),
        }
      : {}),
    ...(entry.outbox.length > 0 ? { o: entry.outbox } : {}),
    ...(entry.club ? { c: { r: entry.club.record, u: entry.club.updatedAt } } : {}),
  };
  return JSON.stringify(raw);
}

export function decodeEntry(text: string): JournalEntry {
  const raw = JSON.parse(text) as RawEntry;
  return {
    inputs: (raw.i ?? []).map((input) => ({
      order: decodeOrder(input.k, input.c),
      inputId: input.id,
      command: input.c,
      events: input.e,
    })),
    marks: (raw.m ?? []).map((write) => ({
      postId: write.p,
      ...(write.m === undefined ? {} : { mark: write.m === null ? null : decodeMark(write.m) }),
      ...(write.s ? { seen: write.s } : {}),
    })),
    outbox: raw.o ?? [],
    ...(raw.c ? { club: { record: raw.c.r, updatedAt: raw.c.u } } : {}),
  };
}

/**
 * An entry as the journal's list holds it: compact JSON text. Not deflated: loading zlib and its
 * first stream cost a cold function's first turn more than the bytes it would spare, and with the
 * relay folding within a second of a turn a journal rarely holds more than the turn being written.
 */
export function packEntry(entry: JournalEntry): AttributeValue {
  return { S: encodeEntry(entry) };
}

/** The stored size of an entry as packed, in bytes as DynamoDB counts them: what the journal's bound counts. */
export function packedSize(value: AttributeValue): number {
  return value.S === undefined ? 0 : Buffer.byteLength(value.S, "utf8");
}

/**
 * Entries already decoded, by journal id and place: a journal's entries are only ever appended
 * (a fold removes the whole journal, and the next one has a new id), so an entry read again is the
 * same entry, and each read of a busy duel decodes only the entries appended since the last.
 */
const decoded = new Map<string, JournalEntry>();
const DECODED_KEPT = 512;

function unpack(id: string, index: number, value: AttributeValue): JournalEntry | undefined {
  const key = `${id}#${index}#${packedSize(value)}`;
  const known = decoded.get(key);
  if (known !== undefined) return known;
  const text = value.S;
  if (text === undefined) return undefined;
  const entry = decodeEntry(text);
  remember(decoded, key, entry, DECODED_KEPT);
  return entry;
}

/** The journal a snapshot item holds; null when it holds none (never journaled, or folded). */
export function journalOf(item: Item): PendingJournal | null {
  const id = item.journalId?.S;
  const list = item.journal?.L;
  if (id === undefined || list === undefined || list.length === 0) return null;
  const entries = list.flatMap((value, index) => unpack(id, index, value) ?? []);
  return { id, entries, size: list.reduce((sum, value) => sum + packedSize(value), 0) };
}

/** The journal's inputs, the last written at each key winning, in no particular order. */
export function journalInputs(journal: PendingJournal | null): StoredInput[] {
  const byKey = new Map<string, StoredInput>();
  for (const entry of journal?.entries ?? []) {
    for (const input of entry.inputs) byKey.set(encodeOrder(input.order), input);
  }
  return [...byKey.values()];
}

/** What the journal wrote of each post: its latest mark (if it wrote one) and every key it saw. */
export interface JournaledPost {
  readonly mark?: PostMark | null;
  readonly seen: readonly string[];
}

export function journalPosts(journal: PendingJournal | null): Map<string, JournaledPost> {
  const posts = new Map<string, JournaledPost>();
  for (const entry of journal?.entries ?? []) {
    for (const write of entry.marks) {
      const previous = posts.get(write.postId);
      const mark = write.mark !== undefined ? write.mark : previous?.mark;
      const seen = [...new Set([...(previous?.seen ?? []), ...(write.seen ?? [])])];
      posts.set(write.postId, { ...(mark === undefined ? {} : { mark }), seen });
    }
  }
  return posts;
}

/** Stored marks with the journal's over them (it is newer): a mark it removed is gone. */
export function withJournalMarks(
  marks: Readonly<Record<string, PostMark>>,
  journal: PendingJournal | null,
  only?: ReadonlySet<string>,
): Record<string, PostMark> {
  const merged = { ...marks };
  for (const [postId, post] of journalPosts(journal)) {
    if (only && !only.has(postId)) continue;
    if (post.mark === null) delete merged[postId];
    else if (post.mark !== undefined) merged[postId] = post.mark;
  }
  return merged;
}

/** The journal's outbox entries, oldest first. */
export function journalOutbox(journal: PendingJournal | null): OutboxEntry[] {
  return (journal?.entries ?? []).flatMap((entry) => entry.outbox);
}

/** The latest club record the journal holds. */
export function journalClub(journal: PendingJournal | null): JournaledClub | undefined {
  return (journal?.entries ?? []).findLast((entry) => entry.club !== undefined)?.club;
}
