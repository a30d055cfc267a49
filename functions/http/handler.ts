import { handle } from "hono/aws-lambda";
import { composeHttpApp } from "./compose.js";

export const handler = handle(composeHttpApp());
