import { Form } from "react-router";
import { CarAndPeriodFields, QuoteButton, QuotedBooking } from "#app/components/admin/booking-fields";
import { Yen } from "#app/components/admin/counter";
import { AdminErrorSummary, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, handleForm } from "#app/lib/form-action.server";
import { formObject, useForm } from "#app/lib/forms";
import { composeChangeMails } from "#app/presenters/operation-mail.server";
import { adminPath } from "#common/admin";
import { localDate, localTime } from "#common/calendar-date";
import { formatDateTime } from "#common/format";
import { carTypeChoices } from "#server/catalog/car-types";
import { optionsFor } from "#server/catalog/options";
import { counterStores } from "#server/counter/boards";
import { changeBooking, quoteChange } from "#server/counter/change";
import { ChangeSchema, optionQuantitiesOf } from "#server/counter/counter.schema";
import { findReservation } from "#server/counter/reservations";
import { rentalStage } from "#server/counter/stage";
import { AppError } from "#server/errors";
import { authorize, can } from "#server/staff/permissions";
import type { Route } from "./+types/reservation-change";

/**
 * `/reservations/:reserveNo/change`: a booking's store, car type, period, options or waiver changed
 * at the counter. Staff read the new price and the difference back (`intent=quote`), then change it
 * (`intent=change`); the difference goes to or from a card paid in advance, and the customer is mailed.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const r = await findReservation(db, siteId, actor, params.reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") {
    throw new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: rentalStage(r) } } });
  }
  const [stores, carTypes] = await Promise.all([counterStores(db, siteId, actor), carTypeChoices(db, siteId, actor)]);
  const store = bundle.stores.find((s) => s.id === r.storeId);
  const zone = store?.timeZone ?? "Asia/Tokyo";
  const carType = bundle.catalogue.carTypes.find((c) => c.id === r.carTypeId);
  const chosen = new Map(r.options.map((o) => [o.optionId, o.quantity]));
  const options = optionsFor(bundle.catalogue.options, r.storeId, carType?.classId).map((o) => ({
    id: o.id,
    name: o.optionName,
    max: o.maxQuantity,
  }));
  return {
    reserveNo: r.reserveNo,
    total: r.totalFee,
    stores: stores.filter((s) => can(actor, "store.reservations", s.id)),
    carTypes,
    options,
    values: {
      store_id: String(r.storeId),
      car_type_id: String(r.carTypeId),
      start_date: localDate(r.startAt, zone),
      start_time: localTime(r.startAt, zone),
      end_date: localDate(r.endAt, zone),
      end_time: localTime(r.endAt, zone),
      with_immunity: r.immunityFee > 0 ? "1" : "",
      revision: String(r.revision),
      ...Object.fromEntries(options.map((o) => [`option_${o.id}`, String(chosen.get(o.id) ?? 0)])),
    } as Record<string, string>,
  };
}

interface ChangeQuote {
  total: number;
  difference: number;
  storeName: string;
  carTypeName: string;
  from: string;
  until: string;
  options: { name: string; quantity: number; fee: number }[];
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { mailer, payments },
  } = requireStaffAccess(context, request);
  const form = await request.formData();
  const options = optionQuantitiesOf(formObject(form));
  const reserveNo = params.reserveNo;
  if (form.get("intent") === "change") {
    return handleForm(form, ChangeSchema, async (input) => {
      const outcome = await changeBooking(db, siteId, actor, reserveNo, { ...input, options }, bundle, {
        payments,
        mailer,
        mails: composeChangeMails(bundle),
      });
      return redirectWithAdminFlash(request, adminPath(siteId, `/reservations/${encodeURIComponent(reserveNo)}`), {
        kind: "success",
        key: "admin.change.done",
        params: {
          total: outcome.total,
          difference: outcome.difference,
        },
      });
    });
  }
  return handleForm(form, ChangeSchema, async (input) => {
    const r = await findReservation(db, siteId, actor, reserveNo);
    authorize(actor, "store.reservations", r.storeId);
    authorize(actor, "store.reservations", input.store_id);
    const quote = await quoteChange(db, siteId, r, { ...input, options }, bundle, new Date());
    const fees = quote.fees as NonNullable<typeof quote.fees>;
    const period = quote.period as NonNullable<typeof quote.period>;
    const failure = formFailure(form, {}, 200);
    const confirmation: ChangeQuote = {
      total: fees.total,
      difference: fees.total - r.totalFee,
      storeName: quote.store.storeName,
      carTypeName: quote.carType.typeName,
      from: formatDateTime(period.start, quote.store.timeZone),
      until: formatDateTime(period.end, quote.store.timeZone),
      options: quote.options
        .filter((o) => o.quantity > 0)
        .map((o) => ({ name: o.option.optionName, quantity: o.quantity, fee: o.fee })),
    };
    return { ...failure.data, confirmation };
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return t("admin.change.title", { reserveNo: data.reserveNo });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminReservationChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const answer = actionData as (FormFailure & { confirmation?: ChangeQuote | null }) | undefined;
  const { errors, formRef, onSubmit, onChange } = useForm(ChangeSchema, answer);
  const value = (name: string) => answer?.values?.[name] ?? loaderData.values[name] ?? "";
  const confirmation = answer?.confirmation ?? null;
  const back = path(`/reservations/${encodeURIComponent(loaderData.reserveNo)}`);
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} lead={t("admin.change.lead")} back={back} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="change-form"
      >
        <CsrfField />
        <input type="hidden" name="revision" value={loaderData.values.revision} />
        <AdminErrorSummary errors={errors} />
        <AdminSection title={t("admin.phone.car")}>
          <p className="text-sm text-gray-700">
            {t("admin.change.current")} <Yen amount={loaderData.total} />
          </p>
          <CarAndPeriodFields stores={loaderData.stores} carTypes={loaderData.carTypes} errors={errors} value={value} />
        </AdminSection>
        {loaderData.options.length ? (
          <AdminSection title={t("admin.change.options")}>
            <div className="grid gap-4 sm:grid-cols-2">
              {loaderData.options.map((o) => (
                <AdminSelect
                  key={o.id}
                  name={`option_${o.id}`}
                  label={o.name}
                  errors={errors}
                  defaultValue={value(`option_${o.id}`) || "0"}
                  options={Array.from({ length: o.max + 1 }, (_, n) => ({ value: String(n), label: String(n) }))}
                />
              ))}
            </div>
          </AdminSection>
        ) : null}
        {confirmation ? (
          <QuotedBooking
            testId="change-quote"
            title={t("admin.change.quoteTitle")}
            quote={confirmation}
            totalTestId="change-total"
            beforeTotal={
              confirmation.options.length ? (
                <ul className="text-sm">
                  {confirmation.options.map((o) => (
                    <li key={o.name}>
                      {o.name} × {o.quantity}: <Yen amount={o.fee} />
                    </li>
                  ))}
                </ul>
              ) : null
            }
            afterTotal={
              <p className="font-semibold" data-testid="change-difference">
                {t(
                  confirmation.difference > 0
                    ? "admin.change.more"
                    : confirmation.difference < 0
                      ? "admin.change.less"
                      : "admin.change.same",
                  { amount: Math.abs(confirmation.difference) },
                )}
              </p>
            }
            intent="change"
            submitTestId="change-submit"
            submitLabel={t("admin.change.submit")}
          />
        ) : null}
        <QuoteButton quoted={Boolean(confirmation)} testId="change-quote-submit" />
      </Form>
    </>
  );
}
