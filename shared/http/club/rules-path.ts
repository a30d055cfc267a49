/**
 * Where a rule's text is: its anchor (the rule id itself, `#R-3.1`) on the French rules page, the
 * forum's own when the link knows its forum (a forum may change the ruleset's figures).
 */
export function ruleHref(ruleId: string, forumId?: string): string {
  return `${rulesPath(forumId)}#${ruleId}`;
}

/** The French rules page: the default ruleset's, or the forum's. */
export function rulesPath(forumId?: string): string {
  return forumId === undefined ? "/regles" : `/regles/${encodeURIComponent(forumId)}`;
}
