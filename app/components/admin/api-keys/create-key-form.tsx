import { Form } from "react-router";
import { AdminCheckboxGroup, AdminErrorSummary, AdminInput, AdminNumber } from "#app/components/admin/fields";
import { AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminI18n } from "#app/lib/admin";
import type { FormFailure } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import {
  API_KEY_LISTS,
  API_KEY_NAME_MAX,
  API_RATE_LIMIT_DEFAULT,
  API_RATE_LIMIT_MAX,
  API_RATE_LIMIT_MIN,
  API_SCOPES,
  ApiKeySchema,
} from "#server/integrations/api-key.schema";
import { SCOPE_LABELS } from "./scope-labels";

/** Making a key: its name, what it may do and how often. */
export function CreateKeyForm({ failure }: { failure: FormFailure | null }) {
  const { t } = useAdminI18n();
  const { errors, formRef, onSubmit, onChange, values } = useForm(ApiKeySchema, failure, {
    lists: API_KEY_LISTS,
  });
  // What was ticked comes back as a list when several were, as one value when one was; none is none.
  const scopes = failure ? (failure.lists.scopes ?? (values.scopes ? [values.scopes] : [])) : ["catalog:read"];
  const labels = {
    name: t("admin.apiKeys.name"),
    scopes: t("admin.apiKeys.scopes"),
    rate_limit: t("admin.apiKeys.rateLimit"),
  };
  return (
    <AdminSection title={t("admin.apiKeys.createTitle")} testId="api-key-create">
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="api-key-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} labels={labels} />
        <div className="sm:max-w-md">
          <AdminInput
            name="name"
            label={labels.name}
            hint={t("admin.apiKeys.nameHint")}
            errors={errors}
            defaultValue={values.name}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            required
          />
        </div>
        <AdminCheckboxGroup
          name="scopes"
          label={labels.scopes}
          hint={t("admin.apiKeys.scopesHint")}
          options={API_SCOPES.map((s) => ({ value: s, label: t(SCOPE_LABELS[s].long) }))}
          checked={scopes}
          errors={errors}
          required
        />
        <div className="sm:max-w-xs">
          <AdminNumber
            name="rate_limit"
            label={labels.rate_limit}
            hint={t("admin.apiKeys.rateLimitHint", {
              min: API_RATE_LIMIT_MIN,
              max: API_RATE_LIMIT_MAX.toLocaleString("en-US"),
              default: API_RATE_LIMIT_DEFAULT,
            })}
            errors={errors}
            defaultValue={values.rate_limit ?? String(API_RATE_LIMIT_DEFAULT)}
            maxLength={6}
          />
        </div>
        <div>
          <SubmitButton intent="create" testId="api-key-submit">
            {t("admin.apiKeys.createSubmit")}
          </SubmitButton>
        </div>
      </Form>
    </AdminSection>
  );
}
