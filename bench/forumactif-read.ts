import { fileURLToPath } from "node:url";
import { readTopicPage } from "../shared/forumactif/read-topic-page.js";
import { TEMPLATE_VERSIONS, type TemplateVersion } from "../shared/forumactif/types.js";
import type { ModelPost } from "../test/support/forumactif/model.js";
import { renderTopicPage } from "../test/support/forumactif/render-topic.js";
import { type LatencySummary, summarize } from "./stats.js";

/**
 * The cost of reading one Forumactif topic page: a full page of 25 role-play posts
 * (about 2,000 characters of rendered BBCode each, quotes and signatures included) in each
 * template version, parsed whole each time. Not yet part of `npm run bench`'s plan; run it with
 * `npx tsx bench/forumactif-read.ts`, or call measureTopicRead from the plan.
 */
const NOW = "2026-12-01T13:30:00.000Z";

export function fullPage(): ModelPost[] {
  const paragraph =
    "Harry s'avança, la baguette levée, les yeux plissés derrière ses lunettes. <em>— Prêt, Malefoy ?</em> ";
  const message = `<blockquote><div><cite>Drago Malefoy a écrit:</cite>${paragraph}</div></blockquote>${paragraph.repeat(18)}<br /><strong>Sort :</strong> Expelliarmus<br /><strong>Cible :</strong> Drago Malefoy`;
  return Array.from({ length: 25 }, (_, i) => ({
    postId: String(10_000 + i),
    authorId: String(10 + (i % 2)),
    authorName: i % 2 === 0 ? "Harry Potter" : "Drago Malefoy",
    createdAt: new Date(Date.parse(NOW) - (25 - i) * 3_600_000).toISOString(),
    html: message,
    signature:
      '<div style="text-align:center"><img src="https://i.servimg.com/u/f61/sign.png" alt="" /></div>',
    edited: i % 5 === 0 ? { by: "Harry Potter", at: NOW, count: 1 } : null,
  }));
}

export interface TopicReadFigures {
  readonly pageChars: Readonly<Record<TemplateVersion, number>>;
  readonly readMs: Readonly<Record<TemplateVersion, LatencySummary>>;
}

export function measureTopicRead(runs = 50): TopicReadFigures {
  const posts = fullPage();
  const pageChars = {} as Record<TemplateVersion, number>;
  const readMs = {} as Record<TemplateVersion, LatencySummary>;
  for (const template of TEMPLATE_VERSIONS) {
    const html = renderTopicPage(
      { topicId: "482", slug: "duel", title: "Duel", perPage: 25, posts },
      { template, offset: 0, timeZone: "Europe/Paris", now: NOW },
    );
    pageChars[template] = html.length;
    const times: number[] = [];
    for (let run = 0; run < runs + 5; run++) {
      const started = performance.now();
      readTopicPage(html, { timeZone: "Europe/Paris", now: NOW });
      if (run >= 5) times.push(performance.now() - started);
    }
    readMs[template] = summarize(times);
  }
  return { pageChars, readMs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(measureTopicRead(), null, 2));
}
