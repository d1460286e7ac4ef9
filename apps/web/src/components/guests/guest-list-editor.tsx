import type { GuestInput, GuestList } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Row = { key: string; id?: string; name: string; cpf: string; maskedCpf: string | null };

let rowSequence = 0;
const nextKey = () => `guest-${(rowSequence += 1)}`;

function rowsOf(list: GuestList): Row[] {
  return list.guests.map((guest) => ({
    key: guest.id,
    id: guest.id,
    name: guest.name,
    cpf: '',
    maskedCpf: guest.cpf,
  }));
}

/**
 * A kept guest sent without a CPF keeps the stored one (the editor only ever sees it masked);
 * a new guest sends the CPF typed, or none.
 */
function inputsOf(rows: Row[]): GuestInput[] {
  return rows.map((row) => {
    const cpf = row.cpf.trim();
    if (row.id) return { id: row.id, name: row.name, ...(cpf ? { cpf } : {}) };
    return { name: row.name, ...(cpf ? { cpf } : {}) };
  });
}

type GuestListEditorProps = {
  list: GuestList;
  /** The deadline as the reader reads it (club time). */
  deadlineLabel: string;
  isSaving: boolean;
  /** The last refusal's text, shown above the buttons. */
  errorText: string | null;
  onSave: (guests: GuestInput[]) => void;
};

/**
 * A booking's guest list (docs/domain.md, "Guest lists"): a row per guest with their name and
 * CPF, added and removed within the place's limit, sent whole. Read-only once the list closed.
 */
export function GuestListEditor({
  list,
  deadlineLabel,
  isSaving,
  errorText,
  onSave,
}: GuestListEditorProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(list));
  const isFull = rows.length >= list.limit;
  const update = (key: string, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(inputsOf(rows));
  };

  if (!list.editable) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {t('common.guests.closed', { deadline: deadlineLabel })}
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{t('common.guests.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {rows.map((row) => (
              <li key={row.key} className="flex justify-between gap-3 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">{row.name}</span>
                {row.maskedCpf && <span className="text-slate-600">{row.maskedCpf}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700">
        {t('common.guests.rules', { limit: list.limit, deadline: deadlineLabel })}
        {list.cpfRequired && <> {t('common.guests.rulesCpf')}</>}
      </p>
      <p className="text-sm font-semibold text-slate-900" aria-live="polite">
        {t('common.guests.count', { count: rows.length, limit: list.limit })}
      </p>
      {rows.length === 0 && <p className="text-sm text-slate-600">{t('common.guests.empty')}</p>}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <li key={row.key} className="rounded-lg border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-2">
                <Input
                  label={t('common.guests.name', { number })}
                  value={row.name}
                  maxLength={120}
                  autoComplete="off"
                  required
                  onChange={(event) => update(row.key, { name: event.target.value })}
                />
                <Input
                  label={t('common.guests.cpf', { number })}
                  hint={
                    row.maskedCpf
                      ? t('common.guests.cpfKept', { masked: row.maskedCpf })
                      : list.cpfRequired
                        ? undefined
                        : t('common.guests.cpfOptional')
                  }
                  value={row.cpf}
                  inputMode="numeric"
                  maxLength={14}
                  autoComplete="off"
                  onChange={(event) => update(row.key, { cpf: event.target.value })}
                />
              </div>
              <Button
                variant="secondary"
                className="mt-2"
                aria-label={
                  row.name.trim()
                    ? t('common.guests.remove', { name: row.name.trim() })
                    : t('common.guests.removeUnnamed', { number })
                }
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              >
                {t('common.guests.removeShort')}
              </Button>
            </li>
          );
        })}
      </ol>
      {errorText && <Alert tone="error">{errorText}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          disabled={isFull}
          onClick={() =>
            setRows((current) => [
              ...current,
              { key: nextKey(), name: '', cpf: '', maskedCpf: null },
            ])
          }
        >
          {t('common.guests.add')}
        </Button>
        <Button type="submit" isLoading={isSaving}>
          {t('common.guests.save')}
        </Button>
      </div>
    </form>
  );
}
