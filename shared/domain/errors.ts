/**
 * A broken precondition of a command: a stable snake_case `code`, a French message for the
 * referee, and the HTTP status the edge maps it to (CONTRACT.md section 2).
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 404 | 409 = 409,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
