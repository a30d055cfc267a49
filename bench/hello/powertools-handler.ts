import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { observedHttpHandler } from "../../shared/aws/http-handler.js";
import { functionObservability } from "../../shared/aws/observability.js";

/**
 * Hello world with the functions' observability around it (Powertools' logger and metrics, the
 * correlation keys, the closing log line and its EMF blob): what Powertools alone costs a cold start.
 */
const observability = functionObservability("webhook");

export const handler = observedHttpHandler(
  handle(new Hono().get("/healthz", (c) => c.json({ ok: true }))),
  observability,
);
