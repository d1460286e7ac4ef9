import { formatCpf, limits, type AssociateListItem } from '@clube/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonStyles, Button } from '@/components/ui/button';
import { ListTable, type ListTableColumn } from '@/components/ui/list-table';
import { paths } from '@/config/paths';
import { useCurrentCompany } from '@/lib/current-company';
import { useAssociates } from '../api/get-associates';
import { AssociateFormDialog } from '../components/associate-form-dialog';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ImportAssociatesDialog } from '../components/import-associates-dialog';
import { InvitationProgressBanner, InviteAllButton } from '../components/portal-invitations';
import { formatBirthDate } from '../utils/format-birth-date';
import { useCan } from '@/lib/permissions';
import { PermissionNote } from '@/components/permission-note';
import { inputStyles } from '@/components/ui/form-field';
import { cn } from '@/components/ui/cn';
import { CsvExportButton } from '@/components/csv-export-button';

const searchDebounceMs = 300;

/** The URL of the list's first page: no page number, no cursor. */
const firstPage = { page: null, after: null, before: null };

/** The portal-access filter as the URL keeps it (`acesso=sim|nao`). */
const portalAccessOf = (value: string | null) =>
  value === 'sim' ? true : value === 'nao' ? false : undefined;

function readPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * /associates: the club's associates; search, page and size live in the URL to share a view.
 * Pages follow each other by cursor (`after` / `before` a row, which a deep page answers as fast
 * as the first); `page` is the number shown, and alone (an older link) it pages by offset.
 */
export function AssociatesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const page = readPositive(searchParams.get('page'), 1);
  const sizeParam = readPositive(searchParams.get('size'), limits.associatePageSizeDefault);
  const pageSize = (limits.associatePageSizes as readonly number[]).includes(sizeParam)
    ? sizeParam
    : limits.associatePageSizeDefault;
  const after = searchParams.get('after') ?? undefined;
  const before = searchParams.get('before') ?? undefined;
  const [searchText, setSearchText] = useState(search);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const portalAccess = portalAccessOf(searchParams.get('acesso'));
  // Adding a member by hand is for administrators, like the import.
  const canAdd = useCan('associates.manage');
  // Importing is for administrators (the API refuses the others).
  const canImport = useCan('associates.import');
  // Inviting and setting a member's password are for those who may write associates.
  const canInvite = useCan('associates.write');

  const updateParams = (changes: Record<string, string | null>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(
      () => updateParams({ q: searchText.trim() || null, ...firstPage }),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
    // Only typing restarts the wait; updateParams changes identity on every render.
  }, [searchText]);

  const query = useAssociates({
    companyId: company.id,
    page,
    pageSize,
    search,
    portalAccess,
    after,
    before,
  });
  const list = query.data;

  const changePage = (next: number) => {
    if (next <= 1 || !list) return updateParams(firstPage);
    updateParams(
      next > page
        ? { page: String(next), after: list.nextCursor, before: null }
        : { page: String(next), before: list.previousCursor, after: null },
    );
  };

  const columns: ListTableColumn<AssociateListItem>[] = [
    {
      key: 'name',
      header: t('associates.columns.name'),
      render: (row) => (
        <span className="font-medium text-slate-900">
          {row.user.name}
          {(row.blocked || row.associateTitle.blocked) && (
            <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              {t('associates.blockedBadge')}
            </span>
          )}
          <span className="block text-xs font-normal text-slate-600 tabular-nums sm:hidden">
            {t('associates.cardNumber', { card: row.cardId })}
          </span>
        </span>
      ),
    },
    {
      key: 'card',
      header: t('associates.columns.card'),
      render: (row) => row.cardId,
      // On a phone the number goes under the name (see above), leaving room for the actions.
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
    },
    {
      key: 'cpf',
      header: t('associates.columns.cpf'),
      render: (row) => formatCpf(row.user.cpf),
      className: 'hidden whitespace-nowrap sm:table-cell',
    },
    {
      key: 'birthDate',
      header: t('associates.columns.birthDate'),
      render: (row) => formatBirthDate(row.birthDate),
      // On a phone the actions matter more than the birth date (shown on the detail page).
      className: 'hidden whitespace-nowrap sm:table-cell',
    },
    {
      key: 'portalAccess',
      header: t('associates.columns.portalAccess'),
      render: (row) =>
        row.portalAccess ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {t('associates.portalAccess.yes')}
          </span>
        ) : (
          <span className="text-xs text-slate-600">{t('associates.portalAccess.no')}</span>
        ),
      className: 'hidden whitespace-nowrap lg:table-cell',
    },
  ];

  return (
    <>
      <ListTable
        title={t('associates.title')}
        description={t('associates.subtitle')}
        headerActions={
          (canInvite || canImport || canAdd) && (
            <>
              {canImport && (
                <CsvExportButton
                  path="/backoffice/associate/export.csv"
                  query={{ companyId: company.id, search: search || undefined, portalAccess }}
                  fileName="associados.csv"
                />
              )}
              {canInvite && <InviteAllButton companyId={company.id} />}
              {canAdd && (
                <Button variant="secondary" onClick={() => setIsAdding(true)}>
                  {t('associates.add')}
                </Button>
              )}
              {canImport && (
                <Button onClick={() => setIsImporting(true)}>{t('associates.import.open')}</Button>
              )}
            </>
          )
        }
        banner={
          canInvite ? (
            <InvitationProgressBanner companyId={company.id} />
          ) : (
            <PermissionNote permission="associates.write" />
          )
        }
        searchPlaceholder={t('associates.searchPlaceholder')}
        searchValue={searchText}
        onSearchChange={setSearchText}
        onSearchReset={() => {
          setSearchText('');
          updateParams({ q: null, acesso: null, ...firstPage });
        }}
        filters={
          <select
            aria-label={t('associates.portalAccess.filter')}
            value={searchParams.get('acesso') ?? ''}
            onChange={(event) => updateParams({ acesso: event.target.value, ...firstPage })}
            className={cn(inputStyles(false), 'max-w-56 flex-none')}
          >
            <option value="">
              {t('associates.portalAccess.filter')}: {t('associates.portalAccess.all')}
            </option>
            <option value="sim">{t('associates.portalAccess.active')}</option>
            <option value="nao">{t('associates.portalAccess.waiting')}</option>
          </select>
        }
        columns={columns}
        rows={list?.items}
        rowKey={(row) => row.id}
        renderActions={(row) => (
          <div className="flex justify-end gap-1.5 sm:gap-2">
            <Link
              to={paths.associate.href(row.id)}
              aria-label={t('associates.openAssociate', { name: row.user.name })}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              {t('associates.open')}
            </Link>
            {canInvite && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('associates.editAssociate', { name: row.user.name })}
                onClick={() => setEditing({ id: row.id, name: row.user.name })}
              >
                {t('associates.edit')}
              </Button>
            )}
          </div>
        )}
        total={list?.total ?? 0}
        page={page}
        pageSize={pageSize}
        pageSizes={limits.associatePageSizes}
        keyset={{
          // While the next page loads, the cursors on screen are the previous page's.
          hasPrevious: page > 1 && !query.isPlaceholderData,
          hasNext: Boolean(list?.nextCursor) && !query.isPlaceholderData,
        }}
        onPageChange={changePage}
        onPageSizeChange={(size) => updateParams({ size: String(size), ...firstPage })}
        isLoading={query.isPending}
        isError={query.isError}
      />
      <ChangePasswordDialog associate={editing} onClose={() => setEditing(null)} />
      <AssociateFormDialog
        companyId={company.id}
        target={isAdding ? 'create' : null}
        onClose={() => setIsAdding(false)}
        onSaved={(associate) => void navigate(paths.associate.href(associate.id))}
      />
      <ImportAssociatesDialog
        companyId={company.id}
        isOpen={isImporting}
        onClose={() => setIsImporting(false)}
      />
    </>
  );
}
