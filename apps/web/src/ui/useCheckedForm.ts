import { useState } from "react";

/** The message key of a field that is wrong, or undefined when it is fine. */
export type FieldCheck<F extends string> = (field: F, value: string) => string | undefined;

/** A form of text fields checked as they are left and all at once on 'Guardar'. */
export interface CheckedForm<F extends string> {
  values: Record<F, string>;
  /** the message key the field shows now (none until it is touched) */
  shownError: (field: F) => string | undefined;
  touched: (field: F) => boolean;
  change: (field: F, value: string) => void;
  /** the field was left with this value */
  leave: (field: F, value: string) => void;
  /** 'Guardar': every field shows its message; true when none has one */
  checkAll: () => boolean;
  /** back to the empty form, nothing touched */
  reset: () => void;
}

/**
 * The state of a checked add form (spec 01 §5, spec 02 §5). A field left empty is not told off until
 * 'Guardar' (the message would move the button under the pointer); one with something in it is checked as
 * soon as it is left.
 */
export function useCheckedForm<F extends string>(
  fields: readonly F[],
  empty: Record<F, string>,
  check: FieldCheck<F>,
): CheckedForm<F> {
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  return {
    values,
    shownError: (field) => (touched[field] ? check(field, values[field]) : undefined),
    touched: (field) => touched[field] === true,
    change: (field, value) => setValues((vs) => ({ ...vs, [field]: value })),
    leave: (field, value) => {
      if (value.trim() !== "") setTouched((ts) => ({ ...ts, [field]: true }));
    },
    checkAll: () => {
      const all: Partial<Record<F, boolean>> = {};
      for (const field of fields) all[field] = true;
      setTouched(all);
      return !fields.some((field) => check(field, values[field]));
    },
    reset: () => {
      setValues(empty);
      setTouched({});
    },
  };
}
