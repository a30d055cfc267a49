/**
 * The fake board's accounts, private messages and what a real board does to a member's writes:
 * `/login` and `/privmsg?mode=post` behave as a Forumactif board's forms do for a member (a session
 * cookie, a per-session form token), with the answers real boards give (CONTRACT.md 4.4, « Writing
 * to a real board »): flood control (the posting form again with the wait, moderators exempt), a
 * confirmation-code page, a refused login shown as an information page, success pages worded as the
 * board's language and admin chose, and the member list's search. Texts are ours.
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

/** How a board words the page after a write it took: its language, or its admin's own words. */
export type SuccessWording = "fr" | "fr-prive" | "en" | "de";

const SID = "fa_duelclub_sid";

function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="fr"><head><title>${title}</title>
<meta http-equiv="content-type" content="text/html; charset=utf-8" />
<script type="text/javascript">var _userdata = {};</script>
<script src="https://illiweb.com/rs3/64/frm/lang/fr.js" type="text/javascript"></script>
</head><body>${content}</body></html>
`;
}

/** Forumactif's information page (`message_body`): a title and a text, no form. */
export function messagePage(title: string, text: string): string {
  return page(title, `<div class="panel"><h1 class="page-title">${title}</h1><p>${text}</p></div>`);
}

const PM_SENT: Record<SuccessWording, string> = {
  fr: "Votre message a été envoyé avec succès.",
  "fr-prive": "Votre message privé a été envoyé.",
  en: "Your private message has been delivered.",
  de: "Deine Nachricht wurde verschickt.",
};

type Session = { username: string; token: string };

export class FakeMessaging {
  readonly sent: SentMessage[] = [];
  private readonly members = new Map<string, { password: string; id: number }>();
  private readonly moderators = new Set<string>();
  private readonly sessions = new Map<string, Session>();
  /** When each member last wrote (a PM or a reply), on the board's clock. */
  private readonly lastWrite = new Map<string, number>();
  private flood = false;
  private nextMemberId = 2;
  /** Where the login form posts; a test may point it elsewhere to see the password kept home. */
  loginAction = "/login";
  /** Seconds a member waits between two writes (0: no flood control). Moderators are exempt. */
  floodSeconds = 0;
  /** How the board words its page after a write it took. */
  wording: SuccessWording = "fr";
  /** Every login is refused with an information page (a banned account, a board closed to it). */
  refuseLogins = false;
  /** Every write is answered with the confirmation-code page (a captcha) and not taken. */
  askCaptcha = false;

  constructor(private readonly now: () => number = Date.now) {}

  addMember(username: string, password: string, options: { moderator?: boolean } = {}): void {
    this.members.set(username, { password, id: this.nextMemberId++ });
    if (options.moderator) this.moderators.add(username);
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

  /**
   * Whether the board refuses a write of `member` now: a captcha asked, or the flood control
   * (the seconds still to wait). A write taken is recorded for the next one's flood control.
   */
  gate(
    member: string,
  ): { readonly kind: "captcha" } | { readonly kind: "flood"; seconds: number | null } | null {
    if (this.askCaptcha) return { kind: "captcha" };
    const now = this.now();
    const last = this.lastWrite.get(member);
    const exempt = this.moderators.has(member);
    if (this.flood) {
      // Refused once, its wait not stated.
      this.flood = false;
      return { kind: "flood", seconds: null };
    }
    if (!exempt && last !== undefined && now - last < this.floodSeconds * 1000) {
      return { kind: "flood", seconds: Math.max(1, Math.ceil(this.floodSeconds - (now - last) / 1000)) };
    }
    this.lastWrite.set(member, now);
    return null;
  }

  /** Answers `/login`, `/privmsg` and `/memberlist`; null for any other path. */
  handle(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    form: URLSearchParams,
  ): BoardAnswer | null {
    const html = { "content-type": "text/html; charset=utf-8" };
    const session = this.session(headers);
    if (path === "/login" && method === "GET")
      return { status: 200, headers: html, body: this.loginPage("") };
    if (path === "/login" && method === "POST") return this.logIn(form);
    if (path === "/memberlist") return { status: 200, headers: html, body: this.memberList(form) };
    if (!path.startsWith("/privmsg")) return null;
    if (session === null) return { status: 200, headers: html, body: this.loginPage("") };
    if (method === "GET") return { status: 200, headers: html, body: this.postingPage(session.token, "") };
    return { status: 200, headers: html, body: this.receive(session, form) };
  }

  private logIn(form: URLSearchParams): BoardAnswer {
    const html = { "content-type": "text/html; charset=utf-8" };
    const username = form.get("username") ?? "";
    if (this.refuseLogins) {
      // What some boards answer a refused login: an information page, no form, not logged in.
      return { status: 200, headers: html, body: messagePage("Informations", "Connexion impossible.") };
    }
    if (this.members.get(username)?.password !== form.get("password")) {
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

  private receive(session: Session, form: URLSearchParams): string {
    if (form.get("tid") !== session.token || form.get("mode") !== "post" || !form.has("post")) {
      return messagePage("Informations", "Le formulaire a expiré, merci de recommencer.");
    }
    const to = form.getAll("username[]").filter((name) => name !== "");
    const subject = form.get("subject") ?? "";
    const message = form.get("message") ?? "";
    // An unknown recipient: the posting form again, with the board's error (phpBB's `No_such_user`).
    if (to.length === 0 || !to.every((name) => this.members.has(name)))
      return this.postingPage(session.token, "Désolé, mais cet utilisateur n'existe pas.");
    if (subject === "" || message === "") return this.postingPage(session.token, "Sujet ou message vide.");
    const gate = this.gate(session.username);
    if (gate?.kind === "captcha") return confirmCodePage("/privmsg", "post");
    if (gate?.kind === "flood") return this.postingPage(session.token, floodText(gate.seconds, this.wording));
    this.sent.push({ from: session.username, to, subject, message });
    return messagePage(
      "Informations",
      `${PM_SENT[this.wording]}<br /><br /><a href="/privmsg?folder=inbox">Retour</a>`,
    );
  }

  private session(headers: IncomingHttpHeaders): Session | null {
    const cookie = headers.cookie ?? "";
    const sid = new RegExp(`(?:^|;\\s*)${SID}=([^;]+)`).exec(cookie)?.[1];
    return sid === undefined ? null : (this.sessions.get(sid) ?? null);
  }

  /** The member list, searched by name (`/memberlist?username=…`) as Forumactif's search box does. */
  private memberList(query: URLSearchParams): string {
    const wanted = (query.get("username") ?? "").toLowerCase();
    const rows = [...this.members]
      .filter(([name]) => wanted === "" || name.toLowerCase().includes(wanted))
      .map(([name, { id }]) => `<tr><td><a href="/u${id}">${escapeHtml(name)}</a></td></tr>`)
      .join("");
    return page(
      "Liste des membres",
      `<form action="/memberlist" method="get"><input type="text" name="username" value="${escapeHtml(wanted)}" /><input type="submit" value="Ok" /></form><table>${rows}</table>`,
    );
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

  private postingPage(token: string, error: string): string {
    return page(
      "Envoyer un message privé",
      `${error === "" ? "" : `<div class="box-error"><p>${error}</p></div>`}
<form action="/privmsg" method="post" name="post" enctype="multipart/form-data">
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

/** The flood control's words, as boards of each language write them. */
export function floodText(seconds: number | null, wording: SuccessWording): string {
  if (seconds === null) return "Message refusé : réessayez dans un instant.";
  if (wording === "en") return `Flood control: you must wait ${seconds} seconds between two messages.`;
  if (wording === "de") return `Bitte warte ${seconds} Sekunden, bevor du eine weitere Nachricht schreibst.`;
  return `Vous ne pouvez pas envoyer un nouveau message aussi rapidement après le précédent. Merci de patienter ${seconds} secondes.`;
}

/** The confirmation-code page (`posting_confirm_code.tpl`): a reCAPTCHA, the message kept in hidden fields. */
export function confirmCodePage(action: string, submit: string): string {
  return page(
    "Confirmation",
    `<p class="center"><strong>Merci de confirmer que vous n'êtes pas un robot.</strong></p>
<form method="post" action="${action}" name="post">
<div class="g-recaptcha" data-sitekey="6Lc-fake"></div>
<input type="submit" value="Envoyer" name="${submit}" />
<input type="hidden" name="message" value="" /><input type="hidden" name="post_confirm" value="1" />
</form>`,
  );
}
