import { afterEach, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { browser, decoded } from "../admin/support.js";
import { auditOf, duelistOf, LONG_RP } from "../support/duels.js";
import { DUEL_FACES, duelFace } from "../support/forumactif/dice-markup.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { createHarness, type Harness } from "../support/harness.js";

const ALICE = { authorId: "42", authorName: "Alice Dubois" };
const BOB = { authorId: "43", authorName: "Bob Martin" };

/** A turn as Forumactif renders it: the action block is no BBCode of the board, so it shows as text. */
function turnHtml(target: string, options: { spell?: string; zone?: string | null } = {}): string {
  const zone = options.zone === null ? "" : `Zone : ${options.zone ?? "torse"}<br />`;
  return `${LONG_RP}<br />[duel]<br />Sort : ${options.spell ?? "Rictusempra"}<br />Cible : ${target}<br />${zone}Pari : 4<br />[/duel]`;
}

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

async function forumactifDuel(
  extra: Record<string, unknown> = {},
  /** What the board holds before the duel is registered (members, a topic closed to guests). */
  prepare: (fake: FakeBoard) => void = () => {},
): Promise<{ h: Harness; board: FakeBoard; duelId: string }> {
  const h = await createHarness({ forumactif: { reader: topicReader } });
  board = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  const forum = await h.forum({
    source: { type: "forumactif", baseUrl: board.url, dice: { name: "Duel", faces: DUEL_FACES }, ...extra },
  });
  expect(forum.status).toBe(201);
  board.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
  // The club's steward opens the topic; nobody of the duel, so the duel ignores it.
  board.addPost("1234", {
    authorId: "99",
    authorName: "Rubeus Hagrid",
    html: "Le sujet du duel est ouvert.",
  });
  prepare(board);
  const created = await h.admin("POST", "/duels", {
    forumId: "poudlard",
    threadId: "1234",
    referee: { id: "7", name: "Minerva McGonagall" },
    duelists: [
      { id: "42", name: "Alice Dubois", year: 3 },
      { id: "43", name: "Bob Martin", year: "adulte" },
    ],
    dice: "forum",
  });
  expect(created.status).toBe(201);
  await h.settle();
  return { h, board, duelId: created.body.id as string };
}

/** Moves the manual clock; the polls and timers that fall due run. */
async function advance(h: Harness, by: string) {
  const moved = await h.admin("POST", "/_local/clock", { advance: by });
  expect(moved.status).toBe(200);
}

/**
 * A member's reply with its Duel roll, as Forumactif posts it: the Game Master's post right after.
 * Posted a minute on (the board shows minutes), so it comes after what the referee did before it.
 */
async function reply(h: Harness, fake: FakeBoard, who: typeof ALICE, html: string, dice: [number, number]) {
  await advance(h, "PT1M");
  const post = fake.addPost("1234", { ...who, html });
  fake.addDiceRoll("1234", who.authorName, [{ dieName: "Duel", faceImages: dice.map(duelFace) }]);
  return post.postId;
}

describe("CONTRACT 4.4: a whole duel read from a Forumactif board", () => {
  it("CONTRACT 4.4 registration, top, turns with forum dice, a correction, an edit fault, an absence revised", async () => {
    const { h, board: fake, duelId } = await forumactifDuel();

    // The first read found the opening post; the referee gives the top.
    expect((await auditOf(h, duelId)).map((e) => e.type)).toContain("post.ignored");
    expect((await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" })).status).toBe(200);

    // Alice's turn with the forum's Duel dice, read from the Game Master's post.
    const alice1 = await reply(h, fake, ALICE, turnHtml("Bob Martin"), [5, 3]);
    await advance(h, "PT2M");
    const played = (await auditOf(h, duelId)).filter((e) => e.type === "turn.played");
    expect(played).toHaveLength(1);
    expect(played[0]).toMatchObject({ postId: alice1, duelistId: "42", dice: [5, 3] });

    // Bob forgets the zone: the window of opens; the referee's correction completes the post.
    const bob1 = await reply(h, fake, BOB, turnHtml("Alice Dubois", { zone: null }), [2, 6]);
    await advance(h, "PT2M");
    expect((await auditOf(h, duelId)).map((e) => e.type)).toContain("correction.opened");
    const correction = await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "correction",
      postId: bob1,
      fields: { zone: "torse" },
    });
    expect(correction.status).toBe(200);
    expect((await auditOf(h, duelId)).filter((e) => e.type === "turn.played")).toHaveLength(2);

    // Alice edits her second turn after it was read: an edit fault.
    const alice2 = await reply(h, fake, ALICE, turnHtml("Bob Martin", { spell: "Incendio" }), [4, 4]);
    await advance(h, "PT2M");
    fake.editPost(alice2, turnHtml("Bob Martin", { spell: "Expelliarmus" }));
    await advance(h, "PT2M");
    const tampered = (await auditOf(h, duelId)).filter((e) => e.type === "post.tampered");
    expect(tampered).toMatchObject([{ postId: alice2, how: "edited", duelistId: "42" }]);

    // Polling again changes nothing: one request, answered 304.
    const before = (await auditOf(h, duelId)).length;
    const requests = fake.topicRequests("1234").length;
    await advance(h, "PT2M");
    expect((await auditOf(h, duelId)).length).toBe(before);
    expect(
      fake
        .topicRequests("1234")
        .slice(requests)
        .map((r) => r.status),
    ).toEqual([304]);

    // Bob replies in time, but the board is in maintenance: the referee is told after three failed
    // reads, the deadline decides an absence, and the post read later revises it (CONTRACT.md 4.3).
    const deadline = (await h.admin("GET", `/duels/${duelId}`)).body.turn as {
      deadline: string;
      duelistId: string;
    };
    expect(deadline.duelistId).toBe("43");
    fake.setMaintenance(true);
    await reply(h, fake, BOB, turnHtml("Alice Dubois"), [3, 3]);
    for (let i = 0; i < 4; i++) await advance(h, "PT20M");
    expect(h.delivered.filter((d) => d.kind === "forumactif.unreadable")).toMatchObject([
      { to: "referee:7" },
    ]);
    const status = await h.admin("GET", "/status");
    // The reason is the hibou's French one, on /status and the desk alike (CONTRACT 4.4).
    expect(status.body.forumactif).toMatchObject({
      failing: [{ duelId, lastError: "le forum est en maintenance" }],
    });
    const desk = browser(h);
    await desk.login();
    const dashboard = decoded(await (await desk.get("/admin")).text());
    expect(dashboard).toContain("Lecture Forumactif");
    expect(dashboard).toContain("1 sujet(s) illisible(s)");
    expect(dashboard).toContain("(le forum est en maintenance)");
    expect(dashboard).not.toContain("under maintenance");
    await h.admin("POST", "/_local/clock", {
      set: new Date(Date.parse(deadline.deadline) + 60_000).toISOString(),
    });
    expect(await duelistOf(h, duelId, "43")).toMatchObject({ absenceFaults: 1 });

    fake.setMaintenance(false);
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.body).toEqual({ polled: 1, failed: 0, posts: { created: 1, edited: 0, deleted: 0 } });
    await h.settle();
    expect(await duelistOf(h, duelId, "43")).toMatchObject({ absenceFaults: 0 });
    expect(h.delivered.map((d) => d.kind)).toContain("verdict.revised");
    expect(h.delivered.map((d) => d.kind)).toContain("forumactif.readable");
    expect((await h.admin("GET", "/status")).body.forumactif).toMatchObject({ failing: [] });
  });

  it("CONTRACT 4.4 a polled duel's deadline reads the topic first: a post made in time is never taken for an absence", async () => {
    // Reads a day apart: without the read before the deadline, the post would be seen a day late.
    const { h, board: fake, duelId } = await forumactifDuel({ pollEvery: "PT24H" });
    await advance(h, "PT1M");
    expect((await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" })).status).toBe(200);
    const { deadline } = (await h.admin("GET", `/duels/${duelId}`)).body.turn as { deadline: string };
    const before = fake.topicRequests("1234").length;
    await h.admin("POST", "/_local/clock", { set: new Date(Date.parse(deadline) - 30_000).toISOString() });
    const readsBeforePost = fake.topicRequests("1234").length;
    fake.addPost("1234", { ...ALICE, html: turnHtml("Bob Martin") });
    fake.addDiceRoll("1234", ALICE.authorName, [{ dieName: "Duel", faceImages: [duelFace(4), duelFace(2)] }]);
    await h.admin("POST", "/_local/clock", { set: new Date(Date.parse(deadline) + 60_000).toISOString() });
    // One read at the deadline, none in between: the chain's next read is a day away.
    expect(fake.topicRequests("1234").length).toBe(readsBeforePost + 1);
    expect(readsBeforePost).toBeGreaterThan(before);
    const audit = await auditOf(h, duelId);
    expect(audit.filter((e) => e.type === "fault.absence")).toEqual([]);
    expect(audit.filter((e) => e.type === "turn.played")).toMatchObject([{ duelistId: "42", dice: [4, 2] }]);
    expect(await duelistOf(h, duelId, "42")).toMatchObject({ absenceFaults: 0 });
  });
});

const BOT = { username: "Arbitre automatique", password: "mot-de-passe-du-robot" };

/** A duel whose topic is in a section guests cannot read, the forum's source holding `account`. */
function privateDuel(account: { username: string; password: string }) {
  return forumactifDuel({ account }, (fake) => {
    fake.messaging.addMember(BOT.username, BOT.password);
    fake.setGuestsCanRead("1234", false);
  });
}

function logins(fake: FakeBoard): number {
  return fake.requests.filter((r) => r.method === "POST" && r.path === "/login").length;
}

describe("CONTRACT 4.4: a topic guests cannot read, read with the forum's bot account", () => {
  it("CONTRACT 4.4 a private topic is polled logged in with the source's account; the session is kept, and logged in again when it ends", async () => {
    const { h, board: fake, duelId } = await privateDuel(BOT);
    await advance(h, "PT1M");
    expect((await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" })).status).toBe(200);
    await reply(h, fake, ALICE, turnHtml("Bob Martin"), [4, 2]);
    await advance(h, "PT2M");
    await reply(h, fake, BOB, turnHtml("Alice Dubois"), [3, 5]);
    await advance(h, "PT2M");
    const played = (await auditOf(h, duelId)).filter((e) => e.type === "turn.played");
    expect(played).toMatchObject([{ duelistId: "42" }, { duelistId: "43" }]);
    // One login for all those reads: the session is kept for the process.
    expect(logins(fake)).toBe(1);
    // The first read, as a guest, met the login page; every read since went in the session.
    const reads = fake.topicRequests("1234");
    expect(reads[0]?.headers.cookie).toBeUndefined();
    expect(reads.slice(1).every((r) => /fa_duelclub_sid=/.test(String(r.headers.cookie)))).toBe(true);

    // The board ends every session: the next read finds the login page, logs in again and reads on.
    fake.messaging.expireSessions();
    await reply(h, fake, ALICE, turnHtml("Bob Martin", { spell: "Expelliarmus" }), [6, 6]);
    await advance(h, "PT2M");
    expect(logins(fake)).toBe(2);
    expect((await auditOf(h, duelId)).filter((e) => e.type === "turn.played")).toHaveLength(3);
    expect(h.delivered.map((d) => d.kind)).not.toContain("forumactif.unreadable");
  });

  it("CONTRACT 4.4 a wrong password: the reads fail and change nothing, the referee is told after three, /status and the desk show it, the right password reads again", async () => {
    const { h, board: fake, duelId } = await privateDuel({ ...BOT, password: "pas-le-bon" });
    await advance(h, "PT1M");
    expect((await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" })).status).toBe(200);
    await reply(h, fake, ALICE, turnHtml("Bob Martin"), [4, 2]);
    for (let i = 0; i < 4; i++) await advance(h, "PT20M");
    expect((await auditOf(h, duelId)).filter((e) => e.type === "turn.played")).toEqual([]);
    const told = h.delivered.filter((d) => d.kind === "forumactif.unreadable");
    expect(told).toMatchObject([{ to: "referee:7" }]);
    const status = await h.admin("GET", "/status");
    expect(status.body.forumactif).toMatchObject({
      failing: [{ duelId, lastError: expect.stringMatching(/refuse la connexion du compte robot/) }],
    });
    const desk = browser(h);
    await desk.login();
    expect(decoded(await (await desk.get("/admin")).text())).toContain("1 sujet(s) illisible(s)");
    // The password never appears where the status or the forum's settings are shown.
    expect(JSON.stringify(status.body)).not.toContain("pas-le-bon");
    expect(JSON.stringify((await h.admin("GET", "/forums/poudlard")).body)).not.toContain("pas-le-bon");

    const fixed = await h.forum({
      source: {
        type: "forumactif",
        baseUrl: fake.url,
        dice: { name: "Duel", faces: DUEL_FACES },
        account: BOT,
      },
    });
    expect(fixed.status).toBe(200);
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.body).toMatchObject({ polled: 1, failed: 0 });
    await h.settle();
    expect((await auditOf(h, duelId)).filter((e) => e.type === "turn.played")).toMatchObject([
      { duelistId: "42" },
    ]);
    expect((await h.admin("GET", "/status")).body.forumactif).toMatchObject({ failing: [] });
  });
});
