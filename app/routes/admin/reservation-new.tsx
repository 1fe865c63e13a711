import { Form } from "react-router";
import { adminPath } from "../../../common/admin";
import { addDays, localDate } from "../../../common/calendar-date";
import { formatDateTime } from "../../../common/format";
import { carTypeChoices } from "../../../server/catalog/car-types";
import { counterStores } from "../../../server/counter/boards";
import { PhoneBookingSchema } from "../../../server/counter/counter.schema";
import { bookAtCounter, quoteAtCounter } from "../../../server/counter/phone-booking";
import { AppError } from "../../../server/errors";
import { siteTimeZone } from "../../../server/sites/site-bundle";
import { can } from "../../../server/staff/permissions";
import { CarAndPeriodFields, QuoteButton, QuotedBooking } from "../../components/admin/counter-forms";
import {
  AdminErrorSummary,
  AdminInput,
  AdminRadioGroup,
  AdminSelect,
  AdminTextarea,
} from "../../components/admin/fields";
import { AdminPageHeader, AdminSection } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import type { MessageKey } from "../../i18n/messages";
import { adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { actorOf, forbidden, getAdminSite, redirectWithAdminFlash, requireStaff } from "../../lib/admin.server";
import { bookingDeps, newIdempotencyKey } from "../../lib/booking.server";
import { type FormFailure, formFailure, handleForm } from "../../lib/form-action.server";
import { useFormValidation } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import { services } from "../../lib/site.server";
import type { Route } from "./+types/reservation-new";

/**
 * `/reservations/new`: a booking taken by phone or at the counter. The staff member enters the car,
 * the period and the customer, reads the price back (`intent=quote`), then books (`intent=book`)
 * through the public site's submit: the same price, capacity guard and idempotency. Payment is
 * taken at the store.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const actor = actorOf(staff);
  const { siteId, bundle } = getAdminSite(context);
  const { db } = services(context);
  const [stores, carTypes] = await Promise.all([counterStores(db, siteId, actor), carTypeChoices(db, siteId, actor)]);
  const workable = stores.filter((s) => can(actor, "store.reservations", s.id));
  if (!workable.length) throw forbidden();
  const tomorrow = addDays(localDate(new Date(), siteTimeZone(bundle)), 1);
  const { defaultStartTime, defaultEndTime } = bundle.settings;
  return {
    stores: workable,
    carTypes,
    defaults: {
      store_id: String(workable[0]?.id ?? ""),
      start_date: tomorrow,
      start_time: defaultStartTime,
      end_date: tomorrow,
      end_time: defaultEndTime,
      locale: "ja",
      pay_method: "2",
      with_immunity: "1",
      idempotency_key: newIdempotencyKey(),
    } as Record<string, string>,
  };
}

interface Confirmation {
  total: number;
  rentCarFee: number;
  immunityFee: number;
  remaining: number | null;
  storeName: string;
  carTypeName: string;
  from: string;
  until: string;
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const actor = actorOf(staff);
  const { siteId, bundle } = getAdminSite(context);
  const { db } = services(context);
  const form = await request.formData();
  const now = new Date();
  if (form.get("intent") === "book") {
    return handleForm(form, PhoneBookingSchema, async (input) => {
      const answer = await bookAtCounter(db, siteId, actor, input, bundle, bookingDeps(context, request), now);
      if (answer.outcome === "refused") throw new AppError("rejected", { reason: answer.reason });
      if (answer.outcome !== "completed") throw new AppError("rejected", { reason: { code: "submit_failed" } });
      return redirectWithAdminFlash(
        request,
        adminPath(siteId, `/reservations/${encodeURIComponent(answer.reserveNo)}`),
        {
          kind: "success",
          key: "admin.phone.booked",
          params: { reserveNo: answer.reserveNo },
        },
      );
    });
  }
  return handleForm(form, PhoneBookingSchema, async (input) => {
    const quote = await quoteAtCounter(db, siteId, actor, input, bundle, now);
    const failure = formFailure(form, {}, 200);
    const confirmation: Confirmation | null =
      quote.fees && quote.period
        ? {
            total: quote.fees.total,
            rentCarFee: quote.fees.rentCarFee,
            immunityFee: quote.fees.immunityFee,
            remaining: quote.remaining,
            storeName: quote.store.storeName,
            carTypeName: quote.carType.typeName,
            from: formatDateTime(quote.period.start, quote.store.timeZone),
            until: formatDateTime(quote.period.end, quote.store.timeZone),
          }
        : null;
    return { ...failure.data, confirmation };
  });
}

const NO_ERRORS = {};

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.phone.title"));

export default function AdminReservationNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const path = useAdminPath();
  const answer = actionData as (FormFailure & { confirmation?: Confirmation | null }) | undefined;
  const { errors, formRef, onSubmit, onChange } = useFormValidation(PhoneBookingSchema, answer?.errors ?? NO_ERRORS);
  const value = (name: string) => answer?.values?.[name] ?? loaderData.defaults[name] ?? "";
  const confirmation = answer?.confirmation ?? null;
  return (
    <>
      <AdminPageHeader title={t("admin.phone.title")} lead={t("admin.phone.lead")} back={path("/reservations")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="phone-booking-form"
      >
        <CsrfField />
        <input type="hidden" name="idempotency_key" value={value("idempotency_key")} />
        <AdminErrorSummary errors={errors} />
        <AdminSection title={t("admin.phone.car")}>
          <CarAndPeriodFields
            stores={loaderData.stores}
            carTypes={loaderData.carTypes}
            errors={errors}
            value={value}
            chooseCarType={t("admin.phone.chooseCarType")}
          />
        </AdminSection>
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
        {confirmation ? (
          <QuotedBooking
            testId="phone-quote"
            title={t("admin.phone.quoteTitle")}
            quote={confirmation}
            totalTestId="phone-total"
            afterTotal={
              <p className="text-sm text-gray-700">
                {t("admin.phone.breakdown", { rent: confirmation.rentCarFee, immunity: confirmation.immunityFee })}
                {confirmation.remaining !== null
                  ? ` ・ ${t("admin.phone.remaining", { count: confirmation.remaining })}`
                  : ""}
              </p>
            }
            intent="book"
            submitTestId="phone-book"
            submitLabel={t("admin.phone.book")}
          />
        ) : null}
        <QuoteButton quoted={Boolean(confirmation)} testId="phone-quote-submit" />
      </Form>
    </>
  );
}
