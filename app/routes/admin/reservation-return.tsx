import type { ReactNode } from "react";
import { data } from "react-router";
import { StageBadge, StoreTime, Yen } from "#app/components/admin/counter";
import { FUEL_LABEL } from "#app/components/admin/counter-forms";
import { AdminPageHeader, AdminSection } from "#app/components/admin/page";
import { ExtraLines, type ProposalView, ReturnStepForm, SettlementNotice } from "#app/components/admin/return-forms";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, handleForm } from "#app/lib/form-action.server";
import { dateTimeFields } from "#app/presenters/counter.server";
import { adminPath } from "#common/admin";
import { formatDateTime, formatYen } from "#common/format";
import { getReservationDetail } from "#server/counter/reservations";
import { previewReturn, recordReturn, settleFailedCardAsCash } from "#server/counter/return";
import { ReturnCashSchema, type ReturnInput, ReturnSchema } from "#server/counter/return.schema";
import { paidByCardInAdvance, type ReturnProposal, returnRules } from "#server/counter/return-charges";
import { returnSettlement } from "#server/counter/return-settlement";
import { AppError } from "#server/errors";
import { authorize } from "#server/staff/permissions";
import type { Route } from "./+types/reservation-return";

/**
 * `/reservations/:reserveNo/return` (issue 37): the return of a car in use. The first step
 * (`intent=propose`) checks what was entered and proposes every charge; staff confirm
 * (`intent=return`), changing an amount with a reason. Afterwards the page shows what was charged
 * and how the money stands in the ledger; a card that failed is taken in cash (`intent=cash`).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const detail = await getReservationDetail(db, siteId, actor, params.reserveNo);
  const r = detail.reservation;
  authorize(actor, "store.reservations", r.storeId);
  if (detail.stage !== "in_use" && detail.stage !== "returned") {
    throw new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: detail.stage } } });
  }
  const rules = await returnRules(db, siteId, r.carTypeId);
  return {
    reserveNo: r.reserveNo,
    stage: detail.stage,
    timeZone: detail.store.timeZone,
    storeName: detail.store.name,
    carType: detail.carType.name,
    vehicle: detail.vehicle?.registrationNumber ?? null,
    endAt: r.endAt,
    departedAt: r.departedAt,
    departureMileage: r.departureMileage,
    departureFuel: r.departureFuel,
    returnedAt: r.returnedAt,
    extras: r.extras,
    extraFee: r.extraFee,
    rules,
    settlementPlan: paidByCardInAdvance(r) ? ("card" as const) : ("counter" as const),
    settlement: detail.stage === "returned" ? await returnSettlement(db, siteId, r.id) : null,
    now: dateTimeFields(new Date(), detail.store.timeZone),
  };
}

const proposalView = (p: ReturnProposal): ProposalView => ({
  lines: p.lines,
  total: p.total,
  settlement: p.settlement,
  distanceKm: p.distanceKm,
  late: p.late ? { lateHours: p.late.lateHours, rates: p.late.rates } : null,
  fuel: { eighths: p.fuel.eighths, litres: p.fuel.litres },
});

/** Adjusted amounts start again from a new proposal. */
const ADJUSTMENT_FIELDS = /^(charge|reason)_/;

export async function action({ context, request, params }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { payments },
  } = requireStaffAccess(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const reserveNo = params.reserveNo;
  const here = adminPath(siteId, `/reservations/${encodeURIComponent(reserveNo)}/return`);
  const propose = (input: ReturnInput) =>
    previewReturn(db, siteId, { actor, reserveNo, form: input }, { bundle, now: new Date() });
  if (intent === "cash") {
    return handleForm(form, ReturnCashSchema, async (input) => {
      await settleFailedCardAsCash(db, siteId, { actor, reserveNo, form: input });
      return redirectWithAdminFlash(request, here, { kind: "success", key: "admin.return.cashRecorded" });
    });
  }
  if (intent === "propose") {
    return handleForm(form, ReturnSchema, async (input) => {
      const proposal = proposalView(await propose(input));
      const values = Object.fromEntries(
        Object.entries(formFailure(form, {}, 200).data.values).filter(([name]) => !ADJUSTMENT_FIELDS.test(name)),
      );
      return { errors: {}, values, lists: {}, proposal };
    });
  }
  if (intent === "return") {
    let input: ReturnInput | null = null;
    const answer = await handleForm(form, ReturnSchema, async (parsed) => {
      input = parsed;
      await recordReturn(db, siteId, { actor, reserveNo, form: parsed }, { bundle, payments, now: new Date() });
      return redirectWithAdminFlash(request, here, { kind: "success", key: "admin.counter.returned" });
    });
    if (answer instanceof Response || !input) return answer;
    // Refused: the form comes back with the proposal (again, or anew when it changed) beside the messages.
    const refused = answer as { data: FormFailure; init?: ResponseInit | null };
    const proposal = await propose(input).then(proposalView, () => null);
    // Keeps the refusal's status: a staff member without the right gets 403, as everywhere.
    return data({ ...refused.data, proposal }, { status: refused.init?.status ?? 422 });
  }
  return formFailure(form, { form: { code: "invalid_input" } });
}

type Data = Route.ComponentProps["loaderData"];

function title(t: AdminT, d: Data): string {
  return t("admin.return.title", { reserveNo: d.reserveNo });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, title);

export default function AdminReservationReturn({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const answer = actionData as (FormFailure & { proposal?: ProposalView | null }) | undefined;
  const money = (amount: number) => formatYen(amount, locale);
  const details = (p: ProposalView) => ({
    late: p.late
      ? t("admin.return.lateDetail", {
          due: formatDateTime(new Date(d.endAt), d.timeZone),
          grace: d.rules.lateGraceMinutes,
          hour: money(p.late.rates.hour),
          day: money(p.late.rates.day),
        })
      : null,
    fuel: p.fuel.eighths
      ? t("admin.return.fuelDetail", {
          eighths: p.fuel.eighths,
          tank: d.rules.tankLitres,
          price: money(d.rules.fuelPricePerLitre),
        })
      : null,
  });
  const facts: [string, ReactNode][] = [
    [t("admin.reservations.store"), `${d.storeName}・${d.carType}${d.vehicle ? `・${d.vehicle}` : ""}`],
    [
      t("admin.reservations.return"),
      <span key="due" data-testid="return-due" data-at={new Date(d.endAt).toISOString()}>
        <StoreTime at={d.endAt} timeZone={d.timeZone} />
      </span>,
    ],
    [
      t("admin.counter.departedAt"),
      d.departedAt ? <StoreTime key="dep" at={d.departedAt} timeZone={d.timeZone} /> : "—",
    ],
    [
      t("admin.counter.departureMeter"),
      d.departureMileage === null ? "—" : `${d.departureMileage.toLocaleString("ja-JP")} km`,
    ],
    [t("admin.counter.departureFuel"), d.departureFuel === null ? "—" : FUEL_LABEL(d.departureFuel)],
  ];
  return (
    <>
      <AdminPageHeader
        title={title(t, d)}
        lead={d.stage === "in_use" ? t("admin.return.lead") : undefined}
        back={path(`/reservations/${encodeURIComponent(d.reserveNo)}`)}
        actions={<StageBadge stage={d.stage} />}
      />
      <div className="grid gap-4">
        <AdminSection testId="return-booking">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-gray-700">{label}</dt>
                <dd className="mb-1 sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </AdminSection>
        {d.stage === "in_use" ? (
          <AdminSection title={t("admin.counter.returnTitle")} testId="return">
            <ReturnStepForm
              now={d.now}
              meter={d.departureMileage}
              failure={answer ?? null}
              proposal={answer?.proposal ?? null}
              settlement={d.settlementPlan}
              details={details}
            />
          </AdminSection>
        ) : (
          <AdminSection title={t("admin.return.settlementTitle")} testId="return-result">
            {d.returnedAt ? (
              <p className="text-sm">
                {t("admin.counter.returnedAt")}: <StoreTime at={d.returnedAt} timeZone={d.timeZone} />
              </p>
            ) : null}
            <ExtraLines lines={d.extras} />
            <p className="flex items-baseline justify-between gap-3 border-t border-gray-200 pt-2">
              <span className="font-semibold">{t("admin.return.total")}</span>
              <strong data-testid="return-total">
                <Yen amount={d.extraFee} />
              </strong>
            </p>
            {d.settlement ? <SettlementNotice settlement={d.settlement} /> : null}
          </AdminSection>
        )}
      </div>
    </>
  );
}
