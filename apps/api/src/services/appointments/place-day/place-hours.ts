/**
 * The hours of a place on a club date, as SQL every reader of a day embeds (the place's day, the
 * club's day, the places a booking may move to): one definition, so the slots, the booking rules,
 * the day sheet, the occupancy and a block's moves agree.
 *
 * - The most specific special day covering the place that date (the place's, a linked place's —
 *   its whole's or one of its parts', a closure first —, its category's, the club's) decides
 *   alone: closed without hours, else its hours.
 * - Otherwise the club's weekly hour of the weekday, narrowed by the place's own week (a weekday
 *   of the place without hours is closed; hours that do not meet the club's leave it closed).
 */
import { sql, type SQL } from 'drizzle-orm';
import { weekdayOf } from './busy-intervals';

/** An hour of a day ("HH:mm:ss"). */
export type DayHours = { openTime: string; closeTime: string };

/** The special day deciding a place's hours on a date. */
export type SpecialDayOfPlace = {
  id: string;
  name: string;
  /** 'club', 'category' or 'place': what the special day covers. */
  scope: 'club' | 'category' | 'place';
  closed: boolean;
};

/** What placeHoursSql reads: the hours (null = closed) and the special day that set them. */
export type PlaceHours = { operatingHour: DayHours | null; specialDay: SpecialDayOfPlace | null };

/**
 * A json object `{ operatingHour, specialDay }` (PlaceHours) for the place row `place` (an alias
 * of `places` with id, company_id and category_id) on the club date `date` (SQL of type date).
 */
export function placeHoursSql(place: SQL, date: SQL): SQL {
  const hours = (open: SQL, close: SQL) =>
    sql`json_build_object('openTime', ${open}, 'closeTime', ${close})`;
  const openTime = sql`greatest(oh.open_time, pw.open_time)`;
  const closeTime = sql`least(oh.close_time, pw.close_time)`;
  return sql`(
    select json_build_object(
      'operatingHour', case
        when sd.id is not null then
          case when sd.open_time is null then null else ${hours(sql`sd.open_time`, sql`sd.close_time`)} end
        when oh.id is null then null
        when pw.id is null then ${hours(sql`oh.open_time`, sql`oh.close_time`)}
        when pw.open_time is null or ${openTime} >= ${closeTime} then null
        else ${hours(openTime, closeTime)} end,
      'specialDay', case when sd.id is null then null else json_build_object(
        'id', sd.id,
        'name', sd.name,
        'scope', case when sd.place_id is not null then 'place'
          when sd.category_id is not null then 'category' else 'club' end,
        'closed', sd.open_time is null) end)
    from (select ${date} as date) the_day
    left join operating_hours oh on oh.company_id = ${place}.company_id
      and oh.day_of_week = ${weekdayOf(sql`the_day.date`)}
    left join place_weekly_hours pw on pw.place_id = ${place}.id
      and pw.day_of_week = ${weekdayOf(sql`the_day.date`)}
    left join lateral (
      select s.id, s.name, s.place_id, s.category_id, s.open_time, s.close_time
      from special_days s
      where s.company_id = ${place}.company_id
        and s.date = the_day.date
        and (s.place_id = ${place}.id or s.category_id = ${place}.category_id
          or (s.place_id is null and s.category_id is null)
          or s.place_id in (
            select part_place_id from place_parts where whole_place_id = ${place}.id
            union all
            select whole_place_id from place_parts where part_place_id = ${place}.id))
      order by s.place_id is not null desc, s.place_id = ${place}.id desc,
        s.category_id is not null desc, s.open_time is null desc
      limit 1) sd on true)`;
}
