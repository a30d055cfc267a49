import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { composeTimerHandler } from "../../functions/timer/compose.js";
import { functionObservability } from "../../shared/aws/observability.js";
import { openDuel } from "../reliability/support.js";
import { createHarness } from "../support/harness.js";
import { captureOutput, lines } from "./emf.js";

captureOutput();
afterEach(() => vi.unstubAllEnvs());

describe("operating it: the timer function's lines and lateness", () => {
  it("a firing 3 minutes late publishes TimerLateness 180000 and logs with the duel's id", async () => {
    const h = await createHarness();
    // No secret to open: this composition root's KMS key is not reachable from here.
    await h.forum({ webhookSecrets: {} });
    const duelId = await openDuel(h, "9100");
    // The timer function's own composition root, on DynamoDB Local through the SDK's environment.
    vi.stubEnv("AWS_ENDPOINT_URL_DYNAMODB", inject("dynamoEndpoint"));
    vi.stubEnv("AWS_REGION", "eu-west-3");
    vi.stubEnv("AWS_ACCESS_KEY_ID", "local");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "local");
    const environment = {
      TABLE_NAME: h.tableName,
      SECRETS_KEY_ARN: "arn:aws:kms:eu-west-3:123456789012:key/00000000-0000-0000-0000-000000000000",
      POWERTOOLS_SERVICE_NAME: "duel-referee-timer",
      LOG_LEVEL: "INFO",
    };
    const observability = functionObservability("timer", environment);
    const due = "2026-11-30T12:00:00.000Z";
    const handler = composeTimerHandler(
      observability,
      environment,
      () => new Date(Date.parse(due) + 180_000),
    );
    const timer = { name: `t-${duelId}-reminder`, duelId, kind: "reminder" as const, at: due, ref: "1" };
    expect(await handler({ timer }, { awsRequestId: "inv-1" })).toEqual({ result: "done" });

    const late = lines().find((line) => "_aws" in line && "TimerLateness" in line);
    expect(late).toMatchObject({ TimerLateness: 180_000, service: "duel-referee-timer" });
    const fired = lines().find((line) => line.message === "timer fired");
    expect(fired).toMatchObject({
      duelId,
      requestId: "inv-1",
      sender: "timer",
      kind: "reminder",
      dueAt: due,
    });
    const delivery = lines().find((line) => "_aws" in line && "Deliveries" in line);
    expect(delivery).toMatchObject({ Sender: "timer", Deliveries: 1 });
  });

  it("a firing that fails logs 'timer failed' with its error and stack, then fails for Scheduler to retry", async () => {
    vi.stubEnv("AWS_ENDPOINT_URL_DYNAMODB", inject("dynamoEndpoint"));
    vi.stubEnv("AWS_REGION", "eu-west-3");
    vi.stubEnv("AWS_ACCESS_KEY_ID", "local");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "local");
    // A table that does not exist: the duel's read fails.
    const environment = {
      TABLE_NAME: "no-such-table",
      SECRETS_KEY_ARN: "arn:aws:kms:eu-west-3:123456789012:key/00000000-0000-0000-0000-000000000000",
      POWERTOOLS_SERVICE_NAME: "duel-referee-timer",
    };
    const handler = composeTimerHandler(functionObservability("timer", environment), environment);
    const timer = {
      name: "t-missing-reminder",
      duelId: "f:1",
      kind: "reminder" as const,
      at: "2026-11-30T12:00:00.000Z",
      ref: "1",
    };
    await expect(handler({ timer }, { awsRequestId: "inv-2" })).rejects.toThrow();

    const failed = lines().find((line) => line.message === "timer failed");
    expect(failed).toMatchObject({ timer: "t-missing-reminder", requestId: "inv-2", level: "ERROR" });
    expect(String(failed?.error)).not.toBe("");
    expect(String(failed?.stack)).toContain("\n    at ");
  });
});
