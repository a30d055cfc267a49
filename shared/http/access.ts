import { ApiError } from "../errors.js";
import { errorTexts } from "../texts/errors.js";
import type { Principal } from "./principal.js";

/**
 * The checks of CONTRACT.md 3.1, one per kind of resource. They throw the 403 the route answers;
 * a route calls the one for what it touches, after reading which forum that is.
 */

/** That forum's duels (register, decide, read): the operator, or anyone issued for that forum. */
export function requireForum(principal: Principal, forumId: string): void {
  if (principal.role === "operator" || principal.forumId === forumId) return;
  throw new ApiError(403, "forbidden_forum", errorTexts.forbidden_forum(principal.forumId, forumId));
}

/** That forum's settings, referees and credentials: the operator or that forum's admin. */
export function requireForumAdmin(principal: Principal, forumId: string): void {
  requireForum(principal, forumId);
  if (principal.role === "referee")
    throw new ApiError(403, "forbidden_role", errorTexts.forbidden_role.forumAdmin);
}

/** What only the deployment's operator does (creating forums and their admins). */
export function requireOperator(principal: Principal): void {
  if (principal.role !== "operator")
    throw new ApiError(403, "forbidden_role", errorTexts.forbidden_role.operator);
}

/** The forum a principal is bound to, or null for the operator (who sees every forum). */
export function forumOf(principal: Principal): string | null {
  return principal.role === "operator" ? null : principal.forumId;
}

/** A referee credential that names its referee registers only duels it referees. */
export function requireOwnReferee(principal: Principal, refereeId: string): void {
  if (principal.role === "referee" && principal.refereeId !== undefined && principal.refereeId !== refereeId)
    throw new ApiError(403, "forbidden_referee", errorTexts.forbidden_referee);
}
