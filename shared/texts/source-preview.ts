/**
 * The words of a Forumactif topic's preview (CONTRACT.md 4.4, `POST /forums/{forumId}/source/preview`
 * and the forum's settings page): why a topic cannot be read at all, said to the forum's admin
 * who is connecting the board, with what to check.
 */
import type { BoardFetchErrorCode, ForumactifPageErrorCode } from "../errors.js";

export const sourcePreviewTexts = {
  /** Why no page of the topic could be read, by `ForumactifPageError` code: what was not found. */
  page: {
    not_forumactif:
      "l'adresse ne répond pas par une page Forumactif (vérifiez l'adresse du forum dans la source)",
    maintenance: "le forum est en maintenance ; réessayez quand il sera rouvert",
    login_required:
      "le sujet n'est pas visible des invités : donnez le compte robot qui peut le lire, ou ouvrez la section aux invités",
    not_found: "le forum dit que ce sujet n'existe pas (vérifiez son numéro)",
    not_a_topic:
      "la page n'est pas un sujet du forum mais son portail, son index ou une section : donnez le numéro ou l'adresse d'un sujet (/t1234-…)",
    unknown_template:
      "aucun message n'a été trouvé dans la page : ni l'identifiant, ni l'auteur, ni la date, ni le texte des messages ne sont là où un thème Forumactif les met",
    incomplete_page: "la page du sujet n'a pas pu être lue en entier (coupée, ou des messages manquent)",
    too_complex: "la page a trop de balises, ou des balises trop imbriquées, pour être lue",
    not_a_topic_id: "un sujet Forumactif se nomme par son numéro (1234 pour /t1234-le-duel)",
  } satisfies Record<ForumactifPageErrorCode, string>,
  /** Why the board did not answer, by `BoardFetchError` code. */
  board: {
    network: "le forum ne répond pas",
    rate_limited: "le forum demande de patienter (trop de requêtes) ; réessayez dans une minute",
    server_error: "le forum répond par une erreur ; réessayez plus tard",
    http_error: "le forum refuse la lecture de cette page",
    too_large: "la page du sujet est trop grande pour être lue",
    refused_host: "l'adresse du forum n'est pas une adresse que l'arbitre peut lire",
    login_refused:
      "mot de passe refusé : le forum refuse la connexion du compte robot, il ne le montre pas connecté (vérifiez son nom d'utilisateur et son mot de passe)",
    host_resting: "le forum a demandé de patienter après trop de lectures ; réessayez dans quelques minutes",
  } satisfies Record<BoardFetchErrorCode, string>,
} as const;
