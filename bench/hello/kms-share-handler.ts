import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { DecryptCommand, KMSClient } from "@aws-sdk/client-kms";

/**
 * The two SDK clients of a webhook's cold first turn, built as shared/aws/runtime.ts builds them
 * (the KMS client on DynamoDB's HTTP handler when SHARE_HANDLER is set), and the CPU time of each
 * of their first requests against their second (bench/kms-share.ts).
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const built = cpuMs();
const dynamo = new DynamoDBClient({});
const kms = process.env.SHARE_HANDLER
  ? new KMSClient({ requestHandler: dynamo.config.requestHandler })
  : new KMSClient({});
const construction = cpuMs() - built;

export const handler = async (): Promise<Record<string, number>> => {
  const steps: Record<string, number> = { "both clients built": construction };
  const get = () =>
    dynamo.send(new GetItemCommand({ TableName: "t", Key: { pk: { S: "FORUM#f" }, sk: { S: "FORUM" } } }));
  const decrypt = () =>
    kms.send(new DecryptCommand({ KeyId: process.env.SECRETS_KEY_ARN, CiphertextBlob: new Uint8Array(32) }));
  for (const [name, send] of [
    ["DynamoDB's first request", get],
    ["DynamoDB's second", get],
    ["KMS's first request", decrypt],
    ["KMS's second", decrypt],
  ] as const) {
    const at = cpuMs();
    await send();
    steps[name] = cpuMs() - at;
  }
  return steps;
};
