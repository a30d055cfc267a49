import { handle } from "hono/aws-lambda";
import { composeWebhookApp } from "./compose.js";

export const handler = handle(composeWebhookApp());
