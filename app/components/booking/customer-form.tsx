import { useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { AddressFields } from "#app/components/form/address-fields";
import { groupedChange, useEmptyFilesAfterRefusal } from "#app/components/form/driver-fields";
import { FormNotice, RadioField, SelectField, TextField } from "#app/components/form/fields";
import { CustomerNameFields } from "#app/components/form/member-fields";
import { useFormValidation } from "#app/lib/forms";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";
import type { loadCustomerPage } from "#app/presenters/reserve-customer.server";
import type { ReasonLike } from "#common/app-error";
import { CUSTOMER_LIMITS, DRIVER_PREFIX, passengerChoices } from "#common/customer-form";
import { customerSchema } from "#server/reservations/customer.schema";
import { BringToCounter, drivesOnForeignPapers, NewDriverFields } from "./customer-driver";
import { StepAside, stepColumnsClass, stepMainClass } from "./step-aside";

type Values = Partial<Record<string, string>>;
type Errors = Partial<Record<string, ReasonLike>>;
type CustomerPage = Awaited<ReturnType<typeof loadCustomerPage>>;

const sectionClass = "card flex flex-col gap-4 p-4 sm:p-5";
const headingClass = "text-lg font-bold";

/**
 * The customer step's form: the borrower, the driver (the borrower, a member's saved driver, or a
 * new one) and the trip, with the total and Next at the bottom of a phone's screen. A multipart
 * form that works before JavaScript loads; with it, the same schema checks in the browser.
 */
export function CustomerForm({
  data,
  values,
  serverErrors,
  refused,
}: {
  data: CustomerPage;
  values: Values;
  serverErrors: Errors;
  refused: boolean;
}) {
  const shell = useSite();
  const { t } = useI18n();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { config, member, savedDrivers, storedImageSlots, capacity } = data;
  const schema = useMemo(
    () => customerSchema({ driver: config, member, storedImageSlots, capacity }),
    [config, member, storedImageSlots, capacity],
  );
  const { errors, formRef, onSubmit, onChange } = useFormValidation(schema, serverErrors);
  const [mode, setMode] = useState(values.driver_mode || "same");
  const [foreign, setForeign] = useState(() => drivesOnForeignPapers((name) => values[name] ?? ""));
  const changed = groupedChange(onChange, DRIVER_PREFIX);
  const busy = navigation.state === "submitting";
  const offerSaved = member && savedDrivers.length > 0;
  useEmptyFilesAfterRefusal(formRef, refused, serverErrors);

  const modeOptions = [
    { value: "same", label: t("customer.driverMode.same") },
    ...(offerSaved ? [{ value: "saved", label: t("customer.driverMode.saved") }] : []),
    { value: "new", label: t("customer.driverMode.new") },
  ];

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={(event) => {
        changed(event);
        const form = new FormData(event.currentTarget);
        setForeign(drivesOnForeignPapers((name) => String(form.get(name) ?? "")));
      }}
      noValidate
      className={stepColumnsClass}
      data-testid="customer-form"
    >
      <div className={stepMainClass}>
        <CsrfField />
        <FormNotice errors={errors} />

        <section className={sectionClass} aria-labelledby="customer-borrower">
          <h2 id="customer-borrower" className={headingClass}>
            {t("customer.section.borrower")}
          </h2>
          <CustomerNameFields values={values} errors={errors} />
          <TextField
            name="email"
            type="email"
            label="member.email"
            hint="customer.emailHint"
            required
            errors={errors}
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values.email ?? ""}
          />
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
          <AddressFields values={values} errors={errors} required={{ zip: true, pref_code: true, address_a: true }} />
        </section>

        <section className={sectionClass} aria-labelledby="customer-driver" data-testid="driver-section">
          <h2 id="customer-driver" className={headingClass}>
            {t("customer.section.driver")}
          </h2>
          <RadioField
            name="driver_mode"
            label="customer.driverMode"
            required
            errors={errors}
            options={modeOptions}
            value={mode}
            onChange={setMode}
          />
          {foreign ? <BringToCounter /> : null}
          {offerSaved ? (
            <div hidden={hydrated && mode !== "saved"} data-testid="saved-driver">
              <SelectField
                name="driver_id"
                label="customer.driverId"
                hint={hydrated ? undefined : "customer.driverId.noJsHint"}
                required={mode === "saved"}
                errors={errors}
                options={[
                  { value: "", label: t("customer.driverId.placeholder") },
                  ...savedDrivers.map((d) => ({
                    value: String(d.id),
                    label: d.expired
                      ? t("customer.driverId.expired", { name: d.name })
                      : d.expires
                        ? t("customer.driverId.option", { name: d.name, date: d.expires })
                        : d.name,
                  })),
                ]}
                defaultValue={values.driver_id ?? ""}
              />
            </div>
          ) : null}
          <div hidden={hydrated && mode !== "new"} className="flex flex-col gap-3">
            <h3 className="font-bold">{t("customer.newDriver.heading")}</h3>
            {hydrated ? null : <p className="text-sm text-gray-700">{t("customer.newDriver.noJsHint")}</p>}
            <NewDriverFields
              config={config}
              values={values}
              errors={errors}
              storedSlots={storedImageSlots}
              chooseAgain={refused && values.driver_mode === "new"}
            />
          </div>
        </section>

        <section className={sectionClass} aria-labelledby="customer-trip">
          <h2 id="customer-trip" className={headingClass}>
            {t("customer.section.trip")}
          </h2>
          <TextField
            name="destination"
            label="customer.destination"
            hint="customer.destinationHint"
            errors={errors}
            maxLength={CUSTOMER_LIMITS.destination}
            defaultValue={values.destination ?? ""}
          />
          <TextField
            name="purpose"
            label="customer.purpose"
            hint="customer.purposeHint"
            errors={errors}
            maxLength={CUSTOMER_LIMITS.purpose}
            defaultValue={values.purpose ?? ""}
          />
          <SelectField
            name="passengers"
            label="customer.passengers"
            errors={errors}
            className="block min-h-11 w-40 rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-700"
            options={[
              { value: "", label: t("customer.passengers.unset") },
              ...passengerChoices(capacity).map((n) => ({
                value: String(n),
                label: t("customer.passengers.option", { n }),
              })),
            ]}
            defaultValue={values.passengers ?? ""}
          />
        </section>
      </div>
      <StepAside
        summary={data.summary}
        total={data.summary?.total}
        barTestId="customer-actions"
        totalTestId="customer-total"
        after={
          <>
            <p>
              <Link to={data.backPath} className="btn-secondary w-full" data-testid="customer-back">
                {t("customer.back")}
              </Link>
            </p>
            {member ? null : (
              <p className="text-sm text-gray-700">
                {t("customer.guestLogin")}{" "}
                <Link to={sitePath(shell, "/reserve/login")} className="link tap" data-testid="customer-login">
                  {t("customer.guestLoginLink")}
                </Link>
              </p>
            )}
          </>
        }
      >
        <button type="submit" className="btn-primary min-w-32 lg:w-full" disabled={busy} data-testid="customer-submit">
          {busy ? t("form.submitting") : t("customer.next")}
        </button>
      </StepAside>
    </Form>
  );
}
