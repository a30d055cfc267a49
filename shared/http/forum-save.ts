import type * as z from "zod";
import type { Clock } from "../ports/clock.js";
import type { DuelStore, ForumConfig } from "../ports/duel-store.js";
import { loadRuleset } from "../rules/ruleset.js";
import type { forumBodySchema } from "./schemas.js";

/** A forum's settings as `PUT /forums/{id}` takes them, once validated by `forumBodySchema`. */
export type ForumBody = z.output<typeof forumBodySchema>;

/**
 * Stores a forum's settings (CONTRACT.md section 3), for the API and the desk alike: the ruleset
 * validated (`InvalidRulesetError` names its bad fields), the creation date kept.
 */
export async function saveForum(
  deps: { readonly store: DuelStore; readonly clock: Clock },
  forumId: string,
  body: ForumBody,
): Promise<{ forum: ForumConfig; created: boolean }> {
  const ruleset = body.ruleset === undefined ? undefined : loadRuleset(body.ruleset);
  const existing = await deps.store.getForum(forumId);
  const now = deps.clock.now().toISOString();
  const forum: ForumConfig = {
    forumId,
    name: body.name,
    webhookSecrets: body.webhookSecrets,
    referees: body.referees,
    notify: body.notify,
    ...(ruleset ? { ruleset } : {}),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  await deps.store.putForum(forum);
  return { forum, created: existing === null };
}
