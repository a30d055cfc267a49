import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../infra/local/clock.js";
import { DuelService } from "../../shared/app/duel-service.js";
import { createApp } from "../../shared/http/app.js";
import { hashToken } from "../../shared/http/auth.js";
import { discourseFixture, LONG_RP, sendDiscourse, sendGenericRaw, withPost } from "../http/support.js";
import { ADMIN_TOKEN, DISCOURSE_SECRET, GENERIC_SECRET, postPayload } from "../support/harness.js";
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
      late4m59: await sendGenericRaw(h, raw, { timestamp: at(-299) }),
      early4m59: await sendGenericRaw(h, raw, { timestamp: at(299) }),
      late5m01: await sendGenericRaw(h, raw, { timestamp: at(-301) }),
      early5m01: await sendGenericRaw(h, raw, { timestamp: at(301) }),
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
    expect(source("functions/http/compose.ts")).toMatch(/adminTokenHash: adminTokenHashFromSecret\(/);
    expect(source("shared/aws/admin-token.ts")).toMatch(
      /const token = body\.SecretString\.trim\(\);[\s\S]*return hashToken\(token\)/,
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

describe("security figures", () => {
  it("prints them", () => {
    report("security", figures);
    expect(Object.keys(figures).length).toBeGreaterThanOrEqual(4);
  });
});
