import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { DuelService } from "../../shared/app/duel-service.js";
import { createApp } from "../../shared/http/app.js";
import { hashToken } from "../../shared/http/auth.js";
import { discourseFixture, sendDiscourse, withPost } from "../support/discourse.js";
import { LONG_RP, postPayload } from "../support/duels.js";
import { ADMIN_TOKEN, DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";
import {
  ALICE,
  afterTheFile,
  captureLog,
  deliverGeneric,
  duelSnapshot,
  genericPayload,
  openDuel,
  recordAnswers,
  recordedHarness,
  report,
  secret,
  type ThreadPost,
  tableItems,
} from "./support.js";

afterTheFile("security");

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const source = (path: string) => readFileSync(join(ROOT, path), "utf8");
const WRONG_SAME_LENGTH = ADMIN_TOKEN.replace(/.$/, (c) => (c === "x" ? "y" : "x"));
const figures: Record<string, number> = {};
const count = (name: string, n = 1) => {
  figures[name] = (figures[name] ?? 0) + n;
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("signatures and tokens are compared in constant time", () => {
  it("the code compares with timingSafeEqual, and never a secret with ===", () => {
    expect(source("shared/http/tokens.ts")).toMatch(/timingSafeEqual\(a, b\)/);
    // The admin token, an issued credential's token and an operator session's key (CONTRACT 3.1).
    expect(source("shared/http/auth.ts")).toMatch(
      /tokenMatches\(token, await resolveHash\(deps\.adminTokenHash\)\)/,
    );
    expect(source("shared/http/auth.ts")).toMatch(/tokenMatches\(token, credential\.tokenHash\)/);
    expect(source("shared/http/auth.ts")).toMatch(/sameHash\(session\.subject\.adminKey, current\)/);
    expect(source("shared/http/admin/login.tsx")).toMatch(/principalOfToken\(deps, token\)/);
    expect(source("shared/http/admin/csrf.ts")).toMatch(/timingSafeEqual\(a, b\)/);
    expect(source("shared/http/routes/webhooks.ts")).toMatch(/timingSafeEqual\(given, expected\)/);
    expect(source("shared/http/routes/webhooks.ts")).toMatch(
      /standardWebhookRefusal\(raw, c\.req\.raw\.headers, secret\)/,
    );
    // Standard Webhooks signatures, ours on node:crypto, compared as Discourse's are.
    expect(source("shared/http/standard-webhooks.ts")).toMatch(/timingSafeEqual\(given, wanted\)/);
    expect(source("shared/http/standard-webhooks.ts")).toMatch(/sameText\(signature, expected\)/);
    // The library is only the tests' oracle now (test/http/standard-webhooks.test.ts).
    const runtime = [...sourcesUnder("shared"), ...sourcesUnder("functions")];
    expect(runtime.filter((path) => /from "standardwebhooks"/.test(source(path)))).toEqual([]);
    // No `===` between something named like a secret and a value (typeof checks and emptiness aside).
    const plain =
      /(?<!typeof )\b\w*(?:token|secret|signature|hmac|csrf)\w*\b\s*[!=]==\s*(?!undefined\b|null\b|""|'')[\w"'`]|[\w"'`)\]]\s*[!=]==\s*\w*(?:token|secret|signature|hmac|csrf)\w*\b/i;
    const offenders = [...sourcesUnder("shared"), ...sourcesUnder("functions")].flatMap((path) =>
      source(path)
        .split("\n")
        .map((line, i) => ({ where: `${path}:${i + 1}`, line: line.trim() }))
        .filter(({ line }) => !line.startsWith("//") && !line.startsWith("*") && plain.test(line)),
    );
    expect(offenders).toEqual([]);
  });

  it("a wrong admin token of the right length is refused, by header, cookie and login form; any token in a URL is refused", async () => {
    const h = await recordedHarness();
    const ask = async (headers: Record<string, string>, query = "") =>
      (await h.app.request(`/duels${query}`, { headers })).status;
    expect(WRONG_SAME_LENGTH).toHaveLength(ADMIN_TOKEN.length);
    expect(await ask({ authorization: `Bearer ${ADMIN_TOKEN}` })).toBe(200);
    expect(await ask({ authorization: `Bearer ${WRONG_SAME_LENGTH}` })).toBe(401);
    expect(await ask({ cookie: `duel_admin=${WRONG_SAME_LENGTH}` })).toBe(401);
    expect(await ask({}, `?token=${WRONG_SAME_LENGTH}`)).toBe(400);
    expect(await ask({}, `?token=${ADMIN_TOKEN}`)).toBe(400);
    expect(await ask({ authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` })).toBe(401);
    expect(await ask({ authorization: `Bearer ${ADMIN_TOKEN}x` })).toBe(401);
    // The login form, with its CSRF token and session as a browser would send them.
    const page = await h.app.request("/admin/login");
    const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const csrf = (await page.text()).match(/name="_csrf" value="([^"]+)"/)?.[1] ?? "";
    const login = await h.app.request("/admin/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: "http://localhost" },
      body: new URLSearchParams({ _csrf: csrf, token: WRONG_SAME_LENGTH }).toString(),
    });
    expect(csrf).not.toBe("");
    expect(login.status).toBe(401);
    expect(login.headers.get("set-cookie") ?? "").not.toContain("duel_admin=");
    count("wrongSameLengthTokensRefused", 6);
  });
});

describe("CONTRACT 4.1 the 5-minute window of Standard Webhooks, in real time", () => {
  it("CONTRACT 4.1 4m59s early or late is accepted, 5m01s early or late is refused", async () => {
    const h = await recordedHarness();
    await h.forum();
    // Not a duel's thread: an accepted delivery answers `ignored` and changes nothing.
    const raw = JSON.stringify(
      postPayload({
        threadId: "77",
        postId: "1",
        author: ALICE,
        createdAt: "2026-11-30T10:05:00Z",
        content: "x",
      }),
    );
    // The headers carry whole seconds: starting just after a second turns gives the request the most time.
    while (Date.now() % 1000 > 100) await new Promise((r) => setTimeout(r, 10));
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const answers = {
      late4m59: await h.genericRaw(raw, { timestamp: at(-299) }),
      early4m59: await h.genericRaw(raw, { timestamp: at(299) }),
      late5m01: await h.genericRaw(raw, { timestamp: at(-301) }),
      early5m01: await h.genericRaw(raw, { timestamp: at(301) }),
    };
    expect(answers.late4m59).toEqual({ status: 200, body: { result: "ignored" } });
    expect(answers.early4m59).toEqual({ status: 200, body: { result: "ignored" } });
    expect(answers.late5m01.status).toBe(401);
    expect(answers.early5m01.status).toBe(401);
    expect(answers.late5m01.body.error).toMatchObject({ code: "invalid_signature" });
    count("timestampEdgesChecked", 4);
  });
});

describe("the admin token is kept hashed", () => {
  it("the app is given the token's hash only, and nothing stored holds the token", async () => {
    expect(source("shared/http/deps.ts")).toMatch(/readonly adminTokenHash: TokenHash;/);
    expect(source("shared/http/deps.ts")).not.toMatch(/adminToken\b(?!Hash)/);
    expect(source("functions/http/compose.ts")).toMatch(/adminTokenHash: adminTokenHashFromParameter\(/);
    expect(source("shared/aws/admin-token.ts")).toMatch(
      /const token = parameter\.Value\?\.trim\(\);[\s\S]*return hashToken\(token\)/,
    );

    const h = await recordedHarness();
    // An app given the token itself where the hash goes refuses the token: it compares hashes.
    const clock = new ManualClock("2026-11-30T10:00:00.000Z");
    const misconfigured = createApp({
      store: h.store,
      access: h.store.accessStore(),
      duels: new DuelService({ store: h.store, now: () => clock.now() }),
      clock,
      adminTokenHash: ADMIN_TOKEN,
      rollDice: () => [3, 3],
      newId: randomUUID,
      log: captureLog,
    });
    recordAnswers(misconfigured);
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await misconfigured.request("/duels", { headers: auth })).status).toBe(401);
    expect((await h.app.request("/duels", { headers: auth })).status).toBe(200);

    // A forum, a duel, posts and decisions later, no item holds the token nor its hash.
    await h.forum();
    const duelId = await openDuel(h, "1234");
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "adjust-points",
      duelistId: "42",
      delta: -1,
    });
    await h.settle();
    const items = await tableItems(h.client, h.tableName);
    expect(items.length).toBeGreaterThan(5);
    expect(items.filter((i) => i.includes(ADMIN_TOKEN) || i.includes(hashToken(ADMIN_TOKEN)))).toEqual([]);
    count("storedItemsScannedForTheToken", items.length);
  });

  it("CONTRACT 3 no GET shows a forum's secrets", async () => {
    const h = await recordedHarness();
    await h.forum();
    const forum = await h.admin("GET", "/forums/poudlard");
    expect(JSON.stringify(forum.body)).not.toContain(GENERIC_SECRET.slice(6));
    expect(JSON.stringify(forum.body)).not.toContain(DISCOURSE_SECRET);
    for (const path of ["/duels", "/status", "/openapi.json", "/docs", "/admin"]) {
      const res = await h.app.request(path, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.status, path).toBeLessThan(400);
    }
  });
});

describe("one forum's secret cannot act on another forum's duels", () => {
  const SERDAIGLE_GENERIC = secret(
    "serdaigle generic secret",
    `whsec_${Buffer.from("serdaigle-secret-of-32-bytes-ok!").toString("base64")}`,
  );
  const SERDAIGLE_DISCOURSE = secret("serdaigle Discourse secret", "serdaigle-discourse-secret");
  const post: ThreadPost = {
    threadId: "1234",
    postId: "4201",
    author: ALICE,
    createdAt: "2026-11-30T10:05:00.000Z",
    content: `${LONG_RP}\n[duel]\nSort : Incendio\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]`,
    dice: [5, 2],
  };

  it("a webhook to forum B signed with A's secret is 401; A's delivery naming B's thread reaches A's duel only", async () => {
    const h = await recordedHarness();
    await h.forum();
    await h.admin("PUT", "/forums/serdaigle", {
      name: "Serdaigle RPG",
      webhookSecrets: { generic: SERDAIGLE_GENERIC, discourse: SERDAIGLE_DISCOURSE },
      referees: [{ id: "7", name: "Minerva McGonagall" }],
    });
    const a = await openDuel(h, "1234", { dice: "forum" });
    const b = await openDuel(h, "1234", { forumId: "serdaigle", dice: "forum" });
    await openDuel(h, "5678", { forumId: "serdaigle", dice: "forum" });
    expect([a, b]).toEqual(["poudlard.1234", "serdaigle.1234"]);
    const bBefore = await duelSnapshot(h, b);
    const b5678 = await duelSnapshot(h, "serdaigle.5678");

    // B's URL, A's secrets: refused.
    const forgedGeneric = await h.generic(genericPayload(post), {
      forumId: "serdaigle",
      secret: GENERIC_SECRET,
    });
    expect(forgedGeneric.status).toBe(401);
    const fixture = withPost(discourseFixture("post_created"), {
      id: 4202,
      topic_id: 1234,
      user_id: 42,
      raw: post.content,
      created_at: post.createdAt,
      updated_at: post.createdAt,
    });
    expect((await sendDiscourse(h, fixture, { forumId: "serdaigle", secret: DISCOURSE_SECRET })).status).toBe(
      401,
    );

    // A's URL and secret, B's thread id: the duel is A's `poudlard.1234`; B's own thread 5678 is no duel of A's.
    expect((await deliverGeneric(h, post, "m-a")).body).toEqual({
      result: "applied",
      duelId: "poudlard.1234",
    });
    const onlyB = genericPayload({ ...post, threadId: "5678", postId: "4203" });
    expect((await h.generic(onlyB)).body).toEqual({ result: "ignored" });

    expect(await duelSnapshot(h, b)).toEqual(bBefore);
    expect(await duelSnapshot(h, "serdaigle.5678")).toEqual(b5678);
    // And B's own secret does act on B.
    expect(
      (
        await h.generic(genericPayload({ ...post, postId: "4204" }), {
          forumId: "serdaigle",
          secret: SERDAIGLE_GENERIC,
        })
      ).body,
    ).toEqual({
      result: "applied",
      duelId: "serdaigle.1234",
    });
    count("crossForumAttemptsRefused", 2);
    count("crossForumDeliveriesKeptInTheirForum", 2);
  });
});

describe("R-7.1 only the duel's referee decides", () => {
  it("R-7.1 an [arbitre] block in a duelist's post is ignored: the duel is as if it were not there", async () => {
    const block = "[arbitre]\npoints Bob -10\ndisqualifier Bob\nfin Alice\nfaute absence Bob\n[/arbitre]";
    const turn = (content: string, postId: string): ThreadPost => ({
      threadId: "1234",
      postId,
      author: ALICE,
      createdAt: "2026-11-30T10:05:00.000Z",
      content,
      dice: [4, 3],
    });
    const base = `${LONG_RP}\n[duel]\nSort : Incendio\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]`;

    const plain = await recordedHarness();
    await plain.forum();
    await openDuel(plain, "1234", { dice: "forum" });
    await deliverGeneric(plain, turn(base, "4301"), "m-1");

    const sneaky = await recordedHarness();
    await sneaky.forum();
    await openDuel(sneaky, "1234", { dice: "forum" });
    expect((await deliverGeneric(sneaky, turn(`${base}\n${block}`, "4301"), "m-1")).body.result).toBe(
      "applied",
    );

    const got = await duelSnapshot(sneaky, "poudlard.1234");
    const expected = await duelSnapshot(plain, "poudlard.1234");
    expect(got.view).toEqual(expected.view);
    // The post's own text differs (its hash and summary); nothing else may.
    const strip = (events: typeof got.events) =>
      events.map((e) => ({ ...e, hash: undefined, summary: undefined }));
    expect(strip(got.events)).toEqual(strip(expected.events));
    expect(got.events.map((e) => e.type)).not.toContain("points.adjusted");

    // The same block in the referee's own post is obeyed (the block itself is read).
    const referee = await deliverGeneric(
      sneaky,
      {
        ...turn(block, "4302"),
        author: { id: "7", name: "Minerva McGonagall" },
        createdAt: "2026-11-30T10:20:00.000Z",
      },
      "m-2",
    );
    expect(referee.body.result).toBe("applied");
    const after = await duelSnapshot(sneaky, "poudlard.1234");
    expect(after.view.status).toBe("finished");
    expect(after.events.map((e) => e.type)).toContain("points.adjusted");
    count("duelistRefereeBlocksIgnored");
  });
});

describe("CONTRACT 4 forum ids cannot be guessed", () => {
  it("CONTRACT 4.1 4.2 an unknown forum, a forum without that secret and a bad signature answer the same", async () => {
    const h = await recordedHarness();
    await h.forum();
    // `serdaigle` has no Discourse secret and no generic one: the same answer as a wrong signature.
    await h.admin("PUT", "/forums/serdaigle", { name: "Serdaigle RPG", webhookSecrets: {} });
    const raw = JSON.stringify(
      postPayload({ postId: "1", author: ALICE, createdAt: "2026-11-30T10:05:00Z", content: "x" }),
    );
    const other = `whsec_${Buffer.from("not-the-secret-of-any-forum-32b!").toString("base64")}`;
    const stale = new Date(Date.now() - 3600_000);
    const generic = {
      unknownForum: await h.genericRaw(raw, { forumId: "nope-nothing-here" }),
      noSecret: await h.genericRaw(raw, { forumId: "serdaigle" }),
      wrongSecret: await h.genericRaw(raw, { secret: other }),
      unknownStale: await h.genericRaw(raw, { forumId: "nope-nothing-here", timestamp: stale }),
      knownStale: await h.genericRaw(raw, { secret: other, timestamp: stale }),
    };
    expect(generic.wrongSecret).toEqual({
      status: 401,
      body: { error: { code: "invalid_signature", message: expect.any(String) } },
    });
    expect(generic.unknownForum).toEqual(generic.wrongSecret);
    expect(generic.noSecret).toEqual(generic.wrongSecret);
    expect(generic.unknownStale).toEqual(generic.knownStale);

    const fixture = discourseFixture("post_created");
    const discourse = {
      unknownForum: await sendDiscourse(h, fixture, { forumId: "nope-nothing-here" }),
      noSecret: await sendDiscourse(h, fixture, { forumId: "serdaigle" }),
      wrongSecret: await sendDiscourse(h, fixture, { secret: "not-the-discourse-secret" }),
    };
    expect(discourse.wrongSecret).toEqual({
      status: 401,
      body: { error: { code: "invalid_signature", message: expect.any(String) } },
    });
    expect(discourse.unknownForum).toEqual(discourse.wrongSecret);
    expect(discourse.noSecret).toEqual(discourse.wrongSecret);
    count("forumGuessesAnsweredAsBadSignatures", 4);
  });
});

describe("CONTRACT 2 ids too long for a storage key", () => {
  it("CONTRACT 2 a duel id or a user id of 2 KB in a path answers 400, never 500", async () => {
    const h = await recordedHarness();
    await h.forum();
    const long = `poudlard.${"1".repeat(2048)}`;
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" };
    const asked = async (method: string, path: string, body?: unknown) =>
      (
        await h.app.request(path, {
          method,
          headers: auth,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      ).status;
    expect(await asked("GET", `/duels/${long}`)).toBe(400);
    expect(await asked("GET", `/duels/${long}/events`)).toBe(400);
    expect(await asked("GET", `/duels/${long}/notifications`)).toBe(400);
    expect(await asked("POST", `/duels/${long}/commands`, { command: "top" })).toBe(400);
    expect(await asked("GET", `/duelists/poudlard/${"4".repeat(2048)}`)).toBe(400);
    // The desk's page of such a duel: no duel, not an error.
    expect(await asked("GET", `/admin/duels/${long}`)).toBe(404);
    // An id of the right shape that names no duel is still a 404.
    expect(await asked("GET", "/duels/poudlard.4242")).toBe(404);
    count("longIdsRefused", 6);
  });
});

describe("CONTRACT 7 the local clock is the admin's", () => {
  it("CONTRACT 7 GET and POST /_local/clock without the admin token answer 401 and move nothing", async () => {
    const h = await recordedHarness();
    const get = await h.app.request("/_local/clock");
    const post = await h.app.request("/_local/clock", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance: "PT72H" }),
    });
    const wrong = await h.app.request("/_local/clock", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${WRONG_SAME_LENGTH}` },
      body: JSON.stringify({ advance: "PT72H" }),
    });
    expect([get.status, post.status, wrong.status]).toEqual([401, 401, 401]);
    expect(await post.json()).toMatchObject({ error: { code: "unauthorized" } });
    expect(h.clock.now().toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect((await h.admin("GET", "/_local/clock")).status).toBe(200);
    count("clockMovesWithoutTokenRefused", 3);
  });
});

describe("CONTRACT 3 notification channels lead to public https hosts only", () => {
  const forumWith = (notify: unknown[]) => ({
    name: "Poudlard RPG",
    webhookSecrets: { generic: GENERIC_SECRET },
    notify,
  });

  it("CONTRACT 3 PUT /forums refuses loopback, private, link-local, metadata, non-https and non-Discord URLs with 400 naming the field", async () => {
    const h = await recordedHarness();
    const refused: [unknown, string][] = [
      [{ type: "webhook", url: "http://127.0.0.1:8080/hook" }, "notify.0.url"],
      [{ type: "webhook", url: "https://169.254.169.254/latest/meta-data/" }, "notify.0.url"],
      [{ type: "webhook", url: "https://[::1]/hook" }, "notify.0.url"],
      [{ type: "webhook", url: "https://10.0.0.5/hook" }, "notify.0.url"],
      [{ type: "webhook", url: "https://localhost/hook" }, "notify.0.url"],
      [{ type: "webhook", url: "file:///etc/passwd" }, "notify.0.url"],
      [{ type: "webhook", url: "javascript:alert(1)" }, "notify.0.url"],
      [{ type: "webhook", url: "http://hooks.example.org/in" }, "notify.0.url"],
      [{ type: "discord", url: "https://hooks.example.org/api/webhooks/1/token" }, "notify.0.url"],
      [
        { type: "discourse", baseUrl: "https://192.168.1.10", apiKey: "k", apiUsername: "system" },
        "notify.0.baseUrl",
      ],
    ];
    for (const [channel, field] of refused) {
      const res = await h.admin("PUT", "/forums/poudlard", forumWith([channel]));
      expect(res.status, JSON.stringify(channel)).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "invalid_body",
        message: expect.stringContaining(field),
        details: [{ path: field, message: expect.any(String) }],
      });
    }
    // Nothing was saved; the second channel of a list is named by its own index.
    expect((await h.admin("GET", "/forums/poudlard")).status).toBe(404);
    const second = await h.admin(
      "PUT",
      "/forums/poudlard",
      forumWith([{ type: "log" }, { type: "webhook", url: "https://127.0.0.1/x" }]),
    );
    expect(second.body.error).toMatchObject({ details: [{ path: "notify.1.url" }] });
    const fine = await h.admin(
      "PUT",
      "/forums/poudlard",
      forumWith([
        { type: "webhook", url: "https://hooks.example.org/in" },
        { type: "discord", url: "https://discord.com/api/webhooks/1234/token" },
        { type: "discourse", baseUrl: "https://forum.poudlard-rp.fr", apiKey: "k", apiUsername: "system" },
      ]),
    );
    expect(fine.status).toBe(201);
    count("channelUrlsRefused", refused.length + 1);
  });

  it("CONTRACT 3 only the local composition root allows loopback, and the deployed stack never", async () => {
    const local = await recordedHarness({ allowLoopbackChannels: true });
    const loopback = forumWith([{ type: "webhook", url: "http://127.0.0.1:8080/hook" }]);
    expect((await local.admin("PUT", "/forums/poudlard", loopback)).status).toBe(201);
    // Even there, private and metadata addresses stay refused.
    const metadata = forumWith([{ type: "webhook", url: "http://169.254.169.254/" }]);
    expect((await local.admin("PUT", "/forums/poudlard", metadata)).status).toBe(400);
    // The deployed composition roots set no destination policy: public hosts only.
    const deployed = [
      ...sourcesUnder("functions"),
      ...sourcesUnder("shared/aws"),
      ...sourcesUnder("infra/cdk"),
    ];
    expect(
      deployed.filter((path) => /allowLoopback|channelDestinations|destinations:/.test(source(path))),
    ).toEqual([]);
    expect(source("shared/aws/relay-runtime.ts")).toMatch(/notifier: createNotifier\(\),/);
  });

  it("CONTRACT 3 a refused delivery keeps only the status code in lastError, never the receiver's answer", async () => {
    const leak = "INTERNAL-ANSWER-aws_secret_access_key=AKIA";
    const receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () =>
        res.writeHead(400, { "content-type": "text/plain" }).end(`${leak} ${"x".repeat(300)}`),
      );
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
      const h = await recordedHarness({
        allowLoopbackChannels: true,
        notifier: createNotifier({ http: { destinations: { allowLoopback: true } } }),
      });
      await h.forum({ notify: [{ type: "webhook", url }] });
      const duelId = await openDuel(h, "1234");
      await h.settle();
      const listed = await h.admin("GET", `/duels/${duelId}/notifications`);
      const channels = (listed.body.notifications as { channels: { lastError: string | null }[] }[]).flatMap(
        (n) => n.channels,
      );
      expect(channels.length).toBeGreaterThan(0);
      for (const channel of channels) expect(channel.lastError).toBe("Webhook : requête refusée (400).");
      expect(JSON.stringify(listed.body)).not.toContain("INTERNAL-ANSWER");
      expect((await tableItems(h.client, h.tableName)).filter((i) => i.includes("INTERNAL-ANSWER"))).toEqual(
        [],
      );
      count("receiverAnswersKeptOut", channels.length);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe("security figures", () => {
  it("prints them", () => {
    report("security", figures);
    expect(Object.keys(figures).length).toBeGreaterThanOrEqual(4);
  });
});
