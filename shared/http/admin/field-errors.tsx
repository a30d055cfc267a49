/** A form's errors by field name, each shown next to its field (the desk's forms share them). */
export type FieldErrors = Readonly<Record<string, string>>;

/** A field's error, right after it, named by the field's `aria-describedby`. */
export function FieldError(props: { name: string; errors: FieldErrors }) {
  const message = props.errors[props.name];
  return message ? (
    <span class="field-error" id={`err-${props.name}`} data-error-for={props.name}>
      {message}
    </span>
  ) : null;
}

/** The class of a field in error. */
export const invalid = (name: string, errors: FieldErrors) => (errors[name] ? "invalid" : undefined);

/** The attributes that tie a field in error to its message, for screen readers. */
export const aria = (name: string, errors: FieldErrors) =>
  errors[name] ? { "aria-invalid": "true" as const, "aria-describedby": `err-${name}` } : {};
