import type { Company } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { CompanyLogo } from '@/components/company-logo';

type CompanyCardProps = { company: Company; onSelect: (company: Company) => void };

export function CompanyCard({ company, onSelect }: CompanyCardProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => onSelect(company)}
      aria-label={t('companies.select.choose', { name: company.name })}
      className="group flex w-full cursor-pointer flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <CompanyLogo logoUrl={company.logoUrl} alt="" className="size-20" />
      <span className="text-base font-semibold text-slate-900 group-hover:text-brand-800">
        {company.name}
      </span>
    </button>
  );
}
