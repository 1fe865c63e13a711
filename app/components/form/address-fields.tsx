import { useEffect, useMemo, useRef, useState } from "react";
import type { MessageKey } from "#app/i18n/messages";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";
import { countryOptions, hasPostalCode, LIKELY_COUNTRY, PREF_CODES, PREF_OVERSEAS } from "#common/address";
import type { ReasonLike } from "#common/app-error";
import { normalizeZip as zipDigits } from "#common/zip";
import type { AddressSearchResponse, AddressSearchResult } from "#server/members/address.schema";
import { SelectField, TextField } from "./fields";

export type AddressFieldName = "zip" | "pref_code" | "country" | "address_a" | "address_b";

export interface AddressFieldsProps {
  /** What the form shows first (a draft, the saved profile, or what the server sent back). */
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, ReasonLike>>;
  /** Which fields are required: the prefecture for an address in Japan only, the postal code where the country has them. */
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
 * The prefecture names of the page's language, 1–47, and 48 (overseas / other) when the form has
 * no country to choose (a driver input setting can hide it); outside Japanese pages 48 comes first.
 */
export function usePrefOptions(withOverseas = true): { value: string; label: string }[] {
  const { t, locale } = useI18n();
  const options = PREF_CODES.filter((code) => withOverseas || code !== PREF_OVERSEAS).map((code) => ({
    value: String(code),
    label: t(`pref.${code}` as MessageKey),
  }));
  if (locale === "ja" || !withOverseas) return options;
  return [
    ...options.filter((o) => o.value === String(PREF_OVERSEAS)),
    ...options.filter((o) => o.value !== String(PREF_OVERSEAS)),
  ];
}

/**
 * The country the form starts on: the one given (a draft, the profile, what the server sent
 * back), Japan for a stored prefecture 1–47, none for a stored 48 without one; on a new form the
 * page language's likely country (spec §3: Japan on Japanese pages).
 */
function startingCountry(country: string | undefined, pref: string | undefined, locale: keyof typeof LIKELY_COUNTRY) {
  if (country) return country;
  if (pref === String(PREF_OVERSEAS)) return "";
  if (pref) return "JP";
  return LIKELY_COUNTRY[locale] ?? "JP";
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
 * The address block of the member and driver forms: the country first (the page language's likely
 * one chosen), then for Japan the 7-digit postal code and the prefecture, for anywhere else the
 * country's own postal code; then address a (city, street) and address b (building). Plain inputs
 * (named with `namePrefix`), so the form works before JavaScript loads: the server renders the
 * mode of the country it was given, and a changed country shows its fields after a submit. With
 * JavaScript the mode follows the select at once, and a Japanese postal code of 7 digits (full-width
 * digits and a hyphen accepted) asks `/address-search` and fills the prefecture and address a;
 * when the code covers several places the user picks one from a list of buttons. The outcome is
 * announced politely.
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
  const countryShown = !hidden.country;
  // Without a country to choose, the prefecture keeps its "overseas / other" choice.
  const prefOptions = usePrefOptions(!countryShown);
  const countries = useCountryOptions();
  const n = (field: AddressFieldName) => `${namePrefix}${field}`;
  const storedPref = values[n("pref_code")] ?? "";
  const [pref, setPref] = useState(storedPref);
  const [country, setCountry] = useState(() => startingCountry(values[n("country")], storedPref, locale));
  const japan = countryShown ? country === "JP" : pref !== String(PREF_OVERSEAS);
  const japanRef = useRef(japan);
  japanRef.current = japan;
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
    if (!japanRef.current) return;
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

  const countryRequired = countryShown && (Boolean(required.country) || Boolean(required.pref_code));
  // Abroad the postal code follows the country, and is optional where the country has none.
  const zipRequired = Boolean(required.zip) && (japan || !country || hasPostalCode(country));
  const auto = (token: string) => (autoComplete ? token : "off");

  const zipField = hidden.zip ? null : (
    <div key="zip">
      <TextField
        name={n("zip")}
        label="address.zip"
        hint={japan ? (hydrated ? "address.zipHint" : "address.zipHintJapan") : "address.zipHintAbroad"}
        required={zipRequired}
        errors={errors}
        inputMode={japan ? "numeric" : "text"}
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
        className={japan ? "mt-1 min-h-5 text-sm text-gray-800" : "sr-only"}
        data-testid="address-status"
      >
        {!japan
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
      {lookup.state === "choose" && japan ? (
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
  // Kept in the page while another country is chosen, so going back to Japan keeps the choice;
  // the schemas leave it alone for an address abroad.
  const prefField = hidden.pref_code ? null : (
    <div key="pref" hidden={!japan} data-testid="pref-field">
      <SelectField
        name={n("pref_code")}
        label="address.pref"
        required={Boolean(required.pref_code) && japan}
        errors={errors}
        autoComplete={auto("address-level1")}
        options={[{ value: "", label: t("address.prefPlaceholder") }, ...prefOptions]}
        defaultValue={countryShown && storedPref === String(PREF_OVERSEAS) ? "" : storedPref}
        onChange={(e) => {
          setPref(e.currentTarget.value);
          if (e.currentTarget.value === String(PREF_OVERSEAS)) setLookup({ state: "idle" });
        }}
      />
    </div>
  );
  const countryField = hidden.country ? null : (
    <div key="country" data-testid="country-field">
      <SelectField
        name={n("country")}
        label="address.country"
        hint="address.countryFirstHint"
        required={countryRequired}
        errors={errors}
        autoComplete={auto("country")}
        options={[{ value: "", label: t("address.countryPlaceholder") }, ...countries]}
        defaultValue={country}
        suppressOptionHydrationWarning
        onChange={(e) => {
          setCountry(e.currentTarget.value);
          if (e.currentTarget.value !== "JP") setLookup({ state: "idle" });
        }}
      />
    </div>
  );

  return (
    <div ref={rootRef} className="flex flex-col gap-4" data-testid="address-fields">
      {countryField}
      {zipField}
      {prefField}
      {hidden.address_a ? null : (
        <TextField
          name={n("address_a")}
          label="address.addressA"
          hint={japan ? undefined : "address.addressAbroadHint"}
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
