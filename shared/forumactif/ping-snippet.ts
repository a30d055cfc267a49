/**
 * The script a Forumactif admin pastes into the board's JavaScript management (placement: « Sur
 * les sujets »): on a topic page it tells the referee that the topic may have changed, so it is
 * read within the minute instead of at the next poll. It sends the topic id only: no content, no
 * secret (readers' browsers can keep none), and nothing a forged ping could abuse.
 */
export function pingSnippet(apiOrigin: string, forumId: string): string {
  const url = `${apiOrigin}/webhooks/${forumId}/forumactif/ping`;
  return `/* Arbitre automatique du club de duel : signale le sujet lu (aucun contenu envoyé). */
(function () {
  var m = /^\\/t(\\d+)(?:p\\d+)?-/.exec(window.location.pathname);
  if (!m) return;
  var url = ${JSON.stringify(url)};
  var body = JSON.stringify({ topicId: m[1] });
  try {
    if (navigator.sendBeacon && navigator.sendBeacon(url, body)) return;
    fetch(url, { method: "POST", body: body, mode: "no-cors", keepalive: true });
  } catch (e) {}
})();
`;
}
