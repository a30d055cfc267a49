import { describe, expect, it } from "vitest";
import { memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { browser, csrfIn, decoded } from "./support.js";

describe("admin login", () => {
  it("sends a visitor without the token to the login form", async () => {
    const h = await memoryHarness();
    const res = await h.app.request("/admin");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/login");
    const login = await h.app.request("/admin/login");
    expect(login.status).toBe(200);
    expect(decoded(await login.text())).toContain("Jeton d'administration");
  });

  it("sets the admin cookie HttpOnly and SameSite=Strict, then opens the dashboard", async () => {
    const h = await memoryHarness();
    const b = browser(h);
    const res = await b.login();
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin");
    const admin = res.headers.getSetCookie().find((c) => c.startsWith("duel_admin="));
    expect(admin).toMatch(/HttpOnly/);
    expect(admin).toMatch(/SameSite=Strict/);
    expect(admin).not.toMatch(/Secure/);
    const page = await b.get("/admin");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Tableau de bord");
  });

  it("marks the cookies Secure when the request is https", async () => {
    const h = await memoryHarness();
    const form = await h.app.request("https://arbitre.example/admin/login");
    const session = form.headers.getSetCookie().find((c) => c.startsWith("duel_session=")) ?? "";
    expect(session).toMatch(/Secure/);
    const res = await h.app.request("https://arbitre.example/admin/login", {
      method: "POST",
      headers: {
        origin: "https://arbitre.example",
        cookie: session.split(";")[0] ?? "",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ token: ADMIN_TOKEN, _csrf: csrfIn(await form.text()) }).toString(),
    });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("duel_admin="))).toMatch(/Secure/);
  });

  it("refuses a wrong token in French", async () => {
    const h = await memoryHarness();
    const res = await browser(h).login("pas-le-bon");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Jeton invalide.");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("duel_admin="))).toBe(false);
  });

  it("CONTRACT 3.1 300 wrong logins sent at once from one address: only the free ones are checked, the rest wait", async () => {
    const h = await memoryHarness();
    const b = browser(h);
    const { csrf } = await b.page("/admin/login");
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        b.post("/admin/login", { token: `mauvais-jeton-${i}`, _csrf: csrf }).then((res) => res.status),
      ),
    );
    // Five free attempts per account tried from an address, the sixth sets the first wait.
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(294);
  });

  it("CONTRACT 3.1 refuses ?token= in French, and accepts Bearer for scripts", async () => {
    const h = await memoryHarness();
    const inUrl = await h.app.request(`/admin?token=${ADMIN_TOKEN}`);
    expect(inUrl.status).toBe(400);
    expect(decoded(await inUrl.text())).toContain("Jeton refusé dans l'adresse");
    const bearer = await h.app.request("/admin", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(bearer.status).toBe(200);
  });

  it("logs out: the cookie is cleared and the pages ask for the token again", async () => {
    const h = await memoryHarness();
    const b = browser(h);
    await b.login();
    const { csrf } = await b.page("/admin");
    const res = await b.post("/admin/logout", { _csrf: csrf });
    expect(res.headers.get("location")).toBe("/admin/login");
    expect((await b.get("/admin")).status).toBe(303);
  });
});
