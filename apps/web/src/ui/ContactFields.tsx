import {
  FULL_CONTACT_FIELDS,
  type FullContactField,
  type FullContactValues,
  fullContactFieldError,
  POSTCODE_LENGTH,
} from "@coordina/domain";
import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { CheckedTextInput } from "./CheckedTextInput";
import { type CheckedForm, useCheckedForm } from "./useCheckedForm";

const CONTACT_EMPTY: FullContactValues = {
  name: "",
  email: "",
  nif: "",
  person: "",
  tfn: "",
  address: "",
  city: "",
  postcode: "",
  province: "",
};

/** Longest value each field takes (what the server accepts). */
export const CONTACT_MAX: Record<FullContactField, number> = {
  name: 200,
  email: 254,
  nif: 20,
  person: 200,
  tfn: 30,
  address: 200,
  city: 200,
  postcode: POSTCODE_LENGTH,
  province: 200,
};

/** The state of a full add form (spec 01 §5, spec 02 §5): every field required, e-mail valid, postcode of 5. */
export function useContactForm(): CheckedForm<FullContactField> {
  return useCheckedForm(FULL_CONTACT_FIELDS, CONTACT_EMPTY, fullContactFieldError);
}

interface ContactFieldsProps {
  form: CheckedForm<FullContactField>;
  label: (field: FullContactField) => string;
  maxLength?: Record<FullContactField, number>;
  /** shown at the right of a touched field that is fine */
  validMark?: ReactNode;
}

/** The nine fields of a full add form of a company or a community, name first (it takes the focus). */
export function ContactFields({ form, label, maxLength = CONTACT_MAX, validMark }: ContactFieldsProps) {
  const input = (field: FullContactField, type?: string) => (
    <CheckedTextInput
      form={form}
      field={field}
      label={label(field)}
      maxLength={maxLength[field]}
      type={type}
      autofocus={field === "name"}
      validMark={validMark}
    />
  );
  return (
    <>
      {input("name")}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input("email", "email")}
        {input("nif")}
        {input("person")}
        {input("tfn", "tel")}
      </SimpleGrid>
      {input("address")}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {input("city")}
        {input("postcode")}
        {input("province")}
      </SimpleGrid>
    </>
  );
}
