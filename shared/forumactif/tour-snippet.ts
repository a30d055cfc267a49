import { tourTexts } from "../texts/duel-card.js";

/**
 * The script a Forumactif admin adds to the board's JavaScript management (CONTRACT.md 9,
 * `GET /forumactif/tour.js?forum=…`, placement « Sur toutes les pages »): above the reply editor of a
 * topic (the quick reply, or the reply page `/post?t=…`), a button opens the duel's turn-preparing
 * page in a frame; when the duelist is done, the page hands the prepared post back and the script
 * puts it in the editor. It reads and sends nothing else: the duelist reads and posts it themself.
 * Only a message from the referee's own origin is taken.
 */
export function tourSnippet(apiOrigin: string, forumId: string): string {
  const t = tourTexts;
  return `/* Arbitre automatique du club de duel : préparer son tour de duel dans la réponse. */
(function () {
  var origin = ${JSON.stringify(apiOrigin)};
  var forum = ${JSON.stringify(forumId)};
  var m = /^\\/t(\\d+)(?:p\\d+)?-/.exec(window.location.pathname) || /[?&]t=(\\d+)/.exec(window.location.search);
  var field = document.querySelector('input[name="t"]');
  var topic = m ? m[1] : field && /^\\d+$/.test(field.value) ? field.value : null;
  var editor = document.querySelector('#text_editor_textarea, textarea[name="message"]');
  if (!topic || !editor) return;
  var page = origin + "/club/" + encodeURIComponent(forum) + "/duels/" + encodeURIComponent(forum + "." + topic) + "/tour?embed=1";
  var box = null;
  function closeBox() { if (box) { box.parentNode.removeChild(box); box = null; } }
  var open = document.createElement("button");
  open.type = "button";
  open.className = "duel-referee-tour";
  open.textContent = ${JSON.stringify(t.boardButton)};
  open.onclick = function () {
    if (box) return;
    box = document.createElement("div");
    box.className = "duel-referee-tour-box";
    box.style.cssText = "position:fixed;top:0;left:0;right:0;bottom:0;z-index:99999;background:#fff;display:flex;flex-direction:column";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = ${JSON.stringify(t.boardClose)};
    close.style.cssText = "align-self:flex-end;margin:4px;padding:6px 12px";
    close.onclick = closeBox;
    var frame = document.createElement("iframe");
    frame.src = page;
    frame.title = ${JSON.stringify(t.boardButton)};
    frame.style.cssText = "flex:1;border:0;width:100%";
    box.appendChild(close);
    box.appendChild(frame);
    document.body.appendChild(box);
  };
  editor.parentNode.insertBefore(open, editor);
  window.addEventListener("message", function (e) {
    var data = e.data;
    if (e.origin !== origin || !data || data.type !== "duel-referee/fill" || typeof data.text !== "string") return;
    try {
      var $ = window.jQuery;
      var instance = $ && $.fn && $.fn.sceditor ? $(editor).sceditor("instance") : null;
      if (instance && instance.val) instance.val(data.text);
    } catch (x) {}
    editor.value = data.text;
    closeBox();
    editor.focus();
  });
})();
`;
}
