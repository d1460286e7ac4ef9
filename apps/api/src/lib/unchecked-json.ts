/**
 * A route's serializer that sends its answer as JSON without checking it against the route's
 * response schema, which still documents it in the OpenAPI. For the hottest or largest answers
 * only (a member's slot list in a rush, a large club's day sheet), where zod's check cost more
 * than building the answer. Such a route's service must name every field it sends (never spread
 * a row into the answer), and its tests must parse the answer with the schema: that is the
 * guarantee the check gave.
 */
export const uncheckedJson = () => (data: unknown) => JSON.stringify(data);
