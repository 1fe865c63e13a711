import type { ComponentProps } from "react";
import { type AdminErrors, AdminInput } from "#app/components/admin/fields";

/** What every section of the new-member form reads: the errors, the values to refill, the fields' names. */
export interface MemberForm {
  errors: AdminErrors;
  value: (name: string) => string;
  labels: Record<string, string>;
}

/**
 * A text field of the new-member form, labelled and refilled by its name. No autofill: the staff
 * member types another person's details.
 */
export function MemberInput({
  form,
  name,
  ...input
}: { form: MemberForm; name: string } & Omit<
  ComponentProps<typeof AdminInput>,
  "name" | "label" | "errors" | "defaultValue" | "form"
>) {
  return (
    <AdminInput
      name={name}
      label={form.labels[name] as string}
      errors={form.errors}
      autoComplete="off"
      defaultValue={form.value(name)}
      {...input}
    />
  );
}
