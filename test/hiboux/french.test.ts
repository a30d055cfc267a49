import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DemoResult, playDemoDuel } from "../../infra/local/demo-duel.js";
import { hibouxDocument } from "../../infra/local/hiboux-document.js";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";
import { discoursePrivateMessage } from "../../shared/adapters/notifiers/discourse-notifier.js";
import { de, elides, le } from "../../shared/hiboux/format.js";
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
  });

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
    const hibou = result.notifications.find((n) => n.kind === "sanction.applied");
    if (!hibou) throw new Error("the demo has a sanction");
    const pm = discoursePrivateMessage(aHibou({ text: hibou.text, rule: "R-6.2" }), "minerva");
    expect(pm.raw.match(/Règles? appliquées? :/g)).toHaveLength(1);
  });

  it("CONTRACT 6.1 every hibou of the demo duel, as a document (snapshot)", () => {
    expect(document(result)).toMatchSnapshot();
  });

  it("CONTRACT 6.1 docs/HIBOUX.md is what `npm run hiboux-doc` writes from the real templates (never stale)", () => {
    const committed = readFileSync(new URL("../../docs/HIBOUX.md", import.meta.url), "utf8");
    expect(committed, "run `npm run hiboux-doc` and commit docs/HIBOUX.md").toBe(hibouxDocument(result));
  });
});
