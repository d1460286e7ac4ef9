import { categoryFieldsSchema } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCreateCategory } from '@/lib/api/create-category';
import { errorMessageOf } from '@/lib/errors';

type NewCategoryFieldProps = {
  companyId: string;
  /** The category made: the place's form selects it. */
  onCreated: (categoryId: string) => void;
};

/**
 * A club's first place needs a category: it is made here, inside the place's form, so nothing
 * typed in the form is lost on the way (no rules yet; they are set in Gerenciar categorias).
 */
export function NewCategoryField({ companyId, onCreated }: NewCategoryFieldProps) {
  const { t } = useTranslation();
  const createCategory = useCreateCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const create = async () => {
    const parsed = categoryFieldsSchema.shape.name.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const category = await createCategory.mutateAsync({
        companyId,
        name: parsed.data,
        blockedAppointmentDay: false,
        notAppointmentPreviousDayTime: false,
      });
      onCreated(category.id);
      setName('');
    } catch (caught) {
      setError(errorMessageOf(caught, t('places.form.newCategoryError')));
    }
  };

  return (
    <div className="space-y-2 rounded-lg border border-dashed border-slate-300 p-3">
      <Input
        label={t('places.form.newCategory')}
        hint={t('places.form.newCategoryHint')}
        error={error}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          // Enter makes the category, not the place.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void create();
        }}
      />
      <div className="flex justify-end">
        <Button
          type="button"
          variant="secondary"
          onClick={() => void create()}
          isLoading={createCategory.isPending}
        >
          {t('places.form.createCategory')}
        </Button>
      </div>
    </div>
  );
}
