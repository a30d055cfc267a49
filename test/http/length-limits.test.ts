import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keys } from "../../shared/adapters/dynamodb/table.js";
import { refereeCommandBodySchema } from "../../shared/domain/referee-actions.js";
import { activeDuel, auditOf, postPayload } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";

const LONG = "x".repeat(1100);
const MINERVA = { id: "7", name: "Minerva McGonagall" };

describe("CONTRACT 2 every id and text of a command has a length limit", () => {
  it("CONTRACT 2 an oversized id in a command is 400 invalid_body, never a 500, and changes nothing", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const before = (await auditOf(h, duelId)).length;
    const oversized = [
      { command: "correction", postId: LONG, fields: {} },
      { command: "correction", postId: "8001", fields: { text: "é".repeat(60_000) } },
      { command: "correction", postId: "8001", fields: { cible: LONG } },
      { command: "cancel-fault", eventId: LONG },
      { command: "disqualify", duelistId: LONG },
      { command: "fault", duelistId: LONG, kind: "action" },
      { command: "top", firstDuelistId: LONG },
      { command: "end", winnerId: LONG },
      { command: "derogation", duelistId: "42", duration: `P${"9".repeat(1100)}D` },
    ];
    for (const body of oversized) {
      const answer = await h.admin("POST", `/duels/${duelId}/commands`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: "invalid_body" } });
    }
    expect((await auditOf(h, duelId)).length).toBe(before);
  });

  it("R-7.1 a thread command with an oversized post id is refused once, and its redelivery is a duplicate", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const post = postPayload({
      postId: "9001",
      author: MINERVA,
      createdAt: new Date().toISOString(),
      content: `[arbitre]\ncorrection ${LONG}\ntexte : un texte\n[/arbitre]`,
    });
    expect(await h.generic(post, { id: "msg_long_1" })).toEqual({
      status: 200,
      body: { result: "applied", duelId },
    });
    const rejected = (await auditOf(h, duelId)).filter((e) => e.type === "referee.command-rejected");
    expect(rejected).toHaveLength(1);
    expect((await h.generic(post, { id: "msg_long_2" })).body).toEqual({ result: "duplicate", duelId });
  });
});

/** Strings of any length, now and then past every limit, in any script. */
const anyText = fc.oneof(
  fc.string({ minLength: 0, maxLength: 40 }),
  fc.string({ unit: "grapheme", minLength: 100, maxLength: 3000 }),
  fc.constantFrom("x".repeat(129), "😀".repeat(300), "é".repeat(1100)),
);
const anyCommand = fc.oneof(
  fc.record({ command: fc.constant("correction"), postId: anyText, fields: fc.record({ text: anyText }) }),
  fc.record({ command: fc.constant("cancel-fault"), eventId: anyText }),
  fc.record({ command: fc.constant("disqualify"), duelistId: anyText }),
  fc.record({ command: fc.constant("fault"), duelistId: anyText, kind: fc.constant("action") }),
  fc.record({ command: fc.constant("top"), firstDuelistId: anyText }),
  fc.record({ command: fc.constant("end"), winnerId: anyText }),
  fc.record({ command: fc.constant("adjust-points"), duelistId: anyText, delta: fc.integer() }),
  fc.record({ command: fc.constant("derogation"), duelistId: anyText, duration: anyText }),
);

/** The longest duel id a route accepts: `<forumId>.<threadId>`. */
const LONGEST_DUEL_ID = `${"f".repeat(64)}.${"t".repeat(128)}`;
const bytes = (s: string) => Buffer.byteLength(s, "utf8");

describe("CONTRACT 2 any accepted command has keys of storable size", () => {
  it("CONTRACT 2 every id an accepted command carries fits a DynamoDB key, every text an item", () => {
    fc.assert(
      fc.property(anyCommand, (command) => {
        const parsed = refereeCommandBodySchema.safeParse(command);
        if (!parsed.success) return;
        const body = parsed.data as Record<string, unknown>;
        for (const field of ["postId", "eventId", "duelistId", "firstDuelistId", "winnerId"]) {
          const value = body[field];
          if (typeof value !== "string") continue;
          const key = keys.post(LONGEST_DUEL_ID, value);
          expect(bytes(key.sk)).toBeLessThanOrEqual(1024);
          expect(bytes(key.pk)).toBeLessThanOrEqual(2048);
        }
        expect(bytes(JSON.stringify(body))).toBeLessThan(100_000);
      }),
      { numRuns: 500 },
    );
  });
});
