import type { Context, Hono } from "hono";
import { ui } from "../../texts/desk.js";
import { principalOfToken } from "../auth.js";
import type { AppDeps } from "../deps.js";
import { renderPage } from "./layout.js";
import { accountKey, addressKey, loginFailed, loginWait } from "./login-throttle.js";
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
  // Throttled per address and per account from it (login-throttle.ts): a refused wait is not checked.
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
    const wait = await loginWait(deps.access, [account, address], now);
    if (wait > 0) return refuse(wait);
    const principal = token === "" ? null : await principalOfToken(deps, token);
    if (!principal) {
      const next = await loginFailed(deps.access, account, address, now);
      const error = next > 0 ? ui.login.invalidWait(Math.ceil(next / 1000)) : ui.login.invalid;
      return renderPage(c, <LoginPage csrf={csrfOf(c)} error={error} />, 401);
    }
    await deps.access.clearLoginFailures(account);
    await startLogin(c, deps, principal);
    return c.redirect("/admin", 303);
  });
  app.post("/logout", async (c) => {
    await endLogin(c, deps);
    return c.redirect("/admin/login", 303);
  });
}
