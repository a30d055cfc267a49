import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";
import { createForum, playTurn, startDuel } from "./duel-posts.js";
import { createBenchTable, createRefereeApp } from "./referee-app.js";
import { since } from "./request-counter.js";
import { median, round } from "./stats.js";

/**
 * A focused run for profiling the webhook path (not part of `npm run bench`): one duel of
 * POSTS posts (default 1000), and per window of 100 posts the p50 of the whole request, of each
 * DynamoDB command, and of the rest. Under `node --cpu-prof` the profile shows the Node side:
 *
 *   POSTS=1000 node --cpu-prof --cpu-prof-dir=.profiles --import tsx bench/profile-webhook.ts
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const posts = Number(process.env.POSTS ?? 1000);
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const ours = createRefereeApp(dynamo.endpoint, await createBenchTable(dynamo.endpoint));
  await createForum(ours.app);
  await startDuel(ours.app, 1);
  let rows: { total: number; rest: number; byCommand: Record<string, number> }[] = [];
  for (let n = 0; n < posts; n++) {
    const before = ours.requests.tally();
    const total = await playTurn(ours.app, 1, n);
    const spent = since(before, ours.requests.tally());
    rows.push({ total, rest: total - spent.ms, byCommand: { ...spent.msByCommand } });
    if (rows.length === 100) {
      const commands = Object.keys(rows[0]?.byCommand ?? {});
      const parts = commands.map(
        (c) => `${c.replace("Command", "")} ${round(median(rows.map((r) => r.byCommand[c] ?? 0)))}`,
      );
      process.stdout.write(
        `posts ${n - 98}–${n + 1}: p50 ${round(median(rows.map((r) => r.total)))} ms = ${parts.join(" + ")} + rest ${round(median(rows.map((r) => r.rest)))}\n`,
      );
      rows = [];
    }
  }
} finally {
  await dynamo.stop();
}
