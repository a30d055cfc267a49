import type { Revealed } from "./reveal.js";

/**
 * Where a page shows what `takeRevealed` found: the secret in a box to copy, or, on a reload,
 * that it was shown already and what to do if it was lost (`again`: a link to the page's form).
 */
export function RevealNotice(props: {
  revealed: Revealed | null;
  /** The sentence above the secret, from whose or which it is. */
  shown: (label: string) => string;
  /** The box's data attribute (`data-token`, `data-secret="generic"`), for tests and scripts. */
  mark: (label: string) => Record<string, string>;
  gone: string;
  again: { readonly href: string; readonly text: string };
}) {
  const { revealed } = props;
  if (revealed === null) return null;
  if (!revealed.shown)
    return (
      <div class="flash error" role="status" data-reveal-gone>
        <p>
          {props.gone} <a href={props.again.href}>{props.again.text}</a>
        </p>
      </div>
    );
  return (
    <div class="flash ok" role="status">
      <p>{props.shown(revealed.label)}</p>
      <pre {...props.mark(revealed.label)}>{revealed.secret}</pre>
    </div>
  );
}
