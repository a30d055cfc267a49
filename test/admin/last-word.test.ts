import { describe, expect, it } from "vitest";
import { auditOf, DUEL_BODY, postPayload, turnContent } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

const ALICE = { id: "42", name: "Alice Dubois" };

/** The forum, the duel of CONTRACT.md 6 registered (no top), and the operator logged in on the desk. */
async function onDesk() {
  const h = await memoryHarness();
  await h.forum();
  const duelId = (await h.admin("POST", "/duels", DUEL_BODY)).body.id as string;
  const b = browser(h);
  await b.login();
  const send = async (fields: Record<string, string>) => {
    const { csrf } = await b.page(`/admin/duels/${duelId}`);
    return b.post(`/admin/duels/${duelId}/commands`, { ...fields, _csrf: csrf });
  };
  return { h, b, duelId, send };
}

describe("R-7.1 the last word on the desk, beside the verdict it undoes", () => {
  it("R-7.1 R-1.3 a disqualification before the top is cancelled from the duel's page; the ban is gone", async () => {
    const { h, b, duelId, send } = await onDesk();
    await h.generic(
      postPayload({
        postId: "900",
        author: ALICE,
        createdAt: "2026-11-30T10:05:00Z",
        content: turnContent("Bob"),
      }),
    );
    const { html } = await b.page(`/admin/duels/${duelId}`);
    const page = decoded(html);
    // The form sits beside the result, before the other commands.
    expect(page).toContain('data-command="cancel-disqualification"');
    expect(page.indexOf('data-command="cancel-disqualification"')).toBeLessThan(
      page.indexOf("Décisions de l'arbitre"),
    );
    expect(page).not.toContain('data-command="cancel-end"');

    const res = await send({
      command: "cancel-disqualification",
      duelistId: "42",
      reason: "un salut, pas un sort",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/duels/${duelId}?fait=cancel-disqualification`);
    expect((await h.admin("GET", `/duels/${duelId}`)).body.status).toBe("registered");
    expect((await h.admin("GET", "/duelists/poudlard/42")).body.bannedUntil).toBeNull();
    expect(decoded(await (await b.follow(res)).text())).toContain("Disqualification annulée.");
  });

  it("R-7.1 the referee's end is cancelled from the duel's page", async () => {
    const { h, duelId, send } = await onDesk();
    await send({ command: "top", reason: "saluts faits" });
    await send({ command: "end", winnerId: "43", reason: "abandon" });
    const res = await send({ command: "cancel-end", reason: "abandon démenti" });
    expect(res.status).toBe(303);
    expect((await h.admin("GET", `/duels/${duelId}`)).body).toMatchObject({ status: "active", result: null });
  });

  it("R-7.1 the thread's earlier posts are shown as its history, never judged", async () => {
    const { h, b, duelId } = await onDesk();
    await h.generic(
      postPayload({
        postId: "800",
        author: ALICE,
        createdAt: "2026-11-30T09:52:00Z",
        content: turnContent("Bob"),
      }),
    );
    expect((await h.admin("GET", `/duels/${duelId}`)).body.status).toBe("registered");
    const page = decoded((await b.page(`/admin/duels/${duelId}`)).html);
    expect(page).toContain("Historique du fil");
    expect(page).toContain('data-post="800"');
  });
});

describe("R-7.1 the desk's list of bans: a forum admin lifts a ban with a reason", () => {
  it("R-7.1 the operator lifts a ban from the dashboard; recorded with who and why", async () => {
    const { h, b, duelId, send } = await onDesk();
    await send({ command: "top", reason: "saluts faits" });
    await send({ command: "disqualify", duelistId: "43", reason: "insultes" });
    const { html, csrf } = await b.page("/admin");
    expect(html).toContain('data-lift-ban="43"');
    const empty = await b.post("/admin/forums/poudlard/bans/43/lift", { reason: " ", _csrf: csrf });
    expect(empty.status).toBe(400);
    const res = await b.post("/admin/forums/poudlard/bans/43/lift", {
      reason: "excuses faites",
      _csrf: csrf,
    });
    expect(res.status).toBe(303);
    expect(decoded(await (await b.follow(res)).text())).toContain("Bannissement levé.");
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).toBeNull();
    expect((await auditOf(h, duelId)).find((e) => e.type === "ban.ended")).toMatchObject({
      reason: "excuses faites",
      by: { role: "operator" },
    });
  });

  it("R-7.1 a referee is not offered the lift, and is refused it (403)", async () => {
    const { h, duelId } = await onDesk();
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "disqualify", duelistId: "43" });
    const token = (
      await h.admin("POST", "/forums/poudlard/credentials", {
        role: "referee",
        name: "Minerva",
        refereeId: "7",
      })
    ).body.token as string;
    const referee = browser(h);
    await referee.login(token);
    const { html, csrf } = await referee.page("/admin");
    expect(html).not.toContain("data-lift-ban");
    const res = await referee.post("/admin/forums/poudlard/bans/43/lift", { reason: "moi", _csrf: csrf });
    expect(res.status).toBe(403);
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).not.toBeNull();
  });
});
