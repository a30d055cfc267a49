import type { Context, Hono } from "hono";
import { ui } from "../../texts/desk.js";
import { principalOfToken } from "../auth.js";
import type { AppDeps } from "../deps.js";
import { renderPage } from "./layout.js";
import { accountKey, addressKey, loginSucceeded, reserveLogin } from "./login-throttle.js";
import { LoginPage } from "./pages.js";
import { type AdminEnv, endLogin, pagePrincipal, startLogin } from "./session.js";

/**
 * The desk's login and logout (CONTRACT.md 3.1): any token of the operator, a forum admin or a
 * referee opens a server-side session; attempts are throttled per address and per account tried
 * from it (login-throttle.ts), and an attempt made while it must wait is refused unchecked.
 */
export function mountLogin(
  app: Hono<AdminEnv>,
  deps: AppDeps,
  csrfOf: (c: Context<AdminEnv>) => string,
): void {
  app.get("/login", async (c) =>
    (await pagePrincipal(c, deps))
      ? c.redirect("/admin", 303)
      : renderPage(c, <LoginPage csrf={csrfOf(c)} />),
  );
  // Reserved per address and per account from it before the token is checked (login-throttle.ts).
  app.post("/login", async (c) => {
    const field = (await c.req.parseBody()).token;
    const token = typeof field === "string" ? field.trim() : "";
    const now = (deps.wallNow ?? (() => new Date()))();
    const address = addressKey(c);
    const account = accountKey(token, address);
    const refuse = (waitMs: number) => {
      const seconds = Math.ceil(waitMs / 1000);
      c.header("Retry-After", String(seconds));
      return renderPage(c, <LoginPage csrf={csrfOf(c)} error={ui.login.throttled(seconds)} />, 429);
    };
    const reservation = await reserveLogin(deps.access, account, address, now);
    if (!reservation.check) return refuse(reservation.waitMs);
    const principal = token === "" ? null : await principalOfToken(deps, token);
    if (!principal) {
      const next = reservation.waitMs;
      const error = next > 0 ? ui.login.invalidWait(Math.ceil(next / 1000)) : ui.login.invalid;
      return renderPage(c, <LoginPage csrf={csrfOf(c)} error={error} />, 401);
    }
    await loginSucceeded(deps.access, account, address);
    await startLogin(c, deps, principal);
    return c.redirect("/admin", 303);
  });
  app.post("/logout", async (c) => {
    await endLogin(c, deps);
    return c.redirect("/admin/login", 303);
  });
}
