/**
 * The fake board's reply page, shaped after Forumactif's `posting_body.tpl`: the form posts to
 * `/post` with the message in `message`, hidden `mode`, `t` and a per-session token `tid`, and the
 * buttons `preview` and `post`. Texts are ours.
 */

function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="fr"><head><title>${title}</title>
<meta http-equiv="content-type" content="text/html; charset=utf-8" />
<script type="text/javascript">var _userdata = {};</script>
<script src="https://illiweb.com/rs3/64/frm/lang/fr.js" type="text/javascript"></script>
</head><body>${content}</body></html>
`;
}

export function replyFormPage(topicId: string, token: string): string {
  return page(
    "Répondre au sujet",
    `<form action="/post" method="post" name="post" enctype="multipart/form-data">
<input type="text" name="subject" value="" maxlength="64" />
<textarea id="text_editor_textarea" name="message"></textarea>
<label><input type="checkbox" name="attach_sig" checked="checked" /> Attacher la signature</label>
<label><input type="checkbox" name="notify" /> M'avertir des réponses</label>
<input type="hidden" name="mode" value="reply" /><input type="hidden" name="t" value="${topicId}" /><input type="hidden" name="tid" value="${token}" />
<input type="submit" name="preview" value="Prévisualiser" />
<input type="submit" name="post" value="Envoyer" />
</form>`,
  );
}
