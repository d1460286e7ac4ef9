import { useTranslation } from 'react-i18next';
import { ExceptionMark } from '@/components/exception-mark';
import { cn } from '@/components/ui/cn';
import { AttendanceMark, slotLookStyles, type SlotLook } from './slot-look';

/** What each look means, with the same swatch and mark as the cells. */
export function SlotLegend({ looks }: { looks: SlotLook[] }) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('scheduling.daySheet.legend')}
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600"
    >
      {looks.map((look) => (
        <li key={look} data-look={look} className="flex items-center gap-1.5">
          <span
            aria-hidden
            className={cn(
              'flex size-4 items-center justify-center rounded-sm ring-1 ring-inset',
              slotLookStyles[look],
              // The no-show's dashed outline needs room to show on a small swatch.
              look === 'noShow' && '-outline-offset-2',
            )}
          >
            <AttendanceMark look={look} className="size-2.5" />
          </span>
          {t(`scheduling.daySheet.states.${look}`)}
        </li>
      ))}
      <li data-look="exception" className="flex items-center gap-1.5">
        <span aria-hidden className="flex size-4 items-center justify-center">
          <ExceptionMark variant="compact" reason="" />
        </span>
        {t('scheduling.exception.legend')}
      </li>
    </ul>
  );
}
