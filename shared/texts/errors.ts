/**
 * The French sentences of error answers, keyed by the error's `code` (CONTRACT.md section 2): what
 * a referee or a forum's admin reads when the service refuses or cannot answer. The codes and their
 * statuses are in `shared/errors.ts`.
 */
export const errorTexts = {
  invalid_body: "Corps de requête invalide.",
  invalid_ruleset: (issues: readonly { path: string; message: string }[]) =>
    `règlement invalide : ${issues.map((i) => `${i.path} : ${i.message}`).join(" ; ")}`,
  storage_unavailable: "Stockage indisponible, réessayez.",
  duel_busy: "Ce duel change en ce moment, réessayez.",
  http_error: "Erreur HTTP.",
  internal_error: "Erreur interne.",
} as const;
