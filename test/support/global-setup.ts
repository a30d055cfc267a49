import type { TestProject } from "vitest/node";
import { startDynamoDbLocal } from "../../infra/local/dynamodb-local.js";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local for the whole run, in memory; each test file makes its own table. */
export default async function setup(project: TestProject) {
  // Node 20 is the supported local runtime (Lambda runs 22): the SDK's notice about it is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
  project.provide("dynamoEndpoint", dynamo.endpoint);
  process.env.DYNAMO_ENDPOINT = dynamo.endpoint;
  return async () => {
    await dynamo.stop();
  };
}
