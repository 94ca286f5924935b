/** `?backToEvent=true` (plain code: route definitions load with the entry). */
export function backToEventSearch(search: Record<string, unknown>): { backToEvent?: true } {
  return search.backToEvent === true || search.backToEvent === 'true' ? { backToEvent: true } : {};
}
