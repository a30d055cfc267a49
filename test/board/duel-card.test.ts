import { describe, expect, it } from "vitest";
import { DUEL_BODY, postPayload, registerAndTop, turnContent } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { GENERIC_SECRET } from "../support/requests.js";

interface Card {
  title: string;
  status: string;
  duelists: { id: string; name: string; points: number; startingPoints: number; actionFaults: number }[];
  turn: { duelistId: string; name: string; number: number; deadline: string; left: string } | null;
  correction: { duelistId: string; name: string; until: string } | null;
  lastVerdict: string | null;
  result: { winnerId: string | null; text: string } | null;
  stakes: string | null;
  stakesHonoured: boolean | null;
}

const BOARD = "https://poudlard.forumactif.com";

async function card(h: MemoryHarness, duelId: string): Promise<Card> {
  const res = await h.app.request(`/forums/poudlard/duels/${duelId}/card`);
  expect(res.status).toBe(200);
  return (await res.json()) as Card;
}

async function setUp(extra: Record<string, unknown> = {}) {
  const h = await memoryHarness({ start: "2026-12-01T10:00:00.000Z" });
  const forum = await h.forum({
    webhookSecrets: { generic: GENERIC_SECRET, xenforo: "a-xenforo-secret-long-enough" },
    bot: { type: "xenforo", baseUrl: BOARD, apiKey: "xf-key-secret", userId: "4242" },
    ...extra,
  });
  expect(forum.status).toBe(201);
  const duelId = await registerAndTop(h, DUEL_BODY);
  return { h, duelId };
}

describe("CONTRACT 9 the duel's card", () => {
  it("as JSON without a credential: points, faults, whose turn with a countdown in words, the last verdict", async () => {
    const { h, duelId } = await setUp();
    let c = await card(h, duelId);
    expect(c.title).toBe("Alice Dubois contre Bob Martin");
    expect(c.turn).toMatchObject({ duelistId: "42", name: "Alice Dubois", number: 1, left: "encore 3 j" });
    expect(c.lastVerdict).toBe("Le duel commence");
    h.clock.set("2026-12-01T11:00:00.000Z");
    const posted = await h.generic(
      postPayload({
        postId: "9001",
        author: { id: "42", name: "Alice Dubois" },
        createdAt: "2026-12-01T11:00:00.000Z",
        content: turnContent("Bob Martin", "Incendio"),
      }),
    );
    expect(posted.status).toBe(200);
    c = await card(h, duelId);
    expect(c.turn).toMatchObject({ duelistId: "43", number: 2, left: "encore 3 j" });
    expect(c.lastVerdict).toMatch(/^Tour 1 — Alice Dubois : /);
    expect(c.lastVerdict).not.toMatch(/Points :|Dés :/);
    // a short post: an action fault the card counts.
    h.clock.set("2026-12-02T09:30:00.000Z");
    await h.generic(
      postPayload({
        postId: "9002",
        author: { id: "43", name: "Bob Martin" },
        createdAt: "2026-12-02T09:30:00.000Z",
        content: "Trop court.\n[duel]\nSort : Incendio\nCible : Alice\nZone : bras\nPari : 3\n[/duel]",
      }),
    );
    h.clock.set("2026-12-02T10:00:00.000Z");
    c = await card(h, duelId);
    // the short post waits in its correction window: the card says whose and until when.
    expect(c.correction).toMatchObject({ duelistId: "43", name: "Bob Martin" });
    expect(c.turn).toMatchObject({ duelistId: "42", number: 3, left: "encore 2 j 23 h" });
  });

  it("once finished: the result and the stakes with whether they were honoured", async () => {
    const { h, duelId } = await setUp();
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "end",
      winnerId: "42",
      reason: "Note privée",
    });
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "stakes", honoured: true });
    const c = await card(h, duelId);
    expect(c.status).toBe("finished");
    expect(c.turn).toBeNull();
    expect(c.result).toMatchObject({
      winnerId: "42",
      text: "Victoire de Alice Dubois sur décision de l'arbitre.",
    });
    expect(c.stakes).toBe(DUEL_BODY.stakes);
    expect(c.stakesHonoured).toBe(true);
    // Nothing private: the referee's reason is not on the card.
    expect(JSON.stringify(c)).not.toContain("Note privée");
  });

  it("the page: framed by the board's origin only, refreshed every 30 s without a script, 404 when the club is private", async () => {
    const { h, duelId } = await setUp();
    const res = await h.app.request(`/club/poudlard/duels/${duelId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain(`frame-ancestors ${BOARD}`);
    const html = await res.text();
    expect(html).toContain('<meta http-equiv="refresh" content="30"/>');
    expect(html).not.toContain("<script");
    expect(html).toContain("25/25 PD");
    expect(html).toMatch(/<progress value="25" max="25">/);
    expect(html).toContain("Tour 1 : à Alice Dubois de jouer");
    expect(html).toContain("encore 3 j");

    // The club's page links each duel's card.
    const club = await (await h.app.request("/club/poudlard")).text();
    expect(club).toContain(`href="/club/poudlard/duels/${duelId}">carte du duel</a>`);

    const other = await registerAndTop(h, { ...DUEL_BODY, threadId: "1235" });
    expect((await h.app.request(`/club/autre/duels/${other}`)).status).toBe(404);
    await h.forum({ club: { public: false } });
    const hidden = await h.app.request(`/club/poudlard/duels/${duelId}`);
    expect(hidden.status).toBe(404);
    const json = await h.app.request(`/forums/poudlard/duels/${duelId}/card`);
    expect(json.status).toBe(404);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe("club_private");
  });

  it("the turn's page embeds the duel without its post marks, framed by the board, and serves its script", async () => {
    const { h, duelId } = await setUp();
    const res = await h.app.request(`/club/poudlard/duels/${duelId}/tour`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`frame-ancestors ${BOARD}`);
    const html = await res.text();
    expect(html).toContain('<script src="/club/tour-page.js"');
    const data = JSON.parse(
      /<script type="application\/json" id="tour-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}",
    );
    expect(data.duelistId).toBe("42");
    expect(data.state.posts).toEqual({});
    expect(data.now).toBe("2026-12-01T10:00:00.000Z");
  });

  it("tour.js for a Forumactif board points at the turn's page and takes messages from this origin only", async () => {
    const { h } = await setUp();
    const res = await h.app.request("http://referee.example/forumactif/tour.js?forum=poudlard");
    expect(res.status).toBe(200);
    const js = await res.text();
    expect(js).toContain('"http://referee.example"');
    expect(js).toContain("e.origin !== origin");
    expect((await h.app.request("/forumactif/tour.js?forum=../x")).status).toBe(400);
  });
});
