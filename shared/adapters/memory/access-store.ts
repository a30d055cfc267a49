import type {
  AccessStore,
  Credential,
  DeskSession,
  LoginFailures,
  LoginReservation,
  SessionReveal,
} from "../../ports/access-store.js";
import { byKey, copyOf, emptyTables, type MemoryTables } from "./tables.js";

/** The error DynamoDB gives a conditional put that finds the item there, by the same name. */
function alreadyThere(what: string): Error {
  const error = new Error(`${what} already exists`);
  error.name = "ConditionalCheckFailedException";
  return error;
}

/**
 * AccessStore in memory, on the tables of a `MemoryStore` (or its own), answering as
 * `DynamoDbAccessStore` does: credentials listed oldest first, a session's reveals dropped with
 * it, a reveal taken once, login failures counted one by one.
 */
export class MemoryAccessStore implements AccessStore {
  constructor(private readonly tables: MemoryTables = emptyTables()) {}

  async putCredential(credential: Credential): Promise<void> {
    if (this.tables.credentials.has(credential.id)) throw alreadyThere(`credential ${credential.id}`);
    this.tables.credentials.set(credential.id, copyOf(credential));
  }

  async getCredential(id: string): Promise<Credential | null> {
    const credential = this.tables.credentials.get(id);
    return credential ? copyOf(credential) : null;
  }

  async listCredentials(forumId: string): Promise<Credential[]> {
    return [...this.tables.credentials.values()]
      .filter((c) => c.forumId === forumId)
      .sort((a, b) => byKey(`${a.createdAt}#${a.id}`, `${b.createdAt}#${b.id}`))
      .map(copyOf);
  }

  async deleteCredential(id: string): Promise<boolean> {
    return this.tables.credentials.delete(id);
  }

  async putSession(session: DeskSession): Promise<void> {
    this.tables.sessions.set(session.idHash, { session: copyOf(session), reveals: new Map() });
  }

  async getSession(idHash: string): Promise<DeskSession | null> {
    const kept = this.tables.sessions.get(idHash);
    return kept ? copyOf(kept.session) : null;
  }

  async deleteSession(idHash: string): Promise<void> {
    this.tables.sessions.delete(idHash);
  }

  async putReveal(sessionIdHash: string, reveal: SessionReveal, now: Date): Promise<boolean> {
    const kept = this.tables.sessions.get(sessionIdHash);
    if (!kept) return false;
    kept.reveals.set(reveal.id, copyOf(reveal));
    for (const [id, old] of kept.reveals) {
      if (!(Date.parse(old.until) > now.getTime())) kept.reveals.delete(id);
    }
    return true;
  }

  async takeReveal(sessionIdHash: string, id: string, page: string): Promise<SessionReveal | null> {
    const reveals = this.tables.sessions.get(sessionIdHash)?.reveals;
    const reveal = reveals?.get(id);
    if (!reveals || !reveal || reveal.page !== page) return null;
    reveals.delete(id);
    return reveal;
  }

  async loginFailures(keys: readonly string[]): Promise<Record<string, LoginFailures>> {
    const found: Record<string, LoginFailures> = {};
    for (const key of new Set(keys)) {
      const failures = this.tables.loginFailures.get(key);
      if (failures) found[key] = { ...failures };
    }
    return found;
  }

  async reserveLoginAttempt(
    key: string,
    now: Date,
    blockFor: (failures: number) => number,
    _forgetAfterS: number,
  ): Promise<LoginReservation> {
    const before = this.tables.loginFailures.get(key) ?? { failures: 0, blockedUntil: null };
    if (before.blockedUntil && Date.parse(before.blockedUntil) > now.getTime()) {
      return { reserved: false, ...before };
    }
    const failures = before.failures + 1;
    const delay = blockFor(failures);
    const blockedUntil = delay > 0 ? new Date(now.getTime() + delay).toISOString() : null;
    this.tables.loginFailures.set(key, { failures, blockedUntil });
    return { reserved: true, failures, blockedUntil };
  }

  async releaseLoginAttempt(key: string): Promise<void> {
    const before = this.tables.loginFailures.get(key);
    if (before && before.failures > 0)
      this.tables.loginFailures.set(key, { ...before, failures: before.failures - 1 });
  }

  async clearLoginFailures(key: string): Promise<void> {
    this.tables.loginFailures.delete(key);
  }
}
