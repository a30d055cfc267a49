import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * Headers for every admin and docs page. The CSP allows nothing but this origin's stylesheet,
 * script file (the duel page's refresh, refresh.ts) and forms: no inline script or style, so an
 * escaped value that slipped through could still not run. `no-referrer` keeps a URL's query from leaking to other sites (`?token=` is refused anyway).
 */
export function pageSecurityHeaders(): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'", "data:"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
    referrerPolicy: "no-referrer",
    xContentTypeOptions: "nosniff",
    xFrameOptions: "DENY",
  });
  return async (c, next) => {
    await headers(c, next);
    // Pages show live duel data behind a login: never from a shared cache or the back button's copy.
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  };
}
