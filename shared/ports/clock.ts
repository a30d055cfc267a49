/**
 * Where the edges read the time (the domain never does: `now` comes in with each command).
 * `manual` says the time only moves when told (`npm start` with a demo clock), so nothing that
 * waits on it should poll by itself.
 */
export interface Clock {
  now(): Date;
  readonly manual: boolean;
}
