/**
 * The board's other pages a poller may meet instead of a topic: the index, the login page shown
 * to guests on a private section, the maintenance page, and an unknown topic. Texts are ours.
 */
import type { BoardLanguage } from "./model.js";

function page(title: string, content: string, language: BoardLanguage): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<title>${title}</title>
<meta http-equiv="content-type" content="text/html; charset=utf-8" />
<script src="https://illiweb.com/rs3/64/frm/lang/fr.js" type="text/javascript"></script>
<script type="text/javascript">var _userdata = {"session_logged_in":0,"username":"Anonymous","user_id":-1};</script>
</head>
<body>
${content}
<div id="page-footer"><a href="https://www.forumactif.com">Forum gratuit</a> | ©phpBB</div>
</body>
</html>
`;
}

/** The board's index: what a base URL answers. */
export function renderIndexPage(language: BoardLanguage): string {
  return page(
    "Club de duel de Poudlard",
    `<h1>Club de duel de Poudlard</h1><ul class="topiclist forums"><li><a class="forumtitle" href="/f3-salle-de-duel">Salle de duel</a></li></ul>`,
    language,
  );
}

/** What a guest sees on a topic of a section guests cannot read: the login form. */
export function renderLoginPage(language: BoardLanguage): string {
  return page(
    "Connexion",
    `<div class="panel"><p>${language === "fr" ? "Vous devez être connecté pour accéder à ce sujet." : "You must be logged in to view this topic."}</p>
<form action="/login" method="post" name="form_login">
<input type="text" name="username" id="username" maxlength="40" value="" />
<input type="password" name="password" id="password" maxlength="25" />
<input type="checkbox" name="autologin" id="autologin" />
<input type="hidden" name="redirect" value="" />
<input type="submit" name="login" value="Connexion" />
</form></div>`,
    language,
  );
}

/** The page Forumactif shows while a board is under maintenance. */
export function renderMaintenancePage(language: BoardLanguage): string {
  return page(
    language === "fr" ? "Maintenance" : "Maintenance",
    `<div class="panel"><h2>${language === "fr" ? "Forum en maintenance" : "Board under maintenance"}</h2><p>${
      language === "fr"
        ? "Le forum est actuellement en maintenance. Merci de revenir plus tard."
        : "The board is currently under maintenance. Please come back later."
    }</p></div>`,
    language,
  );
}

/** An unknown or deleted topic. */
export function renderNoTopicPage(language: BoardLanguage): string {
  return page(
    "Informations",
    `<div class="panel"><h2>Informations</h2><p>${language === "fr" ? "Le sujet ou le message demandé n'existe pas." : "The topic or post you requested does not exist."}</p></div>`,
    language,
  );
}
