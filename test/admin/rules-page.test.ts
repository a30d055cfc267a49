import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import type { Ruleset } from "../../shared/rules/ruleset.js";
import { rulesInFrench } from "../../shared/texts/rules.js";
import { activeDuel } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

/** Every rule id the club's reference defines (`**R-…` items and the spells' table rows). */
const REFERENCE_IDS = [
  ...readFileSync(new URL("../../../shared/RULES.md", import.meta.url), "utf8").matchAll(
    /^(?:- \*\*|\| )(R-\d+\.\d+[a-z]?)\b/gm,
  ),
].map((m) => m[1] as string);

/** The ids anchored in a page: `id="R-3.1"`, each with how many times. */
function anchors(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, id] of html.matchAll(/ id="(R-[\d.a-z]+)"/g))
    counts.set(id ?? "", (counts.get(id ?? "") ?? 0) + 1);
  return counts;
}

/** Words of the developers' English rules that a French page never holds. */
const ENGLISH = /\b(Interpretation|the|spell|defence|turn|attack|fault)\b/;

describe("the French rules page", () => {
  it("R-1.1 to R-7.1: GET /regles is public and French, every rule id of the ruleset under its own anchor", async () => {
    const h = await memoryHarness();
    const res = await h.app.request("/regles");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = decoded(await res.text());
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<h1>Règles du club de duel</h1>");
    expect(html).toContain("Règlement : Club de duel — règlement du 11.03.2026");
    const text = html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(text).not.toMatch(ENGLISH);

    expect(REFERENCE_IDS.length).toBeGreaterThan(50);
    const ruleset = [...defaultRuleset.spells, ...defaultRuleset.particularities].map((x) => x.rule);
    const found = anchors(html);
    for (const id of new Set([...REFERENCE_IDS, ...ruleset])) expect(found.get(id), id).toBe(1);
    // Each rule with its French statement, its figures from the ruleset, and the interpretation chosen.
    expect(html).toContain(
      '<article class="rule" id="R-3.1"><h3 id="R-3-1"><a href="#R-3.1">R-3.1</a> La défense d\'abord</h3>',
    );
    for (const figure of [
      "72 heures",
      "30 minutes",
      "5 jours",
      "6 mois",
      "moins de 100 mots",
      "adulte 50 PD",
    ])
      expect(text).toContain(figure);
    expect(text).toContain("Interprétation retenue : un tour perdu par une absence (R-6.2)");
    expect(html).toContain('<a href="#R-6.8">R-6.8</a>'); // a rule cited in another links to it
  });

  it("R-6.1 GET /regles/{forumId} states the forum's own ruleset; an unknown forum is a French 404", async () => {
    const h = await memoryHarness();
    const ruleset: Ruleset = {
      ...defaultRuleset,
      name: "Règlement de la Maison",
      delays: { ...defaultRuleset.delays, reply: "P4D" },
      minWords: 150,
    };
    expect((await h.forum({ ruleset })).status).toBe(201);
    const html = decoded(await (await h.app.request("/regles/poudlard")).text());
    expect(html).toContain("Règlement du forum Poudlard RPG : Règlement de la Maison");
    // The delay agrees with any duration: « un délai de 4 jours […], compté depuis ».
    expect(html).toMatch(
      /un délai de 4 jours selon le règlement \(un duel peut avoir le sien\), compté depuis/,
    );
    expect(html).toContain("moins de 150 mots");
    expect(html).not.toContain("72 heures");

    const unknown = await h.app.request("/regles/inconnu");
    expect(unknown.status).toBe(404);
    expect(decoded(await unknown.text())).toContain("Forum inconnu.");
  });

  it("R-1.1 to R-7.1: each rule also carries the old English page's anchor (`#R-3-1`), so a saved `/admin/rules#R-3-1` lands on its rule", async () => {
    const h = await memoryHarness();
    // The old page redirects here, and the browser keeps the link's fragment across the redirect.
    const b = browser(h);
    await b.login();
    const old = await b.get("/admin/rules");
    expect(old.headers.get("location")).toBe("/regles");
    const html = await (await b.get("/regles")).text();
    const ids = [...html.matchAll(/ id="(R-[^"]+)"/g)].map((m) => m[1] ?? "");
    const ruleIds = ids.filter((id) => id.includes("."));
    expect(ruleIds.length).toBeGreaterThan(50);
    for (const id of ruleIds) {
      const legacy = id.replaceAll(".", "-");
      // Once, in the rule's own article: its heading.
      expect(
        ids.filter((x) => x === legacy),
        legacy,
      ).toHaveLength(1);
      expect(html).toContain(`<article class="rule" id="${id}"><h3 id="${legacy}">`);
    }
    expect(html).toContain('<h3 id="R-6-2">');
  });

  it("a ruleset's own rule ids get their anchor too, a spell filed under a general rule read with it", () => {
    const spell = defaultRuleset.spells[0];
    if (!spell) throw new Error("the default ruleset has spells");
    const ruleset: Ruleset = {
      ...defaultRuleset,
      spells: [
        ...defaultRuleset.spells,
        { ...spell, id: "eclair", name: "Sortilège d'Éclair", aliases: [], rule: "R-4.18" },
        { ...spell, id: "brume", name: "Charme de Brume", aliases: [], rule: "R-4.12", effects: [] },
      ],
    };
    const rules = rulesInFrench(ruleset).flatMap((s) => s.rules);
    const ids = rules.map((r) => r.id);
    expect(ids.filter((id) => id === "R-4.12")).toHaveLength(1);
    expect(ids).toContain("R-4.18");
    expect(rules.find((r) => r.id === "R-4.18")?.statement).toContain(
      "Sortilège d'Éclair : sortilège, tous niveaux",
    );
    expect(rules.find((r) => r.id === "R-4.12")?.statement).toContain("Charme de Brume");
  });

  it("the desk's « Règles », its rule links, the duel's card and turn page open the French page, at the rule's anchor", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const b = browser(h);
    await b.login();
    const duel = await (await b.get(`/admin/duels/${duelId}`)).text();
    expect(duel).toContain('<a href="/regles">Règles</a>');
    expect(duel).toContain('<a href="/regles/poudlard#R-1.4">R-1.4</a>');
    const rules = await h.app.request("/regles/poudlard");
    expect(anchors(await rules.text()).get("R-1.4")).toBe(1);
    // CONTRACT 9: the duel's card and the turn's page, in the thread, link the same page.
    for (const page of [`/club/poudlard/duels/${duelId}`, `/club/poudlard/duels/${duelId}/tour`]) {
      const html = await (await h.app.request(page)).text();
      expect(html, page).toContain('href="/regles/poudlard" target="_blank"');
    }
    // An old bookmark of the English page lands on the French one.
    const old = await b.get("/admin/rules");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/regles");
  });
});
