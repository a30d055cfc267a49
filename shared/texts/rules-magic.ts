import type { Effect, Particularity, PerYear, Ruleset, Spell } from "../rules/ruleset.js";
import { joinList, signed } from "./format.js";

/**
 * One rule as the French rules page states it (`GET /regles`, shared/texts/rules.ts): its id, a
 * short title, what it says with the ruleset's figures, and the interpretation the referee applies.
 */
export interface RuleText {
  readonly id: string;
  readonly title: string;
  readonly statement: string;
  /** The choice made where the club's texts are silent or contradict each other. */
  readonly interpretations: readonly string[];
}

export interface RuleSection {
  /** The section's anchor (`R-4`). */
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly rules: readonly RuleText[];
}

export const rule = (
  id: string,
  title: string,
  statement: string,
  ...interpretations: string[]
): RuleText => ({
  id,
  title,
  statement,
  interpretations,
});

const YEAR_KEYS = ["1", "2", "3", "4", "5", "6", "7", "adulte"] as const;

/** A per-year table as a sentence: "1re année 15, 2e année 20, …, adulte 50". */
export function perYearList(table: PerYear, unit = ""): string {
  return joinList(
    YEAR_KEYS.map((y) => {
      const year = y === "adulte" ? "adulte" : y === "1" ? "1re année" : `${y}e année`;
      return `${year} ${table[y]}${unit}`;
    }),
  );
}

/** "1re", "2e", "3e": an ordinal in French typography. */
export const ordinal = (n: number) => (n === 1 ? "1re" : `${n}e`);

/** What one effect of a spell does, in the words of the spell list (R-4). */
function effectText(effect: Effect): string {
  switch (effect.type) {
    case "extra-damage":
      return `s'il touche, ${effect.amount} point${effect.amount > 1 ? "s" : ""} de dégâts en plus`;
    case "disarm":
      return "s'il touche, la cible est désarmée (R-5.1)";
    case "next-defence":
      return effect.who === "target"
        ? `s'il touche, le prochain jet de défense de la cible ${signed(effect.modifier)}`
        : `le prochain jet de défense du lanceur ${signed(effect.modifier)}`;
    case "cannot-attack-next-turn":
      return "s'il touche, la cible ne peut pas attaquer à son prochain tour (R-4.13)";
    case "no-attack":
      return "n'attaque pas : le dé d'attaque du lanceur ne sert pas (R-4.12)";
    case "cancel-pending":
      return "annule tous les sorts lancés contre le lanceur auxquels son message répond (R-4.11)";
  }
}

const attacks = (spell: Spell) => !spell.effects.some((e) => e.type === "no-attack");

function spellLine(spell: Spell): string {
  const names = spell.aliases.length > 0 ? ` (${spell.aliases.map((a) => `« ${a} »`).join(", ")})` : "";
  const level = spell.level === undefined ? "tous niveaux" : `niveau ${spell.level}`;
  const pm = spell.pmCost === undefined ? "" : `, ${spell.pmCost} PM`;
  const effects = spell.effects.map(effectText);
  if (attacks(spell) && effects.length === 0) effects.push("attaque : les dégâts du dé seulement");
  return `${spell.name}${names} : ${spell.kind}, ${level}${pm} ; ${effects.join(" ; ")}.`;
}

const NEXT_DEFENCE =
  "un bonus ou un malus de défense s'applique au prochain jet de défense qui répond à un sort ; un dé de défense sans attaque à éviter, ou des sorts qu'un Antisort annule (R-4.11), laissent ce bonus ou ce malus en attente de la défense suivante.";
const CANCEL_PENDING =
  "« annuler tout sortilège jeté » se lit comme les sorts déjà lancés contre le lanceur, auxquels ce message répond : ils ne font ni dégâts ni effet. Le Bouclier protège du sort suivant ; l'Antisort contre celui qui arrive.";

/** One entry per rule id of the ruleset's spells, in the list's order (R-4.1 to R-4.11 by default). */
function spellRules(spells: readonly Spell[]): RuleText[] {
  const ids = [...new Set(spells.map((s) => s.rule))];
  return ids.map((id) => {
    const group = spells.filter((s) => s.rule === id);
    const effects = group.flatMap((s) => s.effects.map((e) => e.type));
    return rule(
      id,
      group.map((s) => s.name).join(", "),
      group.map(spellLine).join(" "),
      ...(effects.includes("next-defence") ? [NEXT_DEFENCE] : []),
      ...(effects.includes("cancel-pending") ? [CANCEL_PENDING] : []),
    );
  });
}

function spellSection(ruleset: Ruleset): RuleSection {
  const noAttack = ruleset.spells.filter((s) => !attacks(s)).map((s) => s.name);
  const unlevelled = ruleset.spells.filter((s) => s.level === undefined).map((s) => s.name);
  const recover = ruleset.recoverWandNames[0] ?? "récupérer sa baguette";
  return {
    id: "R-4",
    title: "4. Les sorts",
    intro:
      "La liste des sorts permis, avec leurs effets. Écris le nom du sort tel qu'il figure ici, ou l'un de ses autres noms (entre parenthèses).",
    rules: [
      ...spellRules(ruleset.spells),
      rule(
        "R-4.12",
        "Les sorts qui n'attaquent pas",
        noAttack.length > 0
          ? `${joinList(noAttack)} empêche${noAttack.length > 1 ? "nt" : ""} le lanceur d'attaquer ce tour-là : son dé d'attaque ne sert pas.`
          : "Tous les sorts de ce règlement attaquent.",
      ),
      rule(
        "R-4.13",
        "Ne pas pouvoir attaquer",
        "Quand un duelliste ne peut pas attaquer à un tour (R-4.7, R-4.8), le sort d'attaque qu'il déclare ce tour-là ne fait rien ; ce n'est pas une faute (il ne pouvait pas le savoir).",
        "un tour perdu par une absence (R-6.2) était le prochain tour du duelliste : l'empêchement d'attaquer est épuisé par ce tour.",
      ),
      rule(
        "R-4.14",
        "Un sort hors de la liste",
        "Un sort qui n'est pas dans la liste est une faute d'action, et l'arbitre est interrogé par hibou : faut-il disqualifier (« donnera un avantage à l'adversaire voire entraînera la disqualification immédiate ») ? C'est lui qui décide.",
      ),
      rule(
        "R-4.15",
        "Le niveau",
        `Un duelliste peut lancer les sorts des niveaux de son année (niveau maximal : ${perYearList(ruleset.maxLevel)}), plus les sorts en plus que l'arbitre lui a accordés. En lancer un autre est une action impossible (R-6.3).`,
        ...(unlevelled.length > 0
          ? [
              `les textes du club ne donnent pas de niveau à leurs sorts : ceux qui n'en ont pas ici (${joinList(unlevelled)}) peuvent être lancés par toutes les années ; un forum peut leur en donner un.`,
            ]
          : []),
      ),
      rule(
        "R-4.16",
        "Le même sort deux fois",
        `Relancer le sort de son tour précédent, c'est du spam : faute d'action (R-6.3). Le sort précédent est celui déclaré au tour précédent, qu'il ait marché ou non. « ${recover} » n'est pas un sort, et un tour perdu par une absence est un tour sans sort : après lui, il n'y a pas de sort précédent.`,
        "Legilimens compte ici comme un sort (le texte du club parle du « sortilège du Legilimens ») : une tentative de Legilimens ratée (son message a eu une faute) est le sort précédent, et Legilimens au tour suivant est du spam.",
      ),
      rule(
        "R-4.17",
        "Les PM",
        ruleset.pmPool
          ? `Chaque duelliste a les points de magie (PM) de son année (${perYearList(ruleset.pmPool, " PM")}) ; un sort dépense son coût en PM, et un sort lancé sans assez de PM est une action impossible (R-6.3).`
          : "Là où le règlement donne des PM et le coût des sorts, un sort dépense son coût, et un sort sans assez de PM est une action impossible. Ce règlement n'a pas de PM (les textes du club n'en donnent pas les valeurs) : ils ne sont pas comptés.",
      ),
    ],
  };
}

const named = (ruleset: Ruleset, power: Particularity["power"], fallback: string) =>
  ruleset.particularities.find((p) => p.power === power)?.name ?? fallback;

const FIXED = new Set(["R-5.1", "R-5.2", "R-5.3", "R-5.4", "R-5.5", "R-5.6", "R-5.7"]);
const USAGE: Record<Particularity["usage"], string> = {
  unusable: "ne peut pas servir en duel : la déclarer est une action incorrecte.",
  "once-per-duel": "une fois par duel ; une deuxième fois est une action incorrecte (R-5.7).",
  passive: "agit d'elle-même, sans être déclarée.",
};

function particularitySection(ruleset: Ruleset): RuleSection {
  const legilimens = named(ruleset, "read-next-move", "Legilimens");
  const level = ruleset.particularities.find((p) => p.power === "read-next-move")?.level;
  const occlumens = named(ruleset, "blocks-read-next-move", "Occlumens");
  const wandless = named(ruleset, "wandless-cast", "Magie sans baguette");
  const recover = ruleset.recoverWandNames[0] ?? "récupérer sa baguette";
  const unusable = ruleset.particularities.filter((p) => p.usage === "unusable").map((p) => p.name);
  const others = ruleset.particularities.filter((p) => !FIXED.has(p.rule));
  return {
    id: "R-5",
    title: "5. Les états et les particularités magiques",
    rules: [
      rule(
        "R-5.1",
        "Désarmé(e)",
        `Le prochain tour d'un duelliste désarmé doit être « ${recover} » : ni sort, ni attaque. Lancer un sort désarmé est une action impossible (R-6.3), sauf avec ${wandless} (R-5.6). Son dé de défense compte toujours. « ${recover} » déclaré sans être désarmé ne fait rien (pas d'attaque ce tour-là, pas de faute).`,
        "un Désarmement qui touche le message où le duelliste récupère sa baguette le désarme à nouveau à partir de son tour suivant (R-3.5) : la récupération rend la baguette perdue avant, pas celle perdue dans ce même message.",
        `sans ${wandless}, un message qui récupère la baguette et lance un sort, Legilimens compris, est une action impossible : une faute d'action dont toutes les actions échouent (R-6.4) ; le duelliste reste désarmé et aucune particularité n'est utilisée.`,
      ),
      rule(
        "R-5.2",
        "Les particularités inutilisables",
        unusable.length > 0
          ? `${joinList(unusable)} ne peuvent pas servir en duel : en déclarer une est une action incorrecte (R-6.3).`
          : "Toutes les particularités de ce règlement peuvent servir en duel.",
      ),
      rule(
        "R-5.3",
        legilimens,
        `Une fois par duel, si le duelliste l'a. L'action du tour est le sort ${legilimens}${level === undefined ? "" : ` (niveau ${level})`}, visant un adversaire ; aucun dé ne le décide. Son effet : connaître d'avance le prochain coup de cet adversaire. L'arbitre reçoit un hibou qui lui demande d'obtenir en privé le prochain coup de la cible et de le transmettre au lanceur, à qui un hibou dit si cela a marché (R-5.4). ${legilimens} n'attaque pas. Une deuxième fois est une action incorrecte.`,
      ),
      rule(
        "R-5.4",
        occlumens,
        `${legilimens} n'a pas d'effet sur une cible ${occlumens} dont le rang est égal ou supérieur à celui du lanceur. L'usage de ${legilimens} est quand même compté.`,
      ),
      rule(
        "R-5.5",
        named(ruleset, "half-pm-malefice", "Mage Noir"),
        "Une fois par duel : lancer un maléfice pour la moitié de son coût en PM (arrondie au supérieur). Sans PM dans le règlement, l'usage est noté et limité à une fois par duel, sans autre effet.",
      ),
      rule(
        "R-5.6",
        wandless,
        `Une fois par duel : désarmé, le duelliste peut lancer un sort de son niveau dans le même tour que « ${recover} ».`,
      ),
      rule(
        "R-5.7",
        "Une particularité qu'on n'a pas, ou déjà utilisée",
        "Utiliser une particularité « une fois par duel » qu'on n'a pas, ou une deuxième fois, est une action incorrecte (R-6.3).",
      ),
      ...others.map((p) => rule(p.rule, p.name, `${p.name} : ${USAGE[p.usage]}`)),
    ],
  };
}

/** Sections 4 and 5 of the rules page: the ruleset's spells and particularities. */
export function magicRules(ruleset: Ruleset): [RuleSection, RuleSection] {
  return [spellSection(ruleset), particularitySection(ruleset)];
}
