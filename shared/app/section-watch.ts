import type { BoardClient } from "../forumactif/board-client.js";
import type { BoardAccount } from "../forumactif/board-session.js";
import { readSection } from "../forumactif/section-fetch.js";
import type { SectionPage } from "../forumactif/section-page.js";
import type { PollStore, SectionListing } from "../ports/poll-store.js";
import { durationMs } from "../time/duration.js";

/**
 * Pages of one section's list read for one instant of the grid, at most: a watched topic further
 * down than that is read itself.
 */
export const MAX_SECTION_PAGES = 3;

/**
 * What a section's list says of one topic, and the requests asking it cost: its last post as the
 * list links it (`listed`), that the list does not show it where it would be (`absent`: moved or
 * hidden), or nothing (`unknown`: another chain reads the list now, it could not be read, or the
 * topic is further down than a poll reads).
 */
export type SectionSighting =
  | { readonly kind: "listed"; readonly lastPost: string; readonly requests: number }
  | { readonly kind: "absent" | "unknown"; readonly requests: number };

export interface SectionQuestion {
  readonly forumId: string;
  readonly baseUrl: string;
  readonly pollEvery: string;
  readonly account?: BoardAccount;
  readonly sectionId: string;
  readonly topicId: string;
  /** The topic's last post as last read: tells whether the topic may be further down the list. */
  readonly known: string | null;
}

/** The instant of the forum's poll grid that `now` falls in: the chains' reads of one poll share it. */
export function gridSlot(now: Date, pollEvery: string): string {
  const every = durationMs(pollEvery);
  return new Date(now.getTime() - (now.getTime() % every)).toISOString();
}

/**
 * Learns whether watched topics changed from their section's list of topics, read once per
 * instant of the forum's poll grid however many watched topics it lists (CONTRACT.md 4.4): the
 * first chain of the instant claims the listing and reads the list's first page; a chain whose
 * topic is not on the pages read yet reads the next page (and adds it to the listing) while its
 * topic may still be further down. The list is ordered by last post, newest first: a topic whose
 * last post as last read is newer than the oldest on a page would be on that page, so one missing
 * from it has moved or is hidden, and later pages are not asked for it.
 */
export class SectionWatch {
  constructor(
    private readonly polls: Pick<PollStore, "getSectionListing" | "putSectionListing">,
    private readonly board: Pick<BoardClient, "get">,
  ) {}

  /** What the topic's section lists of it now; unless `listed`, the topic is read itself. */
  async sight(question: SectionQuestion, now: Date): Promise<SectionSighting> {
    const slot = gridSlot(now, question.pollEvery);
    let requests = 0;
    const unknown = (): SectionSighting => ({ kind: "unknown", requests });
    let listing = await this.polls.getSectionListing(question.forumId, question.sectionId);
    if (listing === null || listing.slot !== slot) {
      const claimed = await this.claim(question, listing, slot, now);
      if (claimed === null) return unknown();
      requests++;
      listing = await this.readPage(question, claimed, now);
    }
    if (listing.status !== "read") return unknown();
    while (!(question.topicId in listing.lastPosts) && this.mayBeFurther(question, listing)) {
      if (listing.pages >= MAX_SECTION_PAGES) return unknown();
      requests++;
      listing = await this.readPage(question, listing, now);
      if (listing.status !== "read") return unknown();
    }
    const lastPost = listing.lastPosts[question.topicId];
    return lastPost === undefined ? { kind: "absent", requests } : { kind: "listed", lastPost, requests };
  }

  /** Claims the instant's reading of the list; null when another chain claimed it first. */
  private async claim(
    question: SectionQuestion,
    previous: SectionListing | null,
    slot: string,
    now: Date,
  ): Promise<SectionListing | null> {
    const expected = previous?.version ?? 0;
    const claim: SectionListing = {
      forumId: question.forumId,
      sectionId: question.sectionId,
      version: expected + 1,
      slot,
      status: "reading",
      at: now.toISOString(),
      lastPosts: {},
      pages: 0,
      oldestLastPost: null,
      nextOffset: 0,
    };
    return (await this.polls.putSectionListing(claim, expected)) ? claim : null;
  }

  /** Whether a later page of the list may show the topic. */
  private mayBeFurther(question: SectionQuestion, listing: SectionListing): boolean {
    if (listing.nextOffset === null) return false;
    const { known } = question;
    const oldest = listing.oldestLastPost;
    return known === null || oldest === null || Number(known) < Number(oldest);
  }

  /**
   * Reads the listing's next page and writes the listing with it. A write that another chain beat
   * is no failure: this chain still answers from what it read.
   */
  private async readPage(
    question: SectionQuestion,
    listing: SectionListing,
    now: Date,
  ): Promise<SectionListing> {
    let page: SectionPage | null = null;
    try {
      page = await readSection(this.board, {
        baseUrl: question.baseUrl,
        sectionId: question.sectionId,
        offset: listing.nextOffset ?? 0,
        ...(question.account ? { account: question.account } : {}),
      });
    } catch {
      // The board's failure is met again, and reported, by the topic's own read.
    }
    const next: SectionListing =
      page === null
        ? { ...listing, status: "failed", at: now.toISOString() }
        : {
            ...listing,
            status: "read",
            at: now.toISOString(),
            lastPosts: { ...listing.lastPosts, ...page.lastPosts },
            pages: listing.pages + 1,
            oldestLastPost: page.oldestLastPost ?? listing.oldestLastPost,
            nextOffset: page.nextOffset,
          };
    const written = await this.polls.putSectionListing(next, listing.version);
    return written ? { ...next, version: listing.version + 1 } : next;
  }
}
