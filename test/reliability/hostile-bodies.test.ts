import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";
import { parsePhpForm } from "../../shared/http/php-form.js";
import { sendXenForo, XENFORO_SECRET, xenforoPostBody } from "../http/xenforo-support.js";
import { discourseFixture, sendDiscourse } from "../support/discourse.js";
import { DUEL_BODY, postPayload } from "../support/duels.js";
import { createHarness } from "../support/harness.js";
import { DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";
import { report } from "./support.js";

/** `x[]=&` repeated to one million bytes: the PHP form that made the parser quadratic. */
const FORM_BOMB = "x[]=&".repeat(200_000);

describe("a hostile body costs nothing before the forum and its secret are known", () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      dataDir: "memory",
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `hostile-bodies-${Date.now()}`,
      clock: "manual",
      clockStart: "2026-12-01T10:00:00Z",
      log: () => {},
      hibouLog: () => {},
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const post = (route: string, body: string, headers: Record<string, string>) =>
    fetch(`${stack.url}/webhooks/${route}`, { method: "POST", body, headers });

  it("1 MB of `x[]=&` to every receiver answers 4xx at once, and /healthz answers meanwhile", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const json = { "content-type": "application/json" };
    const attacks: [string, Record<string, string>][] = [
      ["nosuchforum/xenforo", { ...form, "xf-webhook-secret": "guess" }],
      ["local/xenforo", { ...form, "xf-webhook-secret": "guess" }],
      ["local/xenforo", form],
      ["local/discourse", { ...form, "x-discourse-event": "post_created" }],
      [
        "local/discourse",
        { ...json, "x-discourse-event": "post_created", "x-discourse-event-signature": "sha256=00" },
      ],
      ["local/generic", { ...json, "webhook-id": "msg_1" }],
      [
        "local/generic",
        { ...form, "webhook-id": "msg_1", "webhook-timestamp": "1", "webhook-signature": "v1,AA==" },
      ],
    ];
    // A first small delivery warms the server (its first DynamoDB connection, the routes' code).
    await post("local/xenforo", "{}", json);
    const slowest = { attackMs: 0, healthMs: 0 };
    for (const [route, headers] of attacks) {
      const started = performance.now();
      const attack = post(route, FORM_BOMB, headers);
      const health = await fetch(`${stack.url}/healthz`);
      const healthMs = performance.now() - started;
      const answer = await attack;
      const attackMs = performance.now() - started;
      expect(health.status).toBe(200);
      expect(answer.status, route).toBe(401);
      slowest.attackMs = Math.max(slowest.attackMs, Math.round(attackMs));
      slowest.healthMs = Math.max(slowest.healthMs, Math.round(healthMs));
    }
    report("hostile bodies", { attacks: attacks.length, bytes: FORM_BOMB.length, ...slowest });
    // Generous bounds, for a loaded shared machine: the quadratic parser took minutes on this body.
    expect(slowest.healthMs).toBeLessThan(3000);
    expect(slowest.attackMs).toBeLessThan(3000);
  });
});

describe("a delivery is authenticated on its raw bytes before its body is read", () => {
  it("CONTRACT 4 a refused delivery naming a duel's post costs one read of the forum, and nothing of the duel", async () => {
    const h = await createHarness({ start: "2026-11-30T10:00:00.000Z" });
    await h.forum({
      webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET, xenforo: XENFORO_SECRET },
    });
    await h.admin("POST", "/duels", DUEL_BODY);
    const commands: string[] = [];
    h.client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? "?");
        return next(args);
      },
      { step: "initialize", name: "refusedDeliveryCounter" },
    );
    const post = {
      postId: "1001",
      author: { id: "42", name: "Alice Dubois" },
      createdAt: "2026-11-30T10:05:00Z",
      content: "x",
    };
    const refused = [
      await h.generic(postPayload(post), { secret: `whsec_${Buffer.alloc(32, 2).toString("base64")}` }),
      await sendDiscourse(h, discourseFixture("post_created"), { secret: "not-the-secret" }),
      await sendXenForo(
        h,
        xenforoPostBody({
          postId: 1001,
          threadId: 1234,
          userId: 42,
          username: "Alice",
          postDate: 1,
          message: "x",
        }),
        { secret: "not-the-secret" },
      ),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(commands).toEqual(["GetItemCommand", "GetItemCommand", "GetItemCommand"]);
    report("refused deliveries", {
      receivers: refused.length,
      storageRequestsEach: commands.length / refused.length,
    });
  });
});

describe("the PHP form parser", () => {
  it("appends `a[]` entries in linear time, in order", () => {
    const parsed = parsePhpForm(FORM_BOMB);
    const x = parsed.x as Record<string, string>;
    expect(Object.keys(x)).toHaveLength(200_000);
    expect(x["0"]).toBe("");
    expect(x["199999"]).toBe("");
  });

  it("numbers appended entries after the explicit ones, as PHP does", () => {
    expect(parsePhpForm("a[]=x&a[5]=y&a[]=z&b[c][]=1&b[c][]=2")).toEqual({
      a: { "0": "x", "5": "y", "6": "z" },
      b: { c: { "0": "1", "1": "2" } },
    });
  });
});
