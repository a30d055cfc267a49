/**
 * The session cookies of one bot account on one board: enough of RFC 6265 for a board that sets
 * its session with `Set-Cookie` and expects it back (name, value, removal); paths and domains are
 * one board's, so they are not told apart.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the `Set-Cookie` headers of a response. */
  store(setCookies: readonly string[], nowMs: number): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(raw) <= nowMs;
        return false;
      });
      if (expired || value === "" || value === "deleted") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The `Cookie` header to send, or null when the jar is empty. */
  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  clear(): void {
    this.cookies.clear();
  }
}
