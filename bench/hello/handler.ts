import { Hono } from "hono";
import { handle } from "hono/aws-lambda";

/** The smallest Lambda the HTTP function can be compared with: Hono answering `/healthz`. */
export const handler = handle(new Hono().get("/healthz", (c) => c.json({ ok: true })));
