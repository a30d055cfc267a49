/**
 * The words the decider writes into its events, shown to the referee in the audit log and the
 * hiboux: why a post was ignored, what a question asks of the referee.
 */
export const decisionTexts = {
  ignoredPost: { outOfDuel: "duelliste hors du duel", stranger: "auteur étranger au duel" },
  legilimensRelay: (caster: string, target: string) =>
    `${caster} lit dans l'esprit de ${target} : obtenir son prochain coup en privé et le transmettre à ${caster}.`,
} as const;
