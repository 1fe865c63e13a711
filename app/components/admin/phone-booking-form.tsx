import { type FormEvent, type RefObject, useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { MessageKey } from "#app/i18n/messages";
import { type AdminT, useAdminI18n } from "#app/lib/admin";
import type { FormFailure } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import type { PhoneOptionChoice, PhoneQuote, PhoneQuoteAnswer } from "#app/presenters/phone-booking.server";
import type { AdminLocale } from "#common/admin";
import type { ReasonLike } from "#common/app-error";
import { OPTION_PRICE_UNIT } from "#common/codes";
import { formatYen } from "#common/format";
import { PhoneBookingSchema } from "#server/counter/counter.schema";
import { CarAndPeriodFields, QuoteButton } from "./booking-fields";
import { Yen } from "./counter";
import { AdminErrorSummary, AdminInput, AdminRadioGroup, AdminSelect, AdminTextarea } from "./fields";
import { AdminSection, SubmitButton } from "./page";
import { useLiveAnswer } from "./use-live-answer";

/**
 * The phone and counter booking form (issues 24 and 37): the car and period, how the booking is
 * taken, the options the store offers for the car type with their prices, the customer and how they
 * pay. Its total follows what staff choose: each change asks the live quote route (after a pause) by
 * the public site's pricing; without JavaScript the "recalculate" button asks the page's action for
 * the same quote. Booking sends the total read out (`shown_total`), never an amount to charge.
 */

export interface PhoneFormData {
  stores: readonly { id: number; name: string }[];
  carTypes: readonly { id: number; name: string; className: string }[];
  choices: {
    options: PhoneOptionChoice[];
    classOfType: Record<number, number>;
    immunityByClass: Record<number, number>;
  };
  defaults: Record<string, string>;
}

export type PhoneAnswer = FormFailure & { quote?: PhoneQuote | null };

const EMPTY: PhoneQuoteAnswer = { quote: null, errors: {} };

/** The live quote: the newest answer of the quote route for the form as it stands (no total when it fails). */
function useLiveQuote(formRef: RefObject<HTMLFormElement | null>, url: string, initial: PhoneQuoteAnswer) {
  return useLiveAnswer<PhoneQuoteAnswer>(
    formRef,
    url,
    initial,
    (next) => ({ quote: next.quote ?? null, errors: next.errors ?? {} }),
    EMPTY,
  );
}

function priceText(t: AdminT, locale: AdminLocale, o: { price: number; priceUnit: number }): string {
  if (o.price === 0) return t("admin.phone.free");
  return t(o.priceUnit === OPTION_PRICE_UNIT.perDay ? "admin.phone.perDay" : "admin.phone.perRental", {
    price: formatYen(o.price, locale),
  });
}

/** The options the store offers for the car type's class (all classes while no car type is chosen). */
function offeredOptions(options: readonly PhoneOptionChoice[], storeId: number, classId: number | undefined) {
  return options.filter(
    (o) =>
      (o.storeIds.length === 0 || o.storeIds.includes(storeId)) &&
      (classId === undefined || o.classIds.length === 0 || o.classIds.includes(classId)),
  );
}

/** The total as it stands, with what it is made of; the button that books at it. */
function QuotePanel({
  answer,
  busy,
  formError,
}: {
  answer: PhoneQuoteAnswer;
  busy: boolean;
  formError: ReasonLike | undefined;
}) {
  const { t, reasonText } = useAdminI18n();
  const quote = answer.quote;
  // Why there is no total: the form's refusal, else the first field the quote refused (a field not
  // filled in yet is no refusal: the panel then says what to choose).
  const reason =
    formError ?? answer.errors.form ?? Object.values(answer.errors).find((r) => r && r.code !== "required");
  return (
    <section
      className="card grid content-start gap-2 border-2 border-blue-900 p-4 lg:sticky lg:top-4"
      data-testid="phone-quote"
      aria-live="polite"
      aria-busy={busy}
    >
      <h2 className="text-lg font-bold">{t("admin.phone.liveTotal")}</h2>
      {quote ? (
        <>
          <p className="text-sm">
            {quote.storeName} ・ {quote.carTypeName}
            <br />
            {quote.from} 〜 {quote.until}
          </p>
          <p className="text-3xl font-bold tabular-nums" data-testid="phone-total" data-amount={quote.total}>
            <Yen amount={quote.total} />
          </p>
          <dl className="grid grid-cols-[1fr_max-content] gap-x-3 text-sm" data-testid="phone-breakdown">
            <div className="contents">
              <dt>{t("admin.reservation.rentalFee")}</dt>
              <dd className="text-right tabular-nums">
                <Yen amount={quote.rentCarFee} />
              </dd>
            </div>
            {quote.options.map((o) => (
              <div key={o.id} className="contents" data-testid="phone-option-line">
                <dt>{t("admin.phone.optionLine", { name: o.name, quantity: o.quantity })}</dt>
                <dd className="text-right tabular-nums">
                  <Yen amount={o.fee} />
                </dd>
              </div>
            ))}
            <div className="contents">
              <dt>{t("admin.reservation.immunityFee")}</dt>
              <dd className="text-right tabular-nums">
                <Yen amount={quote.immunityFee} />
              </dd>
            </div>
          </dl>
          {quote.remaining !== null ? (
            <p className="text-sm text-gray-700">{t("admin.phone.remaining", { count: quote.remaining })}</p>
          ) : null}
          <input type="hidden" name="shown_total" value={String(quote.total)} />
        </>
      ) : (
        <p className="text-sm text-gray-700" data-testid="phone-no-quote">
          {reason ? <span className="font-semibold text-red-800">{reasonText(reason)}</span> : t("admin.phone.noQuote")}
        </p>
      )}
      <p className="min-h-5 text-sm text-gray-700">{busy ? t("admin.phone.updating") : ""}</p>
    </section>
  );
}

export function PhoneBookingForm({
  data,
  answer,
  quoteUrl,
}: {
  data: PhoneFormData;
  answer: PhoneAnswer | undefined;
  quoteUrl: string;
}) {
  const { t, locale } = useAdminI18n();
  const { t: siteT } = useI18n();
  const { errors, formRef, onSubmit, onChange } = useForm(PhoneBookingSchema, answer);
  const value = (name: string) => answer?.values?.[name] ?? data.defaults[name] ?? "";
  const [storeId, setStoreId] = useState(value("store_id"));
  const [carTypeId, setCarTypeId] = useState(value("car_type_id"));
  const initial = useMemo<PhoneQuoteAnswer>(
    () => ({ quote: answer?.quote ?? null, errors: answer?.quote ? {} : (answer?.errors ?? {}) }),
    [answer],
  );
  const live = useLiveQuote(formRef, quoteUrl, initial);
  // A refused booking comes back without a quote: ask for the current one again (with JavaScript).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer of the page's action
  useEffect(() => {
    if (answer && !answer.quote) live.schedule();
  }, [answer]);
  const classId = data.choices.classOfType[Number(carTypeId)];
  const options = offeredOptions(data.choices.options, Number(storeId), classId);
  const immunity = classId === undefined ? undefined : data.choices.immunityByClass[classId];
  const labels = Object.fromEntries(options.map((o) => [`option_${o.id}`, o.name]));

  const changed = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "store_id") setStoreId(target.value);
    if (target.name === "car_type_id") setCarTypeId(target.value);
    onChange(event);
    live.schedule();
  };
  const submitted = (event: FormEvent<HTMLFormElement>) => {
    live.cancel();
    onSubmit(event);
  };

  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={submitted}
      onChange={changed}
      noValidate
      className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]"
      data-testid="phone-booking-form"
    >
      <CsrfField />
      <input type="hidden" name="idempotency_key" value={value("idempotency_key")} />
      <div className="grid gap-4 lg:col-start-1">
        <AdminErrorSummary errors={errors} labels={labels} />
        <AdminSection title={t("admin.phone.car")}>
          <AdminRadioGroup
            name="counter_contact"
            label={t("admin.phone.contact")}
            value={value("counter_contact") || "phone"}
            errors={errors}
            options={[
              { value: "phone", label: t("admin.phone.contactPhone") },
              { value: "in_person", label: t("admin.phone.contactInPerson") },
            ]}
          />
          <CarAndPeriodFields
            stores={data.stores}
            carTypes={data.carTypes}
            errors={errors}
            value={value}
            chooseCarType={t("admin.phone.chooseCarType")}
            immunityHint={immunity ? t("admin.phone.immunityPrice", { price: formatYen(immunity, locale) }) : undefined}
          />
        </AdminSection>
        <AdminSection title={t("admin.phone.options")} testId="phone-options">
          {options.length ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {options.map((o) => (
                <AdminSelect
                  key={o.id}
                  name={`option_${o.id}`}
                  label={t("admin.phone.optionLabel", { name: o.name, price: priceText(t, locale, o) })}
                  errors={errors}
                  defaultValue={value(`option_${o.id}`) || "0"}
                  options={Array.from({ length: o.max + 1 }, (_, n) => ({ value: String(n), label: String(n) }))}
                />
              ))}
            </div>
          ) : (
            <p className="text-sm text-gray-700">{t("admin.phone.noOptions")}</p>
          )}
        </AdminSection>
      </div>
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-stretch">
        <QuotePanel answer={live.answer} busy={live.busy} formError={errors.form} />
      </div>
      <div className="grid gap-4 lg:col-start-1">
        <CustomerFields errors={errors} value={value} />
        <AdminSection title={t("admin.reservation.payMethod")}>
          <AdminRadioGroup
            name="pay_method"
            label={t("admin.reservation.payMethod")}
            value={value("pay_method")}
            errors={errors}
            options={[
              ...(["2", "3", "4"] as const).map((m) => ({
                value: m,
                label: siteT(`reserves.pay.${m}` as MessageKey),
              })),
              { value: "1", label: t("admin.phone.payLink"), hint: t("admin.phone.payLinkHint") },
            ]}
          />
          <AdminInput
            name="pay_method_other"
            label={t("admin.phone.payOther")}
            errors={errors}
            defaultValue={value("pay_method_other")}
          />
          <AdminTextarea
            name="remarks"
            label={t("admin.reservation.remarks")}
            errors={errors}
            defaultValue={value("remarks")}
            rows={2}
          />
        </AdminSection>
        <div className="flex flex-wrap gap-2">
          {live.answer.quote ? (
            <SubmitButton intent="book" testId="phone-book">
              {t("admin.phone.book")}
            </SubmitButton>
          ) : null}
          <QuoteButton quoted={Boolean(live.answer.quote)} testId="phone-quote-submit" />
        </div>
      </div>
    </Form>
  );
}

/** Who the booking is for: a member found by e-mail, or a name and phone; their language. */
function CustomerFields({
  errors,
  value,
}: {
  errors: Partial<Record<string, ReasonLike>>;
  value: (name: string) => string;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.phone.customer")}>
      <AdminInput
        type="email"
        name="member_email"
        label={t("admin.phone.memberEmail")}
        hint={t("admin.phone.memberEmailHint")}
        errors={errors}
        defaultValue={value("member_email")}
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          name="name"
          label={t("admin.counter.name")}
          errors={errors}
          defaultValue={value("name")}
          autoComplete="off"
        />
        <AdminInput
          name="kana"
          label={t("admin.phone.kana")}
          errors={errors}
          defaultValue={value("kana")}
          autoComplete="off"
        />
        <AdminInput
          type="tel"
          name="tel"
          label={t("admin.counter.tel")}
          errors={errors}
          defaultValue={value("tel")}
          autoComplete="off"
        />
        <AdminInput
          type="email"
          name="email"
          label={t("admin.phone.email")}
          hint={t("admin.phone.emailHint")}
          errors={errors}
          defaultValue={value("email")}
          autoComplete="off"
        />
      </div>
      <AdminSelect
        name="locale"
        label={t("admin.reservation.language")}
        errors={errors}
        defaultValue={value("locale")}
        options={[
          { value: "ja", label: "日本語" },
          { value: "en", label: "English" },
          { value: "ko", label: "한국어" },
          { value: "zh-TW", label: "繁體中文" },
        ]}
      />
      <AdminInput
        name="passengers"
        inputMode="numeric"
        label={t("admin.reservation.passengers")}
        errors={errors}
        defaultValue={value("passengers")}
      />
    </AdminSection>
  );
}
