import { afterEach, describe, expect, it } from "vitest";
import { BoardFetchError } from "../../shared/errors.js";
import { BoardClient, USER_AGENT } from "../../shared/forumactif/board-client.js";
import { baseUrlProblem } from "../../shared/forumactif/source-settings.js";
import { guardedFetch, type Resolve } from "../../shared/net/guarded-fetch.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

async function topicBoard() {
  board = await FakeBoard.start();
  const topicId = board.createTopic({ title: "Duel", topicId: "1234" });
  board.addPost(topicId, { authorId: "42", authorName: "Alice Dubois", html: "Bonjour" });
  return board;
}

describe("The board is read politely", () => {
  it("names the project in its User-Agent and asks again conditionally (304 when nothing changed)", async () => {
    const fake = await topicBoard();
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0 });
    const first = await client.get(`${fake.url}/t1234-duel`);
    expect(first.status).toBe("fresh");
    if (first.status !== "fresh") return;
    const again = await client.get(`${fake.url}/t1234-duel`, first);
    expect(again.status).toBe("unchanged");
    fake.addPost("1234", { authorId: "43", authorName: "Bob Martin", html: "Réponse" });
    expect((await client.get(`${fake.url}/t1234-duel`, first)).status).toBe("fresh");
    const requests = fake.topicRequests("1234");
    expect(requests.map((r) => r.headers["user-agent"])).toEqual([USER_AGENT, USER_AGENT, USER_AGENT]);
    expect(requests[1]?.headers["if-none-match"]).toBe(first.etag);
    expect(requests.map((r) => r.status)).toEqual([200, 304, 200]);
  });

  it("a 429 leaves the host alone until its Retry-After: the next read fails without asking", async () => {
    const fake = await topicBoard();
    let now = 1_000_000;
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0, now: () => now });
    fake.failNext(429, 1, { "retry-after": "120" });
    const error = await client.get(`${fake.url}/t1234-duel`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoardFetchError);
    expect((error as BoardFetchError).code).toBe("rate_limited");
    expect((error as BoardFetchError).retryAfterMs).toBe(120_000);
    await expect(client.get(`${fake.url}/t1234-duel`)).rejects.toBeInstanceOf(BoardFetchError);
    expect(fake.topicRequests("1234")).toHaveLength(1);
    now += 121_000;
    expect((await client.get(`${fake.url}/t1234-duel`)).status).toBe("fresh");
  });

  it("a 503 is a failure to retry, never a page", async () => {
    const fake = await topicBoard();
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0 });
    fake.failNext(503, 1, { "retry-after": "0" });
    await expect(client.get(`${fake.url}/t1234-duel`)).rejects.toMatchObject({ code: "server_error" });
  });

  it("one request at a time per host, never all at once", async () => {
    let inFlight = 0;
    let most = 0;
    const client = new BoardClient({
      policy: { allowLoopback: false },
      minIntervalMs: 1,
      fetch: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return new Response("<html></html>", { status: 200 });
      },
    });
    await Promise.all([1, 2, 3].map(() => client.get("https://poudlard.forumactif.com/t1-x")));
    expect(most).toBe(1);
  });

  it("CONTRACT 4.4 the deployed stack reads public https hosts only (the hiboux' policy of section 3); the local stack may read loopback", () => {
    const deployed = { allowLoopback: false };
    expect(baseUrlProblem("https://poudlard.forumactif.com", deployed)).toBeUndefined();
    expect(baseUrlProblem("http://poudlard.forumactif.com", deployed)).toMatch(/https/);
    for (const host of [
      "https://127.0.0.1",
      "https://localhost",
      "https://10.0.0.2",
      "https://169.254.169.254",
      "https://192.168.1.1",
      "https://intranet",
      "https://100.64.0.1",
      "https://[::ffff:127.0.0.1]",
      "https://[fd00::1]",
      "https://board.internal",
    ])
      expect(baseUrlProblem(host, deployed)).toBeDefined();
    expect(baseUrlProblem("http://127.0.0.1:8080", { allowLoopback: true })).toBeUndefined();
    expect(baseUrlProblem("https://user:pw@poudlard.forumactif.com", deployed)).toBeDefined();
  });

  it("a redirect to a refused host is not followed", async () => {
    const client = new BoardClient({
      policy: { allowLoopback: false },
      minIntervalMs: 0,
      fetch: async () =>
        new Response(null, { status: 302, headers: { location: "https://169.254.169.254/" } }),
    });
    await expect(client.get("https://poudlard.forumactif.com/t1-x")).rejects.toMatchObject({
      code: "refused_host",
    });
  });

  it("CONTRACT 4.4 a board whose public name resolves to a private address is not read: the guarded transport checks what it connects to (DNS rebinding)", async () => {
    const resolve: Resolve = async (hostname) =>
      hostname === "rebound.forumactif.com" ? [{ address: "127.0.0.1", family: 4 }] : [];
    const client = new BoardClient({
      policy: { allowLoopback: false },
      minIntervalMs: 0,
      fetch: guardedFetch({ allowLoopback: false }, resolve, { maxBytes: 1 << 20, overflow: "refuse" }),
    });
    await expect(client.get("https://rebound.forumactif.com/t1-x")).rejects.toMatchObject({
      code: "refused_host",
    });
  });

  it("CONTRACT 4.4 a page larger than the limit is refused whole by the guarded transport, never read cut short", async () => {
    const fake = await topicBoard();
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0, maxBytes: 200 });
    await expect(client.get(`${fake.url}/t1234-duel`)).rejects.toMatchObject({ code: "too_large" });
  });

  it("CONTRACT 4.4 the bot account's password goes only to the board's own login form: a form posting elsewhere is not filled in", async () => {
    const fake = await topicBoard();
    fake.messaging.addMember("Arbitre automatique", "secret-du-robot");
    fake.messaging.loginAction = "https://ailleurs.example.org/login";
    fake.setGuestsCanRead("1234", false);
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0 });
    const account = {
      forumId: "poudlard",
      baseUrl: fake.url,
      username: "Arbitre automatique",
      password: "secret-du-robot",
    };
    await expect(client.logIn(account)).rejects.toBeInstanceOf(BoardFetchError);
    expect(fake.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("CONTRACT 4.4 a wrong password fails the login as login_refused; the right one reads the closed topic", async () => {
    const fake = await topicBoard();
    fake.messaging.addMember("Arbitre automatique", "secret-du-robot");
    fake.setGuestsCanRead("1234", false);
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0 });
    const account = {
      forumId: "poudlard",
      baseUrl: fake.url,
      username: "Arbitre automatique",
      password: "faux",
    };
    await expect(client.logIn(account)).rejects.toMatchObject({ code: "login_refused" });
    const right = { ...account, password: "secret-du-robot" };
    await client.logIn(right);
    const page = await client.get(`${fake.url}/t1234-duel`, undefined, right);
    expect(page.status === "fresh" && page.html.includes("Bonjour")).toBe(true);
  });
});

describe("CONTRACT 4.4 board sessions are a forum's and an account's", () => {
  it("another forum naming the same board and username with a wrong password never reads with the first one's session", async () => {
    const fake = await topicBoard();
    fake.messaging.addMember("Arbitre automatique", "secret-du-robot");
    fake.setGuestsCanRead("1234", false);
    const client = new BoardClient({ policy: { allowLoopback: true }, minIntervalMs: 0 });
    const url = `${fake.url}/t1234-duel`;
    const right = {
      forumId: "poudlard",
      baseUrl: fake.url,
      username: "Arbitre automatique",
      password: "secret-du-robot",
    };
    await client.logIn(right);
    const read = await client.get(url, undefined, right);
    expect(read.status === "fresh" && read.html.includes("Bonjour")).toBe(true);
    // Another forum's admin names the same account (the board's address written otherwise) with a
    // wrong password: its reads are a guest's, its login is refused.
    const other = {
      forumId: "serdaigle",
      baseUrl: `${fake.url}/`,
      username: "Arbitre automatique",
      password: "faux",
    };
    const guest = await client.get(url, undefined, other);
    expect(guest.status === "fresh" && guest.html.includes("Bonjour")).toBe(false);
    await expect(client.logIn(other)).rejects.toMatchObject({ code: "login_refused" });
    const after = await client.get(url, undefined, other);
    expect(after.status === "fresh" && after.html.includes("Bonjour")).toBe(false);
    // The same forum with its password changed to a wrong one does not ride on the old session either.
    const changed = { ...right, password: "faux" };
    const stale = await client.get(url, undefined, changed);
    expect(stale.status === "fresh" && stale.html.includes("Bonjour")).toBe(false);
    // The first forum's session is untouched by the refused logins.
    const still = await client.get(url, undefined, right);
    expect(still.status === "fresh" && still.html.includes("Bonjour")).toBe(true);
  });
});
