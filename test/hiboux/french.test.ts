import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DemoResult, playDemoDuel } from "../../infra/local/demo-duel.js";
import { demoStory, type PlayedScenario, playHibouScenarios } from "../../infra/local/hibou-scenarios.js";
import { hibouxDocument } from "../../infra/local/hiboux-document.js";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";
import { discoursePrivateMessage } from "../../shared/adapters/notifiers/discourse-notifier.js";
import { HIBOU_KINDS } from "../../shared/hiboux/kinds.js";
import { de, elides, le } from "../../shared/texts/format.js";
import { aHibou } from "../adapters/notifiers/hibou-fixture.js";

describe("STYLE 13 French elision", () => {
  it("elides de and le before a vowel or a mute h, not before a consonant or an aspirated h", () => {
    expect(de("Hermione Granger")).toBe("d'Hermione Granger");
    expect(de("Horace Slughorn")).toBe("d'Horace Slughorn");
    expect(de("Élodie")).toBe("d'Élodie");
    expect(de("Harry Potter")).toBe("de Harry Potter");
    expect(de("Hagrid")).toBe("de Hagrid");
    expect(de("Drago Malefoy")).toBe("de Drago Malefoy");
    expect(le("Antisort Général")).toBe("l'Antisort Général");
    expect(le("Sortilège de Feu")).toBe("le Sortilège de Feu");
    expect(elides("  Ulysse")).toBe(true);
    expect(elides("Hhh")).toBe(false);
  });
});

/** Every hibou of the demo duel, as a referee or a duelist would read it. */
function document(result: DemoResult): string {
  return result.notifications
    .map((n) => `── ${n.title} [${n.kind}] → ${n.to.role} ${n.to.id}\n${n.text}`)
    .join("\n\n");
}

describe("CONTRACT 6.1 the demo duel's hiboux read as French a referee reads gladly", () => {
  let stack: LocalStack;
  let result: DemoResult;
  let stories: PlayedScenario[];

  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `french-${Date.now()}`,
      clock: "manual",
      clockStart: "2026-12-01T10:00:00Z",
      log: () => {},
      hibouLog: () => {},
    });
    result = await playDemoDuel({ url: stack.url, adminToken: stack.adminToken });
    const base = { url: stack.url, adminToken: stack.adminToken, store: stack.store };
    stories = [await demoStory(stack.store, result), ...(await playHibouScenarios(base))];
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it("CONTRACT 6.1 no raw JSON, no internal event id, no (e) or (s), one points line per turn summary", () => {
    const text = document(result);
    expect(text).not.toContain('{"');
    expect(text).not.toMatch(/#\d/);
    expect(text).not.toMatch(/\((e|s)\)/);
    expect(text).not.toContain("autres duellistes");
    expect(text).not.toMatch(/\bde [AEIOUYÉÈH]/);
    expect(text).not.toMatch(/Contre [A-Z]/);
    for (const n of result.notifications) {
      expect(n.text.match(/Règles? appliquées? :/g) ?? [], n.title).toHaveLength(1);
      expect(n.text.match(/^Points( finaux)? :/gm)?.length ?? 0, n.title).toBeLessThanOrEqual(1);
      if (n.text.includes("Points :")) expect(n.text, n.title).not.toContain("il reste");
    }
    // The referee is told what to write in the thread, with the fault's short number.
    expect(text).toContain("[arbitre]annuler faute 1[/arbitre]");
  });

  it("CONTRACT 6.1 a Discourse PM says the rule once", () => {
    // The demo's absence, told with its sanction in one hibou.
    const hibou = result.notifications.find((n) => n.kind === "fault.absence" && n.text.includes("Sanction"));
    if (!hibou) throw new Error("the demo has a sanctioned absence");
    const pm = discoursePrivateMessage(aHibou({ text: hibou.text, rule: "R-6.2" }), "minerva");
    expect(pm.raw.match(/Règles? appliquées? :/g)).toHaveLength(1);
  });

  it("CONTRACT 6.1 every hibou of the demo duel, as a document (snapshot)", () => {
    expect(document(result)).toMatchSnapshot();
  });

  it("CONTRACT 6.1 docs/HIBOUX.md is what `npm run hiboux-doc` writes from the real templates (never stale)", () => {
    const committed = readFileSync(new URL("../../docs/HIBOUX.md", import.meta.url), "utf8");
    expect(committed, "run `npm run hiboux-doc` and commit docs/HIBOUX.md").toBe(hibouxDocument(stories));
  });

  it("CONTRACT 6 HIBOUX_KINDS lists every kind the templates can write, no more", () => {
    const dir = new URL("../../shared/hiboux/", import.meta.url);
    const source = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => readFileSync(new URL(f, dir), "utf8"))
      .join("\n");
    const written = new Set(
      [...source.matchAll(/draft\(\s*[^"]{0,80}?"([a-z]+\.[a-z-]+)"|kind: "([a-z]+\.[a-z-]+)"/g)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    expect([...written].sort()).toEqual([...HIBOU_KINDS].sort());
  });

  it("CONTRACT 6 docs/HIBOUX.md shows every kind of hibou, in a story and in each channel", () => {
    const played = new Set(stories.flatMap((s) => s.hiboux.map((h) => h.kind)));
    const missing = HIBOU_KINDS.filter((kind) => !played.has(kind));
    expect(missing, "give each new kind a story in infra/local/hibou-scenarios.ts").toEqual([]);
    const doc = hibouxDocument(stories);
    for (const kind of HIBOU_KINDS) {
      const section = doc.split(`### \`${kind}\``)[1]?.split("\n### ")[0] ?? "";
      expect(section, kind).toContain("**Discord**");
      expect(section, kind).toContain("**Discourse**");
      expect(section, kind).toContain("**Forumactif**");
      expect(section, kind).toContain(`"type": "hibou.${kind}"`);
    }
  });
});
