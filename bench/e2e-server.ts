import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { startLocalStack } from "../infra/local/stack.js";
import { standardWebhookRefusal } from "../shared/http/standard-webhooks.js";
import { countRequestKinds } from "./end-to-end.js";
import { ADMIN_TOKEN, localClient, START } from "./referee-app.js";

/**
 * One server of `bench/end-to-end.ts`, in a process of its own, on loopback:
 * `tsx bench/e2e-server.ts ours|floor <DynamoDB endpoint> <table>`; prints `LISTENING <url>`.
 *
 * - `ours`: `npm start`'s app (startLocalStack: the HTTP server, the relay and the scheduler), on
 *   the bench's DynamoDB Local and table, the manual clock at START as the in-process bench has it
 *   (so the scheduler's loop sleeps, as it does when no timer is due).
 * - `floor`: the least an HTTP webhook receiver does, with node:http alone: read the body, one
 *   consistent GetItem (the forum's secret), the Standard Webhooks check, one PutItem (the
 *   delivery), answer.
 *
 * Either answers a line `counts` on stdin with `COUNTS <json>` on stdout: every DynamoDB request
 * the process sent so far, by operation and what it touched (`request-kinds.ts`), and the CPU time
 * the process used so far (user and system, ms).
 */
const [mode, endpoint, tableName] = process.argv.slice(2);
// Killed by the bench: exit as a normal end, so that `--cpu-prof` writes its profile.
process.once("SIGTERM", () => process.exit(0));
if (!endpoint || !tableName || (mode !== "ours" && mode !== "floor")) {
  throw new Error("usage: e2e-server.ts ours|floor <endpoint> <table>");
}

/** Lines on stdin, each handed to every listener. */
const commands: ((line: string) => void)[] = [];
process.stdin.setEncoding("utf8");
let pending = "";
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    for (const command of commands) command(line);
  }
});
const answerCounts = (counts: () => Record<string, number>) =>
  commands.push((line) => {
    if (line !== "counts") return;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`COUNTS ${JSON.stringify({ requests: counts(), cpuMs: (user + system) / 1000 })}\n`);
  });

if (mode === "ours") {
  // `E2E_RELAY=toggle`: the relay polls as `npm start`'s does, but only while told to (lines
  // `relay on` / `relay off` on stdin), so its share of a post's latency can be measured.
  const toggled = process.env.E2E_RELAY === "toggle";
  let requests: () => Record<string, number> = () => ({});
  const stack = await startLocalStack({
    port: 0,
    adminToken: ADMIN_TOKEN,
    dynamoEndpoint: endpoint,
    tableName,
    dataDir: "memory",
    clock: "manual",
    clockStart: START,
    hibouLog: () => {},
    // The in-process bench's dice: every attack deflected, so no duel ends before its last post.
    rollDice: () => [1, 6] as const,
    ...(toggled ? { relayPollMs: 2 ** 31 - 1 } : {}),
    onClient: (client) => {
      requests = countRequestKinds(client);
    },
  });
  answerCounts(() => requests());
  if (toggled) {
    let on = false;
    let timer: NodeJS.Timeout | undefined;
    // The same loop as the local stack's: a run, then 250 ms, then the next run.
    const poll = () => {
      void stack.relay
        .runDue()
        .catch(() => undefined)
        .finally(() => {
          if (on) timer = setTimeout(poll, 250);
        });
    };
    commands.push((line) => {
      if (line !== "relay on" && line !== "relay off") return;
      const wanted = line === "relay on";
      if (wanted === on) return;
      on = wanted;
      clearTimeout(timer);
      if (on) poll();
    });
  }
  process.stdout.write(`LISTENING ${stack.url}\n`);
} else {
  // The floor's client is built as ours is (`infra/local/stack.ts`): the same SDK work per request.
  const client = localClient(endpoint, { cacheMiddleware: true });
  answerCounts(countRequestKinds(client));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const forumId = req.url?.split("/")[2] ?? "";
      const { Item } = await client.send(
        new GetItemCommand({
          TableName: tableName,
          Key: { pk: { S: `FLOOR#${forumId}` }, sk: { S: "CONFIG" } },
          ConsistentRead: true,
        }),
      );
      const secret = Item?.secret?.S;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      if (!secret || standardWebhookRefusal(raw, headers, secret) !== undefined) {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end('{"error":{"code":"invalid_signature"}}');
        return;
      }
      JSON.parse(raw);
      await client.send(
        new PutItemCommand({
          TableName: tableName,
          Item: {
            pk: { S: `FLOOR#DELIVERY#${headers.get("webhook-id") ?? ""}` },
            sk: { S: "DELIVERY" },
            body: { S: raw },
          },
        }),
      );
      res.writeHead(200, { "content-type": "application/json" }).end('{"result":"applied"}');
    });
  });
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
}
