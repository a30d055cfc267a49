import { FieldError, type FieldErrors } from "./field-errors.js";
import type { Flash } from "./layout.js";

/**
 * The parts of a forum's settings page an action answers in. Each part's forms post to their
 * action with the part as fragment (`…/ruleset#ruleset`), and a save goes back to the page at it
 * (`?fait=saved&partie=ruleset#ruleset`): the browser opens the answer where the person pressed,
 * without any script, and the answer (saved, refused, a test's result) is shown inside that part.
 */
export const SETTINGS_PARTS = [
  "general",
  "referees",
  "secrets",
  "channels",
  "ruleset",
  "club",
  "source",
  "source-test",
  "source-preview",
] as const;
export type SettingsPart = (typeof SETTINGS_PARTS)[number];

export function isSettingsPart(part: string | undefined): part is SettingsPart {
  return (SETTINGS_PARTS as readonly (string | undefined)[]).includes(part);
}

/** The query and fragment a save of `part` goes back to the settings page with. */
export const savedAt = (part: SettingsPart) => `?fait=saved&partie=${part}#${part}`;

/** An action's address inside the settings page, at its part. */
export const partAction = (forumId: string, action: string, part: SettingsPart) =>
  `/admin/forums/${forumId}/${action}#${part}`;

/**
 * What an action of this part answered (saved, refused, and the refusal that names no field), shown
 * at the part's top where the page opens; nothing for the other parts.
 */
export function PartResult(props: {
  part: SettingsPart;
  at: SettingsPart | null;
  flash: Flash | null;
  errors: FieldErrors;
}) {
  if (props.at !== props.part) return null;
  const { flash } = props;
  return (
    <>
      {flash ? (
        <p
          class={`flash ${flash.kind}`}
          role={flash.kind === "error" ? "alert" : "status"}
          data-result-for={props.part}
        >
          {flash.text}
        </p>
      ) : null}
      <FieldError name="form" errors={props.errors} />
    </>
  );
}
