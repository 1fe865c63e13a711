import type { RefObject } from "react";
import { type AdminErrors, AdminField } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import type { StoredPhoto } from "#server/catalog/car-photos";
import { MAX_PHOTOS, PHOTO_FIELD, PHOTO_TYPES } from "#server/catalog/car-type.schema";

/**
 * The photos kept (each reordered or removed) and the file input for new ones. `sent` is what a
 * refused save sent back, so the choices made survive it; files never do (`chooseAgain`).
 */
export function PhotosSection({
  photos,
  name,
  errors,
  fileRef,
  sent,
  chooseAgain,
}: {
  photos: readonly StoredPhoto[];
  name: string;
  errors: AdminErrors;
  fileRef: RefObject<HTMLInputElement | null>;
  sent: { paths: string[] | null; order: string[] | null; remove: string[] };
  chooseAgain: boolean;
}) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.carTypes.sectionPhotos")} testId="photos">
      {photos.length ? (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, i) => {
            const n = i + 1;
            const at = sent.paths?.indexOf(photo.src) ?? -1;
            const order = at >= 0 && sent.order?.[at] !== undefined ? sent.order[at] : String(n);
            return (
              <li key={photo.src} className="grid gap-2 rounded-md border border-gray-200 p-3" data-testid="photo">
                <img
                  src={photo.thumb || photo.src}
                  alt={t("admin.carTypes.photoAlt", { name, n })}
                  width={320}
                  height={200}
                  className="aspect-[8/5] w-full rounded bg-gray-100 object-cover"
                />
                {n === 1 ? (
                  <p className="text-sm font-semibold text-gray-800">{t("admin.carTypes.photoCover")}</p>
                ) : null}
                <input type="hidden" name="photo" value={photo.src} />
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <label className="grid gap-1 text-sm">
                    {t("admin.carTypes.photoOrder", { n })}
                    <select name="photo_order" defaultValue={order} className="field w-24">
                      {photos.map((_, j) => (
                        <option key={String(j + 1)} value={String(j + 1)}>
                          {j + 1}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="photo_remove"
                      value={photo.src}
                      defaultChecked={sent.remove.includes(photo.src)}
                    />
                    {t("admin.carTypes.photoRemove", { n })}
                  </label>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-gray-700">{t("admin.carTypes.photosNone")}</p>
      )}
      {chooseAgain ? (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
          data-testid="photos-choose-again"
        >
          {t("admin.carTypes.photosChooseAgain")}
        </p>
      ) : null}
      {/* The last field of the form: an upload refused for its size still sends every field above. */}
      <AdminField
        name={PHOTO_FIELD}
        label={t("admin.carTypes.photosAdd")}
        hint={t("admin.carTypes.photosHint", { max: MAX_PHOTOS })}
        errors={errors}
      >
        {(ids) => (
          <input
            ref={fileRef}
            type="file"
            name={PHOTO_FIELD}
            multiple
            accept={PHOTO_TYPES.join(",")}
            className="field"
            data-testid="photo-input"
            {...ids}
          />
        )}
      </AdminField>
    </AdminSection>
  );
}
