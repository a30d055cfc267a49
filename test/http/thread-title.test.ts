import { describe, expect, it } from "vitest";
import { MAX_THREAD_TITLE } from "../../shared/domain/thread-title.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import { browser, decoded } from "../admin/support.js";
import { DISCOURSE_DUEL, discourseFixture, sendDiscourse, withPost } from "../support/discourse.js";
import { activeDuel, auditOf, DUEL_BODY, postPayload, turnContent } from "../support/duels.js";
import { createHarness, type Harness } from "../support/harness.js";
import { DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";
import { sendXenForo, XENFORO_DUEL, XENFORO_SECRET, xenforoFixture } from "./xenforo-support.js";

const ALICE = { id: "42", name: "Alice Dubois" };

/** A generic payload with the thread's title the forum showed with it. */
function withTitle(payload: ReturnType<typeof postPayload>, threadTitle: string) {
  return { ...payload, data: { ...payload.data, threadTitle } };
}

/** Alice's turn in thread 1234, its thread's title given by the generic webhook. */
function titledPost(postId: string, threadTitle: string, createdAt = "2026-11-30T10:05:00Z") {
  return withTitle(
    postPayload({ postId, author: ALICE, createdAt, content: turnContent("Bob Martin") }),
    threadTitle,
  );
}

const duelOf = async (h: Harness, duelId: string) => (await h.admin("GET", `/duels/${duelId}`)).body;

/** The hiboux the duel's decisions wrote, as the relay will hand them to the channels. */
async function hibouxOf(h: Harness, duelId: string): Promise<Hibou[]> {
  const entries = await h.store.listOutbox(duelId);
  return entries.flatMap((e) => (e.effect.type === "notify" ? [e.effect.hibou] : []));
}

describe("a duel's thread title, from each source", () => {
  it("CONTRACT 4.1 the generic webhook's optional threadTitle names the duel's thread; a later post renames it", async () => {
    const h = await createHarness();
    const duelId = await activeDuel(h);
    expect((await duelOf(h, duelId)).threadTitle).toBeNull();
    await h.generic(titledPost("5001", "  Duel  au parc "));
    expect((await duelOf(h, duelId)).threadTitle).toBe("Duel au parc");
    const recorded = (await auditOf(h, duelId)).filter((e) => e.type === "post.recorded");
    expect(recorded).toMatchObject([{ postId: "5001", threadTitle: "Duel au parc" }]);
    // Bob's post names the same title: nothing new to record; a spectator's renames it.
    const bobPost = postPayload({
      postId: "5002",
      author: { id: "43", name: "Bob Martin" },
      createdAt: "2026-11-30T10:10:00Z",
      content: turnContent("Alice Dubois"),
    });
    await h.generic(withTitle(bobPost, "Duel au parc"));
    const bob = (await auditOf(h, duelId)).find((e) => e.type === "post.recorded" && e.postId === "5002");
    expect(bob).toBeDefined();
    expect(bob).not.toHaveProperty("threadTitle");
    const neville = postPayload({
      postId: "5003",
      author: { id: "88", name: "Neville Londubat" },
      createdAt: "2026-11-30T10:12:00Z",
      content: "Allez Alice !",
    });
    await h.generic(withTitle(neville, "Duel au parc (finale)"));
    expect((await auditOf(h, duelId)).find((e) => e.postId === "5003")).toMatchObject({
      type: "post.ignored",
      threadTitle: "Duel au parc (finale)",
    });
    expect((await duelOf(h, duelId)).threadTitle).toBe("Duel au parc (finale)");
  });

  it("CONTRACT 4.3 a late post that names the title first revises no verdict of the posts after it", async () => {
    const h = await createHarness();
    const duelId = await activeDuel(h);
    await h.generic(titledPost("5001", "Duel au parc", "2026-11-30T10:05:00Z"));
    const before = (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as {
      id: string;
      kind: string;
    }[];
    // A spectator's post made before Alice's, arriving after it: it names the same title first.
    const neville = postPayload({
      postId: "5000",
      author: { id: "88", name: "Neville Londubat" },
      createdAt: "2026-11-30T10:02:00Z",
      content: "Allez Alice !",
    });
    expect((await h.generic(withTitle(neville, "Duel au parc"))).body).toEqual({ result: "applied", duelId });
    const after = (await h.admin("GET", `/duels/${duelId}/notifications`)).body.notifications as {
      id: string;
      kind: string;
    }[];
    expect(after.filter((n) => !before.some((b) => b.id === n.id)).map((n) => n.kind)).toEqual([]);
    expect((await duelOf(h, duelId)).threadTitle).toBe("Duel au parc");
  });

  it("CONTRACT 4.1 a title is kept bounded; one longer than any forum sends is a 400 and changes nothing", async () => {
    const h = await createHarness();
    const duelId = await activeDuel(h);
    const long = `${"Le grand duel de fin d'année ".repeat(10)}à la tour d'astronomie`;
    await h.generic(titledPost("5001", long));
    const kept = (await duelOf(h, duelId)).threadTitle as string;
    expect([...kept].length).toBeLessThanOrEqual(MAX_THREAD_TITLE);
    expect([...kept].length).toBeGreaterThan(MAX_THREAD_TITLE - 5);
    expect(kept.endsWith("…")).toBe(true);
    expect(long.startsWith(kept.slice(0, -1))).toBe(true);
    const before = await auditOf(h, duelId);
    const refused = await h.generic(titledPost("5009", "x".repeat(1001)));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "invalid_body" });
    expect(await auditOf(h, duelId)).toEqual(before);
  });

  it("CONTRACT 6 a registration may name the thread's title", async () => {
    const h = await createHarness();
    await h.forum();
    const res = await h.admin("POST", "/duels", { ...DUEL_BODY, threadTitle: "Duel au parc" });
    expect(res.status).toBe(201);
    expect((await duelOf(h, res.body.id as string)).threadTitle).toBe("Duel au parc");
    const registered = (await auditOf(h, res.body.id as string)).find((e) => e.type === "duel.registered");
    expect(registered?.duel).toMatchObject({ threadTitle: "Duel au parc" });
  });

  it("CONTRACT 4.2 Discourse's post payload names its topic (`topic_title`)", async () => {
    const h = await createHarness({ start: "2026-03-14T20:00:00.000Z" });
    await h.forum();
    const duelId = (await h.admin("POST", "/duels", DISCOURSE_DUEL)).body.id as string;
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    await sendDiscourse(h, discourseFixture("post_created"));
    expect((await duelOf(h, duelId)).threadTitle).toBe(
      "Club de Duel — Drago Malefoy contre Hermione Granger",
    );
    // A payload without it (an older Discourse, a plugin) leaves the title as it was.
    const untitled = withPost(
      discourseFixture("post_created"),
      { id: 23518, topic_title: undefined, raw: "Hermione lève sa baguette." },
      { "X-Discourse-Event-Id": "48300" },
    );
    await sendDiscourse(h, untitled);
    expect((await duelOf(h, duelId)).threadTitle).toBe(
      "Club de Duel — Drago Malefoy contre Hermione Granger",
    );
  });

  it("CONTRACT 4.5 XenForo's post names its thread (`data.Thread.title`), in JSON and form-encoded", async () => {
    for (const fixture of ["post-insert.json", "post-insert.form"] as const) {
      const h = await createHarness({ start: "2026-03-14T19:00:00.000Z" });
      await h.forum({
        webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET, xenforo: XENFORO_SECRET },
      });
      const duelId = (await h.admin("POST", "/duels", XENFORO_DUEL)).body.id as string;
      await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
      expect((await sendXenForo(h, xenforoFixture(fixture))).body).toEqual({ result: "applied", duelId });
      expect((await duelOf(h, duelId)).threadTitle).toBe("Duel : Luna contre Pansy");
    }
  });
});

describe("a duel's thread title, where people read it", () => {
  /** A duel whose thread is titled with characters that must be escaped. */
  async function titledDuel() {
    const h = await createHarness();
    const duelId = await activeDuel(h);
    await h.generic(titledPost("5001", `Duel <au> parc & "tour"`));
    return { h, duelId };
  }

  it("CONTRACT 6 the desk names the duel by its duelists and its thread's title, escaped", async () => {
    const { h, duelId } = await titledDuel();
    const b = browser(h);
    await b.login();
    const expected = `Alice Dubois contre Bob Martin — « Duel <au> parc & "tour" »`;
    const page = await (await b.get(`/admin/duels/${encodeURIComponent(duelId)}`)).text();
    expect(page).not.toContain("<au>");
    expect(decoded(page)).toContain(`<h1>${expected}</h1>`);
    const dashboard = await (await b.get("/admin")).text();
    expect(dashboard).not.toContain("<au>");
    expect(decoded(dashboard)).toContain(expected);
  });

  it("CONTRACT 8 the club's records give the thread's title beside the duelists (JSON, page, CSV)", async () => {
    const { h, duelId } = await titledDuel();
    const club = await h.app.request("/forums/poudlard/club");
    const body = (await club.json()) as { active: { duelId: string; title: string; threadTitle: string }[] };
    expect(body.active).toMatchObject([
      { duelId, title: "Alice Dubois contre Bob Martin", threadTitle: `Duel <au> parc & "tour"` },
    ]);
    const page = await (await h.app.request("/club/poudlard")).text();
    expect(page).not.toContain("<au>");
    expect(decoded(page)).toContain(`« Duel <au> parc & "tour" »`);
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42", reason: "fin" });
    const csv = await (await h.app.request("/forums/poudlard/club.csv")).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.endsWith(";fil;titre du fil")).toBe(true);
    expect(row?.endsWith(`;"Duel <au> parc & ""tour"""`)).toBe(true);
  });

  it("CONTRACT 3 each hibou carries the thread's title, for the channels that name the duel", async () => {
    const { h, duelId } = await titledDuel();
    const hiboux = await hibouxOf(h, duelId);
    const after = hiboux.filter((b) => b.eventId.startsWith("p.5001"));
    expect(after.length).toBeGreaterThan(0);
    for (const hibou of after)
      expect(hibou.duel).toMatchObject({
        name: "Alice Dubois contre Bob Martin",
        threadTitle: `Duel <au> parc & "tour"`,
      });
  });
});
