import "./french-messages.js";
import type { $ZodError } from "zod/v4/core";

/**
 * Zod issues as a 400's `details` (CONTRACT.md section 2): which field, and what is wrong with it
 * (zod classic's or zod/mini's, in French: `french-messages.ts`). Beside the schemas rather than in the HTTP layer, so that a module
 * that validates a part of a body (a Forumactif source) does not depend on the edge.
 */
export function zodDetails(error: $ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}
