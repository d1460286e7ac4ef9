import type { Category } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PermissionNote } from '@/components/permission-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '@/lib/api/get-categories';
import { CategoryCard } from '../components/category-card';
import { CategoryFormDialog } from '../components/category-form-dialog';

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; category: Category }
  | { kind: 'delete'; category: Category }
  | null;

export function CategoriesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const categories = useCategories(company.id);
  const deleteCategory = useDeleteCategory(company.id);
  const [dialog, setDialog] = useState<DialogState>(null);
  const canWrite = useCan('categories.write');

  const confirmDelete = () => {
    if (dialog?.kind !== 'delete') return;
    const { category } = dialog;
    deleteCategory.mutate(category.id, {
      onSuccess: () => {
        setDialog(null);
        toast.success(
          t('categories.toasts.deleted', {
            item: t('categories.toasts.deletedItem', { name: category.name }),
          }),
        );
      },
      onError: (error) => {
        setDialog(null);
        const reason = errorKeyOf(error) ? ` ${errorMessageOf(error, '')}` : '';
        toast.error(`${t('categories.toasts.deleteError')}${reason}`);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('categories.title')}
        description={t('categories.description')}
        actions={
          canWrite && (
            <Button onClick={() => setDialog({ kind: 'create' })}>{t('categories.add')}</Button>
          )
        }
      />
      <PermissionNote permission="categories.write" />
      {categories.isPending ? (
        <LoadingState label={t('categories.loading')} />
      ) : categories.isError ? (
        <Alert tone="error">{t('categories.error')}</Alert>
      ) : categories.data.length === 0 ? (
        <Card className="p-6 text-slate-600">{t('categories.empty')}</Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.map((category) => (
            <li key={category.id}>
              <CategoryCard
                category={category}
                onEdit={canWrite ? () => setDialog({ kind: 'edit', category }) : undefined}
                onDelete={canWrite ? () => setDialog({ kind: 'delete', category }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <CategoryFormDialog
        key={dialog?.kind === 'edit' ? dialog.category.id : 'new'}
        companyId={company.id}
        isOpen={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        category={dialog?.kind === 'edit' ? dialog.category : undefined}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        title={t('categories.confirmDelete.title')}
        message={t('categories.confirmDelete.message')}
        confirmLabel={t('categories.confirmDelete.confirm')}
        cancelLabel={t('categories.confirmDelete.cancel')}
        isPending={deleteCategory.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
