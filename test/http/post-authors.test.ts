import type { TransactWriteItem } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { DUEL_BODY, postPayload } from "../support/duels.js";
import { createHarness } from "../support/harness.js";

const LONG = Array.from({ length: 120 }, (_, i) => `mot${i}`).join(" ");
const alice = { id: "42", name: "Alice Dubois" };
const bob = { id: "43", name: "Bob Martin" };
const turn = (postId: string, author: typeof alice, createdAt: string, target: string) =>
  postPayload({
    postId,
    author,
    createdAt,
    content: `${LONG}\n[duel]\nSort : Incendio\nCible : ${target}\nZone : torse\nPari : 3\n[/duel]`,
  });

describe("CONTRACT 6 a post's author is remembered with the post's own read and write", () => {
  it("CONTRACT 6 one BatchGetItem and one TransactWriteItems a post (the forum read once for the signature of the first); the account rides in it once, when new", async () => {
    const h = await createHarness({ start: "2026-11-30T10:00:00.000Z" });
    await h.forum();
    await h.admin("POST", "/duels", DUEL_BODY);
    await h.admin("POST", "/duels/poudlard.1234/commands", { command: "top" });

    const requests: { command: string; accounts: number }[] = [];
    h.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as {
          TransactItems?: TransactWriteItem[];
          RequestItems?: Record<string, { Keys?: Record<string, { S?: string }>[] }>;
        };
        const written = (input.TransactItems ?? []).map((i) => i.Put?.Item?.pk?.S);
        const read = Object.values(input.RequestItems ?? {}).flatMap((t) =>
          (t.Keys ?? []).map((k) => k.pk?.S),
        );
        const accounts = [...written, ...read].filter((pk) => pk?.startsWith("ACCOUNTS#")).length;
        requests.push({ command: context.commandName ?? "?", accounts });
        return next(args);
      },
      { step: "initialize", name: "postAuthorsCounter" },
    );
    const deliver = async (payload: ReturnType<typeof turn>) => {
      requests.length = 0;
      expect((await h.generic(payload)).body.result).toBe("applied");
      return [...requests];
    };

    const oneReadOneWrite = (read: number, written: number) => [
      { command: "BatchGetItemCommand", accounts: read },
      { command: "TransactWriteItemsCommand", accounts: written },
    ];
    // Each duelist's first post: their account is read, found new, and written in the post's own
    // transaction. The process's first delivery reads the forum to check its signature; the next
    // ones are checked against the forum it read last, confirmed by the post's one read.
    expect(await deliver(turn("1001", alice, "2026-11-30T10:05:00Z", "Bob"))).toEqual([
      { command: "GetItemCommand", accounts: 0 },
      ...oneReadOneWrite(1, 1),
    ]);
    expect(await deliver(turn("1002", bob, "2026-11-30T10:10:00Z", "Alice"))).toEqual(oneReadOneWrite(1, 1));
    // Known now to this process, which wrote them: neither read nor written again.
    expect(await deliver(turn("1003", alice, "2026-11-30T10:15:00Z", "Bob"))).toEqual(oneReadOneWrite(0, 0));
    expect(await deliver(turn("1004", bob, "2026-11-30T10:20:00Z", "Alice"))).toEqual(oneReadOneWrite(0, 0));
    // A new name on the forum is written at once.
    const renamed = { ...alice, name: "Alice Dubois-Weasley" };
    expect(await deliver(turn("1005", renamed, "2026-11-30T10:25:00Z", "Bob"))).toEqual(
      oneReadOneWrite(0, 1),
    );
    expect(await deliver(turn("1006", bob, "2026-11-30T10:30:00Z", "Alice"))).toEqual(oneReadOneWrite(0, 0));
    expect(await deliver(turn("1007", renamed, "2026-11-30T10:35:00Z", "Bob"))).toEqual(
      oneReadOneWrite(0, 0),
    );
    // A minute later (the store's clock) the process reads the account again, as another process's
    // rename may have changed it; the same name is not written.
    h.clock.advance("PT61S");
    expect(await deliver(turn("1008", bob, "2026-11-30T10:40:00Z", "Alice"))).toEqual(oneReadOneWrite(1, 0));
    expect((await h.store.listAccounts("poudlard")).map((a) => [a.userId, a.name]).sort()).toEqual([
      ["42", renamed.name],
      ["43", bob.name],
    ]);
  });
});
