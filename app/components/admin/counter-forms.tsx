import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminI18n } from "#app/lib/admin";
import type { FormFailure } from "#app/lib/form-action.server";
import { useForm, type useFormValidation } from "#app/lib/forms";
import { CHECK_ITEMS, type CheckSheet, FUEL_LEVELS } from "#common/counter";
import { AssignSchema, DepartureSchema } from "#server/counter/counter.schema";
import {
  AdminErrorSummary,
  type AdminErrors,
  AdminInput,
  AdminNumber,
  AdminSelect,
  AdminTextarea,
  FieldScope,
} from "./fields";
import { SubmitButton } from "./page";

/**
 * The counter's forms on a booking's page (issue 24): each posts its own `intent`, and a refused one
 * comes back with its messages and what was typed, the others untouched.
 */

export interface CarChoice {
  id: number;
  registrationNumber: string;
  mileageKm: number;
}

/** The failure of this form, when the last post was this form's. */
export function failureOf(actionData: unknown, intent: string): FormFailure | null {
  const failure = actionData as FormFailure | undefined;
  return failure?.values?.intent === intent ? failure : null;
}

function CounterForm({
  intent,
  schema,
  failure,
  testId,
  submit,
  children,
}: {
  intent: string;
  schema: Parameters<typeof useFormValidation>[0];
  failure: FormFailure | null;
  testId: string;
  submit: string;
  children: (errors: AdminErrors, value: (name: string, fallback?: string) => string) => ReactNode;
}) {
  const { errors, formRef, onSubmit, onChange } = useForm(schema, failure);
  const value = (name: string, fallback = "") => failure?.values[name] ?? fallback;
  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      className="grid gap-4"
      data-testid={testId}
    >
      <FieldScope.Provider value={intent}>
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        {children(errors, value)}
      </FieldScope.Provider>
      <div>
        <SubmitButton intent={intent} testId={`${testId}-submit`}>
          {submit}
        </SubmitButton>
      </div>
    </Form>
  );
}

function CarSelect({
  cars,
  errors,
  value,
  allowNone,
}: {
  cars: readonly CarChoice[];
  errors: AdminErrors;
  value: string;
  allowNone?: boolean;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminSelect
      name="vehicle_id"
      label={t("admin.counter.car")}
      required={!allowNone}
      errors={errors}
      defaultValue={value}
      options={[
        { value: "", label: allowNone ? t("admin.counter.noCar") : t("admin.counter.chooseCar") },
        ...cars.map((c) => ({ value: String(c.id), label: c.registrationNumber })),
      ]}
    />
  );
}

/** Gives the booking a car of its type at its store, or takes it back. */
export function AssignForm({
  cars,
  current,
  failure,
}: {
  cars: readonly CarChoice[];
  current: number | null;
  failure: FormFailure | null;
}) {
  const { t } = useAdminI18n();
  return (
    <CounterForm
      intent="assign"
      schema={AssignSchema}
      failure={failure}
      testId="assign-form"
      submit={t("admin.counter.assign")}
    >
      {(errors, value) => (
        <CarSelect cars={cars} errors={errors} value={value("vehicle_id", current ? String(current) : "")} allowNone />
      )}
    </CounterForm>
  );
}

const FUEL_LABEL = (level: number) => (level === 8 ? "F" : level === 0 ? "E" : `${level}/8`);

export function FuelAndMeter({
  errors,
  value,
  meter,
}: {
  errors: AdminErrors;
  value: (n: string, f?: string) => string;
  meter: string;
}) {
  const { t } = useAdminI18n();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AdminNumber
        name="mileage_km"
        label={t("admin.counter.mileage")}
        required
        errors={errors}
        defaultValue={value("mileage_km", meter)}
      />
      <AdminSelect
        name="fuel"
        label={t("admin.counter.fuel")}
        required
        errors={errors}
        defaultValue={value("fuel", "8")}
        options={FUEL_LEVELS.map((level) => ({ value: String(level), label: FUEL_LABEL(level) }))}
      />
    </div>
  );
}

/** The check sheet (spec §3): each item fine or not, as radio buttons a thumb can hit. */
export function CheckSheetFields({ errors, value }: { errors: AdminErrors; value: (n: string, f?: string) => string }) {
  const { t } = useAdminI18n();
  return (
    <fieldset className="grid gap-2" data-testid="check-sheet">
      <legend className="mb-1 text-sm font-semibold text-gray-800">{t("admin.counter.checkSheet")}</legend>
      <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {CHECK_ITEMS.map((item) => {
          const name = `check_${item}`;
          const checked = value(name, "ok");
          return (
            <fieldset
              key={item}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 py-1"
              data-field={name}
            >
              <legend className="float-left text-sm">{t(`admin.check.${item}`)}</legend>
              <span className="flex gap-3">
                {(["ok", "ng"] as const).map((v) => (
                  <label key={v} className="inline-flex min-h-11 items-center gap-1.5">
                    <input type="radio" name={name} value={v} defaultChecked={checked === v} />
                    {t(v === "ok" ? "admin.check.ok" : "admin.check.ng")}
                  </label>
                ))}
              </span>
              {errors[name] ? (
                <span className="w-full text-sm font-semibold text-red-700">{t("admin.check.required")}</span>
              ) : null}
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}

export function WhenFields({
  prefix,
  errors,
  value,
  now,
}: {
  prefix: "departed" | "returned";
  errors: AdminErrors;
  value: (n: string, f?: string) => string;
  now: { date: string; time: string };
}) {
  const { t } = useAdminI18n();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AdminInput
        type="date"
        name={`${prefix}_date`}
        label={t(prefix === "departed" ? "admin.counter.departedDate" : "admin.counter.returnedDate")}
        required
        errors={errors}
        defaultValue={value(`${prefix}_date`, now.date)}
      />
      <AdminInput
        type="time"
        name={`${prefix}_time`}
        label={t("admin.counter.time")}
        required
        errors={errors}
        defaultValue={value(`${prefix}_time`, now.time)}
      />
    </div>
  );
}

/** The departure: the car, when, meter, fuel, check sheet, notes. */
export function DepartureForm({
  cars,
  current,
  now,
  failure,
}: {
  cars: readonly CarChoice[];
  current: number | null;
  now: { date: string; time: string };
  failure: FormFailure | null;
}) {
  const { t } = useAdminI18n();
  const meterOf = (id: string) => String(cars.find((c) => String(c.id) === id)?.mileageKm ?? "");
  return (
    <CounterForm
      intent="depart"
      schema={DepartureSchema}
      failure={failure}
      testId="departure-form"
      submit={t("admin.counter.depart")}
    >
      {(errors, value) => {
        const car = value("vehicle_id", current ? String(current) : "");
        return (
          <>
            <CarSelect cars={cars} errors={errors} value={car} />
            <WhenFields prefix="departed" errors={errors} value={value} now={now} />
            <FuelAndMeter errors={errors} value={value} meter={meterOf(car)} />
            <CheckSheetFields errors={errors} value={value} />
            <AdminTextarea
              name="notes"
              label={t("admin.counter.notes")}
              errors={errors}
              defaultValue={value("notes")}
              rows={2}
            />
          </>
        );
      }}
    </CounterForm>
  );
}

/** A recorded check sheet: the items found not fine, or that all were. */
export function CheckSheetSummary({ sheet }: { sheet: CheckSheet | null }) {
  const { t } = useAdminI18n();
  if (!sheet) return <>—</>;
  const bad = CHECK_ITEMS.filter((item) => sheet[item] === "ng");
  return bad.length ? (
    <span className="font-semibold text-red-800" data-testid="check-ng">
      {t("admin.check.found", { items: bad.map((item) => t(`admin.check.${item}`)).join("、") })}
    </span>
  ) : (
    <span data-testid="check-ok">{t("admin.check.allOk")}</span>
  );
}

export { FUEL_LABEL };
