import type { ForumAccount } from "../ports/duel-store.js";

const EXAMPLE =
  "[arbitre]duel : Alice Dubois (3e année) contre Bob Martin (adulte) ; enjeux : le perdant range la salle des trophées ; dés : forum ; délai : 3 jours[/arbitre]";

const accountLabel = (a: ForumAccount): string =>
  `${a.name} (${a.username ? `@${a.username}, ` : ""}#${a.userId})`;

/**
 * The hibou a referee gets when their `[arbitre]duel : …[/arbitre]` opened no duel (CONTRACT.md 6):
 * every problem, and how to write the opening instead. French, like every hibou.
 */
export const openingTexts = {
  kind: "duel.opening-refused",
  title: "Duel non enregistré",
  text: (postId: string, problems: readonly string[]): string =>
    [
      `Votre message ${postId} n'a ouvert aucun duel :`,
      ...problems.map((p) => `- ${p}`),
      `Corrigez le message (ou postez-en un nouveau) sous cette forme : ${EXAMPLE}`,
      "Un duelliste se nomme par le nom qu'affiche le forum, par son identifiant de connexion (@login) ou par son numéro de compte (#42).",
    ].join("\n"),
  unknownAccount: (written: string): string =>
    `« ${written} » : aucun compte du forum ne porte ce nom (seuls les auteurs de messages déjà reçus sont connus). Vérifiez l'orthographe, ou écrivez son identifiant (@login) ou son numéro de compte (#42).`,
  ambiguousAccount: (written: string, candidates: readonly ForumAccount[]): string =>
    `« ${written} » désigne plusieurs comptes : ${candidates.map(accountLabel).join(", ")}. Écrivez l'identifiant (@login) ou le numéro de compte (#…) de celui qui se bat.`,
  unknownFirst: (written: string): string =>
    `premier : « ${written} » n'est pas l'un des duellistes. Écrivez le nom de l'un d'eux, ou retirez « premier : » (le top le dira).`,
} as const;
