import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { countryOptions, hasPostalCode, LIKELY_COUNTRY, PREF_CODES, PREF_OVERSEAS } from "../../../common/address";
import type { ReasonLike } from "../../../common/app-error";
import { normalizeZip as zipDigits } from "../../../common/zip";
import type { AddressSearchResponse, AddressSearchResult } from "../../../server/members/address.schema";
import type { MessageKey } from "../../i18n/messages";
import { useHydrated } from "../../lib/hydrated";
import { useI18n } from "../../lib/i18n";
import { sitePath, useSite } from "../../lib/site";
import { SelectField, TextField } from "./fields";

export type AddressFieldName = "zip" | "pref_code" | "country" | "address_a" | "address_b";

export interface AddressFieldsProps {
  /** What the form shows first (a draft, the saved profile, or what the server sent back). */
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, ReasonLike>>;
  /** Which fields are required. The country is also required whenever the prefecture is 48. */
  required?: Partial<Record<AddressFieldName, boolean>>;
  /** Fields to leave out (a driver input setting can hide them). All are shown by default. */
  hidden?: Partial<Record<AddressFieldName, boolean>>;
  /** Browser autofill hints (the member's own address); turn off for someone else's (a driver). */
  autoComplete?: boolean;
  /** Put before every field name, for a second address in one form (the booking's new driver: `driver_`). */
  namePrefix?: string;
}

type Lookup =
  | { state: "idle" }
  | { state: "searching" }
  | { state: "filled"; address: string }
  | { state: "none" }
  | { state: "choose"; results: AddressSearchResult[] };

/**
 * The prefecture names of the page's language, 1–47 and 48 (overseas / other). Outside Japanese
 * pages most visitors live abroad, so "overseas / other" comes first there.
 */
export function usePrefOptions(): { value: string; label: string }[] {
  const { t, locale } = useI18n();
  const options = PREF_CODES.map((code) => ({ value: String(code), label: t(`pref.${code}` as MessageKey) }));
  if (locale === "ja") return options;
  return [
    ...options.filter((o) => o.value === String(PREF_OVERSEAS)),
    ...options.filter((o) => o.value !== String(PREF_OVERSEAS)),
  ];
}

/** Every country named in the page's language (`Intl.DisplayNames`), the language's likely one and Japan first. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { locale } = useI18n();
  return useMemo(() => countryOptions(locale), [locale]);
}

/** Sets a control's value as if the user had typed it, so React and the form's checks see it. */
function setControlValue(control: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

const placeOf = (r: AddressSearchResult) => `${r.city}${r.town}`;

/**
 * The address block of the member and driver forms: zip, prefecture (1–48), country, address a
 * (city, town, street) and address b (building). Plain inputs (named with `namePrefix`), so the
 * form works before JavaScript loads. With JavaScript, a zip of 7 digits (full-width digits and a
 * hyphen accepted) asks `/address-search` and fills the prefecture and address a; when the code
 * covers several places the user picks one from a list of buttons. The outcome is announced
 * politely.
 */
export function AddressFields({
  values,
  errors,
  required = {},
  hidden = {},
  autoComplete = true,
  namePrefix = "",
}: AddressFieldsProps) {
  const shell = useSite();
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const prefOptions = usePrefOptions();
  const countries = useCountryOptions();
  const n = (field: AddressFieldName) => `${namePrefix}${field}`;
  const [pref, setPref] = useState(values[n("pref_code")] ?? "");
  // The language's likely country is chosen already, Japan on Japanese pages (spec §3: the
  // registration form's country defaults to Japan); the visitor changes it if it is not theirs.
  const [country, setCountry] = useState(values[n("country")] || LIKELY_COUNTRY[locale] || "JP");
  const overseas = pref === String(PREF_OVERSEAS);
  const overseasRef = useRef(overseas);
  overseasRef.current = overseas;
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const rootRef = useRef<HTMLDivElement>(null);
  const lastZip = useRef<string | null>(zipDigits(values[n("zip")] ?? ""));
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  const control = (name: AddressFieldName) =>
    rootRef.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${n(name)}"]`) ?? null;

  const fill = (result: AddressSearchResult) => {
    const prefControl = control("pref_code");
    if (prefControl) setControlValue(prefControl, String(result.prefCode));
    setPref(String(result.prefCode));
    const addressControl = control("address_a");
    const place = placeOf(result);
    // An address that already goes on from this place (the browser's autofill fills the code and
    // the street together) is kept whole; any other is replaced by the place.
    if (addressControl && !addressControl.value.startsWith(place)) setControlValue(addressControl, place);
    setLookup({ state: "filled", address: `${result.prefecture}${place}` });
  };

  const onZipInput = async (typed: string) => {
    // The Japanese postcode lookup has nothing to say about an address abroad.
    if (overseasRef.current) return;
    const zip = zipDigits(typed);
    if (!zip) {
      // Under 7 digits nothing happens; a later complete code is looked up again.
      lastZip.current = null;
      return;
    }
    if (zip === lastZip.current) return;
    lastZip.current = zip;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLookup({ state: "searching" });
    try {
      const res = await fetch(`${sitePath(shell, "/address-search")}?zip=${zip}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      const body = res.ok ? ((await res.json()) as AddressSearchResponse) : { results: [] };
      if (controller.signal.aborted) return;
      const results = Array.isArray(body.results) ? body.results : [];
      if (results.length === 0) setLookup({ state: "none" });
      else if (results.length === 1 && results[0]) fill(results[0]);
      else setLookup({ state: "choose", results });
    } catch {
      // A failed lookup leaves the fields to the user (spec §7: failures return nothing).
      if (!controller.signal.aborted) setLookup({ state: "none" });
    }
  };

  const countryRequired = Boolean(required.country) || overseas;
  // Abroad the postal code follows the country, and is optional where the country has none.
  const zipRequired = Boolean(required.zip) && (!overseas || !country || hasPostalCode(country));
  const auto = (token: string) => (autoComplete ? token : "off");
  // Without JavaScript every field shows; with it the country shows for an address abroad.
  const showCountry =
    !hidden.country && (!hydrated || overseas || Boolean(required.country) || Boolean(hidden.pref_code));

  const zipField = hidden.zip ? null : (
    <div key="zip">
      <TextField
        name={n("zip")}
        label="address.zip"
        hint={overseas ? "address.zipHintAbroad" : hydrated ? "address.zipHint" : "address.zipHintAny"}
        required={zipRequired}
        errors={errors}
        inputMode={overseas ? "text" : "numeric"}
        autoComplete={auto("postal-code")}
        maxLength={12}
        defaultValue={values[n("zip")] ?? ""}
        className="field w-40"
        onInput={(e) => void onZipInput(e.currentTarget.value)}
      />
      {/* A line kept for the lookup's answer, so the form does not jump under a finger as it comes. */}
      <p
        aria-live="polite"
        role="status"
        className={overseas ? "sr-only" : "mt-1 min-h-5 text-sm text-gray-800"}
        data-testid="address-status"
      >
        {overseas
          ? ""
          : lookup.state === "searching"
            ? t("address.searching")
            : lookup.state === "filled"
              ? t("address.filled", { address: lookup.address })
              : lookup.state === "none"
                ? t("address.notFound")
                : lookup.state === "choose"
                  ? t("address.choose")
                  : ""}
      </p>
      {lookup.state === "choose" && !overseas ? (
        <ul aria-label={t("address.chooseLabel")} className="mt-2 flex flex-col gap-2" data-testid="address-choices">
          {lookup.results.map((r) => (
            <li key={`${r.prefCode}-${r.city}-${r.town}`}>
              <button
                type="button"
                className="btn-secondary w-full justify-start text-left"
                onClick={() => {
                  fill(r);
                  control("address_a")?.focus();
                }}
              >
                {r.prefecture}
                {placeOf(r)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
  const prefField = hidden.pref_code ? null : (
    <SelectField
      key="pref"
      name={n("pref_code")}
      label="address.pref"
      required={required.pref_code}
      errors={errors}
      autoComplete={auto("address-level1")}
      options={[{ value: "", label: t("address.prefPlaceholder") }, ...prefOptions]}
      defaultValue={values[n("pref_code")] ?? ""}
      onChange={(e) => {
        setPref(e.currentTarget.value);
        if (e.currentTarget.value === String(PREF_OVERSEAS)) setLookup({ state: "idle" });
      }}
    />
  );
  const countryField = hidden.country ? null : (
    <div key="country" hidden={!showCountry} data-testid="country-field">
      <SelectField
        name={n("country")}
        label="address.country"
        hint="address.countryHint"
        required={countryRequired}
        errors={errors}
        autoComplete={auto("country")}
        options={[{ value: "", label: t("address.countryPlaceholder") }, ...countries]}
        defaultValue={country}
        suppressOptionHydrationWarning
        onChange={(e) => setCountry(e.currentTarget.value)}
      />
    </div>
  );
  // Japanese pages start with the postal code (it fills the rest); the others with where the address is.
  const order: ReactNode[] =
    locale === "ja" ? [zipField, prefField, countryField] : [prefField, countryField, zipField];

  return (
    <div ref={rootRef} className="flex flex-col gap-4" data-testid="address-fields">
      {order}
      {hidden.address_a ? null : (
        <TextField
          name={n("address_a")}
          label="address.addressA"
          hint={overseas ? "address.addressAbroadHint" : undefined}
          required={required.address_a}
          errors={errors}
          autoComplete={auto("address-line1")}
          maxLength={200}
          defaultValue={values[n("address_a")] ?? ""}
        />
      )}
      {hidden.address_b ? null : (
        <TextField
          name={n("address_b")}
          label="address.addressB"
          required={required.address_b}
          errors={errors}
          autoComplete={auto("address-line2")}
          maxLength={200}
          defaultValue={values[n("address_b")] ?? ""}
        />
      )}
    </div>
  );
}
