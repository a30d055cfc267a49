import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CSRF_FIELD } from "./csrf.js";
import { forumTexts } from "./forum-texts.js";
import { registerTexts } from "./register-texts.js";
import { ui } from "./texts.js";

export interface Flash {
  readonly kind: "ok" | "error";
  readonly text: string;
}

/** The hidden CSRF field every admin form carries (csrf.ts). */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />;
}

/** Every page: French, the one stylesheet, the navigation when logged in, the flash message. */
export function Layout(props: { title: string; csrf?: string; flash?: Flash | null; children?: Child }) {
  return (
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} — ${ui.appName}`}</title>
        <link rel="stylesheet" href="/admin/style.css" />
        {/* No favicon request: an empty data: icon, allowed by the CSP's img-src. */}
        <link rel="icon" href="data:," />
      </head>
      <body>
        <header class="top">
          <a class="brand" href="/admin">
            {ui.appName}
          </a>
          <a href="/admin">{ui.nav.dashboard}</a>
          <a href="/admin/duels/new">{registerTexts.nav}</a>
          <a href="/admin/forums">{forumTexts.nav}</a>
          <a href="/admin/rules">{ui.nav.rules}</a>
          <a href="/docs">{ui.nav.docs}</a>
          {props.csrf ? (
            <form method="post" action="/admin/logout">
              <CsrfField token={props.csrf} />
              <button type="submit">{ui.nav.logout}</button>
            </form>
          ) : null}
        </header>
        <main>
          <h1>{props.title}</h1>
          {props.flash ? (
            <p class={`flash ${props.flash.kind}`} role={props.flash.kind === "error" ? "alert" : "status"}>
              {props.flash.text}
            </p>
          ) : null}
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** Sends a page; JSX has escaped every value already, the doctype is the only raw text. */
export async function renderPage(
  c: Context,
  page: Child,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const html = await Promise.resolve(page);
  return c.html(`<!doctype html>${String(html)}`, status);
}
