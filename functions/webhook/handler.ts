import { handle } from "hono/aws-lambda";
import { observedHttpHandler } from "../../shared/aws/http-handler.js";
import { functionObservability } from "../../shared/aws/observability.js";
import { composeWebhookApp } from "./compose.js";

const observability = functionObservability("webhook");

export const handler = observedHttpHandler(handle(composeWebhookApp(observability)), observability);
