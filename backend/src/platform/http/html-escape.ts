/**
 * Text for HTML content and attribute values (double- or single-quoted): the five characters that could end a text
 * or an attribute, or open a tag or an entity, are written as numeric character references.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
