import { type FormEvent, useMemo, useRef, useState } from "react";
import { data, Form } from "react-router";
import { FeePlanHeader } from "#app/components/admin/fee-plan-edit/header";
import { PlanSection } from "#app/components/admin/fee-plan-edit/plan-section";
import { PreviewPanel } from "#app/components/admin/fee-plan-edit/preview-panel";
import { fieldLabels, TiersSection } from "#app/components/admin/fee-plan-edit/tiers-section";
import { type PreviewAnswer, useLivePreview } from "#app/components/admin/fee-plan-preview";
import { AdminErrorSummary } from "#app/components/admin/fields";
import { DeleteForm, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { formValues, handleForm, handleIntent } from "#app/lib/form-action.server";
import { formObject, useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { requireId } from "#app/lib/site.server";
import { previewOf } from "#app/presenters/fee-plan-preview.server";
import { adminPath } from "#common/admin";
import { localDate } from "#common/calendar-date";
import { FEE_MODE_TIERS, type FeeMode } from "#common/fee-tiers";
import { parseId } from "#common/params";
import { priceChoices } from "#server/prices/choices";
import {
  FeePlanPreviewSchema,
  FeePlanSchema,
  feePlanFormValues,
  modeOf,
  TIER_FIELDS,
} from "#server/prices/fee-plan.schema";
import {
  createFeePlan,
  deleteFeePlan,
  type FeePlanPreview,
  getFeePlan,
  previewFeePlan,
  updateFeePlan,
} from "#server/prices/fee-plans";
import { siteTimeZone } from "#server/sites/site-bundle";
import { authorize } from "#server/staff/permissions";
import type { Route } from "./+types/fee-plan-edit";

/**
 * `/fee-plans/new` (`?copy=<id>`: a plan's tiers to start from, for a price change from a date) and
 * `/fee-plans/:feePlanId`: one form for a fee plan, with the price preview of what is typed.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const { stores, classes } = await priceChoices(db, siteId, actor);
  const feePlanId = params.feePlanId === undefined ? null : requireId(params.feePlanId);
  const copyId = feePlanId === null ? parseId(new URL(request.url).searchParams.get("copy")) : null;
  const source = feePlanId ?? copyId;
  const plan = source === null ? null : await getFeePlan(db, siteId, actor, source);
  const single = (list: { id: number }[]) => (list.length === 1 ? String(list[0]?.id) : "");
  const values: Record<string, string> = plan
    ? { ...feePlanFormValues(plan), ...(copyId === null ? {} : { effective_from: "" }) }
    : {
        store_id: single(stores),
        class_id: single(classes),
        mode: "1",
        effective_from: localDate(new Date(), siteTimeZone(bundle)),
      };
  // A saved plan shows its figures at once (to read-only staff too); a broken one shows what is wrong.
  const answer = plan ? await previewOf(db, siteId, actor, values) : { preview: null, errors: {} };
  return {
    feePlanId,
    copiedFrom: copyId === null ? null : (plan?.effectiveFrom ?? null),
    formKey: `${feePlanId ?? "new"}:${copyId ?? ""}`,
    stores,
    classes,
    values,
    answer,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const form = await request.formData();
  const feePlanId = params.feePlanId === undefined ? null : requireId(params.feePlanId);
  const intent = form.get("intent");

  // Without JavaScript, "Preview" comes here: the form again, every value kept, with the figures.
  if (intent === "preview") {
    authorize(actor, "view");
    if (feePlanId !== null) await getFeePlan(db, siteId, actor, feePlanId);
    return handleForm(form, FeePlanPreviewSchema, async (input) =>
      data({
        errors: {},
        values: formValues(form),
        lists: {},
        preview: (await previewFeePlan(db, siteId, actor, input)) as FeePlanPreview | null,
      }),
    );
  }

  // Who may do this is known before what was typed is read: a refusal is a 403, never a 422.
  authorize(actor, "prices.edit");
  if (feePlanId !== null && intent === "delete") {
    return handleIntent(form, async () => {
      await deleteFeePlan(db, siteId, actor, feePlanId);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, "/fee-plans"), {
        kind: "success",
        key: "admin.flash.deleted",
      });
    });
  }
  const result = await handleForm(form, FeePlanSchema, async (input) => {
    if (feePlanId === null) {
      const created = await createFeePlan(db, siteId, actor, input);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, `/fee-plans/${created.feePlanId}`), {
        kind: "success",
        key: "admin.flash.created",
      });
    }
    await updateFeePlan(db, siteId, actor, feePlanId, input);
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, `/fee-plans/${feePlanId}`), {
      kind: "success",
      key: "admin.flash.saved",
    });
  });
  if (result instanceof Response) return result;
  // A refused save still shows what its tiers charge when they make a plan (a duplicate date, say).
  const { preview } = await previewOf(db, siteId, actor, formObject(form));
  return data({ ...result.data, preview }, result.init ?? undefined);
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  if (data.feePlanId !== null) return t("admin.feePlans.editTitle");
  return data.copiedFrom ? t("admin.feePlans.copyTitle") : t("admin.feePlans.newTitle");
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminFeePlanEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <FeePlanForm key={loaderData.formKey} loaderData={loaderData} actionData={actionData} />;
}

function FeePlanForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(FeePlanSchema, actionData);
  // After a refused save or a preview the form shows what was sent, not what is stored.
  const values: Record<string, string> = actionData ? actionData.values : loaderData.values;
  const [mode, setMode] = useState<FeeMode>(modeOf(values.mode) ?? 1);
  const initial = useMemo<PreviewAnswer>(
    () =>
      actionData ? { preview: "preview" in actionData ? actionData.preview : null, errors: {} } : loaderData.answer,
    [actionData, loaderData.answer],
  );
  const live = useLivePreview(formRef, path("/fee-plans/preview"), initial);
  // Live messages only beside the fields already typed in: a tier not reached yet is not "missing".
  const touched = useRef(new Set<string>());
  const liveErrors = Object.fromEntries(
    Object.entries(live.answer.errors).filter(([field]) => live.answer === initial || touched.current.has(field)),
  );
  const shown = { ...liveErrors, ...errors };
  const isNew = loaderData.feePlanId === null;
  const editable = can("prices.edit");
  const labels = fieldLabels(t, pageT);

  const changed = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "mode") setMode(modeOf(target.value) ?? 1);
    if (target.name) touched.current.add(target.name);
    onChange(event);
    live.schedule();
  };
  const submitted = (event: FormEvent<HTMLFormElement>) => {
    // With JavaScript, "Preview" needs no page: the figures (or every message) come in place.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "preview") {
      event.preventDefault();
      for (const key of FEE_MODE_TIERS[mode]) touched.current.add(TIER_FIELDS[key]);
      touched.current.add("store_id");
      live.schedule();
      return;
    }
    live.cancel();
    onSubmit(event);
  };

  const title = pageTitle(t, loaderData);
  return (
    <>
      <FeePlanHeader
        title={title}
        feePlanId={loaderData.feePlanId}
        copiedFrom={loaderData.copiedFrom}
        editable={editable}
      />
      {!loaderData.stores.length || !loaderData.classes.length ? (
        <p className="mb-4 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-amber-950">
          {t("admin.feePlans.noChoices")}
        </p>
      ) : null}
      <Form
        method="post"
        ref={formRef}
        onSubmit={submitted}
        onChange={changed}
        noValidate
        className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start"
        data-testid="fee-plan-form"
      >
        <CsrfField />
        <div className="grid gap-4 xl:col-start-1">
          <AdminErrorSummary errors={errors} labels={labels} />
          <PlanSection stores={loaderData.stores} classes={loaderData.classes} errors={shown} values={values} />
          <TiersSection mode={mode} errors={shown} values={values} />
          {editable ? (
            <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
            </div>
          ) : null}
        </div>
        <PreviewPanel answer={live.answer} busy={live.busy} invalid={Object.keys(shown).length > 0} />
      </Form>
      {!isNew && editable ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.feePlans.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
