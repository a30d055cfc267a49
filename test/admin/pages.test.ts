import { describe, expect, it } from "vitest";
import { z } from "zod";
import { refereeCommandBodySchema } from "../../shared/domain/referee-actions.js";
import { activeDuel } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

describe("admin pages", () => {
  it("shows an active duel on the dashboard: points out of the start, whose turn, time left, health", async () => {
    const h = await memoryHarness();
    await activeDuel(h);
    await h.settle();
    const b = browser(h);
    await b.login();
    const html = decoded(await (await b.get("/admin")).text());
    expect(html).toContain('<meter min="0" max="25" value="25"');
    expect(html).toContain("25/25 PD");
    expect(html).toContain("Tour n° 1 : à Alice Dubois de jouer");
    expect(html).toContain("il reste 3 j 0 h"); // 72 hours from the top
    expect(html).toContain('Stockage</h3><span class="ok">en forme');
    expect(html).toContain("0 en attente, 0 en échec");
  });

  it("links each verdict to its rule's text, and the rules page has that anchor", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const b = browser(h);
    await b.login();
    const duel = await (await b.get(`/admin/duels/${duelId}`)).text();
    expect(duel).toContain('<a href="/regles/poudlard#R-1.4">R-1.4</a>');
    expect(duel).toContain("Journal d&#39;audit");
    // A running duel: the commands that can apply to it (no top, no fault or window to act on yet).
    for (const command of ["derogation", "fault", "adjust-points", "disqualify", "end", "announce"]) {
      expect(duel).toContain(`data-command="${command}"`);
    }
    const rules = await (await b.get("/regles/poudlard")).text();
    expect(rules).toContain('id="R-1.4"');
    expect(rules).toContain('id="R-6.2a"');
    expect(rules).toContain('<article class="rule" id="R-4.1">');
  });

  it("publishes the OpenAPI document built from the same zod schemas, and a docs page", async () => {
    const h = await memoryHarness();
    const res = await h.app.request("/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const { $schema: _, ...expected } = z.toJSONSchema(refereeCommandBodySchema, {
      io: "input",
      unrepresentable: "any",
    });
    expect(
      doc.paths["/duels/{duelId}/commands"]?.post?.requestBody?.content["application/json"]?.schema,
    ).toEqual(expected);
    const docs = decoded(await (await h.app.request("/docs")).text());
    expect(docs).toContain("Documentation de l'API");
    expect(docs).toContain("Décision de l'arbitre (R-7.1)");
    expect(docs).not.toContain("<script");
  });
});
