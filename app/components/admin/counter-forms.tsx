import type { ReactNode } from "react";
import { Form } from "react-router";
import { CHECK_ITEMS, type CheckSheet, FUEL_LEVELS } from "../../../common/counter";
import { AssignSchema, DepartureSchema, ReturnSchema, StaffCancelSchema } from "../../../server/counter/counter.schema";
import { useAdminI18n } from "../../lib/admin";
import type { FormFailure } from "../../lib/form-action.server";
import { useFormValidation } from "../../lib/forms";
import { CsrfField } from "../csrf-field";
import { Yen } from "./counter";
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

const NO_ERRORS: AdminErrors = {};

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
  const { errors, formRef, onSubmit, onChange } = useFormValidation(schema, failure?.errors ?? NO_ERRORS);
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

function FuelAndMeter({
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
function CheckSheetFields({ errors, value }: { errors: AdminErrors; value: (n: string, f?: string) => string }) {
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

function WhenFields({
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

/** The return: when, meter, fuel, check sheet, damage, and the charges the counter settles. */
export function ReturnForm({
  now,
  meter,
  failure,
  preview,
}: {
  now: { date: string; time: string };
  meter: number | null;
  failure: FormFailure | null;
  preview: ReactNode;
}) {
  const { t } = useAdminI18n();
  return (
    <CounterForm
      intent="return"
      schema={ReturnSchema}
      failure={failure}
      testId="return-form"
      submit={t("admin.counter.return")}
    >
      {(errors, value) => (
        <>
          <WhenFields prefix="returned" errors={errors} value={value} now={now} />
          <FuelAndMeter errors={errors} value={value} meter={meter === null ? "" : String(meter)} />
          <CheckSheetFields errors={errors} value={value} />
          <AdminTextarea
            name="notes"
            label={t("admin.counter.damage")}
            errors={errors}
            defaultValue={value("notes")}
            rows={2}
          />
          {preview}
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminNumber
              name="fuel_charge"
              label={t("admin.counter.fuelCharge")}
              hint={t("admin.counter.yenHint")}
              errors={errors}
              defaultValue={value("fuel_charge", "0")}
            />
            <AdminNumber
              name="other_charge"
              label={t("admin.counter.otherCharge")}
              hint={t("admin.counter.yenHint")}
              errors={errors}
              defaultValue={value("other_charge", "0")}
            />
            <AdminInput
              name="other_label"
              label={t("admin.counter.otherLabel")}
              errors={errors}
              defaultValue={value("other_label")}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="preview-return"
            className="btn-secondary w-fit"
            formNoValidate
            data-testid="return-preview"
          >
            {t("admin.counter.recalculate")}
          </button>
        </>
      )}
    </CounterForm>
  );
}

/** A cancellation: the schedule's fee (staff may lower it) and a note. */
export function CancelForm({ fee, failure }: { fee: number; failure: FormFailure | null }) {
  const { t } = useAdminI18n();
  return (
    <CounterForm
      intent="cancel"
      schema={StaffCancelSchema}
      failure={failure}
      testId="cancel-form"
      submit={t("admin.counter.cancel")}
    >
      {(errors, value) => (
        <>
          <AdminNumber
            name="fee"
            label={t("admin.counter.cancelFee")}
            hint={t("admin.counter.cancelFeeHint")}
            required
            errors={errors}
            defaultValue={value("fee", String(fee))}
          />
          <AdminInput name="note" label={t("admin.counter.cancelNote")} errors={errors} defaultValue={value("note")} />
        </>
      )}
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

/**
 * The car and period a booking is for: store, car type, departure and return, the waiver. The phone
 * booking and the change of a booking ask the same.
 */
export function CarAndPeriodFields({
  stores,
  carTypes,
  errors,
  value,
  chooseCarType,
}: {
  stores: readonly { id: number; name: string }[];
  carTypes: readonly { id: number; name: string; className: string }[];
  errors: AdminErrors;
  value: (name: string) => string;
  /** A first, empty choice of car type (a new booking has none yet). */
  chooseCarType?: string;
}) {
  const { t } = useAdminI18n();
  const when = (name: string, type: "date" | "time", label: string) => (
    <AdminInput type={type} name={name} label={label} required errors={errors} defaultValue={value(name)} />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminSelect
          name="store_id"
          label={t("admin.reservations.store")}
          required
          errors={errors}
          defaultValue={value("store_id")}
          options={stores.map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <AdminSelect
          name="car_type_id"
          label={t("admin.reservations.carType")}
          required
          errors={errors}
          defaultValue={value("car_type_id")}
          options={[
            ...(chooseCarType ? [{ value: "", label: chooseCarType }] : []),
            ...carTypes.map((c) => ({ value: String(c.id), label: `${c.name}（${c.className}）` })),
          ]}
        />
        {when("start_date", "date", t("admin.counter.departedDate"))}
        {when("start_time", "time", t("admin.counter.time"))}
        {when("end_date", "date", t("admin.counter.returnedDate"))}
        {when("end_time", "time", t("admin.counter.time"))}
      </div>
      <label className="inline-flex min-h-11 items-center gap-2">
        <input type="checkbox" name="with_immunity" value="1" defaultChecked={value("with_immunity") === "1"} />
        {t("admin.phone.withImmunity")}
      </label>
    </>
  );
}

/**
 * The quote of a phone booking or a change, read out before it is made: store, car type, period and
 * total, what the page adds around the total (options; the difference or the breakdown), and the button that books at
 * that total (`shown_total` lets the server refuse a total that moved meanwhile).
 */
export function QuotedBooking(props: {
  testId: string;
  title: string;
  quote: { storeName: string; carTypeName: string; from: string; until: string; total: number };
  totalTestId: string;
  beforeTotal?: ReactNode;
  afterTotal: ReactNode;
  intent: string;
  submitTestId: string;
  submitLabel: string;
}) {
  const { quote } = props;
  return (
    <section className="card grid gap-2 border-2 border-blue-900 p-4" data-testid={props.testId} aria-live="polite">
      <h2 className="text-lg font-bold">{props.title}</h2>
      <p>
        {quote.storeName} ・ {quote.carTypeName} ・ {quote.from} 〜 {quote.until}
      </p>
      {props.beforeTotal}
      <p className="text-2xl font-bold" data-testid={props.totalTestId}>
        <Yen amount={quote.total} />
      </p>
      {props.afterTotal}
      <input type="hidden" name="shown_total" value={String(quote.total)} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent={props.intent} testId={props.submitTestId}>
          {props.submitLabel}
        </SubmitButton>
      </div>
    </section>
  );
}

/** Asks for the quote: the form's main button until there is one, then "quote again" beside booking. */
export function QuoteButton({ quoted, testId }: { quoted: boolean; testId: string }) {
  const { t } = useAdminI18n();
  return (
    <div>
      <button
        type="submit"
        name="intent"
        value="quote"
        className={quoted ? "btn-secondary" : "btn-primary"}
        data-testid={testId}
      >
        {quoted ? t("admin.phone.requote") : t("admin.phone.quote")}
      </button>
    </div>
  );
}
