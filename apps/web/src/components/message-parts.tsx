import type { Message } from '@clube/shared';
import { Fragment } from 'react';

/** The colours of each state's badge. */
export const statusTone: Record<Message['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  kept: 'bg-sky-100 text-sky-900',
  failed: 'bg-red-100 text-red-900',
  notice: 'bg-slate-100 text-slate-800',
};

/** A message's plain text with its addresses as links (the links of the club's messages). */
export function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a
            key={index}
            href={part}
            className="break-all text-brand-700 underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
