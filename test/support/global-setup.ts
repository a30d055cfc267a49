import type { TestProject } from "vitest/node";
import { startDynamoDbLocal } from "../../infra/local/dynamodb-local.js";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local for the whole run, in memory; each test file makes its own table. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal({ dataDir: "memory" });
  project.provide("dynamoEndpoint", dynamo.endpoint);
  process.env.DYNAMO_ENDPOINT = dynamo.endpoint;
  return async () => {
    await dynamo.stop();
  };
}
