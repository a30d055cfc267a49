/**
 * What a referee reads when their `[arbitre]duel : …[/arbitre]` opened no duel (CONTRACT.md 6): the
 * problems the parser finds in the block, and the hibou that lists them with how to write the
 * opening instead. French, like every hibou.
 */

/** A forum account as the hibou names it: display name, login and number. */
interface NamedAccount {
  readonly userId: string;
  readonly name: string;
  readonly username?: string;
}

const EXAMPLE =
  "[arbitre]duel : Alice Dubois (3e année) contre Bob Martin (adulte) ; enjeux : le perdant range la salle des trophées ; dés : forum ; délai : 3 jours[/arbitre]";

const accountLabel = (a: NamedAccount): string =>
  `${a.name} (${a.username ? `@${a.username}, ` : ""}#${a.userId})`;

/** The hibou's title and text, and the problems found when naming the duelists. */
export const openingHibouTexts = {
  title: "Duel non enregistré",
  /** `when`: the post by its time in the thread (`postTime`), never its id. */
  text: (when: string, problems: readonly string[]): string =>
    [
      `Votre message${when ? ` ${when}` : ""} n'a ouvert aucun duel :`,
      ...problems.map((p) => `- ${p}`),
      `Corrigez le message (ou postez-en un nouveau) sous cette forme : ${EXAMPLE}`,
      "Un duelliste se nomme par le nom qu'affiche le forum, par son identifiant de connexion (@login) ou par son numéro de compte (#42) ; un compte qui n'a encore rien posté se nomme par son numéro suivi de son nom (#42 Alice Dubois).",
    ].join("\n"),
  unknownAccount: (written: string): string =>
    `« ${written} » : aucun compte du forum ne porte ce nom (seuls les auteurs de messages déjà reçus sont connus). Vérifiez l'orthographe, ou écrivez son identifiant (@login), ou son numéro de compte suivi de son nom (#42 Alice Dubois).`,
  ambiguousAccount: (written: string, candidates: readonly NamedAccount[]): string =>
    `« ${written} » désigne plusieurs comptes : ${candidates.map(accountLabel).join(", ")}. Écrivez l'identifiant (@login) ou le numéro de compte (#…) de celui qui se bat.`,
  unknownFirst: (written: string): string =>
    `premier : « ${written} » n'est pas l'un des duellistes. Écrivez le nom de l'un d'eux, ou retirez « premier : » (le top le dira).`,
} as const;

/** The parser's problems with the block itself (`shared/parsing/duel-opening.ts`). */
export const openingBlockTexts = {
  notOpening: "le bloc ne commence pas par « duel : ».",
  twoDuelists:
    "indiquez au moins deux duellistes séparés par « contre », par exemple « duel : Alice Dubois (3e année) contre Bob Martin (adulte) ».",
  noName: (text: string) => `un duelliste n'a pas de nom : « ${text} ».`,
  noYear: (written: string) =>
    `indiquez l'année de ${written} entre parenthèses, par exemple « ${written} (3e année) » ou « ${written} (adulte) ».`,
  unknownOption: (piece: string) =>
    `« ${piece} » n'est pas compris. Après les duellistes : « enjeux : … », « dés : forum » ou « dés : serveur », « délai : 3 jours », « premier : <nom> ».`,
  unknownDice: (value: string) =>
    `dés : « ${value} » n'est pas un mode de dés. Écrivez « dés : forum » ou « dés : serveur ».`,
  notADuration: (value: string) =>
    `délai : « ${value} » n'est pas une durée. Écrivez par exemple « délai : 3 jours » ou « délai : 48 h ».`,
} as const;
