import { type FormEvent, useMemo, useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { adminPath } from "../../../common/admin";
import type { ReasonLike } from "../../../common/app-error";
import { localDate } from "../../../common/calendar-date";
import { FEE_MODE_TIERS, FEE_TIER_KEYS, type FeeMode, type FeeTierKey } from "../../../common/fee-tiers";
import { formatIsoDate } from "../../../common/format";
import { parseId } from "../../../common/params";
import { AppError } from "../../../server/errors";
import { priceChoices } from "../../../server/prices/choices";
import {
  FEE_MODES,
  FeePlanPreviewSchema,
  FeePlanSchema,
  feePlanFormValues,
  modeOf,
  TIER_FIELDS,
} from "../../../server/prices/fee-plan.schema";
import {
  createFeePlan,
  deleteFeePlan,
  type FeePlanPreview,
  getFeePlan,
  previewFeePlan,
  updateFeePlan,
} from "../../../server/prices/fee-plans";
import { siteTimeZone } from "../../../server/sites/site-bundle";
import { type Actor, authorize } from "../../../server/staff/permissions";
import { FeePlanPreviewTable, type PreviewAnswer, useLivePreview } from "../../components/admin/fee-plan-preview";
import {
  AdminCheckbox,
  AdminErrorSummary,
  AdminInput,
  AdminNumber,
  AdminRadioGroup,
  AdminSelect,
} from "../../components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import type { MessageKey, Translate } from "../../i18n/translate";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "../../lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "../../lib/admin.server";
import { formValues, handleForm, handleIntent } from "../../lib/form-action.server";
import { formObject, useForm } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import { requireId, type services } from "../../lib/site.server";
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

type Db = ReturnType<typeof services>["db"];

/** The preview of a form's values, or why there is none (by field). */
async function previewOf(
  db: Db,
  siteId: string,
  actor: Actor,
  values: Record<string, unknown>,
): Promise<PreviewAnswer> {
  const parsed = FeePlanPreviewSchema.safeParse(values);
  if (!parsed.success) return { preview: null, errors: {} };
  try {
    return { preview: await previewFeePlan(db, siteId, actor, parsed.data), errors: {} };
  } catch (error) {
    if (error instanceof AppError && error.details.fieldErrors) {
      return { preview: null, errors: error.details.fieldErrors as Record<string, ReasonLike> };
    }
    throw error;
  }
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

/** A tier's label, as the public price list names it. */
function tierLabel(t: Translate, key: FeeTierKey): string {
  const hours = /^upTo(\d+)h$/.exec(key);
  if (hours) return t("fee.tier.upTo", { n: Number(hours[1]) });
  const nights = /^nights([2-7])$/.exec(key);
  if (nights) return t("fee.tier.nights", { n: Number(nights[1]), days: Number(nights[1]) + 1 });
  return t(`fee.tier.${key}` as MessageKey);
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
  const used = FEE_MODE_TIERS[mode];
  const tierOrder = [...used, ...FEE_TIER_KEYS.filter((k) => !used.includes(k))];
  // The summary names each field, since "required" alone does not say which tier.
  const labels: Record<string, string> = {
    store_id: t("admin.feePlans.store"),
    class_id: t("admin.feePlans.class"),
    mode: t("admin.feePlans.mode"),
    effective_from: t("admin.feePlans.effectiveFrom"),
    ...Object.fromEntries(FEE_TIER_KEYS.map((k) => [TIER_FIELDS[k], tierLabel(pageT, k)])),
  };

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
      <AdminPageHeader
        title={title}
        back={path("/fee-plans")}
        lead={
          loaderData.copiedFrom
            ? t("admin.feePlans.copyLead", { date: formatIsoDate(loaderData.copiedFrom) })
            : undefined
        }
        actions={
          !isNew && editable ? (
            <Link
              to={path(`/fee-plans/new?copy=${loaderData.feePlanId}`)}
              className="btn-secondary"
              data-testid="copy-fee-plan"
            >
              {t("admin.feePlans.copy")}
            </Link>
          ) : null
        }
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
          <AdminSection title={t("admin.feePlans.sectionPlan")}>
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminSelect
                name="store_id"
                label={t("admin.feePlans.store")}
                errors={shown}
                defaultValue={values.store_id}
                required
                options={[
                  { value: "", label: t("admin.feePlans.choose") },
                  ...loaderData.stores.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
              />
              <AdminSelect
                name="class_id"
                label={t("admin.feePlans.class")}
                errors={shown}
                defaultValue={values.class_id}
                required
                options={[
                  { value: "", label: t("admin.feePlans.choose") },
                  ...loaderData.classes.map((c) => ({ value: String(c.id), label: c.name })),
                ]}
              />
              <AdminInput
                name="effective_from"
                type="date"
                label={t("admin.feePlans.effectiveFrom")}
                hint={t("admin.feePlans.effectiveFromHint")}
                errors={shown}
                defaultValue={values.effective_from}
                required
              />
            </div>
            <AdminCheckbox
              name="is_high_season"
              label={t("admin.feePlans.highSeason")}
              hint={t("admin.feePlans.highSeasonHint")}
              defaultChecked={values.is_high_season === "1"}
              errors={shown}
            />
          </AdminSection>
          <AdminSection title={t("admin.feePlans.sectionTiers")}>
            <AdminRadioGroup
              name="mode"
              label={t("admin.feePlans.mode")}
              value={values.mode}
              errors={shown}
              required
              options={FEE_MODES.map((m) => ({
                value: m,
                label: pageT(`fee.mode.${m}` as MessageKey),
                hint: t(`admin.feePlans.modeHint${m}`),
              }))}
            />
            <noscript>
              <p className="text-sm text-gray-700">{t("admin.feePlans.modeNoScript")}</p>
            </noscript>
            <p className="text-sm text-gray-700">{t("admin.feePlans.tiersHint")}</p>
            <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3" data-testid="fee-tiers" data-mode={mode}>
              {tierOrder.map((key) => (
                <div key={key} hidden={!used.includes(key)}>
                  <AdminNumber
                    name={TIER_FIELDS[key]}
                    label={tierLabel(pageT, key)}
                    errors={shown}
                    defaultValue={values[TIER_FIELDS[key]] ?? ""}
                    maxLength={20}
                  />
                </div>
              ))}
            </div>
          </AdminSection>
          {editable ? (
            <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
            </div>
          ) : null}
        </div>
        <section
          aria-labelledby="fee-preview-title"
          className="card grid gap-3 p-4 sm:p-5 xl:sticky xl:top-4 xl:col-start-2 xl:row-start-1"
        >
          <h2 id="fee-preview-title" className="text-lg font-bold">
            {t("admin.feePlans.preview")}
          </h2>
          <FeePlanPreviewTable answer={live.answer} busy={live.busy} invalid={Object.keys(shown).length > 0} />
          <button type="submit" name="intent" value="preview" className="btn-secondary w-fit" data-testid="preview">
            {t("admin.feePlans.previewButton")}
          </button>
        </section>
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
