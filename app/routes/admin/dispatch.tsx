import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { StageBadge } from "#app/components/admin/counter";
import { DispatchGrid } from "#app/components/admin/dispatch-board";
import { DispatchDayList, windowDays } from "#app/components/admin/dispatch-day-list";
import { AdminErrorSummary, AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { StaffText, useStaffChoices } from "#app/components/admin/staff-text";
import { CsrfField, useCsrfToken } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, handleForm } from "#app/lib/form-action.server";
import { oneEach } from "#app/lib/refusals";
import { addDays, localDate } from "#common/calendar-date";
import { counterStores, dispatchBoard } from "#server/counter/boards";
import { AssignSchema, DISPATCH_WINDOWS, dispatchFilter } from "#server/counter/counter.schema";
import { assignVehicle } from "#server/counter/rental";
import { siteTimeZone } from "#server/sites/site-bundle";
import { can } from "#server/staff/permissions";
import type { Route } from "./+types/dispatch";

/**
 * `/dispatch?store=&date=&days=7|14|30`: the dispatch board (配車表). On a desktop a store's cars
 * (by plate and type) down the side, the days across (dispatch-board.tsx); on a phone the days one
 * under another with their departures and returns (dispatch-day-list.tsx). A booking is moved to a
 * car by choosing it (a link, so it works without JavaScript) and picking the car in the form that
 * opens, or by dragging its bar onto the car's row with a pointer, by touch or from the keyboard.
 * The server checks every move and the database's exclusion constraint decides: a car already taken
 * is refused once, naming the booking that has it, and nothing changes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const now = new Date();
  const url = new URL(request.url);
  const today = localDate(now, siteTimeZone(bundle));
  const filter = dispatchFilter(url.searchParams, today);
  const stores = await counterStores(db, siteId, actor);
  const storeId = filter.storeId ?? stores[0]?.id ?? null;
  const board = storeId ? await dispatchBoard(db, siteId, actor, { ...filter, storeId }, now) : null;
  return {
    stores,
    filter: { ...filter, storeId },
    today,
    board,
    selected: url.searchParams.get("selected"),
    canMove: storeId !== null && can(actor, "store.reservations", storeId),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const form = await request.formData();
  const reserveNo = String(form.get("reserve_no") ?? "");
  if (!reserveNo) return formFailure(form, { form: { code: "invalid_input" } });
  return handleForm(form, AssignSchema, async (input) => {
    await assignVehicle(db, siteId, actor, reserveNo, input);
    const back = new URL(request.url);
    back.searchParams.delete("selected");
    return redirectWithAdminFlash(request, `${back.pathname}${back.search}`, {
      kind: "success",
      key: "admin.counter.assigned",
    });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.dispatch.title"));

export default function AdminDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  const path = useAdminPath();
  const [params] = useSearchParams();
  const fetcher = useFetcher<FormFailure>();
  // A drop posts without a form: the token goes first, as every form sends it.
  const csrf = useCsrfToken() ?? "";
  const { board, filter, selected, canMove, today } = loaderData;
  const failure = (fetcher.data ?? actionData) as FormFailure | undefined;
  const linkWith = (changes: Record<string, string | null>, hash = "") => {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    return `${path("/dispatch")}?${q}${hash}`;
  };
  const days = board ? windowDays(filter.date, filter.days) : [];
  const chosen = board?.bookings.find((b) => b.reserveNo === selected) ?? null;
  const linkTo = (reserveNo: string) => linkWith({ selected: reserveNo }, "#move");
  const move = (reserveNo: string, vehicleId: number | null) => {
    if (!canMove) return;
    fetcher.submit(
      { _csrf: csrf, reserve_no: reserveNo, vehicle_id: vehicleId === null ? "" : String(vehicleId) },
      { method: "post" },
    );
  };
  const windowLabel = { 7: "admin.dispatch.days7", 14: "admin.dispatch.days14", 30: "admin.dispatch.days30" } as const;
  return (
    <>
      <AdminPageHeader title={t("admin.dispatch.title")} lead={t("admin.dispatch.lead")} />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-[1fr_1fr_auto]"
        role="search"
        aria-label={t("admin.dispatch.filter")}
      >
        <AdminSelect
          name="store"
          label={t("admin.reservations.store")}
          errors={{}}
          defaultValue={filter.storeId ? String(filter.storeId) : ""}
          options={staffChoices(loaderData.stores)}
        />
        <AdminInput name="date" type="date" label={t("admin.dispatch.from")} errors={{}} defaultValue={filter.date} />
        <input type="hidden" name="days" value={filter.days} />
        <button type="submit" className="btn-secondary">
          {t("admin.today.show")}
        </button>
      </Form>
      {failure?.errors ? (
        <div className="mb-4">
          <AdminErrorSummary errors={oneEach(failure.errors)} />
        </div>
      ) : null}
      {!board ? (
        <p className="card p-5">{t("admin.dispatch.noStore")}</p>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <nav className="flex flex-wrap gap-2" aria-label={t("admin.today.days")}>
              <Link
                to={linkWith({ date: addDays(filter.date, -filter.days), selected: null })}
                className="btn-secondary"
                rel="prev"
                preventScrollReset
              >
                {t("admin.dispatch.earlier")}
              </Link>
              <Link to={linkWith({ date: today, selected: null })} className="btn-secondary" preventScrollReset>
                {t("admin.today.today")}
              </Link>
              <Link
                to={linkWith({ date: addDays(filter.date, filter.days), selected: null })}
                className="btn-secondary"
                rel="next"
                preventScrollReset
              >
                {t("admin.dispatch.later")}
              </Link>
            </nav>
            {/* The window keeps the start day, the store and the chosen booking. */}
            <nav aria-label={t("admin.dispatch.window")} data-testid="dispatch-window">
              <ul className="inline-flex overflow-hidden rounded-lg border border-gray-400">
                {DISPATCH_WINDOWS.map((n) => (
                  <li key={n} className="border-l border-gray-400 first:border-l-0">
                    <Link
                      to={linkWith({ days: String(n) })}
                      preventScrollReset
                      aria-current={n === filter.days ? "page" : undefined}
                      className={`tap inline-flex min-h-11 items-center px-4 text-sm font-semibold no-underline ${
                        n === filter.days ? "bg-blue-800 text-white" : "bg-white text-gray-900 hover:bg-gray-100"
                      }`}
                      data-testid={`dispatch-days-${n}`}
                    >
                      {t(windowLabel[n])}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          {chosen ? (
            <div className="mb-4 scroll-mt-20" id="move">
              <AdminSection title={t("admin.dispatch.moveTitle", { reserveNo: chosen.reserveNo })} testId="move-panel">
                <p className="flex flex-wrap items-center gap-2">
                  <StageBadge stage={chosen.stage} /> {chosen.borrowerName} ・{" "}
                  <StaffText ja={chosen.carTypeName} en={chosen.carTypeNameEn} />
                  <Link to={path(`/reservations/${encodeURIComponent(chosen.reserveNo)}`)} className="link tap">
                    {t("admin.dispatch.open")}
                  </Link>
                </p>
                {canMove && chosen.stage === "booked" ? (
                  <Form method="post" className="grid items-end gap-3 sm:grid-cols-[1fr_auto]" data-testid="move-form">
                    <CsrfField />
                    <input type="hidden" name="reserve_no" value={chosen.reserveNo} />
                    <AdminSelect
                      name="vehicle_id"
                      label={t("admin.dispatch.moveTo")}
                      errors={failure?.errors ?? {}}
                      defaultValue={chosen.vehicleId ? String(chosen.vehicleId) : ""}
                      options={[
                        { value: "", label: t("admin.counter.noCar") },
                        ...board.vehicles
                          .filter((v) => v.carTypeId === chosen.carTypeId && v.inService)
                          .map((v) => ({ value: String(v.id), label: v.registrationNumber })),
                      ]}
                    />
                    <SubmitButton testId="move-submit">{t("admin.dispatch.move")}</SubmitButton>
                  </Form>
                ) : (
                  <p className="text-sm text-gray-700">{t("admin.dispatch.cannotMove")}</p>
                )}
              </AdminSection>
            </div>
          ) : null}
          <div className="hidden md:block">
            <DispatchGrid
              board={board}
              days={days}
              today={today}
              selected={selected}
              canMove={canMove}
              linkTo={linkTo}
              onMove={move}
              busy={fetcher.state !== "idle"}
            />
            <p className="mt-2 text-sm text-gray-700">
              {t("admin.dispatch.hint")} {canMove ? t("admin.dispatch.dragHint") : ""}
            </p>
          </div>
          <div className="md:hidden">
            <DispatchDayList board={board} days={days} today={today} selected={selected} linkTo={linkTo} />
          </div>
        </>
      )}
    </>
  );
}
