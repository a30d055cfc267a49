import type { Context } from "hono";
import { safeParse } from "zod/mini";
import type * as z from "zod/v4/core";
import { ApiError } from "../errors.js";
import { errorTexts } from "../texts/errors.js";
import { zodDetails } from "../validation/zod-details.js";

/** Parses a JSON text, or answers 400 `invalid_json`. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", errorTexts.invalid_json);
  }
}

/**
 * The request's JSON body validated by `schema` (zod classic or zod/mini), or a 400 naming the bad
 * fields.
 */
export async function jsonBody<S extends z.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", errorTexts.unsupported_media_type);
  }
  const parsed = safeParse(schema, parseJsonText(await c.req.text()));
  if (!parsed.success)
    throw new ApiError(400, "invalid_body", errorTexts.invalid_body.request, zodDetails(parsed.error));
  return parsed.data;
}
