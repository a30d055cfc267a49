import { startDynamoDbLocal } from "./infra/local/dynamodb-local.js";
import { measureBundles } from "./bench/cold-starts.js";
import { createBenchTable } from "./bench/referee-app.js";
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
try {
  const table = await createBenchTable(dynamo.endpoint);
  const r = await measureBundles(dynamo.endpoint, table, Number(process.env.RUNS ?? 3), { only: ["webhook-turn", "dynamodb-sdk"] });
  for (const b of [...r.bundles, ...r.references]) if (b.cpuMs) console.log(b.name, b.coldStartMs, b.cpuMs, (b as {instructions?: number}).instructions);
} finally {
  await dynamo.stop();
}
