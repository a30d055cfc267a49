import type { InputOrder } from "../../domain/input-order.js";
import { latestOrder } from "../../domain/input-order.js";
import type { DuelCommit } from "../../ports/duel-repository.js";
import { type MarkChange, markChanges } from "./post-marks.js";

/*
 * What a commit changes of what its decision read: the store's bookkeeping, kept here so that
 * every adapter derives it the same way.
 */

/**
 * The post marks to write: each one that differs from the one read (the snapshot's copy, or the
 * mark read apart, which is never older); when the commit replays the duel, which read every mark,
 * a mark the new state lacks is removed.
 */
export function markChangesOf(commit: DuelCommit): MarkChange[] {
  const { duel, marks } = commit.read;
  return markChanges(
    { ...duel?.state.posts, ...marks },
    commit.snapshot.state.posts,
    commit.replaysDuel ?? false,
  );
}

/** The duel's latest order once the commit is in: the latest of the one read and the inputs'. */
export function lastOrderOf(commit: DuelCommit): InputOrder {
  const read = commit.read.duel?.lastOrder;
  return latestOrder([...(read ? [read] : []), ...commit.inputs.map((input) => input.order)]);
}
