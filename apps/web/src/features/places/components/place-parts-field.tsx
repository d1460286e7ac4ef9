import type { PlaceListItem } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { usePlaces } from '../api/get-places';

type PlacePartsFieldProps = {
  companyId: string;
  /** The place being edited; absent while creating one. */
  place?: { id: string; partOf: Array<{ id: string; name: string }> };
  value: string[];
  onChange: (partPlaceIds: string[]) => void;
  error?: string;
};

/**
 * "Este espaço é formado por": the club's other places, one checkbox each (docs/domain.md, "Linked
 * places"). One level: a place that is a part of another cannot be made of parts, and a place
 * made of parts cannot be chosen as one.
 */
export function PlacePartsField({
  companyId,
  place,
  value,
  onChange,
  error,
}: PlacePartsFieldProps) {
  const { t } = useTranslation();
  const places = usePlaces(companyId);
  const candidates = (places.data ?? []).filter(
    (other: PlaceListItem) =>
      other.id !== place?.id && (other.parts.length === 0 || value.includes(other.id)),
  );
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((partId) => partId !== id));
  const partOf = place?.partOf ?? [];
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('places.form.partsLegend')}
      </legend>
      <p className="text-sm text-slate-600">{t('places.form.partsHint')}</p>
      {partOf.length > 0 ? (
        <p className="text-sm text-slate-700">
          {t('places.form.partsOfWhole', { names: partOf.map((whole) => whole.name).join(', ') })}
        </p>
      ) : places.isError ? (
        <p className="text-sm text-red-700">{t('places.form.partsError')}</p>
      ) : candidates.length === 0 && places.isSuccess ? (
        <p className="text-sm text-slate-700">{t('places.form.partsNone')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {candidates.map((other) => (
            <li key={other.id}>
              <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 accent-brand-700"
                  checked={value.includes(other.id)}
                  onChange={(event) => toggle(other.id, event.target.checked)}
                />
                {other.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
