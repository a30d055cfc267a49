import { handle } from "hono/aws-lambda";
import { observedHttpHandler } from "../../shared/aws/http-handler.js";
import { functionObservability } from "../../shared/aws/observability.js";
import { composeHttpApp } from "./compose.js";

const observability = functionObservability("http");

export const handler = observedHttpHandler(handle(composeHttpApp(observability)), observability);
