import type { Ruleset } from "../rules/ruleset.js";
import { formatDuration, joinList } from "./format.js";
import { magicRules, ordinal, perYearList, type RuleSection, type RuleText, rule } from "./rules-magic.js";

export type { RuleSection, RuleText } from "./rules-magic.js";

/**
 * The club's rules in French, as duelists, referees and admins read them (`GET /regles`): every
 * rule id of docs/RULES.md with its statement and the interpretation the referee applies, each
 * figure (points, delays, words, sanctions, spells) written from the ruleset itself, as the
 * duelists' guide is, so the page never says other than what is counted. Sections 4 and 5, the
 * ruleset's spells and particularities, are in rules-magic.ts. Below, the page's own words.
 */
export const rulesTexts = {
  title: "Règles du club de duel",
  intro:
    "Les règles que l'arbitre automatique applique, tirées des deux textes du club (le déroulement d'un duel, et les fautes, sanctions et particularités magiques mises à jour le 11.03.2026). Chaque règle porte un numéro (R-…) : les hiboux, les réponses de l'arbitre dans le sujet et son bureau y renvoient. Là où les textes se taisent ou se contredisent, l'« interprétation retenue » dit ce qui est appliqué. L'arbitre humain a toujours le dernier mot (R-7.1).",
  ruleset: (name: string) => `Règlement : ${name}`,
  forumRuleset: (forum: string, name: string) => `Règlement du forum ${forum} : ${name}`,
  contents: "Sommaire",
  interpretation: "Interprétation retenue :",
  forumNotFound: "Forum inconnu.",
} as const;

function lifecycle(): RuleSection {
  return {
    id: "R-1",
    title: "1. Le déroulement d'un duel",
    rules: [
      rule(
        "R-1.1",
        "L'arbitre",
        "Chaque duel a un et un seul arbitre, adulte, qui n'est pas duelliste de ce duel. Un duel ne peut pas commencer sans lui.",
      ),
      rule(
        "R-1.2",
        "L'inscription",
        "Un duel s'inscrit pour un sujet du forum, avec au moins deux duellistes. Pour chacun : son année (1 à 7, ou adulte), ses particularités magiques (avec un rang, 1 par défaut), les sorts en plus que l'arbitre lui a accordés (« rat de bibliothèque ») et les enjeux éventuels. Un duelliste interdit de duel (R-6.9) ne peut pas être inscrit : le refus dit jusqu'à quand court l'interdiction.",
        "deux duellistes dont un lecteur pourrait confondre les noms (mêmes lettres aux majuscules, accents ou caractères invisibles près, ou lettres d'un autre alphabet qui se ressemblent) ne peuvent pas être inscrits dans le même duel : chaque « Cible : » qui les nomme serait ambiguë.",
      ),
      rule(
        "R-1.3",
        "Le salut, avant le top",
        "Avant le top, les duellistes peuvent poster (saluts, récit). Un duelliste qui lance un sort avant le top est disqualifié sur-le-champ (R-6.8).",
      ),
      rule(
        "R-1.4",
        "Le top",
        "L'arbitre donne le top (dans le sujet ou depuis son bureau). Le duel commence : le premier à jouer est celui que l'arbitre désigne, sinon le premier inscrit.",
      ),
      rule(
        "R-1.5",
        "L'ordre des tours",
        "Les duellistes postent chacun à leur tour, dans l'ordre, parmi ceux encore en lice. Chaque tour a une échéance (R-6.1). Un message posté hors de son tour n'est pas un tour : il ne répond à aucune attaque et ne fait pas passer le tour ; c'est seulement une faute d'action (R-6.3).",
      ),
      rule(
        "R-1.6",
        "La fin",
        "Un duelliste dont les points tombent à 0 est hors du duel. Le duel se termine quand il ne reste qu'un duelliste (le vainqueur) ou quand l'arbitre y met fin. Un duelliste disqualifié sort aussitôt du duel. Les points ne descendent jamais sous 0.",
      ),
      rule(
        "R-1.7",
        "Les enjeux",
        "Les enjeux acceptés des deux côtés sont notés à l'inscription et rappelés à l'arbitre à la fin du duel.",
      ),
    ],
  };
}

function startingPoints(ruleset: Ruleset): RuleSection {
  return {
    id: "R-2",
    title: "2. Les points de départ (PD)",
    rules: [
      rule(
        "R-2.1",
        "Les PD de départ",
        `Chaque duelliste commence avec les points de défense (PD) de son année : ${perYearList(ruleset.startingPoints, " PD")}.`,
        "le texte le plus récent appelle ce compteur PF, et sa table des sanctions ne fait pas 10 % de ces valeurs (R-6.6) : l'arbitre tient un seul compteur, qui part de cette table, et prend les montants des sanctions dans la table des fautes. Les deux tables sont des réglages du règlement.",
      ),
    ],
  };
}

function turns(): RuleSection {
  return {
    id: "R-3",
    title: "3. Un tour",
    intro:
      "Le tour d'un duelliste est un message. Il contient le récit et un bloc d'action qui déclare le sort ou l'action, la cible, la zone et le pari. Chaque tour lance les deux dés « Duel » à six faces : le premier est l'attaque, le second la défense.",
    rules: [
      rule(
        "R-3.1",
        "La défense d'abord",
        "Le dé de défense d'un message répond à toutes les attaques lancées contre son auteur depuis son tour précédent. Puis l'action du message se joue.",
      ),
      rule(
        "R-3.2",
        "Éviter une attaque",
        "Une attaque est évitée quand la défense (dé et bonus) est strictement plus forte que le dé d'attaque. Sinon elle touche : une égalité touche.",
      ),
      rule(
        "R-3.3",
        "Les dégâts",
        "Une attaque qui touche fait perdre autant de points que le dé d'attaque, plus les dégâts en plus du sort (section 4).",
      ),
      rule(
        "R-3.4",
        "Une action par tour",
        "Un message déclare un sort, ou une action qui n'est pas un sort (récupérer sa baguette). Deux sorts dans un message, c'est une action incorrecte (R-6.3).",
      ),
      rule(
        "R-3.5",
        "Quand un effet s'applique",
        "L'effet d'un sort sur sa cible s'applique à partir du tour suivant de la cible, celui qui suit le tour où le coup a été jugé : on écrit son message avant de voir ses dés, donc un effet décidé par le dé de défense d'un message ne peut pas changer ce même message.",
      ),
      rule(
        "R-3.6",
        "Le premier tour",
        "Le premier message après le top n'a rien à éviter : son dé de défense est noté, sans servir.",
      ),
      rule(
        "R-3.7",
        "Plusieurs adversaires",
        "À plus de deux duellistes, chaque attaque nomme sa cible ; le prochain dé de défense de chaque cible répond à toutes les attaques lancées contre elle.",
      ),
      rule(
        "R-3.8",
        "Le jet oublié (dés du forum)",
        "Dans un duel dont les dés viennent du forum, seul un message qui joue un tour a besoin d'un jet ; les saluts, les messages de l'arbitre et les messages qui ne jouent pas de tour n'en ont pas besoin. Un tour posté sans jet n'est ni refusé ni fautif (les textes du club ne prévoient pas cette faute) : l'arbitre automatique lance les deux dés pour ce tour, le note dans le journal et le dit à l'arbitre dans le hibou du tour.",
      ),
    ],
  };
}

function faults(ruleset: Ruleset): RuleSection {
  const { delays, minWords } = ruleset;
  const absences = ruleset.absenceSanctions.map(
    (s, i) =>
      `${ordinal(i + 1)} absence : ${[s.points > 0 || !s.disqualify ? `−${s.points} PD` : "", s.disqualify ? "la disqualification (R-6.8)" : ""].filter(Boolean).join(" et ")}`,
  );
  const disqualifying = ruleset.absenceSanctions.findIndex((s) => s.disqualify);
  const missing = `moins de ${minWords} mots, zone ou cible oubliée, pari oublié`;
  return {
    id: "R-6",
    title: "6. Les fautes et les sanctions",
    rules: [
      rule(
        "R-6.1",
        "L'échéance",
        `Chaque tour a une échéance : un délai de ${formatDuration(delays.reply)} selon le règlement (un duel peut avoir le sien), compté depuis le top pour le premier tour, sinon depuis le message précédent, ou depuis le moment où le tour est passé après une absence. Un hibou le rappelle ${formatDuration(delays.reminderBefore)} avant l'échéance.`,
        "les textes du club ne donnent pas ce délai : c'est un réglage du règlement.",
      ),
      rule(
        "R-6.2",
        "La faute d'absence",
        `Quand l'échéance passe sans message du duelliste dont c'est le tour, il a une faute d'absence. Sanctions, comptées par duel : ${joinList(absences)}. Le tour passe au duelliste suivant, avec une nouvelle échéance.`,
        "les attaques qui attendaient le duelliste absent le touchent (personne ne s'est défendu), avec leurs effets.",
        "la faute d'absence est comptée et sanctionnée d'abord (celle qui disqualifie entraîne l'interdiction, R-6.9), puis les attaques en attente touchent : un duelliste que ces coups mettraient hors du duel a quand même sa faute, et sur l'absence qui disqualifie il est disqualifié, pas seulement battu.",
      ),
      rule(
        "R-6.2a",
        "La dérogation",
        `Une fois par duelliste et par duel, sur demande à l'arbitre, celui-ci peut repousser l'échéance de ce duelliste (celle qui court si c'est son tour, sinon la prochaine) de ${formatDuration(delays.maxDerogation)} au plus. Une deuxième dérogation, ou une plus longue, est refusée avec un message clair.`,
      ),
      rule(
        "R-6.3",
        "La faute d'action",
        `Une faute d'action est donnée pour : le même sort deux fois de suite (R-4.16) ; un message de moins de ${minWords} mots ; une zone ou une cible oubliée (exigées quand l'action vise un adversaire : sorts d'attaque et Legilimens ; pas pour le Bouclier, l'Antisort ni pour récupérer sa baguette) ; un pari oublié (exigé à chaque tour) ; un message du duel modifié ou supprimé ; une action impossible (un sort sans baguette R-5.1, au-dessus de son niveau R-4.15, sans assez de PM R-4.17) ; une action incorrecte (un sort hors de la liste R-4.14, deux sorts R-3.4, une particularité inutilisable ou déjà utilisée R-5.2 à R-5.7, un message hors de son tour R-1.5).`,
        "le pari fait partie du rituel du duel : il ne change rien aux dés, l'arbitre vérifie seulement qu'il est là.",
      ),
      rule(
        "R-6.3a",
        "Une faute par message",
        "Un message qui enfreint plusieurs règles ne vaut qu'une faute d'action ; le journal nomme chaque règle enfreinte.",
      ),
      rule(
        "R-6.4",
        "La conséquence",
        "Les actions du tour fautif échouent : son sort, son attaque et leurs effets ne font rien.",
        "son dé de défense répond quand même aux attaques en attente (se défendre n'est pas une action).",
      ),
      rule(
        "R-6.5",
        "Les fautes d'action répétées",
        `À la ${ordinal(ruleset.actionFaultsBeforeSanction)} faute d'action, le duelliste perd les points de la table des sanctions (R-6.6), et son compteur de fautes d'action repart à 0.`,
      ),
      rule(
        "R-6.6",
        "La table des sanctions",
        `Points perdus selon l'année : ${perYearList(ruleset.actionFaultSanction, " PD")}.`,
        "le texte parle de « 10 % des PF de départ, arrondis au supérieur » ; c'est la table qui s'applique.",
      ),
      rule(
        "R-6.7",
        "Le droit à l'erreur",
        `Pour trois fautes seulement (${missing}), un duelliste qui n'a pas encore usé de ce droit dans le duel a ${formatDuration(delays.correction)} après son message pour envoyer ce qui manque à l'arbitre, par hibou ; l'arbitre publie la correction dans le sujet. Tant que ce délai court, le message est en attente : lui et tous les messages suivants du duel attendent. Une correction à temps complète le message, qui est alors jugé comme s'il avait été entier. Si le délai expire sans correction, la faute d'action s'applique.`,
        "le droit est utilisé dès que son délai s'ouvre. Une deuxième faute de ce genre dans le même duel est aussitôt une faute d'action, comme un message qui enfreint aussi une règle qu'aucune correction ne répare (aucun délai ne s'ouvre). Une correction pour un message valide est refusée (« aucun changement ne pourra être accepté »). Modifier son message reste interdit (R-6.3).",
      ),
      rule(
        "R-6.8",
        "La disqualification",
        `Immédiate pour un sort avant le top (R-1.3), ${disqualifying >= 0 ? `à la ${ordinal(disqualifying + 1)} faute d'absence (R-6.2), ` : ""}ou sur décision de l'arbitre. Le duelliste sort du duel.`,
      ),
      rule(
        "R-6.9",
        "L'interdiction de duel",
        `Toute disqualification interdit au duelliste tout duel pendant ${formatDuration(delays.ban)} ; l'interdiction prend fin d'elle-même à son terme, et l'arbitre en est prévenu.`,
      ),
    ],
  };
}

function authority(): RuleSection {
  return {
    id: "R-7",
    title: "7. L'autorité de l'arbitre",
    rules: [
      rule(
        "R-7.1",
        "Le dernier mot",
        "L'arbitre peut à tout moment, avec un motif qui est noté : donner le top, accorder une dérogation, publier une correction, annuler ou donner une faute, ajuster les points d'un duelliste, disqualifier, terminer le duel (vainqueur, match nul ou forfait). Tout verdict de l'arbitre automatique est une proposition que l'arbitre peut renverser, et le journal montre les deux.",
        "annuler une faute rend exactement ce qu'elle avait causé, comme si elle n'avait jamais été : annuler l'une des deux fautes d'action qui ont valu une sanction rend les points de la sanction et laisse une faute (compteur à 1) ; annuler les deux laisse 0. Annuler une faute d'absence rend ses points ; annuler celle qui a disqualifié lève la disqualification et l'interdiction (R-6.9), et si cette disqualification avait terminé le duel, il reprend là où il en était, avec une nouvelle échéance pour le duelliste dont c'est le tour (l'arbitre peut aussi le terminer). Une décision refusée (une faute qui n'existe pas, par exemple) ne change rien et n'est notée que comme refusée.",
        "toute disqualification, quelle qu'en soit la cause (un sort avant le top, la dernière absence, la décision de l'arbitre), peut être annulée par l'arbitre avec un motif : le duelliste revient dans le duel tel qu'il était, son interdiction est levée, et un duel qu'elle avait terminé reprend. La fin donnée par l'arbitre s'annule de même (le duel reprend là où il en était, avec une nouvelle échéance). L'administration du forum peut aussi lever une interdiction seule, avec un motif. Chaque annulation est notée dans le journal à côté de ce qu'elle défait, et chaque duelliste prévenu du premier verdict l'est du nouveau.",
        "un duel inscrit sur un sujet déjà ouvert ne juge que ce qui est posté après son inscription : les messages d'avant sont l'histoire du sujet, montrée à l'arbitre mais jamais jugée (ni faute, ni disqualification, ni tour), quoi qu'ils contiennent.",
      ),
    ],
  };
}

/** Rules sharing an id (a custom spell filed under a general rule) read as one, at the first's place. */
function mergeById(sections: readonly RuleSection[]): RuleSection[] {
  const merged = new Map<string, RuleText>();
  for (const r of sections.flatMap((section) => section.rules)) {
    const seen = merged.get(r.id);
    merged.set(
      r.id,
      seen
        ? rule(
            r.id,
            seen.title,
            `${seen.statement} ${r.statement}`,
            ...seen.interpretations,
            ...r.interpretations,
          )
        : r,
    );
  }
  const placed = new Set<string>();
  return sections.map((section) => ({
    ...section,
    rules: section.rules.flatMap((r) => {
      if (placed.has(r.id)) return [];
      placed.add(r.id);
      return [merged.get(r.id) ?? r];
    }),
  }));
}

/** The whole rules page's content for a ruleset, in the order of docs/RULES.md. */
export function rulesInFrench(ruleset: Ruleset): RuleSection[] {
  const [spells, particularities] = magicRules(ruleset);
  return mergeById([
    lifecycle(),
    startingPoints(ruleset),
    turns(),
    spells,
    particularities,
    faults(ruleset),
    authority(),
  ]);
}
