import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DemoResult, playDemoDuel } from "../../infra/local/demo-duel.js";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";

describe("CONTRACT 6.1 the referee's hiboux link to the duel's page on the desk", () => {
  let stack: LocalStack;
  let result: DemoResult;

  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `desk-link-${Date.now()}`,
      clock: "manual",
      clockStart: "2026-12-01T10:00:00Z",
      publicUrl: "https://arbitre.example.fr/",
      log: () => {},
      hibouLog: () => {},
    });
    result = await playDemoDuel({ url: stack.url, adminToken: stack.adminToken });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("CONTRACT 6.1 every referee hibou ends with the desk link; a duelist's never carries it", () => {
    const page = `https://arbitre.example.fr/admin/duels/${encodeURIComponent(result.duelId)}`;
    const toReferee = result.notifications.filter((n) => n.to.role === "referee");
    const toDuelists = result.notifications.filter((n) => n.to.role === "duelist");
    expect(toReferee.length).toBeGreaterThan(0);
    expect(toDuelists.length).toBeGreaterThan(0);
    for (const n of toReferee)
      expect(n.text.split("\n").at(-1), n.title).toBe(`Le duel sur le bureau : ${page}`);
    for (const n of toDuelists) expect(n.text, n.title).not.toContain("bureau");
  });
});
