import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TABLE_DATA_ACTIONS } from "../../infra/cdk/table-access.js";

const ADAPTER_DIR = new URL("../../shared/adapters/dynamodb/", import.meta.url);

/**
 * Calls made only by the local stack: its createTable (the cloud table comes from CDK), and its
 * scheduler's timer changes in the table (`changeTimers`; in AWS, timers are EventBridge schedules).
 */
const LOCAL_ONLY = new Set(["CreateTable", "DescribeTable", "UpdateTimeToLive", "BatchWriteItem"]);

/** What the DynamoDB adapter sends, read from its sources, as IAM actions. */
function actionsTheAdapterNeeds(): string[] {
  const sources = readdirSync(ADAPTER_DIR)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => readFileSync(new URL(file, ADAPTER_DIR), "utf8"));
  const commands = sources
    .flatMap((source) => [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@aws-sdk\/client-dynamodb"/g)])
    .flatMap((match) => (match[1] ?? "").split(","))
    .map((name) => name.replace(/^\s*type\s+/, "").trim())
    .filter((name) => name.endsWith("Command"))
    .map((name) => name.slice(0, -"Command".length));
  const needed = new Set<string>();
  for (const command of commands) {
    if (LOCAL_ONLY.has(command)) continue;
    if (command === "TransactWriteItems") {
      // Authorised per item: the item kinds the adapter builds for its transactions, in any file.
      for (const kind of sources.flatMap((source) => [
        ...source.matchAll(/\b(Put|Update|Delete|ConditionCheck):\s*\{/g),
      ])) {
        needed.add(`dynamodb:${kind[1]}Item`);
      }
    } else if (command === "TransactGetItems") {
      needed.add("dynamodb:GetItem");
    } else {
      needed.add(`dynamodb:${command}`);
    }
  }
  return [...needed].sort();
}

describe("the functions' DynamoDB permissions", () => {
  it("are exactly the actions shared/adapters/dynamodb sends (no more, none missing)", () => {
    expect([...TABLE_DATA_ACTIONS].sort()).toEqual(actionsTheAdapterNeeds());
  });
});
