import { ApiError } from "../errors.js";
import type { Principal } from "./principal.js";

/**
 * The checks of CONTRACT.md 3.1, one per kind of resource. They throw the 403 the route answers;
 * a route calls the one for what it touches, after reading which forum that is.
 */

/** That forum's duels (register, decide, read): the operator, or anyone issued for that forum. */
export function requireForum(principal: Principal, forumId: string): void {
  if (principal.role === "operator" || principal.forumId === forumId) return;
  throw new ApiError(
    403,
    "forbidden_forum",
    `Accès refusé : ce jeton est celui du forum « ${principal.forumId} », pas de « ${forumId} ».`,
  );
}

/** That forum's settings, referees and credentials: the operator or that forum's admin. */
export function requireForumAdmin(principal: Principal, forumId: string): void {
  requireForum(principal, forumId);
  if (principal.role === "referee")
    throw new ApiError(
      403,
      "forbidden_role",
      "Accès refusé : les réglages du forum sont réservés à son administrateur.",
    );
}

/** What only the deployment's operator does (creating forums and their admins). */
export function requireOperator(principal: Principal): void {
  if (principal.role !== "operator")
    throw new ApiError(403, "forbidden_role", "Accès refusé : réservé à l'opérateur du service.");
}

/** The forum a principal is bound to, or null for the operator (who sees every forum). */
export function forumOf(principal: Principal): string | null {
  return principal.role === "operator" ? null : principal.forumId;
}

/** A referee credential that names its referee registers only duels it referees. */
export function requireOwnReferee(principal: Principal, refereeId: string): void {
  if (principal.role === "referee" && principal.refereeId !== undefined && principal.refereeId !== refereeId)
    throw new ApiError(
      403,
      "forbidden_referee",
      "Accès refusé : ce jeton n'enregistre que les duels dont vous êtes l'arbitre.",
    );
}
