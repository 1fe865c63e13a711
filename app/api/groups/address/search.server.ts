import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { normalizeZip } from "#common/zip";
import { notFoundError } from "#server/errors";
import type { PostalAddress } from "#server/postal";

/** At most this many places per code, as the page's lookup (`/address-search`) gives. */
const MAX_RESULTS = 50;

/** A postal code as typed: full-width digits and hyphens are accepted (spec §5), 7 digits in all. */
const AddressSearchQuerySchema = z.object({
  zip: z
    .string("zip_required")
    .min(1, "zip_required")
    .refine((v) => normalizeZip(v) !== null, "zip_invalid")
    .meta({
      description: "A Japanese postal code: 7 digits, a hyphen and full-width digits allowed.",
      example: "1000001",
    }),
});

/** One place, in §7's shape (spec §3 "Address lookup result"), in Japanese as Japan Post names it. */
const PlaceSchema = z
  .object({
    zip: z.string().meta({ description: "The 7 half-width digits." }),
    pref_code: z.number().int().meta({ description: "JIS prefecture code, 1-47." }),
    pref: z.string().meta({ description: "The prefecture (東京都)." }),
    city: z.string().meta({ description: "The municipality (千代田区)." }),
    town: z
      .string()
      .meta({ description: "The town area (千代田); empty when the code covers the whole municipality." }),
    address: z.string().meta({ description: "City and town: what the form's city field (`address_a`) starts with." }),
    fullAddress: z.string().meta({ description: "Prefecture, city and town." }),
  })
  .meta({ id: "AddressPlace" });

const placeOut = (p: PostalAddress) => ({
  zip: p.zip,
  pref_code: p.prefCode,
  pref: p.prefecture,
  city: p.city,
  town: p.town,
  address: `${p.city}${p.town}`,
  fullAddress: `${p.prefecture}${p.city}${p.town}`,
});

export const ADDRESS_OPERATIONS = [
  operation({
    method: "get",
    path: "/address-search",
    tag: "address",
    operationId: "address-search",
    summary: "The address a Japanese postal code points to",
    description:
      "The site's postal lookup (the offline Japan Post data set by default, or the configured service). The first place is given at the top level in §7's shape (`address`, `city`, `fullAddress`, `pref`, `town`); `results` lists every place when one code covers several. 422 `zip_invalid` when the code is not 7 digits; 404 when it points nowhere (or the service failed).",
    query: AddressSearchQuerySchema,
    response: PlaceSchema.extend({ results: z.array(PlaceSchema) }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler({ services, query, requestId }) {
      const zip = normalizeZip(query.zip)!;
      let found: PostalAddress[] = [];
      try {
        found = await services.postal.lookup(zip);
      } catch (error) {
        // As the page: a failing service is logged (never the code asked for) and finds nothing.
        services.logger.warn(
          { err: error instanceof Error ? error.message : "unknown", requestId },
          "address search failed",
        );
      }
      const [first] = found;
      if (!first) throw notFoundError();
      return { ...placeOut(first), results: found.slice(0, MAX_RESULTS).map(placeOut) };
    },
  }),
];
