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
 * The hours decided for a place on a date, as a `case` over the aliases `sd` (the special day
 * chosen, or nulls), `oh` (the club's weekly hour of the weekday) and `pw` (the place's own hour
 * of the weekday): `hours(open, close)` when open, null when closed.
 */
function decidedHoursSql(hours: (open: SQL, close: SQL) => SQL): SQL {
  const openTime = sql`greatest(oh.open_time, pw.open_time)`;
  const closeTime = sql`least(oh.close_time, pw.close_time)`;
  return sql`case
        when sd.id is not null then
          case when sd.open_time is null then null else ${hours(sql`sd.open_time`, sql`sd.close_time`)} end
        when oh.id is null then null
        when pw.id is null then ${hours(sql`oh.open_time`, sql`oh.close_time`)}
        when pw.open_time is null or ${openTime} >= ${closeTime} then null
        else ${hours(openTime, closeTime)} end`;
}

/** The special days `s` of the date `date` covering the place row `place`. */
function coversPlaceSql(place: SQL, date: SQL): SQL {
  return sql`s.company_id = ${place}.company_id
        and s.date = ${date}
        and (s.place_id = ${place}.id or s.category_id = ${place}.category_id
          or (s.place_id is null and s.category_id is null)
          or s.place_id in (
            select part_place_id from place_parts where whole_place_id = ${place}.id
            union all
            select whole_place_id from place_parts where part_place_id = ${place}.id))`;
}

/** Of the special days covering a place on a date, the one deciding comes first. */
const mostSpecificFirst = (place: SQL) => sql`s.place_id is not null desc,
        s.place_id = ${place}.id desc, s.category_id is not null desc, s.open_time is null desc`;

/** The weekly rows of the weekday of `date`: the club's (`oh`) and the place's own (`pw`). */
const weeklyJoins = (place: SQL, date: SQL) => sql`
    left join operating_hours oh on oh.company_id = ${place}.company_id
      and oh.day_of_week = ${weekdayOf(date)}
    left join place_weekly_hours pw on pw.place_id = ${place}.id
      and pw.day_of_week = ${weekdayOf(date)}`;

/**
 * A json object `{ operatingHour, specialDay }` (PlaceHours) for the place row `place` (an alias
 * of `places` with id, company_id and category_id) on the club date `date` (SQL of type date).
 */
export function placeHoursSql(place: SQL, date: SQL): SQL {
  const hours = (open: SQL, close: SQL) =>
    sql`json_build_object('openTime', ${open}, 'closeTime', ${close})`;
  return sql`(
    select json_build_object(
      'operatingHour', ${decidedHoursSql(hours)},
      'specialDay', case when sd.id is null then null else json_build_object(
        'id', sd.id,
        'name', sd.name,
        'scope', case when sd.place_id is not null then 'place'
          when sd.category_id is not null then 'category' else 'club' end,
        'closed', sd.open_time is null) end)
    from (select ${date} as date) the_day
    ${weeklyJoins(place, sql`the_day.date`)}
    left join lateral (
      select s.id, s.name, s.place_id, s.category_id, s.open_time, s.close_time
      from special_days s
      where ${coversPlaceSql(place, sql`the_day.date`)}
      order by ${mostSpecificFirst(place)}
      limit 1) sd on true)`;
}

/**
 * The same hours as placeHoursSql for many places over many dates, set-based (a report's months
 * of a large club's places: no statement per place and date). `places` names a relation with
 * id, company_id and category_id, `days` one with a date column `day`. Rows: place_id, day,
 * open_time and close_time (both null when the place is closed that day), one per place and day.
 */
export function placesHoursSql(places: SQL, days: SQL): SQL {
  return sql`
    select p.id as place_id, d.day,
      ${decidedHoursSql((open) => open)} as open_time,
      ${decidedHoursSql((_open, close) => close)} as close_time
    from ${places} p
    cross join ${days} d
    ${weeklyJoins(sql`p`, sql`d.day`)}
    left join (
      select distinct on (p.id, s.date) p.id as place_id, s.date, s.id, s.place_id as of_place,
        s.category_id, s.open_time, s.close_time
      from ${places} p
      join special_days s on ${coversPlaceSql(sql`p`, sql`s.date`)}
      where s.date in (select day from ${days})
      order by p.id, s.date, ${mostSpecificFirst(sql`p`)}) sd
      on sd.place_id = p.id and sd.date = d.day`;
}
