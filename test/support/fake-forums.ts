import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A post the fake forum holds. */
export interface FakePost {
  readonly id: number;
  readonly threadId: string;
  readonly author: string;
  readonly text: string;
}

/**
 * A forum's API on loopback, as much of it as the thread posters use: it keeps the posts it is
 * sent, counts every request, and can lose its answer to the next `dropAnswers` posts (the post is
 * kept, the connection is cut before the answer: a reply created whose answer was lost).
 */
export interface FakeForum {
  readonly url: string;
  readonly posts: FakePost[];
  readonly requests: { method: string; path: string }[];
  dropAnswers: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, body: string, url: URL, forum: FakeForum) => unknown;

async function start(handle: Handler): Promise<FakeForum> {
  const forum: FakeForum = {
    url: "",
    posts: [],
    requests: [],
    dropAnswers: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      forum.requests.push({ method: req.method ?? "", path: url.pathname });
      const posted = forum.posts.length;
      const answer = handle(req, body, url, forum);
      if (answer === undefined) {
        res.writeHead(404, { "content-type": "application/json" }).end('{"errors":["not found"]}');
      } else if (answer === null) {
        res.writeHead(403, { "content-type": "application/json" }).end('{"errors":["forbidden"]}');
      } else if (forum.posts.length > posted && forum.dropAnswers > 0) {
        forum.dropAnswers--;
        res.socket?.destroy();
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(forum, { url: `http://127.0.0.1:${port}` });
  return forum;
}

/** Discourse: `POST /posts.json`, `GET /t/{id}.json`, `GET /t/{id}/posts.json?post_ids[]=…`. */
export function fakeDiscourse(apiKey: string): Promise<FakeForum> {
  return start((req, body, url, forum) => {
    if (req.headers["api-key"] !== apiKey) return null;
    const username = String(req.headers["api-username"] ?? "");
    if (req.method === "POST" && url.pathname === "/posts.json") {
      const sent = JSON.parse(body) as { topic_id: number; raw: string };
      const post = {
        id: 90_000 + forum.posts.length,
        threadId: String(sent.topic_id),
        author: username,
        text: sent.raw,
      };
      forum.posts.push(post);
      return { id: post.id, topic_id: sent.topic_id, username, raw: sent.raw };
    }
    const topic = /^\/t\/(\d+)\.json$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && topic) {
      return { post_stream: { stream: forum.posts.filter((p) => p.threadId === topic).map((p) => p.id) } };
    }
    const posts = /^\/t\/(\d+)\/posts\.json$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && posts) {
      const ids = url.searchParams.getAll("post_ids[]").map(Number);
      const found = forum.posts.filter((p) => p.threadId === posts && ids.includes(p.id));
      // Discourse answers the cooked HTML, not the raw text.
      return {
        post_stream: {
          posts: found.map((p) => ({
            id: p.id,
            username: p.author,
            cooked: `<p>${p.text.replace(/\n/g, "<br>")}</p>`,
          })),
        },
      };
    }
    return undefined;
  });
}

/** XenForo: `POST /api/posts/` (form-encoded), `GET /api/threads/{id}/posts?page=n` (20 a page). */
export function fakeXenForo(apiKey: string): Promise<FakeForum> {
  return start((req, body, url, forum) => {
    if (req.headers["xf-api-key"] !== apiKey) return null;
    // A user key acts as its own user; a super-user key names one in XF-Api-User.
    const userId = String(req.headers["xf-api-user"] ?? "4242");
    if (req.method === "POST" && url.pathname === "/api/posts/") {
      const form = new URLSearchParams(body);
      const post = {
        id: 99_000 + forum.posts.length,
        threadId: form.get("thread_id") ?? "",
        author: userId,
        text: form.get("message") ?? "",
      };
      forum.posts.push(post);
      return {
        success: true,
        post: {
          post_id: post.id,
          thread_id: Number(post.threadId),
          user_id: Number(userId),
          message: post.text,
        },
      };
    }
    const thread = /^\/api\/threads\/(\d+)\/posts$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && thread) {
      const all = forum.posts.filter((p) => p.threadId === thread);
      const lastPage = Math.max(1, Math.ceil(all.length / 20));
      const page = Number(url.searchParams.get("page") ?? "1");
      return {
        pagination: { current_page: page, last_page: lastPage, per_page: 20, shown: 20, total: all.length },
        posts: all.slice((page - 1) * 20, page * 20).map((p) => ({
          post_id: p.id,
          thread_id: Number(p.threadId),
          user_id: Number(p.author),
          message: p.text,
        })),
      };
    }
    return undefined;
  });
}
