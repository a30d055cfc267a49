import { DynamoDbPollStore } from "../../shared/adapters/dynamodb/poll-store.js";
import { functionObservability, type Observability } from "../../shared/aws/observability.js";
import { coreRuntime, rollDice, systemClock } from "../../shared/aws/runtime.js";
import { createWebhookApp } from "../../shared/http/webhook-app.js";

/**
 * The webhook function's composition root: the forums' deliveries (`/webhooks/*`, routed here by
 * API Gateway) and `/healthz`, on AWS adapters. No admin token: nothing here needs it.
 */
export function composeWebhookApp(
  observability: Observability = functionObservability("webhook"),
  source: NodeJS.ProcessEnv = process.env,
) {
  const core = coreRuntime(observability, source);
  const { store, duels } = core;
  return createWebhookApp({
    store,
    duels,
    clock: systemClock,
    rollDice,
    log: core.log,
    // Pings only: the webhook function reads no board (CONTRACT.md 4.4).
    forumactifPolls: new DynamoDbPollStore(core.client, core.tableName),
  });
}
