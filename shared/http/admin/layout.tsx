import type { Context } from "hono";
import { type Child, createContext, useContext } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ui } from "../../texts/desk.js";
import { forumTexts } from "../../texts/desk-forums.js";
import { registerTexts } from "../../texts/desk-register.js";
import { rulesPath } from "../club/rules-path.js";
import type { Principal } from "../principal.js";
import { CSRF_FIELD } from "./csrf.js";

export interface Flash {
  readonly kind: "ok" | "error";
  readonly text: string;
}

/** The hidden CSRF field every admin form carries (csrf.ts). */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />;
}

/** Who is logged in, as the header shows it; given by `renderPage` from the request. */
const SignedIn = createContext<Principal | null>(null);

/** "Bogrod · arbitre · gringotts": the person, their role and their forum (CONTRACT.md 3.1). */
export function signedInLabel(principal: Principal): string {
  const role = ui.roles[principal.role];
  return principal.role === "operator"
    ? `${principal.name}`
    : `${principal.name} · ${role} · ${principal.forumId}`;
}

/**
 * Every page: French, the one stylesheet, the navigation when logged in, the flash message.
 * `refresh` (seconds) makes the page reload itself while nothing is being typed (refresh.ts).
 */
export function Layout(props: {
  title: string;
  csrf?: string;
  flash?: Flash | null;
  refresh?: number;
  children?: Child;
}) {
  return (
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} — ${ui.appName}`}</title>
        <link rel="stylesheet" href="/admin/style.css" />
        {/* No favicon request: an empty data: icon, allowed by the CSP's img-src. */}
        <link rel="icon" href="data:," />
        {props.refresh ? <script src="/admin/refresh.js" defer /> : null}
      </head>
      <body data-refresh={props.refresh ? String(props.refresh) : undefined}>
        <header class="top">
          <a class="brand" href="/admin">
            {ui.appName}
          </a>
          <a href="/admin">{ui.nav.dashboard}</a>
          <a href="/admin/duels/new">{registerTexts.nav}</a>
          <ForumLink />
          <RulesLink />
          <a href="/docs">{ui.nav.docs}</a>
          {props.csrf ? <SignedInName /> : null}
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

function SignedInName() {
  const who = useContext(SignedIn);
  return who ? <span class="who">{signedInLabel(who)}</span> : null;
}

/** The forum settings link: every forum for the operator, theirs for a forum admin, none for a referee. */
function ForumLink() {
  const who = useContext(SignedIn);
  if (who?.role === "referee") return null;
  const href = who && who.role !== "operator" ? `/admin/forums/${who.forumId}` : "/admin/forums";
  return <a href={href}>{forumTexts.nav}</a>;
}

/** The French rules page: the forum's own for its admins and referees, the club's default else. */
function RulesLink() {
  const who = useContext(SignedIn);
  return <a href={rulesPath(who && who.role !== "operator" ? who.forumId : undefined)}>{ui.nav.rules}</a>;
}

/** The principal the login guard put on the request, if any (pages before login have none). */
function principalOf(c: Context): Principal | null {
  const found: unknown = Reflect.get(c.var, "principal");
  return typeof found === "object" && found !== null && "role" in found && "name" in found
    ? (found as Principal)
    : null;
}

/** Sends a page; JSX has escaped every value already, the doctype is the only raw text. */
export async function renderPage(
  c: Context,
  page: Child,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const principal = principalOf(c);
  const html = await Promise.resolve(<SignedIn.Provider value={principal}>{page}</SignedIn.Provider>);
  return c.html(`<!doctype html>${String(html)}`, status);
}
