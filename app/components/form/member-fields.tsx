import { useId, useState } from "react";
import { FieldError } from "#app/components/search/field-error";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";
import { BIRTH_YEAR_MIN, DEFAULT_BIRTH_YEAR } from "#common/member-form";
import { AddressFields } from "./address-fields";
import { fieldAnchor, inputClass, RadioField, RequiredMark, TextField } from "./fields";

type Values = Partial<Record<string, string>>;
type Errors = Partial<Record<string, ReasonLike>>;

const sectionClass = "card flex flex-col gap-4 p-5";
const headingClass = "text-lg font-bold";

/** The three selects of a birth date (year defaults to 1990; empty means not chosen). */
function BirthdateField({ values, errors }: { values: Values; errors: Errors }) {
  const { t } = useI18n();
  const base = useId();
  const error = errors.birthdate;
  const errorId = `${base}-error`;
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - BIRTH_YEAR_MIN + 1 }, (_, i) => String(thisYear - i));
  const parts = [
    {
      name: "birth_year",
      label: "member.birthYear",
      options: years,
      value: values.birth_year ?? String(DEFAULT_BIRTH_YEAR),
    },
    {
      name: "birth_month",
      label: "member.birthMonth",
      options: Array.from({ length: 12 }, (_, i) => String(i + 1)),
      value: values.birth_month ?? "",
    },
    {
      name: "birth_day",
      label: "member.birthDay",
      options: Array.from({ length: 31 }, (_, i) => String(i + 1)),
      value: values.birth_day ?? "",
    },
  ] as const;
  return (
    <fieldset data-field="birthdate" id={fieldAnchor("birthdate")} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800">
        {t("member.birthdate")}
        <RequiredMark required />
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        {parts.map((p) => (
          <label key={p.name} className="inline-flex items-center gap-1">
            <select
              name={p.name}
              defaultValue={p.value}
              className={`${inputClass} w-auto`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <option value="">{t("member.birthUnset")}</option>
              {p.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <span>{t(p.label)}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} reason={error} />
      {error ? <span hidden data-testid="error-birthdate" /> : null}
    </fieldset>
  );
}

/** A password input with the page's show-password toggle (paste allowed). */
export function ShowPasswordToggle({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useI18n();
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        data-testid="show-password"
      />
      {t("member.showPassword")}
    </label>
  );
}

/**
 * Individual or corporation, the company and its reading (for a corporation: shown only then once
 * JavaScript runs; without it always there, marked as required for corporations), the name and
 * its reading. The member profile and the booking's borrower.
 */
export function CustomerNameFields({ values, errors }: { values: Values; errors: Errors }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [userType, setUserType] = useState(values.user_type || "1");
  const corporate = userType === "2";
  const showCompany = !hydrated || corporate;
  return (
    <>
      <RadioField
        name="user_type"
        label="member.userType"
        required
        errors={errors}
        options={[
          { value: "1", label: t("member.userType.1") },
          { value: "2", label: t("member.userType.2") },
        ]}
        value={userType}
        onChange={setUserType}
      />
      {showCompany ? (
        <>
          <TextField
            name="company"
            label="member.company"
            hint={hydrated ? undefined : "member.corporateOnly"}
            required={corporate}
            errors={errors}
            autoComplete="organization"
            maxLength={100}
            defaultValue={values.company ?? ""}
          />
          <TextField
            name="company_kana"
            label="member.companyKana"
            hint={hydrated ? undefined : "member.corporateOnly"}
            required={corporate}
            errors={errors}
            maxLength={100}
            defaultValue={values.company_kana ?? ""}
          />
        </>
      ) : null}
      <TextField
        name="name"
        label="member.name"
        hint="member.nameHint"
        required
        errors={errors}
        autoComplete="name"
        maxLength={50}
        defaultValue={values.name ?? ""}
      />
      <TextField
        name="kana"
        label="member.kana"
        hint="member.kanaHint"
        required
        errors={errors}
        maxLength={50}
        defaultValue={values.kana ?? ""}
      />
    </>
  );
}

/**
 * The member profile (registration and profile edit, spec §3 User): customer type, company for a
 * corporation, name and reading, e-mail, the passwords of the mode, gender, birth date, tel,
 * address and newsletter. Company fields show only for a corporation once JavaScript runs;
 * without it they are always there, marked as required for corporations.
 */
export function MemberFields({
  mode,
  values,
  errors,
  reenterPassword,
}: {
  mode: "regist" | "update";
  values: Values;
  errors: Errors;
  /** Back from the confirmation: say why the password fields are empty. */
  reenterPassword?: boolean;
}) {
  const { t } = useI18n();
  const [showPassword, setShowPassword] = useState(false);
  const passwordType = showPassword ? "text" : "password";

  return (
    <>
      <section className={sectionClass} aria-labelledby="member-section-customer">
        <h2 id="member-section-customer" className={headingClass}>
          {t("member.section.customer")}
        </h2>
        <CustomerNameFields values={values} errors={errors} />
        <RadioField
          name="gender"
          label="member.gender"
          errors={errors}
          options={[
            { value: "", label: t("member.gender.none") },
            { value: "1", label: t("member.gender.1") },
            { value: "2", label: t("member.gender.2") },
          ]}
          value={values.gender ?? ""}
        />
        <BirthdateField values={values} errors={errors} />
        <TextField
          name="tel"
          type="tel"
          label="member.tel"
          hint="member.telHint"
          required
          errors={errors}
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          defaultValue={values.tel ?? ""}
        />
      </section>

      <section className={sectionClass} aria-labelledby="member-section-login">
        <h2 id="member-section-login" className={headingClass}>
          {t("member.section.login")}
        </h2>
        <TextField
          name="email"
          type="email"
          label="member.email"
          hint="member.emailHint"
          required
          errors={errors}
          inputMode="email"
          autoComplete={mode === "regist" ? "email" : "username"}
          maxLength={254}
          defaultValue={values.email ?? ""}
        />
        {mode === "regist" ? (
          <>
            {reenterPassword ? (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-gray-900" data-testid="reenter-password">
                {t("member.regist.reenterPassword")}
              </p>
            ) : null}
            <TextField
              name="password"
              type={passwordType}
              label="member.password"
              hint="member.passwordHint"
              required
              errors={errors}
              autoComplete="new-password"
              maxLength={128}
            />
            <TextField
              name="password_confirm"
              type={passwordType}
              label="member.passwordConfirm"
              hint="member.passwordConfirmHint"
              required
              errors={errors}
              autoComplete="new-password"
              maxLength={128}
            />
            <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
          </>
        ) : (
          <>
            <TextField
              name="current_password"
              type={passwordType}
              label="member.update.currentPassword"
              hint="member.update.currentPasswordHint"
              errors={errors}
              autoComplete="current-password"
              maxLength={128}
            />
            <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} />
          </>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="member-section-address">
        <h2 id="member-section-address" className={headingClass}>
          {t("member.section.address")}
        </h2>
        <AddressFields values={values} errors={errors} required={{ zip: true, pref_code: true, address_a: true }} />
      </section>

      <section className={sectionClass} aria-labelledby="member-section-other">
        <h2 id="member-section-other" className={headingClass}>
          {t("member.section.other")}
        </h2>
        <fieldset data-field="newsletter">
          <legend className="mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800">
            {t("member.newsletter")}
            <RequiredMark />
          </legend>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name="newsletter" value="1" defaultChecked={values.newsletter === "1"} />
            {t("member.newsletterLabel")}
          </label>
        </fieldset>
      </section>
    </>
  );
}

const STEPS = ["member.step.input", "member.step.confirm", "member.step.done"] as const;

/** Input → confirm → done, the current one marked for assistive technology too. */
export function RegistrationSteps({ current }: { current: 0 | 1 | 2 }) {
  const { t } = useI18n();
  return (
    <ol
      aria-label={t("member.step.label")}
      className="mt-4 grid grid-cols-3 gap-2 text-center text-sm"
      data-testid="steps"
    >
      {STEPS.map((key, i) => (
        <li
          key={key}
          aria-current={i === current ? "step" : undefined}
          className={`rounded-lg border px-2 py-2 font-semibold ${
            i === current ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white text-gray-800"
          }`}
        >
          <span aria-hidden="true">{i + 1}. </span>
          {t(key)}
          {i === current ? <span className="sr-only">{t("member.step.current")}</span> : null}
        </li>
      ))}
    </ol>
  );
}
