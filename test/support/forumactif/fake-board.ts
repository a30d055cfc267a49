/**
 * A fake Forumactif board on loopback: it serves topic pages rendered from a model in any template
 * version, and tests change the model (a reply, an edit, a deletion, a dice roll), put the board
 * in maintenance, or make the next requests fail (429, 503), as a real board would behave.
 * Conditional requests get 304 when nothing changed (ETag and Last-Modified).
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TemplateVersion } from "../../../shared/forumactif/types.js";
import { diceRollMessage, GAME_MASTER_NAME, type RolledDice } from "./dice-markup.js";
import { confirmCodePage, FakeMessaging, floodText, messagePage } from "./fake-messaging.js";
import type { DateStyle } from "./format-date.js";
import type { BoardLanguage, ModelPost, TopicModel } from "./model.js";
import {
  renderIndexPage,
  renderLoginPage,
  renderMaintenancePage,
  renderNoTopicPage,
} from "./render-pages.js";
import { renderSectionPage, type SectionModel, topicBreadcrumb } from "./render-section.js";
import { escapeHtml, renderTopicPage } from "./render-topic.js";
import { replyFormPage } from "./reply-form.js";

export interface FakeBoardOptions {
  readonly template?: TemplateVersion;
  readonly timeZone?: string;
  readonly language?: BoardLanguage;
  readonly dateStyle?: DateStyle;
  readonly perPage?: number;
  /** Topics per page of a section's list (Forumactif's default is 50). */
  readonly topicsPerPage?: number;
  /** The board's clock (ISO); post times default to it, and its flood control counts on it. */
  readonly now?: () => string;
  /**
   * The board's charset (UTF-8 unless set): an ISO-8859-1 board serves its pages in it and reads
   * posted forms in it (a character it lacks arrives as a numeric reference, `&#8217;`).
   */
  readonly charset?: "utf-8" | "iso-8859-1";
  /** Where the board declares its charset: the `Content-Type` header (default), or only the page's `<meta>`. */
  readonly charsetIn?: "header" | "meta";
}

/** A request the board received, for assertions on politeness (User-Agent, conditional headers). */
export interface BoardRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly status: number;
}

interface MutableTopic {
  topicId: string;
  slug: string;
  title: string;
  perPage: number;
  posts: ModelPost[];
  guestsCanRead: boolean;
  modifiedAt: string;
  /** The section listing the topic; none: its page names no section. */
  section?: string;
}

const TOPIC_PATH = /^\/t(\d+)(?:p(\d+))?(?:-[^/?#]*)?$/;
const SECTION_PATH = /^\/f(\d+)(?:p(\d+))?(?:-[^/?#]*)?$/;

export class FakeBoard {
  readonly requests: BoardRequest[] = [];
  /** Accounts, `/login`, private messages (`/privmsg`), and what the board does to members' writes. */
  readonly messaging: FakeMessaging;
  template: TemplateVersion;
  private readonly topics = new Map<string, MutableTopic>();
  private readonly sections = new Map<string, SectionModel>();
  /** Sections whose list pages answer this status instead of the list. */
  private readonly brokenSections = new Map<string, number>();
  private readonly failures: { status: number; headers: Record<string, string> }[] = [];
  private maintenance: { status: number } | null = null;
  private nextPostId = 1000;
  private nextTopicId = 100;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: Required<Omit<FakeBoardOptions, "template">>,
    template: TemplateVersion,
  ) {
    this.template = template;
    this.messaging = new FakeMessaging(() => Date.parse(options.now()));
  }

  /** Starts a board on 127.0.0.1 on a free port. */
  static async start(options: FakeBoardOptions = {}): Promise<FakeBoard> {
    let board: FakeBoard | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (board === null) return void res.writeHead(503).end();
        const method = req.method ?? "GET";
        const { status, headers, body } = board.served(
          board.respond(method, req.url ?? "/", req.headers, Buffer.concat(chunks)),
          req.headers,
        );
        board.requests.push({ method, path: req.url ?? "/", headers: req.headers, status });
        // A reply recorded whose answer is lost on the way back, as a timeout would lose it.
        if (board.dropping) {
          board.dropping = false;
          return void req.socket.destroy();
        }
        res.writeHead(status, headers).end(method === "HEAD" ? undefined : body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    board = new FakeBoard(
      server,
      `http://127.0.0.1:${port}`,
      {
        timeZone: options.timeZone ?? "Europe/Paris",
        language: options.language ?? "fr",
        dateStyle: options.dateStyle ?? "auto",
        perPage: options.perPage ?? 25,
        topicsPerPage: options.topicsPerPage ?? 50,
        now: options.now ?? (() => new Date().toISOString()),
        charset: options.charset ?? "utf-8",
        charsetIn: options.charsetIn ?? "header",
      },
      options.template ?? "modernbb",
    );
    return board;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  /**
   * Creates a topic; its first post is added with addPost like any other. In a `section`, the
   * topic's pages name it and the section's list (`/f{section}-…`) shows the topic.
   */
  createTopic(input: {
    title: string;
    slug?: string;
    topicId?: string;
    guestsCanRead?: boolean;
    section?: string;
  }): string {
    const topicId = input.topicId ?? String(this.nextTopicId++);
    this.topics.set(topicId, {
      topicId,
      slug: input.slug ?? "duel",
      title: input.title,
      perPage: this.options.perPage,
      posts: [],
      guestsCanRead: input.guestsCanRead ?? true,
      modifiedAt: this.options.now(),
      ...(input.section === undefined ? {} : { section: this.section(input.section) }),
    });
    return topicId;
  }

  /** The topic renamed, as a moderator renames it on the board. */
  renameTopic(topicId: string, title: string): void {
    const topic = this.mustTopic(topicId);
    topic.title = title;
    this.touch(topic);
  }

  /** Moves a topic to another section, as a moderator does. */
  moveTopic(topicId: string, section: string): void {
    const topic = this.mustTopic(topicId);
    topic.section = this.section(section);
    this.touch(topic);
  }

  /** The section's list pages answer `status` (null: they read again). */
  breakSection(section: string, status: number | null): void {
    if (status === null) this.brokenSections.delete(section);
    else this.brokenSections.set(section, status);
  }

  /** Requests for section list pages (all sections, or one), in order. */
  sectionRequests(section?: string): BoardRequest[] {
    return this.requests.filter((r) => new RegExp(`^/f${section ?? "\\d+"}(?:p\\d+)?(?:-|$)`).test(r.path));
  }

  private section(sectionId: string): string {
    if (!this.sections.has(sectionId))
      this.sections.set(sectionId, {
        sectionId,
        slug: `salle-${sectionId}`,
        title: `Salle de duel ${sectionId}`,
      });
    return sectionId;
  }

  /** The topic as stored now (a copy). */
  topic(topicId: string): TopicModel {
    const topic = this.mustTopic(topicId);
    return { ...topic, posts: [...topic.posts] };
  }

  /** A reply at the end of the topic; returns the stored post (its id is the board's next id). */
  addPost(
    topicId: string,
    input: {
      authorId: string | null;
      authorName: string;
      html: string;
      createdAt?: string;
      signature?: string;
      postId?: string;
    },
  ): ModelPost {
    const topic = this.mustTopic(topicId);
    const post: ModelPost = {
      postId: input.postId ?? String(this.nextPostId++),
      authorId: input.authorId,
      authorName: input.authorName,
      createdAt: input.createdAt ?? this.minute(),
      html: input.html,
      signature: input.signature ?? null,
      edited: null,
    };
    topic.posts.push(post);
    this.touch(topic);
    return post;
  }

  /** The Game Master's post with `player`'s roll, as Forumactif adds it right after the reply. */
  addDiceRoll(topicId: string, player: string, rolls: readonly RolledDice[], createdAt?: string): ModelPost {
    return this.addPost(topicId, {
      authorId: null,
      authorName: GAME_MASTER_NAME,
      html: diceRollMessage(player, rolls),
      ...(createdAt === undefined ? {} : { createdAt }),
    });
  }

  /** An edit: new content, and Forumactif's note (editor, time, count). */
  editPost(postId: string, html: string, input: { by?: string; at?: string } = {}): ModelPost {
    const [topic, index, post] = this.findPost(postId);
    const edited: ModelPost = {
      ...post,
      html,
      edited: {
        by: input.by ?? post.authorName,
        at: input.at ?? this.minute(),
        count: (post.edited?.count ?? 0) + 1,
      },
    };
    topic.posts[index] = edited;
    this.touch(topic);
    return edited;
  }

  deletePost(postId: string): void {
    const [topic, index] = this.findPost(postId);
    topic.posts.splice(index, 1);
    this.touch(topic);
  }

  /** Maintenance on or off; Forumactif answers its maintenance page (status 200 unless told). */
  setMaintenance(on: boolean, status = 200): void {
    this.maintenance = on ? { status } : null;
  }

  /** The next `count` requests fail with `status` (429 gets `Retry-After` unless headers say otherwise). */
  failNext(status: number, count = 1, headers: Record<string, string> = {}): void {
    for (let i = 0; i < count; i++) {
      this.failures.push({ status, headers: status === 429 ? { "retry-after": "60", ...headers } : headers });
    }
  }

  setGuestsCanRead(topicId: string, can: boolean): void {
    this.mustTopic(topicId).guestsCanRead = can;
  }

  /** Requests for one topic's pages, in order. */
  topicRequests(topicId: string): BoardRequest[] {
    return this.requests.filter((r) => new RegExp(`^/t${topicId}(?:p\\d+)?(?:-|$)`).test(r.path));
  }

  /**
   * An answer as the board serves it: every page shows whether the request's session is logged in
   * (`_userdata["session_logged_in"]`), and is encoded in the board's charset, declared where the
   * board declares it.
   */
  private served(
    answer: { status: number; headers: Record<string, string | string[]>; body: string },
    headers: IncomingHttpHeaders,
  ): { status: number; headers: Record<string, string | string[]>; body: Buffer } {
    const member = this.messaging.memberOf(headers);
    const logged = member === null ? "0" : "1";
    let body = answer.body
      .replace(/var _userdata = \{\};/, `var _userdata = {}; _userdata["session_logged_in"] = ${logged};`)
      .replace(/"session_logged_in":0/, `"session_logged_in":${logged}`);
    const out = { ...answer.headers };
    if (this.options.charset === "utf-8") return { ...answer, headers: out, body: Buffer.from(body) };
    body = body
      .replace(/charset=utf-8/gi, "charset=iso-8859-1")
      .replace(/[\u0100-\u{10ffff}]/gu, (c) => `&#${c.codePointAt(0)};`);
    if (typeof out["content-type"] === "string")
      out["content-type"] =
        this.options.charsetIn === "header" ? "text/html; charset=ISO-8859-1" : "text/html";
    return { ...answer, headers: out, body: Buffer.from(body, "latin1") };
  }

  /** A posted form read as the board reads it: in its charset, numeric references as the characters. */
  private formOf(raw: Buffer): URLSearchParams {
    const text = raw.toString("latin1");
    if (this.options.charset === "utf-8") return new URLSearchParams(raw.toString());
    const form = new URLSearchParams();
    for (const pair of text.split("&")) {
      if (pair === "") continue;
      const [name = "", value = ""] = pair.split("=").map((part) =>
        Buffer.from(
          part
            .replace(/\+/g, " ")
            .replace(/%([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        )
          .toString("latin1")
          .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code))),
      );
      form.append(name, value);
    }
    return form;
  }

  private respond(
    method: string,
    rawPath: string,
    headers: IncomingHttpHeaders,
    rawBody: Buffer,
  ): { status: number; headers: Record<string, string | string[]>; body: string } {
    // A form's fields: posted, or in the address (a GET form), read in the board's charset.
    const requestBody = this.formOf(
      method === "POST" ? rawBody : Buffer.from(rawPath.split("?")[1] ?? "", "latin1"),
    );
    const html = { "content-type": "text/html; charset=utf-8" };
    const failure = this.failures.shift();
    if (failure) return { status: failure.status, headers: { ...html, ...failure.headers }, body: "" };
    const language = this.options.language;
    if (this.maintenance) {
      return { status: this.maintenance.status, headers: html, body: renderMaintenancePage(language) };
    }
    const path = rawPath.split("?")[0] ?? "/";
    const messaging = this.messaging.handle(method, path, headers, requestBody);
    if (messaging !== null) return messaging;
    if (path === "/post") return this.reply(method, rawPath, headers, requestBody);
    if (method !== "GET" && method !== "HEAD") return { status: 405, headers: html, body: "" };
    if (path === "/" || path === "/forum")
      return { status: 200, headers: html, body: renderIndexPage(language) };
    const listed = SECTION_PATH.exec(path);
    if (listed !== null) return this.sectionPage(listed[1] ?? "", Number(listed[2] ?? "0"));
    const match = TOPIC_PATH.exec(path);
    const topic = match?.[1] === undefined ? undefined : this.topics.get(match[1]);
    if (match === null || topic === undefined || topic.posts.length === 0) {
      return { status: 404, headers: html, body: renderNoTopicPage(language) };
    }
    // A section closed to guests: its members (a logged-in session) read it, guests get the login page.
    if (!topic.guestsCanRead && this.messaging.memberOf(headers) === null)
      return { status: 200, headers: html, body: renderLoginPage(language) };
    // Past the end, Forumactif shows the last page.
    const lastOffset = Math.floor((topic.posts.length - 1) / topic.perPage) * topic.perPage;
    const asked = Number(match[2] ?? "0");
    const offset = Math.min(lastOffset, asked - (asked % topic.perPage));
    const body = this.theme(
      renderTopicPage(topic, {
        template: this.template,
        offset,
        timeZone: this.options.timeZone,
        now: this.options.now(),
        language,
        dateStyle: this.options.dateStyle,
        ...(topic.section === undefined
          ? {}
          : { breadcrumb: topicBreadcrumb(this.url, this.mustSection(topic.section), topic) }),
      }),
    );
    const etag = `"${createHash("sha1").update(body).digest("hex").slice(0, 20)}"`;
    const lastModified = new Date(topic.modifiedAt).toUTCString();
    const cache = { ...html, etag, "last-modified": lastModified, "cache-control": "private, no-cache" };
    const ifNoneMatch = headers["if-none-match"];
    const ifModifiedSince = headers["if-modified-since"];
    const notModified =
      ifNoneMatch !== undefined
        ? ifNoneMatch.split(",").some((tag) => tag.trim() === etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
    return notModified ? { status: 304, headers: cache, body: "" } : { status: 200, headers: cache, body };
  }

  /** What the board's theme does to each topic page it serves (none unless set). */
  private theme: (html: string) => string = (html) => html;

  /** Rewrites every topic page served from now on, as a board's customised theme would. */
  setTheme(theme: (html: string) => string): void {
    this.theme = theme;
  }

  /** The next `n` replies posted are recorded, and their answer lost (the connection cut). */
  dropReplyAnswers = 0;
  private dropping = false;

  /** Replies posted through `/post`, by whom and with what BBCode, in order. */
  readonly replies: { topicId: string; from: string; message: string }[] = [];

  /**
   * The reply form (`/post?t={id}&mode=reply`, after `posting_body.tpl`): a member's session, a
   * per-session token; posting adds a post by the member, its BBCode shown escaped, lines broken.
   */
  private reply(
    method: string,
    rawPath: string,
    headers: IncomingHttpHeaders,
    form: URLSearchParams,
  ): { status: number; headers: Record<string, string | string[]>; body: string } {
    const html = { "content-type": "text/html; charset=utf-8" };
    const member = this.messaging.memberOf(headers);
    const token = this.messaging.tokenOf(headers);
    if (member === null || token === null)
      return { status: 200, headers: html, body: renderLoginPage(this.options.language) };
    if (method === "GET") {
      const topicId = new URLSearchParams(rawPath.split("?")[1] ?? "").get("t") ?? "";
      if (!this.topics.has(topicId))
        return { status: 404, headers: html, body: renderNoTopicPage(this.options.language) };
      return { status: 200, headers: html, body: replyFormPage(topicId, token) };
    }
    const topicId = form.get("t") ?? "";
    const message = form.get("message") ?? "";
    if (form.get("tid") !== token || form.get("mode") !== "reply" || !form.has("post") || message === "")
      return {
        status: 200,
        headers: html,
        body: messagePage("Informations", "Le formulaire a expiré, merci de recommencer."),
      };
    if (!this.topics.has(topicId))
      return { status: 404, headers: html, body: renderNoTopicPage(this.options.language) };
    const gate = this.messaging.gate(member);
    if (gate?.kind === "captcha")
      return { status: 200, headers: html, body: confirmCodePage("/post", "post") };
    if (gate?.kind === "flood") {
      const error = `<div class="box-error">${floodText(gate.seconds, this.messaging.wording)}</div>`;
      return {
        status: 200,
        headers: html,
        body: replyFormPage(topicId, token).replace("<form", `${error}<form`),
      };
    }
    this.replies.push({ topicId, from: member, message });
    if (this.dropReplyAnswers > 0) {
      this.dropReplyAnswers--;
      this.dropping = true;
    }
    const post = this.addPost(topicId, {
      authorId: "7",
      authorName: member,
      html: escapeHtml(message).replace(/\n/g, "<br />"),
    });
    return this.posted(topicId, post.postId);
  }

  /** What the board answers a reply it took, as its language and admin word it (or a redirect to the post). */
  private posted(topicId: string, postId: string) {
    const html = { "content-type": "text/html; charset=utf-8" };
    const wording = this.messaging.wording;
    if (wording === "en")
      return { status: 302, headers: { ...html, location: `/t${topicId}-duel#${postId}` }, body: "" };
    const text =
      wording === "de"
        ? `Dein Beitrag wurde gespeichert.<br /><a href="/viewtopic?t=${topicId}&amp;p=${postId}#${postId}">Beitrag ansehen</a>`
        : wording === "fr-prive"
          ? `Message posté. <a href="/t${topicId}-duel#${postId}">Le lire</a>`
          : `Votre message a été enregistré avec succès.<br /><a href="/t${topicId}-duel#${postId}">Voir le message</a>`;
    return { status: 200, headers: html, body: messagePage("Informations", text) };
  }

  /** A section's list page: its topics, newest last post first, `topicsPerPage` a page. */
  private sectionPage(
    sectionId: string,
    offset: number,
  ): { status: number; headers: Record<string, string>; body: string } {
    const html = { "content-type": "text/html; charset=utf-8" };
    const section = this.sections.get(sectionId);
    if (section === undefined)
      return { status: 404, headers: html, body: renderNoTopicPage(this.options.language) };
    const broken = this.brokenSections.get(sectionId);
    if (broken !== undefined) return { status: broken, headers: html, body: "" };
    const lastId = (t: MutableTopic) => Number(t.posts.at(-1)?.postId ?? "0");
    const topics = [...this.topics.values()]
      .filter((t) => t.section === sectionId && t.guestsCanRead && t.posts.length > 0)
      .sort((a, b) => lastId(b) - lastId(a));
    const perPage = this.options.topicsPerPage;
    const body = renderSectionPage(section, topics, {
      template: this.template,
      offset: Math.min(
        offset - (offset % perPage),
        Math.floor(Math.max(0, topics.length - 1) / perPage) * perPage,
      ),
      perPage,
      timeZone: this.options.timeZone,
      now: this.options.now(),
      language: this.options.language,
    });
    return { status: 200, headers: html, body };
  }

  private mustSection(sectionId: string): SectionModel {
    const section = this.sections.get(sectionId);
    if (section === undefined) throw new Error(`fake board: no section ${sectionId}`);
    return section;
  }

  private mustTopic(topicId: string): MutableTopic {
    const topic = this.topics.get(topicId);
    if (topic === undefined) throw new Error(`fake board: no topic ${topicId}`);
    return topic;
  }

  private findPost(postId: string): [MutableTopic, number, ModelPost] {
    for (const topic of this.topics.values()) {
      const index = topic.posts.findIndex((p) => p.postId === postId);
      const post = topic.posts[index];
      if (post !== undefined) return [topic, index, post];
    }
    throw new Error(`fake board: no post ${postId}`);
  }

  /** The board's clock, to the minute (Forumactif shows minutes only). */
  private minute(): string {
    const ms = Date.parse(this.options.now());
    return new Date(ms - (ms % 60_000)).toISOString();
  }

  private touch(topic: MutableTopic): void {
    topic.modifiedAt = this.options.now();
  }
}
