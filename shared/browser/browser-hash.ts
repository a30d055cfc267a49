/**
 * `node:crypto`'s `createHash` as the turn-preparing page's bundle gets it (bundle-options.ts, an
 * esbuild alias): the decider hashes a post's content only to tell a repeated delivery from an
 * edit (decide-post.ts), which a post prepared in a browser never is. A small FNV-1a hash, so the
 * decider's own code runs unchanged; its value is never compared with a server's.
 */
export function createHash(_algorithm: string) {
  let hash = 0x811c9dc5;
  const digest = {
    update(text: string) {
      for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
      return digest;
    },
    digest(_encoding: string): string {
      return hash.toString(36).padStart(12, "0");
    },
  };
  return digest;
}
