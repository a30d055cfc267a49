/**
 * The duel in the board (CONTRACT.md 9), as duelists and spectators read it in the thread: the
 * duel's card and the page where a duelist prepares their turn. "tu" to the duelist, as the hiboux.
 */
import { de } from "./format.js";

/** « encore 2 j 5 h », « encore 40 min », « délai dépassé »: what is left before a deadline. */
export function countdown(fromIso: string, toIso: string): string {
  const ms = Date.parse(toIso) - Date.parse(fromIso);
  if (!Number.isFinite(ms)) return "";
  if (ms <= 0) return "délai dépassé";
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `encore ${days} j${hours > 0 ? ` ${hours} h` : ""}`;
  if (hours > 0) return `encore ${hours} h${mins > 0 ? ` ${String(mins).padStart(2, "0")}` : ""}`;
  return mins > 0 ? `encore ${mins} min` : "encore moins d'une minute";
}

export const cardTexts = {
  title: (duel: string) => `Duel — ${duel}`,
  points: (points: number, starting: number) => `${points}/${starting} PD`,
  faults: (action: number, absence: number) => `Fautes : ${action} d'action, ${absence} d'absence`,
  disarmed: "sans baguette",
  out: "hors du duel",
  disqualified: "disqualifié(e)",
  registered: "En attente du top de l'arbitre.",
  turn: (name: string, number: number) => `Tour ${number} : à ${name} de jouer`,
  until: (day: string, left: string) => `avant le ${day} (${left})`,
  correction: (name: string, day: string) => `Message ${de(name)} en correction jusqu'au ${day}.`,
  lastVerdict: "Dernier verdict",
  noVerdict: "Aucun tour joué pour l'instant.",
  winner: (name: string, reason: string) => `Victoire de ${name} ${reason}.`,
  draw: (reason: string) => `Duel terminé sans vainqueur ${reason}.`,
  stakes: (stakes: string) => `Enjeux : ${stakes}`,
  stakesHonoured: "honorés",
  stakesNotHonoured: "non honorés",
  stakesPending: "à honorer",
  thread: "voir le fil",
  club: "le club",
  rules: "les règles",
  prepare: "Préparer mon tour",
  /** On the club's pages, beside each duel. */
  cardLink: "carte du duel",
  refreshed: (day: string) => `À jour le ${day} ; la carte se met à jour toute seule.`,
} as const;

export const tourTexts = {
  title: (duel: string) => `Préparer mon tour — ${duel}`,
  intro:
    "Prépare ton message ici : l'arbitre automatique vérifie ce qu'il vérifiera dans le fil. Rien n'est enregistré ni publié : c'est le message que tu postes qui compte.",
  rules: "Les règles du club, avec leur numéro",
  noScript: "Cette page a besoin de JavaScript pour vérifier ton tour.",
  finished: "Ce duel est terminé : il n'y a plus de tour à préparer.",
  who: "Je suis",
  spell: "Sort",
  noSpell: "— aucun sort —",
  recoverWand: "Récupérer ma baguette",
  greyed: "Indisponibles ce tour-ci",
  target: "Cible",
  zone: "Zone",
  zonePlaceholder: "torse, bras, jambes, tête…",
  bet: "Pari de dé",
  text: "Ton texte",
  words: (words: number, min: number) => `${words} mot${words > 1 ? "s" : ""} (au moins ${min})`,
  checks: "Ce que l'arbitre vérifiera",
  allGood: "Tout est en règle : tu peux poster ce message.",
  notYet: "L'arbitre y trouverait à redire : corrige avant de poster.",
  result: "Ton message",
  copy: "Copier le message",
  copied: "Copié !",
  fill: "Remplir ma réponse sur le forum",
  filled: "Ta réponse est remplie : relis-la et envoie-la.",
  block: {
    action: "Action",
    recoverWand: "récupérer sa baguette",
    spell: "Sort",
    target: "Cible",
    zone: "Zone",
    bet: "Pari",
  },
  passed: {
    turn: "C'est bien ton tour.",
    words: (words: number, min: number) => `${words} mots : au moins ${min}.`,
    target: (name: string) => `Cible : ${name}.`,
    noTarget: "Pas de cible : ton action n'en demande pas.",
    zone: (zone: string) => `Zone : ${zone}.`,
    noZone: "Pas de zone : ton action n'en demande pas.",
    bet: (bet: string) => `Pari de dé : ${bet}.`,
    spam: "Pas le même sort qu'au tour précédent.",
  },
  failed: {
    words: (words: number, min: number) => `moins de ${min} mots (${words} pour l'instant)`,
    notInDuel: "tu n'es pas (ou plus) duelliste de ce duel",
  },
  /** The Forumactif script's button, shown above the board's reply editor. */
  boardButton: "Préparer mon tour de duel",
  boardClose: "Fermer",
} as const;

/** The desk's duel page: the code to paste in the thread (CONTRACT.md 9). */
export const deskBoardTexts = {
  title: "Dans le fil",
  intro:
    "La carte du duel se met à jour toute seule (toutes les 30 secondes) : collez ce code dans le premier message du sujet. Les duellistes préparent leur tour sur la page « Préparer mon tour ».",
  private: "Les archives de ce club ne sont pas publiques : la carte et la page du tour ne s'affichent pas.",
  card: "La carte du duel",
  tour: "Préparer mon tour",
  forumactif:
    "Pour Forumactif, dans le premier message du sujet : en HTML (si le HTML est activé dans les messages), la carte elle-même :",
  bbcode: "Sinon, en BBCode, un lien vers la carte :",
  others: "Pour un autre forum (un cadre HTML) :",
  tourScript:
    "Pour que la page du tour remplisse directement la réponse des duellistes, ajoutez aussi ce script dans « Gestion des codes JavaScript » (placement : sur toutes les pages) :",
} as const;
