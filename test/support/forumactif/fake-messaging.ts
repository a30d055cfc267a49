/**
 * The fake board's accounts and private messages: `/login` and `/privmsg?mode=post` behave as a
 * Forumactif board's forms do for a member (a session cookie, a per-session form token, flood
 * control), so that the Forumactif notifier can be tested end to end. Texts are ours.
 */
import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { escapeHtml } from "./render-topic.js";

export interface SentMessage {
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly message: string;
}

export interface BoardAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: string;
}

const SID = "fa_duelclub_sid";

function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="fr"><head><title>${title}</title>
<script type="text/javascript">var _userdata = {};</script>
<script src="https://illiweb.com/rs3/64/frm/lang/fr.js" type="text/javascript"></script>
</head><body>${content}</body></html>
`;
}

export class FakeMessaging {
  readonly sent: SentMessage[] = [];
  private readonly members = new Map<string, string>();
  private readonly sessions = new Map<string, { username: string; token: string }>();
  private flood = false;
  /** Where the login form posts; a test may point it elsewhere to see the password kept home. */
  loginAction = "/login";

  addMember(username: string, password: string): void {
    this.members.set(username, password);
  }

  /** The next private message is refused by the board's flood control. */
  floodNext(): void {
    this.flood = true;
  }

  /** Every session ends, as when the board logs its members out. */
  expireSessions(): void {
    this.sessions.clear();
  }

  /** The member a request's session cookie belongs to, or null for a guest. */
  memberOf(headers: IncomingHttpHeaders): string | null {
    return this.session(headers)?.username ?? null;
  }

  /** The form token of a request's session (the reply form uses it too), or null for a guest. */
  tokenOf(headers: IncomingHttpHeaders): string | null {
    return this.session(headers)?.token ?? null;
  }

  /** Answers `/login` and `/privmsg`; null for any other path. */
  handle(method: string, path: string, headers: IncomingHttpHeaders, body: string): BoardAnswer | null {
    const html = { "content-type": "text/html; charset=utf-8" };
    const session = this.session(headers);
    const form = new URLSearchParams(body);
    if (path === "/login" && method === "GET")
      return { status: 200, headers: html, body: this.loginPage("") };
    if (path === "/login" && method === "POST") {
      const username = form.get("username") ?? "";
      if (this.members.get(username) !== form.get("password") || !this.members.has(username)) {
        return {
          status: 200,
          headers: html,
          body: this.loginPage("Vous avez spécifié un nom d'utilisateur ou un mot de passe incorrect."),
        };
      }
      const sid = randomBytes(12).toString("hex");
      this.sessions.set(sid, { username, token: randomBytes(6).toString("hex") });
      return {
        status: 302,
        headers: {
          ...html,
          location: "/",
          "set-cookie": [`${SID}=${sid}; path=/; HttpOnly`, "fa_duelclub_data=a%3A0; path=/"],
        },
        body: "",
      };
    }
    if (!path.startsWith("/privmsg")) return null;
    if (session === null) return { status: 200, headers: html, body: this.loginPage("") };
    if (method === "GET") return { status: 200, headers: html, body: this.postingPage(session.token) };
    return { status: 200, headers: html, body: this.receive(session, form) };
  }

  private receive(session: { username: string; token: string }, form: URLSearchParams): string {
    if (form.get("tid") !== session.token || form.get("mode") !== "post" || !form.has("post")) {
      return page("Informations", "<p>Le formulaire a expiré, merci de recommencer.</p>");
    }
    if (this.flood) {
      this.flood = false;
      return page(
        "Informations",
        "<p>Vous ne pouvez pas envoyer un nouveau message aussi rapidement après le précédent.</p>",
      );
    }
    const to = form.getAll("username[]").filter((name) => name !== "");
    const subject = form.get("subject") ?? "";
    const message = form.get("message") ?? "";
    if (to.length === 0 || !to.every((name) => this.members.has(name)) || subject === "" || message === "") {
      return page("Informations", "<p>Destinataire inconnu, sujet ou message vide.</p>");
    }
    this.sent.push({ from: session.username, to, subject, message });
    return page(
      "Informations",
      '<p>Votre message a été envoyé avec succès.</p><p><a href="/privmsg?folder=inbox">Retour</a></p>',
    );
  }

  private session(headers: IncomingHttpHeaders): { username: string; token: string } | null {
    const cookie = headers.cookie ?? "";
    const sid = new RegExp(`(?:^|;\\s*)${SID}=([^;]+)`).exec(cookie)?.[1];
    return sid === undefined ? null : (this.sessions.get(sid) ?? null);
  }

  private loginPage(error: string): string {
    return page(
      "Connexion",
      `${error === "" ? "" : `<p class="error">${escapeHtml(error)}</p>`}
<form action="${this.loginAction}" method="post" name="form_login">
<input type="text" name="username" maxlength="40" value="" />
<input type="password" name="password" maxlength="25" />
<input type="checkbox" name="autologin" />
<input type="hidden" name="redirect" value="" /><input type="hidden" name="query" value="" />
<input type="submit" name="login" value="Connexion" />
</form>`,
    );
  }

  private postingPage(token: string): string {
    return page(
      "Envoyer un message privé",
      `<form action="/privmsg" method="post" name="post" enctype="multipart/form-data">
<input type="text" name="username[]" value="" />
<input type="text" name="subject" value="" maxlength="60" />
<textarea id="text_editor_textarea" name="message"></textarea>
<label><input type="checkbox" name="attach_sig" checked="checked" /> Attacher la signature</label>
<input type="hidden" name="mode" value="post" /><input type="hidden" name="folder" value="inbox" /><input type="hidden" name="tid" value="${token}" />
<input type="submit" name="preview" value="Prévisualiser" />
<input type="submit" name="post" value="Envoyer" />
</form>`,
    );
  }
}
