import { createForum, duelView, playTurn, startDuel } from "../bench/duel-posts.js";
import { createRefereeApp } from "../bench/referee-app.js";
import { startDynamoDbLocal } from "../infra/local/dynamodb-local.js";

const d = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const r = await createRefereeApp(d.endpoint);
  await createForum(r.app);
  const id = await startDuel(r.app, 1);
  const before = r.requests.tally();
  const ms: number[] = [];
  for (let i = 0; i < 20; i++) ms.push(await playTurn(r.app, 1, i));
  console.log(ms.map((m) => m.toFixed(1)).join(" "));
  console.log(r.requests.tally(), before, r.effects);
  const v = await duelView(r.app, id);
  console.log(
    JSON.stringify(v.turn),
    JSON.stringify((v.duelists as any[]).map((d) => [d.points, d.actionFaults])),
  );
} finally {
  await d.stop();
}
