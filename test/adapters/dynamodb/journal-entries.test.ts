import { describe, expect, it } from "vitest";
import {
  encodeEntry,
  type JournalEntry,
  journalOf,
  packEntry,
} from "../../../shared/adapters/dynamodb/journal.js";
import { aMark, anEntry, anInput } from "../contract/fixtures.js";

/*
 * A turn journal's entries as the snapshot item's list holds them (shared/adapters/dynamodb/journal.ts):
 * each read back as written, whatever was read before under another journal.
 */

const entry = (name: string): JournalEntry => ({
  inputs: [anInput(name)],
  marks: [{ postId: `p-${name}`, mark: aMark("a"), seen: [`key-${name}`] }],
  outbox: [anEntry("d1", `out-${name}`)],
});

describe("turn journal entries as stored", () => {
  it("are read back as written, in their order, the journal's size counted as stored", () => {
    const [first, second] = [entry("one"), entry("two")];
    const packed = [packEntry(first), packEntry(second)];
    const journal = journalOf({ journalId: { S: "j1" }, journal: { L: packed } });
    expect(journal?.entries).toEqual([first, second]);
    expect(journal?.size).toBe(encodeEntry(first).length + encodeEntry(second).length);
  });

  it("reads the same journal again the same, and one grown since with its new entry", () => {
    const packed = [packEntry(entry("a"))];
    const once = journalOf({ journalId: { S: "j2" }, journal: { L: packed } });
    const again = journalOf({ journalId: { S: "j2" }, journal: { L: [...packed, packEntry(entry("b"))] } });
    expect(again?.entries[0]).toEqual(once?.entries[0]);
    expect(again?.entries.map((e) => e.inputs[0]?.inputId)).toEqual(["in-a", "in-b"]);
  });

  it("never answers for one journal with the entries of another read before", () => {
    const read = journalOf({ journalId: { S: "j3" }, journal: { L: [packEntry(entry("old"))] } });
    expect(read?.entries[0]?.inputs[0]?.inputId).toBe("in-old");
    // The next journal (a new id after a fold) holds another entry at the same place.
    const next = journalOf({ journalId: { S: "j4" }, journal: { L: [packEntry(entry("new"))] } });
    expect(next?.entries[0]?.inputs[0]?.inputId).toBe("in-new");
    expect(journalOf({ journalId: { S: "j4" }, journal: { L: [] } })).toBeNull();
  });
});
