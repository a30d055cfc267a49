import { beforeEach, describe, expect, it } from "vitest";
import type { Hibou } from "../../shared/ports/notifier.js";
import { discourseFixture, sendDiscourse, withPost } from "../support/discourse.js";
import { auditOf, DUEL_BODY, postPayload } from "../support/duels.js";
import { createHarness, type Harness, pipelineOn } from "../support/harness.js";
import { meetingClient } from "../support/race.js";

const created = discourseFixture("post_created");
const SOMEWHERE_ELSE = { topic_id: 1700 };
let eventId = 50_000;

/** A recorded Discourse `post_created`, by someone else, in another topic or thread 1842. */
function discoursePost(post: Record<string, unknown>, headers: Record<string, string> = {}) {
  eventId += 1;
  return withPost(created, { id: eventId, ...post }, { "X-Discourse-Event-Id": String(eventId), ...headers });
}

/** The referee's post (user 7, Minerva) in topic 1842. */
const refereePost = (raw: string, extra: Record<string, unknown> = {}) =>
  discoursePost({ user_id: 7, name: "Minerva McGonagall", username: "minerva", raw, ...extra });

/** Drago and Hermione post elsewhere in the forum: their accounts are known. */
async function knownAccounts(h: Harness) {
  await sendDiscourse(
    h,
    discoursePost({ ...SOMEWHERE_ELSE, user_id: 311, name: "Drago Malefoy", username: "drago_malefoy" }),
  );
  await sendDiscourse(
    h,
    discoursePost({
      ...SOMEWHERE_ELSE,
      user_id: 312,
      name: "Hermione Granger",
      username: "hermione_granger",
    }),
  );
}

/** The hiboux about thread 1842's opening (no duel holds them). */
async function openingHiboux(h: Harness, threadId = "1842"): Promise<Hibou[]> {
  const entries = await h.store.listOutbox(`poudlard.${threadId}`);
  return entries.flatMap((e) =>
    e.effect.type === "notify" && e.effect.hibou.kind === "duel.opening-refused" ? [e.effect.hibou] : [],
  );
}

const OPENING =
  "Que le duel commence.\n\n[arbitre]duel : Drago Malefoy (5e année) contre @hermione_granger (cinquième année, Legilimens 2) ; enjeux : le perdant range la salle des trophées ; dés : forum ; délai : 3 jours[/arbitre]";

describe("CONTRACT 6 a referee opens the duel in the thread (recorded Discourse payloads)", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ start: "2026-03-14T20:00:00.000Z" });
    await h.forum({ referees: [{ id: "7", name: "Minerva McGonagall", username: "minerva" }] });
  });

  it("CONTRACT 6 R-1.2 registers the duel like POST /duels, duelists resolved to the forum's accounts", async () => {
    await knownAccounts(h);
    const res = await sendDiscourse(h, refereePost(OPENING));
    expect(res).toEqual({ status: 200, body: { result: "applied", duelId: "poudlard.1842" } });
    const duel = await h.admin("GET", "/duels/poudlard.1842");
    expect(duel.body).toMatchObject({
      status: "registered",
      referee: { id: "7", name: "Minerva McGonagall" },
      stakes: "le perdant range la salle des trophées",
      duelists: [
        { id: "311", name: "Drago Malefoy", year: 5 },
        { id: "312", name: "Hermione Granger", year: 5 },
      ],
    });
    const registered = (await auditOf(h, "poudlard.1842")).find((e) => e.type === "duel.registered");
    expect(registered).toMatchObject({ duel: { dice: "forum", replyWindow: "P3D" } });
    expect(await openingHiboux(h)).toEqual([]);
  });

  it("CONTRACT 6 the same delivery again, or the opening post seen again, changes nothing and rejects nothing", async () => {
    await knownAccounts(h);
    const post = refereePost(OPENING);
    await sendDiscourse(h, post);
    expect((await sendDiscourse(h, post)).body).toMatchObject({ result: "duplicate" });
    // Discourse's edit of the same post (a typo fixed after): the opening block is not a command.
    const edit = withPost(post, {}, { "X-Discourse-Event": "post_edited", "X-Discourse-Event-Id": "59999" });
    await sendDiscourse(h, edit);
    const top = await sendDiscourse(h, refereePost("[arbitre]top[/arbitre]"));
    expect(top.body).toMatchObject({ result: "applied" });
    const audit = await auditOf(h, "poudlard.1842");
    expect(audit.filter((e) => e.type === "duel.registered")).toHaveLength(1);
    expect(audit.filter((e) => e.type === "referee.command-rejected")).toEqual([]);
    expect(audit.find((e) => e.type === "duel.started")).toBeDefined();
  });

  it("CONTRACT 6 the same opening delivered twice at once, to two processes: one duel, the other answer a duplicate", async () => {
    await knownAccounts(h);
    const post = refereePost(OPENING);
    const meeting = meetingClient(h.client);
    const [one, two] = [1, 2].map(() =>
      pipelineOn({ client: meeting.client, tableName: h.tableName }, h.clock),
    );
    if (!one || !two) throw new Error("no processes");
    const answers = await Promise.all([sendDiscourse(one, post), sendDiscourse(two, post)]);
    expect(meeting.arrived()).toBeGreaterThanOrEqual(2);
    expect(answers.map((a) => a.body.result).sort()).toEqual(["applied", "duplicate"]);
    const audit = await auditOf(h, "poudlard.1842");
    expect(audit.filter((e) => e.type === "duel.registered")).toHaveLength(1);
    expect(await openingHiboux(h)).toEqual([]);
  });

  it("CONTRACT 6 an unknown name registers nothing; the referee's hibou says what to write", async () => {
    await knownAccounts(h);
    const res = await sendDiscourse(
      h,
      refereePost("[arbitre]duel : Drago Malefoy (5e année) contre Neville Londubat (5e année)[/arbitre]"),
    );
    expect(res.body).toEqual({ result: "ignored", duelId: "poudlard.1842" });
    expect((await h.admin("GET", "/duels/poudlard.1842")).status).toBe(404);
    const [hibou, ...more] = await openingHiboux(h);
    expect(more).toEqual([]);
    expect(hibou).toMatchObject({
      to: { role: "referee", id: "7", username: "minerva" },
      title: "Duel non enregistré",
      rule: "R-1.2",
    });
    expect(hibou?.text).toContain(
      "« Neville Londubat » : aucun compte du forum ne porte ce nom (seuls les auteurs de messages déjà reçus sont connus).",
    );
    expect(hibou?.text).toContain("[arbitre]duel : Alice Dubois (3e année) contre Bob Martin (adulte)");
    expect(hibou?.text).toContain("@login");
    // The post named by its time in the thread, never by its id (CONTRACT.md 6.1).
    expect(hibou?.text).toMatch(/^Votre message d[eu] [^\n]*\d+ h \d{2} n'a ouvert aucun duel :/);
  });

  it("CONTRACT 6 an ambiguous name registers nothing and lists the accounts; the account number settles it", async () => {
    await knownAccounts(h);
    await sendDiscourse(
      h,
      discoursePost({ ...SOMEWHERE_ELSE, user_id: 390, name: "Drago Malefoy", username: "drago2" }),
    );
    const opening = (who: string) =>
      refereePost(`[arbitre]duel : ${who} (5e année) contre Hermione Granger (5e année)[/arbitre]`);
    expect((await sendDiscourse(h, opening("Drago Malefoy"))).body).toMatchObject({ result: "ignored" });
    const [hibou] = await openingHiboux(h);
    expect(hibou?.text).toContain(
      "« Drago Malefoy » désigne plusieurs comptes : Drago Malefoy (@drago_malefoy, #311), Drago Malefoy (@drago2, #390).",
    );
    expect((await sendDiscourse(h, opening("#390"))).body).toMatchObject({ result: "applied" });
    const duel = await h.admin("GET", "/duels/poudlard.1842");
    expect(duel.body.duelists).toMatchObject([{ id: "390" }, { id: "312" }]);
  });

  it("CONTRACT 6 each error of the line and of the registration's checks, in French, and no duel", async () => {
    await knownAccounts(h);
    const cases: [string, string][] = [
      [
        "duel : Drago Malefoy contre Hermione Granger (5e année)",
        "indiquez l'année de Drago Malefoy entre parenthèses",
      ],
      ["duel : Drago Malefoy (5e année)", "indiquez au moins deux duellistes séparés par « contre »"],
      [
        "duel : Drago Malefoy (5e année) contre Hermione Granger (5e année) ; dés : cartes",
        "« cartes » n'est pas un mode de dés",
      ],
      [
        "duel : Drago Malefoy (5e année) contre Hermione Granger (5e année) ; délai : demain",
        "« demain » n'est pas une durée",
      ],
      [
        // the same floor as POST /duels (shared/rules/reply-window.ts).
        "duel : Drago Malefoy (5e année) contre Hermione Granger (5e année) ; délai : 10 min",
        "Délai de réponse (replyWindow) trop court : 1 heure au moins",
      ],
      [
        "duel : Drago Malefoy (5e année) contre Hermione Granger (5e année) ; arène : cour",
        "« arène : cour » n'est pas compris",
      ],
      [
        "duel : Drago Malefoy (5e année) contre Hermione Granger (5e année) ; premier : Ron",
        "premier : « Ron » n'est pas l'un des duellistes",
      ],
      [
        "duel : Drago Malefoy (5e année, Fourchelang) contre Hermione Granger (5e année)",
        "Particularité inconnue : Fourchelang.",
      ],
      [
        "duel : Drago Malefoy (5e année) contre @drago_malefoy (5e année)",
        "Un duelliste est inscrit deux fois.",
      ],
      [
        "duel : @minerva (adulte) contre Hermione Granger (5e année)",
        "L'arbitre ne peut pas être duelliste de son propre duel (R-1.1).",
      ],
    ];
    for (const [index, [line, message]] of cases.entries()) {
      const thread = 1900 + index;
      const res = await sendDiscourse(h, refereePost(`[arbitre]${line}[/arbitre]`, { topic_id: thread }));
      expect(res.body, line).toMatchObject({ result: "ignored" });
      expect((await h.admin("GET", `/duels/poudlard.${thread}`)).status, line).toBe(404);
      const hiboux = await openingHiboux(h, String(thread));
      expect(hiboux, line).toHaveLength(1);
      expect(hiboux[0]?.text, line).toContain(message);
    }
  });

  it("CONTRACT 6 a refused opening's delivery retried sends one hibou; the fixed post registers", async () => {
    await knownAccounts(h);
    const wrong = refereePost(
      "[arbitre]duel : Drago Malefoy (5e année) contre Hermione (5e année)[/arbitre]",
    );
    await sendDiscourse(h, wrong);
    expect((await sendDiscourse(h, wrong)).body).toMatchObject({ result: "duplicate" });
    expect(await openingHiboux(h)).toHaveLength(1);
    const fixed = withPost(
      wrong,
      { raw: "[arbitre]duel : Drago Malefoy (5e année) contre Hermione Granger (5e année)[/arbitre]" },
      { "X-Discourse-Event": "post_edited", "X-Discourse-Event-Id": "59998" },
    );
    expect((await sendDiscourse(h, fixed)).body).toMatchObject({ result: "applied" });
  });

  it("R-6.9 a banned duelist: the referee's hibou says until when, and no duel", async () => {
    await hermioneBanned(h);
    const res = await sendDiscourse(h, refereePost(OPENING));
    expect(res.body).toMatchObject({ result: "ignored" });
    expect((await h.admin("GET", "/duels/poudlard.1842")).status).toBe(404);
    const [hibou] = await openingHiboux(h);
    expect(hibou?.text).toContain("Hermione Granger est interdit(e) de duel jusqu'au");
    expect(hibou?.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(hibou?.text).toContain("(R-6.9)");
  });

  it("R-6.9 CONTRACT 6.1 on a Québec board, the refused opening tells the ban's end in Montréal time", async () => {
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("no forum");
    await h.store.putForum({
      ...forum,
      source: {
        type: "forumactif",
        baseUrl: "https://poudlard.forumactif.com",
        timeZone: "America/Montreal",
        pollEvery: "PT2M",
      },
    });
    await hermioneBanned(h);
    await sendDiscourse(h, refereePost(OPENING));
    const [hibou] = await openingHiboux(h);
    // Banned until 2026-09-14 at 20:00 UTC: 22 h in Paris, 16 h in Montréal.
    expect(hibou?.text).toContain(
      "Hermione Granger est interdit(e) de duel jusqu'au lundi 14 septembre 2026 à 16 h 00 (R-6.9).",
    );
  });

  it("R-1.2 two accounts whose names look alike (a Cyrillic а) cannot duel each other: the referee's hibou says why, and no duel", async () => {
    await knownAccounts(h);
    await sendDiscourse(
      h,
      discoursePost({ ...SOMEWHERE_ELSE, user_id: 313, name: "Dr\u0430go Malefoy", username: "drago_bis" }),
    );
    const opening = "[arbitre]duel : @drago_malefoy (5e année) contre @drago_bis (5e année)[/arbitre]";
    const res = await sendDiscourse(h, refereePost(opening));
    expect(res.body).toMatchObject({ result: "ignored" });
    expect((await h.admin("GET", "/duels/poudlard.1842")).status).toBe(404);
    const [hibou] = await openingHiboux(h);
    expect(hibou?.text).toContain(
      "Les noms « Drago Malefoy » et « Dr\u0430go Malefoy » se confondent à l'écran",
    );
  });

  it("R-1.1 only a referee of the forum opens a duel: anyone else's opening is ignored, with no hibou", async () => {
    await knownAccounts(h);
    const res = await sendDiscourse(
      h,
      discoursePost({
        user_id: 311,
        name: "Drago Malefoy",
        username: "drago_malefoy",
        raw: "[arbitre]duel : Drago Malefoy (5e année) contre Hermione Granger (5e année)[/arbitre]",
      }),
    );
    expect(res.body).toEqual({ result: "ignored" });
    expect((await h.admin("GET", "/duels/poudlard.1842")).status).toBe(404);
    expect(await openingHiboux(h)).toEqual([]);
  });
});

describe("CONTRACT 6 a referee opens the duel in the thread (generic webhook)", () => {
  it("CONTRACT 6 names resolve to the accounts of earlier posts; then the duel runs in that thread", async () => {
    const h = await createHarness({ start: "2026-11-30T10:00:00.000Z" });
    await h.forum();
    const at = "2026-11-30T09:00:00.000Z";
    await h.generic(
      postPayload({
        threadId: "77",
        postId: "1",
        author: { id: "42", name: "Alice Dubois" },
        createdAt: at,
        content: "Bonjour",
      }),
    );
    await h.generic(
      postPayload({
        threadId: "78",
        postId: "2",
        author: { id: "43", name: "Bob Martin" },
        createdAt: at,
        content: "Salut",
      }),
    );
    const opening = postPayload({
      postId: "10",
      author: { id: "7", name: "Minerva McGonagall" },
      createdAt: "2026-11-30T09:30:00.000Z",
      content:
        "[arbitre]duel : Alice Dubois (3e année) contre Bob Martin (adulte) ; enjeux : le perdant range la salle des trophées ; dés : serveur[/arbitre]",
    });
    expect((await h.generic(opening)).body).toEqual({ result: "applied", duelId: "poudlard.1234" });
    const duel = await h.admin("GET", "/duels/poudlard.1234");
    expect(duel.body).toMatchObject({
      duelists: [
        { id: "42", name: "Alice Dubois", year: 3 },
        { id: "43", name: "Bob Martin", year: "adulte" },
      ],
      stakes: "le perdant range la salle des trophées",
    });
  });

  it("CONTRACT 6 an unknown name over the generic webhook: the hibou is delivered to the referee", async () => {
    const h = await createHarness({ start: "2026-11-30T10:00:00.000Z" });
    await h.forum();
    const opening = postPayload({
      postId: "10",
      author: { id: "7", name: "Minerva McGonagall" },
      createdAt: "2026-11-30T09:30:00.000Z",
      content: "[arbitre]duel : Alice Dubois (3e année) contre Bob Martin (adulte)[/arbitre]",
    });
    expect((await h.generic(opening)).body).toEqual({ result: "ignored", duelId: "poudlard.1234" });
    await h.settle();
    expect(h.delivered).toMatchObject([
      {
        kind: "duel.opening-refused",
        to: "referee:7",
        text: expect.stringContaining("« Alice Dubois » : aucun compte"),
      },
    ]);
    expect(h.delivered[0]?.text).toContain("« Bob Martin » : aucun compte");
  });
});

describe("CONTRACT 6 the forum's accounts: every received post's author", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ start: "2026-03-14T20:00:00.000Z" });
    await h.forum({ referees: [{ id: "7", name: "Minerva McGonagall", username: "minerva" }] });
  });

  /** A duel of Alice (42) and Bob (43) in topic 1700, started. */
  async function duelIn1700() {
    await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "1700" });
    await h.admin("POST", "/duels/poudlard.1700/commands", { command: "top" });
  }

  const inDuel = (post: Record<string, unknown>) => discoursePost({ topic_id: 1700, ...post });
  const dora = { user_id: 45, name: "Dora Tonks", username: "dora" };
  const alice = { user_id: 42, name: "Alice Dubois", username: "alice" };

  async function seen(userId: string): Promise<string | undefined> {
    return (await h.store.listAccounts("poudlard")).find((a) => a.userId === userId)?.seenAt;
  }

  it("CONTRACT 6 a spectator's ignored post in a duel thread and a duelist's turn make their authors nameable", async () => {
    await duelIn1700();
    await sendDiscourse(h, inDuel({ ...dora, raw: "Je regarde le duel." }));
    const ignored = (await auditOf(h, "poudlard.1700")).filter((e) => e.type === "post.ignored");
    expect(ignored).toHaveLength(1);
    await sendDiscourse(h, inDuel({ ...alice, raw: "Mon tour arrive." }));
    const res = await sendDiscourse(
      h,
      refereePost(
        "[arbitre]duel : Dora Tonks (5e année) contre Alice Dubois (3e année) ; dés : forum[/arbitre]",
      ),
    );
    expect(await openingHiboux(h)).toEqual([]);
    expect(res.body).toEqual({ result: "applied", duelId: "poudlard.1842" });
    const duel = await h.admin("GET", "/duels/poudlard.1842");
    expect(duel.body.duelists).toMatchObject([
      { id: "45", name: "Dora Tonks" },
      { id: "42", name: "Alice Dubois" },
    ]);
  });

  it("CONTRACT 6 an author is written once (known: no write with their next posts), again only under a new name", async () => {
    await duelIn1700();
    await sendDiscourse(h, inDuel({ ...dora, raw: "Je regarde." }));
    await sendDiscourse(h, inDuel({ ...alice, raw: "Premier message." }));
    const first = { dora: await seen("45"), alice: await seen("42"), minerva: await seen("7") };
    expect(first.dora).toBeDefined();
    expect(first.alice).toBeDefined();

    await h.admin("POST", "/_local/clock", { set: "2026-03-14T21:00:00.000Z" });
    await sendDiscourse(h, inDuel({ ...dora, raw: "Je regarde encore." }));
    await sendDiscourse(h, inDuel({ ...alice, raw: "Deuxième message." }));
    // The referee's own post in the duel thread is an author's post like any other.
    await sendDiscourse(
      h,
      inDuel({ user_id: 7, name: "Minerva McGonagall", username: "minerva", raw: "Bien." }),
    );
    expect(await seen("45")).toBe(first.dora);
    expect(await seen("42")).toBe(first.alice);
    expect(await seen("7")).toBe("2026-03-14T21:00:00.000Z");

    await sendDiscourse(h, inDuel({ ...dora, name: "Nymphadora Tonks", raw: "Nouveau nom." }));
    const renamed = (await h.store.listAccounts("poudlard")).find((a) => a.userId === "45");
    expect(renamed).toMatchObject({ name: "Nymphadora Tonks", seenAt: "2026-03-14T21:00:00.000Z" });
  });

  it("CONTRACT 6 on a new forum `#45 Dora Tonks` names an account that has posted nothing yet; `#45` alone says so", async () => {
    const alone = await sendDiscourse(
      h,
      refereePost("[arbitre]duel : #45 (5e année) contre #46 Luna Lovegood (4e année)[/arbitre]"),
    );
    expect(alone.body).toMatchObject({ result: "ignored" });
    const [hibou] = await openingHiboux(h);
    expect(hibou?.text).toContain("« #45 » : aucun compte du forum");
    expect(hibou?.text).toContain("son numéro de compte suivi de son nom (#42 Alice Dubois)");
    expect(hibou?.text).not.toContain("« #46 Luna Lovegood »");

    const res = await sendDiscourse(
      h,
      refereePost("[arbitre]duel : #45 Dora Tonks (5e année) contre #46 Luna Lovegood (4e année)[/arbitre]"),
    );
    expect(res.body).toEqual({ result: "applied", duelId: "poudlard.1842" });
    const duel = await h.admin("GET", "/duels/poudlard.1842");
    expect(duel.body.duelists).toMatchObject([
      { id: "45", name: "Dora Tonks", year: 5 },
      { id: "46", name: "Luna Lovegood", year: 4 },
    ]);
  });
});

/** Hermione Granger disqualified in an earlier duel of the forum: banned for its duration. */
async function hermioneBanned(h: Harness): Promise<void> {
  await knownAccounts(h);
  const earlier = await h.admin("POST", "/duels", {
    forumId: "poudlard",
    threadId: "100",
    referee: { id: "7", name: "Minerva McGonagall" },
    duelists: [
      { id: "311", name: "Drago Malefoy", year: 5 },
      { id: "312", name: "Hermione Granger", year: 5 },
    ],
  });
  const earlierId = earlier.body.id as string;
  await h.admin("POST", `/duels/${earlierId}/commands`, { command: "top" });
  await h.admin("POST", `/duels/${earlierId}/commands`, { command: "disqualify", duelistId: "312" });
}
