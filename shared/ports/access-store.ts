/**
 * Who may act (CONTRACT.md 3.1): credentials issued for one forum, desk sessions and login
 * throttling. Kept apart from DuelStore: none of it is about a duel, and every read here is
 * consistent, because a revoked credential must stop working on the very next request.
 */

/** A forum's role. The operator is not stored: it is whoever holds the stack's admin token. */
export type ForumRole = "forum-admin" | "referee";

/** A credential as stored: the token itself is never kept, only its SHA-256. */
export interface Credential {
  readonly id: string;
  readonly forumId: string;
  readonly role: ForumRole;
  readonly name: string;
  /** The forum's referee this credential speaks for, when it names one. */
  readonly refereeId?: string;
  readonly tokenHash: string;
  readonly createdAt: string;
}

/** Whom a desk session was opened for. */
export type SessionSubject =
  | { readonly kind: "operator"; readonly adminKey: string }
  | { readonly kind: "credential"; readonly credentialId: string };

/** A desk session, found by the SHA-256 of the random id its cookie holds. */
export interface DeskSession {
  readonly idHash: string;
  readonly subject: SessionSubject;
  readonly createdAt: string;
  /** When it ends, whatever happens; TTL removes it some time after. */
  readonly expiresAt: string;
}

/**
 * A secret a desk action just made (a token, a webhook secret), kept on the session that made it
 * until the page it was made for shows it, once. Sealed by the caller: the store never holds it
 * readable.
 */
export interface SessionReveal {
  /** Random, names it in the page's URL (worth nothing without the session's cookie). */
  readonly id: string;
  /** The desk path whose page shows it: another page does not take it. */
  readonly page: string;
  readonly sealed: string;
  /** Past this, it is not shown any more. */
  readonly until: string;
}

/** Failed logins counted under one key (an account or an address). */
export interface LoginFailures {
  readonly failures: number;
  /** Until when further attempts under this key are refused unchecked, if they are. */
  readonly blockedUntil: string | null;
}

/** What reserving a login attempt found and left under its key. */
export interface LoginReservation extends LoginFailures {
  /** False when the key was blocked: the attempt is refused unchecked and not counted. */
  readonly reserved: boolean;
}

export interface AccessStore {
  putCredential(credential: Credential): Promise<void>;
  /** Consistent read: a deleted credential is never found again. */
  getCredential(id: string): Promise<Credential | null>;
  /** A forum's credentials, oldest first (an index lists them; each is then read consistently). */
  listCredentials(forumId: string): Promise<Credential[]>;
  /** Deletes it; false when there was none. */
  deleteCredential(id: string): Promise<boolean>;
  putSession(session: DeskSession): Promise<void>;
  /** Consistent read. */
  getSession(idHash: string): Promise<DeskSession | null>;
  deleteSession(idHash: string): Promise<void>;
  /**
   * Keeps a reveal on an open session (ending the session drops it) and forgets its ones past
   * their `until` at `now`; false when there is no such session.
   */
  putReveal(sessionIdHash: string, reveal: SessionReveal, now: Date): Promise<boolean>;
  /**
   * Removes the reveal and returns it, atomically: of two takes at once, one gets it and the
   * other null. Null too when there is none, or it is another page's (then it stays).
   */
  takeReveal(sessionIdHash: string, id: string, page: string): Promise<SessionReveal | null>;
  /** The failures counted under these keys (absent keys have none). */
  loginFailures(keys: readonly string[]): Promise<Record<string, LoginFailures>>;
  /**
   * Reserves one login attempt under `key` before its token is checked: it counts as a failure at
   * once and sets the block the new count calls for (`blockFor(count)` milliseconds from `now`),
   * unless the key is blocked at `now`, when nothing is counted and `reserved` is false. Atomic: of
   * attempts made at once, each count is taken by one of them, so no more tokens are checked than
   * the counts allow. The count is forgotten `forgetAfterS` after its last reservation.
   */
  reserveLoginAttempt(
    key: string,
    now: Date,
    blockFor: (failures: number) => number,
    forgetAfterS: number,
  ): Promise<LoginReservation>;
  /** Gives back one reserved attempt that succeeded (the count less one; a block stays). */
  releaseLoginAttempt(key: string): Promise<void>;
  clearLoginFailures(key: string): Promise<void>;
}
