import { DynamoDbPollStore } from "../../shared/adapters/dynamodb/poll-store.js";
import { coreRuntime, jsonLog, rollDice, systemClock } from "../../shared/aws/runtime.js";
import { createWebhookApp } from "../../shared/http/webhook-app.js";

/**
 * The webhook function's composition root: the forums' deliveries (`/webhooks/*`, routed here by
 * API Gateway) and `/healthz`, on AWS adapters. No admin token: nothing here needs it.
 */
export function composeWebhookApp(source: NodeJS.ProcessEnv = process.env) {
  const core = coreRuntime(source);
  const { store, duels } = core;
  return createWebhookApp({
    store,
    duels,
    clock: systemClock,
    rollDice,
    log: jsonLog,
    // Pings only: the webhook function reads no board (CONTRACT.md 4.4).
    forumactifPolls: new DynamoDbPollStore(core.client, core.tableName),
  });
}
