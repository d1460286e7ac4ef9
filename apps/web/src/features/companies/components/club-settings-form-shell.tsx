import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

type ClubSettingsFormShellProps = {
  /** The form's accessible name. */
  label: string;
  /** The save button's text while idle. */
  saveLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSaving: boolean;
  /** Nothing changed yet: the save button stays off. */
  isDirty: boolean;
  children: ReactNode;
};

/**
 * The frame of a section of the club's settings (`useClubSettingsForm`): its fields, then one save
 * button that waits for a change and says so while saving.
 */
export function ClubSettingsFormShell({
  label,
  saveLabel,
  onSubmit,
  isSaving,
  isDirty,
  children,
}: ClubSettingsFormShellProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-5 p-6">
      {children}
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving} disabled={!isDirty}>
          {isSaving ? t('companies.settings.saving') : saveLabel}
        </Button>
      </div>
    </form>
  );
}
