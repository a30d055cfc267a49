import { beforeEach, describe, expect, it } from "vitest";
import { auditOf, DUEL_BODY } from "../support/duels.js";
import { createHarness, type Harness, pipelineOn } from "../support/harness.js";
import { meetingClient } from "../support/race.js";

const DUELIST_FIELDS = [
  "id",
  "name",
  "year",
  "points",
  "startingPoints",
  "absenceFaults",
  "actionFaults",
  "disarmed",
  "status",
  "correctionUsed",
  "derogationUsed",
];
const DUEL_FIELDS = [
  "id",
  "forumId",
  "threadId",
  "status",
  "referee",
  "turn",
  "pending",
  "duelists",
  "result",
  "stakes",
];

describe("CONTRACT 6 registering duels", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
    await h.forum();
  });

  it("CONTRACT 6.1 POST /duels answers 201 with every field of the duel", async () => {
    const res = await h.admin("POST", "/duels", DUEL_BODY);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(DUEL_FIELDS));
    expect(res.body).toMatchObject({
      id: expect.any(String),
      forumId: "poudlard",
      threadId: "1234",
      status: "registered",
      referee: { id: "7", name: "Minerva McGonagall" },
      turn: null,
      pending: [],
      result: null,
      stakes: "Le perdant range la salle des trophées",
    });
    const duelists = res.body.duelists as Record<string, unknown>[];
    expect(duelists).toHaveLength(2);
    for (const d of duelists) expect(Object.keys(d)).toEqual(expect.arrayContaining(DUELIST_FIELDS));
    expect(duelists[0]).toMatchObject({
      id: "42",
      name: "Alice Dubois",
      year: 3,
      points: 25,
      startingPoints: 25,
      absenceFaults: 0,
      actionFaults: 0,
      disarmed: false,
      status: "active",
      correctionUsed: false,
      derogationUsed: false,
    });
    expect(duelists[1]).toMatchObject({ id: "43", year: "adulte", points: 50, startingPoints: 50 });
    const read = await h.admin("GET", `/duels/${res.body.id as string}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("R-6.1 CONTRACT 2 a zero or too short replyWindow is 400 invalid_body naming the field, nothing stored", async () => {
    for (const [index, replyWindow] of ["P0D", "PT1S", "PT59M"].entries()) {
      const threadId = String(973 + index);
      const res = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId, replyWindow });
      expect(res.status, replyWindow).toBe(400);
      expect(res.body.error, replyWindow).toMatchObject({
        code: "invalid_body",
        message: expect.stringContaining("Délai de réponse (replyWindow) trop court : 1 heure au moins"),
        details: [{ path: "replyWindow", message: expect.stringContaining("1 heure au moins") }],
      });
      expect((await h.admin("GET", `/duels/poudlard.${threadId}`)).status, replyWindow).toBe(404);
    }
    const hour = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "980", replyWindow: "PT1H" });
    expect(hour.status).toBe(201);
  });

  it("CONTRACT 6.1 stakes default to null", async () => {
    const { stakes: _stakes, ...body } = DUEL_BODY;
    const res = await h.admin("POST", "/duels", body);
    expect(res.status).toBe(201);
    expect(res.body.stakes).toBeNull();
  });

  it("CONTRACT 2 a second registration of the same thread is 409 duel_already_exists", async () => {
    expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
    const again = await h.admin("POST", "/duels", DUEL_BODY);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "duel_already_exists", message: expect.any(String) });
  });

  it("CONTRACT 2 R-1.2 two registrations of one thread at once, in two processes: one 201, the other 409 duel_already_exists", async () => {
    // Each process's transaction waits for the other's, so both have read "no duel" before either writes.
    const meeting = meetingClient(h.client);
    const [one, two] = [1, 2].map(() =>
      pipelineOn({ client: meeting.client, tableName: h.tableName }, h.clock),
    );
    if (!one || !two) throw new Error("no processes");
    const answers = await Promise.all([
      one.admin("POST", "/duels", DUEL_BODY),
      two.admin("POST", "/duels", DUEL_BODY),
    ]);
    expect(meeting.arrived()).toBeGreaterThanOrEqual(2);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toMatchObject({
      code: "duel_already_exists",
      message: "Un duel existe déjà pour ce fil.",
    });
    const events = await auditOf(h, "poudlard.1234");
    expect(events.filter((e) => e.type === "duel.registered")).toHaveLength(1);
  });

  it("CONTRACT 2 a duel on an unknown forum is 404", async () => {
    const res = await h.admin("POST", "/duels", { ...DUEL_BODY, forumId: "nowhere" });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "forum_not_found" });
  });

  it("CONTRACT 2 an invalid registration is 400 naming the field", async () => {
    const res = await h.admin("POST", "/duels", {
      ...DUEL_BODY,
      duelists: [{ id: "42", name: "Alice Dubois", year: 9 }],
    });
    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; details: { path: string }[] };
    expect(error.code).toBe("invalid_body");
    expect(error.details.map((d) => d.path).join(" ")).toContain("duelists");
  });

  it.each([
    ["the same name", "Alice Dubois"],
    ["another case and accents", "ALICE DUBOÏS"],
    ["compatibility forms (NFKC)", "Ａｌｉｃｅ Dubois"],
    ["a zero-width space", "Alice\u200B Dubois"],
    ["a direction override", "\u202EAlice Dubois\u202C"],
  ])(
    "CONTRACT 2 R-1.2 two duelists named alike (%s) are refused, 400 naming the field, nothing stored",
    async (_case, name) => {
      const res = await h.admin("POST", "/duels", {
        ...DUEL_BODY,
        duelists: [DUEL_BODY.duelists[0], { id: "43", name, year: "adulte" }],
      });
      expect(res.status).toBe(400);
      const error = res.body.error as { code: string; message: string; details: { path: string }[] };
      expect(error.code).toBe("invalid_body");
      expect(error.message).toContain("même nom");
      expect(error.details.map((d) => d.path)).toEqual(["duelists.1.name"]);
      expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);
    },
  );

  it.each([
    ["a Cyrillic А", "\u0410lice Dubois"],
    ["a Cyrillic е and о", "Alic\u0435 Dub\u043eis"],
    ["a Greek Α", "\u0391lice Dubois"],
    ["a capital I for the l", "AIice Dubois"],
    ["a digit 0 for the o and a 1 for the l", "A1ice Dub0is"],
    ["a Mathematical bold a, then a Cyrillic і", "\u{1D41A}l\u0456ce Dubois"],
  ])(
    "CONTRACT 2 R-1.2 two duelists whose names look alike (%s) are refused (Unicode TR 39 skeletons), 400 naming the field, nothing stored",
    async (_case, name) => {
      const res = await h.admin("POST", "/duels", {
        ...DUEL_BODY,
        duelists: [DUEL_BODY.duelists[0], { id: "43", name, year: "adulte" }],
      });
      expect(res.status).toBe(400);
      const error = res.body.error as { code: string; message: string; details: { path: string }[] };
      expect(error.code).toBe("invalid_body");
      expect(error.message).toContain("se confondent à l'écran");
      expect(error.message).toContain(name);
      expect(error.details.map((d) => d.path)).toEqual(["duelists.1.name"]);
      expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);
    },
  );

  it("R-1.2 names that differ to the eye are registered, whatever their script", async () => {
    const res = await h.admin("POST", "/duels", {
      ...DUEL_BODY,
      duelists: [
        { id: "42", name: "Alice Dubois", year: 3 },
        { id: "43", name: "Alicia Dubois", year: "adulte" },
        { id: "44", name: "\u0410\u043b\u0438\u0441\u0430", year: "adulte" },
      ],
    });
    expect(res.status).toBe(201);
  });

  it("R-6.9 a duelist disqualified elsewhere is banned: registering them is 409 duelist_banned", async () => {
    const first = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "100" });
    const firstId = first.body.id as string;
    await h.admin("POST", `/duels/${firstId}/commands`, { command: "top" });
    const dq = await h.admin("POST", `/duels/${firstId}/commands`, {
      command: "disqualify",
      duelistId: "43",
      reason: "Insultes",
    });
    expect(dq.status).toBe(200);

    const record = await h.admin("GET", "/duelists/poudlard/43");
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      id: "43",
      forumId: "poudlard",
      bannedUntil: "2027-05-30T10:00:00.000Z",
    });
    expect(JSON.stringify(record.body.duels)).toContain(firstId);

    const second = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "200" });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: "duelist_banned",
      // A French date in Paris time, as the hiboux write it, not the stored ISO instant.
      message: "Bob Martin est interdit(e) de duel jusqu'au dimanche 30 mai 2027 à 12 h 00 (R-6.9).",
    });
    expect((await h.admin("GET", "/duels/poudlard.200")).status).toBe(404);
  });

  it("R-6.9 two duels ban the same duelist: the first ban ending leaves the second in force", async () => {
    const a = (await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "110" })).body.id as string;
    const b = (await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "120" })).body.id as string;
    for (const id of [a, b]) await h.admin("POST", `/duels/${id}/commands`, { command: "top" });
    const bannedUntil = async () =>
      (await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil as string | null;

    const start = h.clock.now().toISOString();
    expect(
      (await h.admin("POST", `/duels/${a}/commands`, { command: "disqualify", duelistId: "43" })).status,
    ).toBe(200);
    const first = await bannedUntil();
    await h.admin("POST", "/_local/clock", { advance: "PT2H" });
    expect(
      (await h.admin("POST", `/duels/${b}/commands`, { command: "disqualify", duelistId: "43" })).status,
    ).toBe(200);
    const second = await bannedUntil();
    expect(String(second) > String(first)).toBe(true);

    // The first ban's end fires: the second duel's ban is still in force.
    await h.admin("POST", "/_local/clock", { set: first });
    await h.settle();
    const events = (await h.admin("GET", `/duels/${a}/events`)).body.events as { type: string }[];
    expect(events.map((e) => e.type)).toContain("ban.ended");
    expect(await bannedUntil()).toBe(second);
    expect((await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "130" })).status).toBe(409);

    await h.admin("POST", "/_local/clock", { set: second });
    await h.settle();
    expect(await bannedUntil()).toBeNull();
    expect(start < String(first)).toBe(true);
  });

  it("CONTRACT 6 GET /duels?status=active lists only the active duels", async () => {
    const active = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "301" });
    await h.admin("POST", `/duels/${active.body.id as string}/commands`, { command: "top" });
    await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "302" });
    const res = await h.admin("GET", "/duels?status=active");
    expect(res.status).toBe(200);
    const duels = res.body.duels as { id: string; status: string }[];
    expect(duels.map((d) => d.id)).toEqual([active.body.id]);
    const all = await h.admin("GET", "/duels");
    expect((all.body.duels as unknown[]).length).toBe(2);
    expect((await h.admin("GET", "/duels?status=bogus")).status).toBe(400);
  });

  it("CONTRACT 2 an unknown duel is 404", async () => {
    const res = await h.admin("GET", "/duels/poudlard.nope");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "duel_not_found", message: expect.any(String) });
    expect((await h.admin("GET", "/duels/poudlard.nope/events")).status).toBe(404);
    expect((await h.admin("POST", "/duels/poudlard.nope/commands", { command: "top" })).status).toBe(404);
  });

  it("CONTRACT 6 an unknown duelist is 404", async () => {
    const res = await h.admin("GET", "/duelists/poudlard/999");
    expect(res.status).toBe(404);
  });
});
