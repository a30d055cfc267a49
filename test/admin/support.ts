import type { MemoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";

/** Where the tests pretend the browser is: hono's `csrf()` compares the Origin with this. */
export const ORIGIN = "http://localhost";

/** A browser's cookies for one site, enough for these tests: name=value, the last one wins. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** The CSRF token a page's forms carry. */
export function csrfIn(html: string): string {
  const token = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (!token) throw new Error("no CSRF field on the page");
  return token;
}

/** A browser-like session on the app: cookies kept, forms posted from this origin. */
export function browser(h: MemoryHarness) {
  const jar = new CookieJar();
  const get = async (path: string) => {
    const res = await h.app.request(path, { headers: { cookie: jar.header() } });
    jar.take(res);
    return res;
  };
  const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await h.app.request(path, {
      method: "POST",
      headers: {
        cookie: jar.header(),
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
    jar.take(res);
    return res;
  };
  return {
    jar,
    get,
    post,
    /** Follows a redirect as a browser does: a GET of its Location, the fragment kept to itself. */
    follow(res: Response) {
      const location = res.headers.get("location");
      if (!location) throw new Error(`no redirect: ${res.status}`);
      return get(location.split("#")[0] ?? location);
    },
    /** Logs in through the form, as a person would. */
    async login(token = ADMIN_TOKEN) {
      const page = await get("/admin/login");
      return post("/admin/login", { token, _csrf: csrfIn(await page.text()) });
    },
    /** A page's HTML and the CSRF token of its forms. */
    async page(path: string) {
      const res = await get(path);
      const html = await res.text();
      return { res, html, csrf: csrfIn(html) };
    },
  };
}

/** A page's text with JSX's entity escapes undone, to look for French sentences in it. */
export function decoded(html: string): string {
  return html
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
