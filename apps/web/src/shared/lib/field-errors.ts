/**
 * A form's messages by field: only the fields that are wrong have one. `Message` is what the form shows: a
 * translated text, a catalogue key with its parameters, or a problem code the form names.
 */
export type FieldErrors<Field extends string, Message = string> = Partial<Record<Field, Message>>;

/** Whether any field has a message. */
export function hasFieldErrors(errors: FieldErrors<string, unknown>): boolean {
  return Object.keys(errors).length > 0;
}
