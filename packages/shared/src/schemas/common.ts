import { z } from 'zod';
import { isValidCpf, stripCpf } from '../cpf';

export const idSchema = z.uuid({ message: 'Identificador inválido' });

export const idParamsSchema = z.object({ id: idSchema });

/** A CPF typed with or without mask; answers the 11 digits. */
export const cpfSchema = z
  .string({ message: 'Campo obrigatório!' })
  .trim()
  .min(1, 'Campo obrigatório!')
  .transform(stripCpf)
  .refine(isValidCpf, 'CPF inválido');

const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A wall-clock time of day. Accepts "HH:mm" (or "HH:mm:ss") or an ISO date-time, whose UTC clock
 * time is taken (what the back office's forms send); answers "HH:mm".
 */
export const timeOfDaySchema = z
  .string({ message: 'Horário inválido' })
  .trim()
  .transform((value, context) => {
    const short = value.length >= 5 ? value.slice(0, 5) : value;
    if (hhmm.test(short) && /^\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value)) return short;
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
      const instant = new Date(value);
      if (!Number.isNaN(instant.getTime())) return instant.toISOString().slice(11, 16);
    }
    context.addIssue({ code: 'custom', message: 'Horário inválido (use HH:mm)' });
    return z.NEVER;
  });

/**
 * The years a date or instant sent to the API may fall in. Outside them the calendar maths has
 * no answer (the day after 9999-12-31 is not a date JavaScript can write) and no club books, looks
 * or blocks there.
 */
export const acceptedYears = { first: 1900, last: 2999 } as const;

const isWithinAcceptedYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= acceptedYears.first && year <= acceptedYears.last;
};
const outsideAcceptedYears = {
  message: `Data fora do intervalo aceito (anos de ${acceptedYears.first} a ${acceptedYears.last})`,
};

/** An instant, as ISO 8601 with offset or Z, within the accepted years. */
export const instantSchema = z.iso
  .datetime({ offset: true, message: 'Data e hora inválidas', abort: true })
  .refine(isWithinAcceptedYears, outsideAcceptedYears);

/** A calendar date "YYYY-MM-DD", within the accepted years. */
export const dateSchema = z.iso
  .date({ message: 'Data inválida (use AAAA-MM-DD)', abort: true })
  .refine(isWithinAcceptedYears, outsideAcceptedYears);

/** Whether a value (a URL parameter, a typed field) is a real calendar date the API accepts. */
export function isCalendarDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && dateSchema.safeParse(value).success;
}

export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** The values `message` interpolates (the limit in MB, a date…), for a client showing its own text. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.unknown().optional(),
});

export const okSchema = z.object({ ok: z.literal(true) });
