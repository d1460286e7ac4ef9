import type { Category } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PencilIcon, TagIcon, TrashIcon } from '@/components/ui/icons';

type CategoryCardProps = {
  category: Category;
  /** Left out for a role that cannot change categories: no buttons then. */
  onEdit?: () => void;
  onDelete?: () => void;
};

export function CategoryCard({ category, onEdit, onDelete }: CategoryCardProps) {
  const { t } = useTranslation();
  const rules: string[] = [];
  if (category.blockedAppointmentDay) rules.push(t('categories.rules.blockedAppointmentDay'));
  if (!category.waitlistEnabled) rules.push(t('categories.rules.waitlistOff'));
  if (category.notAppointmentPreviousDayTime) {
    rules.push(t('categories.rules.notAppointmentPreviousDayTime'));
  }
  const iconButton =
    'rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <Card className="flex items-start gap-3 p-4">
      <TagIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-slate-900">{category.name}</h2>
        <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
          {(rules.length > 0 ? rules : [t('categories.rules.none')]).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
      {onEdit && (
        <button
          type="button"
          onClick={onEdit}
          aria-label={t('categories.edit', { name: category.name })}
          className={`${iconButton} hover:text-slate-800`}
        >
          <PencilIcon className="size-5" />
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('categories.delete', { name: category.name })}
          className={`${iconButton} hover:text-red-700`}
        >
          <TrashIcon className="size-5" />
        </button>
      )}
    </Card>
  );
}
