import { describe, expect, it } from "vitest";
import { schoolYearOf } from "../../shared/app/club.js";
import { boardOrigins } from "../../shared/http/club/routes.js";
import { parseCommandLine } from "../../shared/parsing/referee-command-line.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";

const forum = (extra: Partial<ForumConfig>): ForumConfig => ({
  forumId: "poudlard",
  name: "Poudlard",
  webhookSecrets: {},
  referees: [],
  notify: [],
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...extra,
});

describe("CONTRACT 8 seasons and the embed's frame", () => {
  it("school years turn on 1 September, Paris time", () => {
    expect(schoolYearOf("2026-08-31T21:59:00Z").name).toBe("2025-2026");
    expect(schoolYearOf("2026-08-31T22:00:00Z").name).toBe("2026-2027");
    expect(schoolYearOf("2027-01-15T12:00:00Z")).toEqual({
      name: "2026-2027",
      from: "2026-09-01",
      to: "2027-08-31",
    });
  });

  it("only the forum's own board may frame the embed", () => {
    const source = {
      type: "forumactif",
      baseUrl: "https://poudlard-rpg.forumactif.com",
      timeZone: "Europe/Paris",
      pollEvery: "PT2M",
    } as ForumConfig["source"];
    expect(boardOrigins(forum({ source }))).toEqual(["https://poudlard-rpg.forumactif.com"]);
    expect(boardOrigins(forum({}))).toEqual([]);
  });
});

describe("R-1.7 the stakes in the thread", () => {
  it.each([
    ["enjeux honorés", true],
    ["Enjeux : honorés", true],
    ["enjeux non honorés", false],
    ["enjeux pas honorés", false],
    ["stakes honoured", true],
  ])("%s", (line, honoured) => {
    expect(parseCommandLine(line, [])).toEqual({ ok: true, action: { command: "stakes", honoured } });
  });

  it("a stakes line without its verdict says what to write", () => {
    const parsed = parseCommandLine("enjeux", []);
    expect(parsed.ok).toBe(false);
  });
});

describe("CONTRACT 8 public pages limited per address", () => {
  it("CONTRACT 8 an address reading club pages past its budget waits, another address does not", async () => {
    const { memoryHarness } = await import("../support/harness.js");
    const h = await memoryHarness();
    expect((await h.forum()).status).toBe(201);
    const page = async (from: string) =>
      (await h.app.request("/club/poudlard", { headers: { "x-forwarded-for": from } })).status;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push(await page("198.51.100.7"));
    expect(new Set(statuses.slice(0, 60))).toEqual(new Set([200]));
    expect(statuses[60]).toBe(429);
    expect(await page("198.51.100.8")).toBe(200);
    const refused = await h.app.request("/forums/poudlard/club", {
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
