import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { ArrowLeftIcon } from './ui/icons';

/**
 * What a page shows when the record its URL names does not exist (or the id is malformed): the
 * entity's sentence ("Espaço não encontrado.") and a way back, instead of an empty screen.
 */
export function RecordNotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    // React Router keeps the position in its history stack in history.state.idx.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.dashboard.href());
  };
  return (
    <div className="space-y-4">
      <Button variant="secondary" onClick={goBack}>
        <ArrowLeftIcon className="size-4" />
        {t('common.back')}
      </Button>
      <Alert tone="error">{message}</Alert>
    </div>
  );
}
