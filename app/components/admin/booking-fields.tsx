import type { ReactNode } from "react";
import { useAdminI18n } from "#app/lib/admin";
import { Yen } from "./counter";
import { type AdminErrors, AdminInput, AdminSelect } from "./fields";
import { SubmitButton } from "./page";
import { useStaffChoices } from "./staff-text";

/**
 * The fields and the read-back of a booking taken or changed at the counter (issue 24): the phone
 * booking (`phone-booking-form.tsx`) and the change of a booking ask the same.
 */

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
  immunityHint,
}: {
  stores: readonly { id: number; name: string; nameEn?: string | null }[];
  carTypes: readonly { id: number; name: string; className: string }[];
  errors: AdminErrors;
  value: (name: string) => string;
  /** A first, empty choice of car type (a new booking has none yet). */
  chooseCarType?: string;
  /** What the waiver costs for the chosen car type. */
  immunityHint?: string;
}) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
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
          options={staffChoices(stores)}
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
        <span>
          {t("admin.phone.withImmunity")}
          {immunityHint ? <span className="block text-sm text-gray-700">{immunityHint}</span> : null}
        </span>
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
