import { beforeEach, describe, expect, it } from "vitest";
import { formatDay } from "../../shared/texts/format.js";
import { auditOf, DUEL_BODY, registerAndTop } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

interface Standing {
  duelistId: string;
  name: string;
  duels: number;
  wins: number;
  losses: number;
  disqualifications: number;
  actionFaults: number;
  absenceFaults: number;
}
interface Club {
  season: { name: string; from: string; to: string };
  seasons: string[];
  standings: Standing[];
  active: {
    duelId: string;
    title: string;
    threadUrl: string | null;
    turn: { duelistId: string; number: number } | null;
  }[];
  finished: {
    duelId: string;
    title: string;
    winnerId: string | null;
    reason: string;
    stakes: string | null;
    stakesHonoured: boolean | null;
    endedAt: string | null;
  }[];
  bans: { duelistId: string; name: string; until: string }[];
}

/** An HTML page's text as read, its entities decoded (« jusqu&#39;au » is « jusqu'au »). */
const pageText = async (res: Response) => (await res.text()).replace(/&#39;/g, "'").replace(/&quot;/g, '"');

const person = (id: string, name: string, year: number | "adulte" = 5) => ({ id, name, year });

async function club(h: MemoryHarness, query = ""): Promise<Club> {
  const res = await h.app.request(`/forums/poudlard/club${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Club;
}

async function command(h: MemoryHarness, duelId: string, body: Record<string, unknown>) {
  const res = await h.admin("POST", `/duels/${duelId}/commands`, body);
  if (res.status !== 200) throw new Error(`${body.command}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A season: a win on the referee's end with stakes, a disqualification by absences, a draw, a duel running. */
async function playSeason(h: MemoryHarness) {
  await h.forum();
  const won = await registerAndTop(h, { ...DUEL_BODY, threadId: "1001" });
  await command(h, won, { command: "fault", duelistId: "43", kind: "action" });
  await command(h, won, { command: "end", winnerId: "42" });
  const dq = await registerAndTop(h, {
    ...DUEL_BODY,
    threadId: "1002",
    duelists: [person("42", "Alice Dubois", 3), person("44", "Carol Weasley")],
    stakes: null,
  });
  for (let i = 0; i < 3; i++) await command(h, dq, { command: "fault", duelistId: "44", kind: "absence" });
  const draw = await registerAndTop(h, {
    ...DUEL_BODY,
    threadId: "1003",
    duelists: [person("43", "Bob Martin", "adulte"), person("45", "Dan Londubat")],
    stakes: "Un gallion chacun",
  });
  await command(h, draw, { command: "end", winnerId: null });
  const running = await registerAndTop(h, {
    ...DUEL_BODY,
    threadId: "1004",
    duelists: [person("46", "Eve Lovegood"), person("47", "Fred Weasley")],
  });
  return { won, dq, draw, running };
}

describe("CONTRACT 8 the club's records", () => {
  let h: MemoryHarness;
  beforeEach(async () => {
    h = await memoryHarness();
  });

  it("R-1.6 R-6.9 R-1.7 a season's standings, finished duels, stakes and bans come from the duels themselves", async () => {
    const { won, dq, draw, running } = await playSeason(h);
    await command(h, won, { command: "stakes", honoured: true });
    await command(h, draw, { command: "stakes", honoured: false, reason: "Dan n'a pas payé" });

    const view = await club(h);
    expect(view.season).toEqual({ name: "2026-2027", from: "2026-09-01", to: "2027-08-31" });
    expect(view.standings).toEqual([
      {
        duelistId: "42",
        name: "Alice Dubois",
        duels: 2,
        wins: 2,
        losses: 0,
        disqualifications: 0,
        actionFaults: 0,
        absenceFaults: 0,
      },
      {
        duelistId: "45",
        name: "Dan Londubat",
        duels: 1,
        wins: 0,
        losses: 0,
        disqualifications: 0,
        actionFaults: 0,
        absenceFaults: 0,
      },
      {
        duelistId: "43",
        name: "Bob Martin",
        duels: 2,
        wins: 0,
        losses: 1,
        disqualifications: 0,
        actionFaults: 1,
        absenceFaults: 0,
      },
      {
        duelistId: "44",
        name: "Carol Weasley",
        duels: 1,
        wins: 0,
        losses: 1,
        disqualifications: 1,
        actionFaults: 0,
        absenceFaults: 3,
      },
    ]);
    const byId = Object.fromEntries(view.finished.map((f) => [f.duelId, f]));
    expect(byId[won]).toMatchObject({
      title: "Alice Dubois contre Bob Martin",
      winnerId: "42",
      reason: "referee",
      stakes: "Le perdant range la salle des trophées",
      stakesHonoured: true,
      endedAt: expect.any(String),
    });
    expect(byId[dq]).toMatchObject({
      winnerId: "42",
      reason: "disqualification",
      stakes: null,
      stakesHonoured: null,
    });
    expect(byId[draw]).toMatchObject({ winnerId: null, stakesHonoured: false });
    expect(view.active).toEqual([
      {
        duelId: running,
        title: "Eve Lovegood contre Fred Weasley",
        threadTitle: null,
        threadUrl: null,
        turn: expect.objectContaining({ duelistId: "46", number: 1, deadline: expect.any(String) }),
      },
    ]);
    expect(view.bans).toEqual([{ duelistId: "44", name: "Carol Weasley", until: expect.any(String) }]);
  });

  it("R-7.1 a cancelled disqualification changes the standings and lifts the ban at once", async () => {
    const { dq } = await playSeason(h);
    const third = (await auditOf(h, dq)).filter((e) => e.type === "fault.absence")[2];
    if (!third) throw new Error("three absences expected");
    await command(h, dq, { command: "cancel-fault", eventId: third.id, reason: "absence justifiée" });

    const view = await club(h);
    expect(view.bans).toEqual([]);
    expect(view.finished.map((f) => f.duelId)).not.toContain(dq);
    expect(view.active.map((a) => a.duelId)).toContain(dq);
    expect(view.standings.find((s) => s.duelistId === "44")).toBeUndefined();
    expect(view.standings.find((s) => s.duelistId === "42")).toMatchObject({ duels: 1, wins: 1 });
  });

  it("R-1.7 stakes are recorded only for a finished duel that had some, by the API and in the thread", async () => {
    const { running, dq } = await playSeason(h);
    const early = await h.admin("POST", `/duels/${running}/commands`, { command: "stakes", honoured: true });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: { code: "duel_not_finished" } });
    const none = await h.admin("POST", `/duels/${dq}/commands`, { command: "stakes", honoured: true });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ error: { code: "no_stakes" } });
  });

  it("CONTRACT 8 past seasons by ?season=, school years in Paris time, unknown seasons refused", async () => {
    const { running } = await playSeason(h);
    await h.admin("POST", "/_local/clock", { set: "2027-09-01T08:00:00Z" });
    const now = await club(h);
    expect(now.season.name).toBe("2027-2028");
    expect(now.finished).toEqual([]);
    expect(now.seasons).toEqual(["2027-2028", "2026-2027"]);
    const past = await club(h, "?season=2026-2027");
    // The duel left running all summer ended on its absences, within the season.
    expect(past.finished).toHaveLength(4);
    expect(past.finished.find((f) => f.duelId === running)).toMatchObject({ reason: "disqualification" });
    const unknown = await h.app.request("/forums/poudlard/club?season=2030");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("season_not_found");
  });

  it("CONTRACT 8 a forum's own seasons, and a forum that keeps its records private", async () => {
    await playSeason(h);
    const saved = await h.forum({
      seasons: [
        { name: "Tournoi d'automne", from: "2026-09-01", to: "2026-12-20" },
        { name: "Tournoi d'hiver", from: "2026-12-21", to: "2027-03-01" },
      ],
    });
    expect(saved.status).toBe(200);
    const view = await club(h);
    expect(view.season.name).toBe("Tournoi d'automne");
    expect(view.finished).toHaveLength(3);

    const overlapping = await h.forum({
      seasons: [
        { name: "A", from: "2026-09-01", to: "2026-12-20" },
        { name: "B", from: "2026-12-01", to: "2027-03-01" },
      ],
    });
    expect(overlapping.status).toBe(400);

    await h.forum({ club: { public: false } });
    const hidden = await h.app.request("/forums/poudlard/club");
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: { code: string } }).error.code).toBe("club_private");
    expect((await h.app.request("/club/poudlard")).status).toBe(404);
  });

  it("CONTRACT 8 the CSV export, the French page and the embed framed by the board only", async () => {
    const { won } = await playSeason(h);
    await command(h, won, { command: "stakes", honoured: true });
    const csv = await h.app.request("/forums/poudlard/club.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "saison;fin;duel;vainqueur;issue;disqualifié(e)s;enjeux;enjeux honorés;fil;titre du fil",
    );
    expect(lines).toHaveLength(4);
    expect(
      lines.some((l) =>
        l.includes(
          "Alice Dubois contre Bob Martin;Alice Dubois;sur décision de l'arbitre;;Le perdant range la salle des trophées;oui",
        ),
      ),
    ).toBe(true);

    const page = await h.app.request("/club/poudlard");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Classement");
    expect(html).toContain("Carol Weasley");
    expect(html).toContain("honorés");
    expect(html).not.toContain("<script");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const embed = await h.app.request("/club/poudlard/embed");
    expect(embed.status).toBe(200);
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("CONTRACT 8 the CSV opens in columns in a French spreadsheet: `;`, local dates, names, quoted and formula-safe cells", async () => {
    await h.forum();
    const sly = await registerAndTop(h, {
      ...DUEL_BODY,
      threadId: "1010",
      duelists: [person("42", '=HYPERLINK("x")'), person("43", 'Bob; "le Grand"\tMartin')],
      stakes: "-1 gallion\npour le perdant",
    });
    await command(h, sly, { command: "end", winnerId: "43" });
    const bytes = new Uint8Array(await (await h.app.request("/forums/poudlard/club.csv")).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    const [header, row = ""] = csv.split("\r\n");
    expect(header?.split(";")).not.toContain("duel_id");
    expect(csv).not.toContain(sly);
    // The end in the forum's clock, as a spreadsheet reads a date: Paris time for this forum.
    const ended = (await club(h)).finished[0]?.endedAt ?? "";
    const paris = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(ended));
    expect(row).toContain(`;${paris};`);
    expect(row).not.toContain("T");
    // A title holding `;`, quotes and a tab is one quoted cell; a formula is neutralised.
    expect(row).toContain(`"'=HYPERLINK(""x"") contre Bob; ""le Grand""\tMartin"`);
    expect(row).toContain(`;"Bob; ""le Grand""\tMartin";`);
    expect(row).toContain(`;"'-1 gallion`);
  });

  it("CONTRACT 8 the embed may be framed by each declared board origin, whatever the software, and names the club", async () => {
    // A Discourse forum: no Forumactif source, its board declared in the club's settings.
    await h.forum({ club: { boardOrigins: ["forum.exemple.fr", "https://autre.exemple.org/forum/"] } });
    const settings = await h.admin("GET", "/forums/poudlard");
    expect(settings.body).toMatchObject({
      club: { public: true, boardOrigins: ["https://forum.exemple.fr", "https://autre.exemple.org"] },
    });
    const embed = await h.app.request("/club/poudlard/embed");
    expect(embed.status).toBe(200);
    const csp = embed.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors https://forum.exemple.fr https://autre.exemple.org");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    expect(await embed.text()).toContain("<h1>Club de duel — Poudlard RPG</h1>");
    expect((await h.app.request("/club/poudlard")).headers.get("content-security-policy")).toContain(
      "frame-ancestors 'none'",
    );
    const refused = await h.forum({ club: { boardOrigins: ["javascript:alert(1)"] } });
    expect(refused.status).toBe(400);
  });

  it("CONTRACT 8 a Québec board's club page and duel card give their dates in Montréal time, as the board does", async () => {
    const { running } = await playSeason(h);
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("no forum");
    const quebec = {
      type: "forumactif",
      baseUrl: "https://poudlard.forumactif.com",
      pollEvery: "PT2M",
    } as const;
    const view = await club(h);
    const dates = {
      deadline: (view.active[0]?.turn as { deadline?: string } | null)?.deadline ?? "",
      ended: view.finished[0]?.endedAt ?? "",
      until: view.bans[0]?.until ?? "",
    };
    const read = async (timeZone: string) => {
      await h.store.putForum({ ...forum, source: { ...quebec, timeZone } });
      return {
        page: await pageText(await h.app.request("/club/poudlard")),
        embed: await pageText(await h.app.request("/club/poudlard/embed")),
        card: await pageText(await h.app.request(`/club/poudlard/duels/${running}`)),
      };
    };
    const paris = await read("Europe/Paris");
    const montreal = await read("America/Montreal");
    for (const [zone, pages] of [
      ["Europe/Paris", paris],
      ["America/Montreal", montreal],
    ] as const) {
      const day = (iso: string) => formatDay(iso, zone);
      expect(pages.page).toContain(`avant le ${day(dates.deadline)}`);
      expect(pages.page).toContain(`terminé le ${day(dates.ended)}`);
      expect(pages.page).toContain(`jusqu'au ${day(dates.until)}`);
      expect(pages.embed).toContain(`jusqu'au ${day(dates.until)}`);
      expect(pages.card).toContain(`avant le ${day(dates.deadline)}`);
    }
    // Six hours apart in winter: the pages of the two boards do not read the same hour.
    expect(formatDay(dates.until)).not.toBe(formatDay(dates.until, "America/Montreal"));
    expect(montreal.page).not.toContain(formatDay(dates.until));
    expect(montreal.card).not.toContain(formatDay(dates.deadline));
  });
});
