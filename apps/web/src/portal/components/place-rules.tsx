import type { PortalPlace } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { describePlaceRules } from '../lib/describe-rules';

export function PlaceRules({ place }: { place: PortalPlace }) {
  const { t } = useTranslation();
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {describePlaceRules(t, place).map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
