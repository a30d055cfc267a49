import type { Context } from "hono";
import type { AccessStore } from "../../ports/access-store.js";
import { credentialIdOf } from "../tokens.js";

/**
 * Login throttling (CONTRACT.md 3.1): failed logins are counted per address, and per account tried
 * from that address, in DynamoDB (so every Lambda container sees the same counts), and past a few
 * free attempts each further failure makes the next attempt wait twice as long: 1 s, 2 s, 4 s… up
 * to 15 minutes. An attempt is reserved (counted) before its token is checked, so attempts sent at
 * once cannot all be checked before any is counted; an attempt made while waiting is refused
 * unchecked. A count is forgotten after 15 minutes without a failure; a successful login forgets its
 * account's count from that address at once and gives its reservation back to the address.
 *
 * Every key holds something the one who tries controls (where they try from): a stranger's failures
 * never make a holder of the right token wait elsewhere. An account alone is no key, since its id
 * is no secret (tokens, the credentials list and logs show it), and anyone could lock it.
 */
const FREE_PER_ACCOUNT = 5;
const FREE_PER_ADDRESS = 20;
const MAX_DELAY_MS = 15 * 60 * 1000;
const FORGET_AFTER_S = 15 * 60;

function growingDelay(free: number): (failures: number) => number {
  return (failures) => (failures <= free ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - free - 1)));
}

/**
 * The account a login tries from an address: an issued credential's id (its token names it), or the
 * operator's account for anything else, so guessing the admin token is throttled too.
 */
export function accountKey(token: string, address: string): string {
  return `${address}|account#${credentialIdOf(token) ?? "operator"}`;
}

/** Where the request comes from: API Gateway's source ip, the socket's, or the last proxy hop. */
export function addressKey(c: Context): string {
  const env: unknown = c.env;
  const fromEnv = (path: readonly string[]): string | undefined => {
    let at: unknown = env;
    for (const step of path) at = typeof at === "object" && at !== null ? Reflect.get(at, step) : undefined;
    return typeof at === "string" && at !== "" ? at : undefined;
  };
  const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
  const address =
    fromEnv(["requestContext", "http", "sourceIp"]) ??
    fromEnv(["incoming", "socket", "remoteAddress"]) ??
    (forwarded || "unknown");
  return `address#${address}`;
}

const waitFrom = (blockedUntil: string | null, now: Date) =>
  blockedUntil ? Math.max(0, Date.parse(blockedUntil) - now.getTime()) : 0;

/**
 * Reserves a login attempt under the address, then the account tried from it, before the token is
 * checked: each reservation counts as a failure at once, atomically, so a burst of attempts sent
 * together is checked no more than the counts allow (the rest are refused unchecked). Answers
 * whether the token may be checked, and the wait the counts now call for (ms).
 */
export async function reserveLogin(
  access: AccessStore,
  account: string,
  address: string,
  now: Date,
): Promise<{ readonly check: boolean; readonly waitMs: number }> {
  const byAddress = await access.reserveLoginAttempt(
    address,
    now,
    growingDelay(FREE_PER_ADDRESS),
    FORGET_AFTER_S,
  );
  if (!byAddress.reserved) return { check: false, waitMs: waitFrom(byAddress.blockedUntil, now) };
  const byAccount = await access.reserveLoginAttempt(
    account,
    now,
    growingDelay(FREE_PER_ACCOUNT),
    FORGET_AFTER_S,
  );
  const waitMs = Math.max(waitFrom(byAddress.blockedUntil, now), waitFrom(byAccount.blockedUntil, now));
  if (!byAccount.reserved) {
    // The address's reservation stays: an attempt refused is no success to give back.
    return { check: false, waitMs };
  }
  return { check: true, waitMs };
}

/** A login that succeeded: its account's count from that address forgotten, the address's given back. */
export async function loginSucceeded(access: AccessStore, account: string, address: string): Promise<void> {
  await Promise.all([access.clearLoginFailures(account), access.releaseLoginAttempt(address)]);
}
