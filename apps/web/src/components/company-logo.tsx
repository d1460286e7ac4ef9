import { useState } from 'react';
import defaultLogoUrl from '../assets/default-club-logo.svg';
import { cn } from './ui/cn';

type CompanyLogoProps = {
  logoUrl: string | null;
  /** Alternative text; empty when the club name is written next to the logo. */
  alt: string;
  className?: string;
};

/** A club's logo, or the default crest when it has none or its image fails to load. */
export function CompanyLogo({ logoUrl, alt, className }: CompanyLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const source = logoUrl && logoUrl !== failedUrl ? logoUrl : defaultLogoUrl;
  return (
    <img
      src={source}
      alt={alt}
      onError={() => setFailedUrl(logoUrl)}
      className={cn('shrink-0 object-contain', className)}
    />
  );
}
