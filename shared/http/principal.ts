import type { ForumRole } from "../ports/access-store.js";
import { ui } from "../texts/desk.js";

/** Who is acting (CONTRACT.md 3.1): the operator, or one forum's admin or referee. */
export type Principal =
  | { readonly role: "operator"; readonly name: string }
  | {
      readonly role: ForumRole;
      readonly name: string;
      readonly forumId: string;
      readonly credentialId: string;
      readonly refereeId?: string;
    };

export const OPERATOR: Principal = { role: "operator", name: ui.roles.operator };

/** Hono's context variables of an authenticated request. */
export type AuthEnv = { Variables: { principal: Principal } };

/** How a decision names who took it in the audit log. */
export function decidedBy(principal: Principal): { role: Principal["role"]; name: string } {
  return { role: principal.role, name: principal.name };
}
