import type { BoardClient } from "./board-client.js";
import type { BoardAccount } from "./board-session.js";
import { readSectionPage, type SectionPage } from "./section-page.js";
import { sectionUrl } from "./urls.js";

/** One page of a section's list of topics, on a board. */
export interface SectionAddress {
  readonly baseUrl: string;
  readonly sectionId: string;
  /** Topics before the page: 0 for the first. */
  readonly offset: number;
  /** The forum's bot account: its session, when it has one, reads sections guests cannot. */
  readonly account?: BoardAccount;
}

/**
 * Reads one page of a section's list. Never conditional: the list changes with any topic of the
 * section, so a validator would rarely spare the page. A page that lists nothing (a login form,
 * a theme that links no last post) reads as an empty list: its topics are then read one by one.
 */
export async function readSection(
  board: Pick<BoardClient, "get">,
  address: SectionAddress,
): Promise<SectionPage> {
  const url = sectionUrl(address.baseUrl, address.sectionId, address.offset);
  const fetched = await board.get(url, undefined, address.account);
  if (fetched.status === "unchanged") return readSectionPage("", address.sectionId, address.offset);
  return readSectionPage(fetched.html, address.sectionId, address.offset);
}
