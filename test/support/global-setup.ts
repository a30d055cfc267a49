import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../infra/local/dynamodb-local.js";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

interface Shared {
  readonly started: Promise<DynamoDbLocal>;
  users: number;
}

/**
 * The integration and slow projects each name this setup, and vitest runs it once per project in
 * the same main process: the first starts DynamoDB Local, the others reuse it, and the last one
 * to finish stops it. Its key lives on `globalThis` because each project loads this module anew.
 */
const SHARED = Symbol.for("duel-referee.test.dynamodb-local");
const registry = globalThis as typeof globalThis & { [SHARED]?: Shared };

/**
 * One DynamoDB Local for the whole run, in memory, in a Java tuned for a run of minutes; each test
 * file makes its own table. Java may be slow to start on a busy machine: it has three minutes.
 */
export default async function setup(project: TestProject) {
  // Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  registry[SHARED] ??= {
    started: startDynamoDbLocal({ dataDir: "memory", startTimeoutMs: 180_000, shortLived: true }),
    users: 0,
  };
  const shared = registry[SHARED];
  shared.users += 1;
  const dynamo = await shared.started;
  project.provide("dynamoEndpoint", dynamo.endpoint);
  process.env.DYNAMO_ENDPOINT = dynamo.endpoint;
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[SHARED];
    await dynamo.stop();
  };
}
