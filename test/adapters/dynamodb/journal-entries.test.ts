import { describe, expect, it } from "vitest";
import {
  encodeEntry,
  type JournalEntry,
  journalOf,
  packEntry,
  packedSize,
} from "../../../shared/adapters/dynamodb/journal.js";
import { aMark, anEntry, anInput } from "../contract/fixtures.js";

/*
 * A turn journal's entries as the snapshot item's list holds them (shared/adapters/dynamodb/journal.ts):
 * deflated, each read back as written, whatever was read before under another journal.
 */

const entry = (name: string): JournalEntry => ({
  inputs: [anInput(name)],
  marks: [{ postId: `p-${name}`, mark: aMark("a"), seen: [`key-${name}`] }],
  outbox: [anEntry("d1", `out-${name}`)],
});

describe("turn journal entries as stored", () => {
  it("are deflated, smaller than their JSON, and read back as written", () => {
    const written = entry("one");
    const packed = packEntry(written);
    expect(packed.B).toBeInstanceOf(Uint8Array);
    expect(packed.S).toBeUndefined();
    expect(packedSize(packed)).toBeLessThan(encodeEntry(written).length);
    const journal = journalOf({ journalId: { S: "j1" }, journal: { L: [packed] } });
    expect(journal?.entries).toEqual([written]);
    expect(journal?.size).toBe(packedSize(packed));
  });

  it("reads an entry stored as JSON text beside deflated ones, in their order", () => {
    const [first, second] = [entry("text"), entry("packed")];
    const journal = journalOf({
      journalId: { S: "j2" },
      journal: { L: [{ S: encodeEntry(first) }, packEntry(second)] },
    });
    expect(journal?.entries).toEqual([first, second]);
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
