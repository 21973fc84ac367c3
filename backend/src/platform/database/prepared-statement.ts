/**
 * A statement the database parses once per connection and then only binds and runs (PostgreSQL's extended protocol
 * with a named statement). The name must be unique in the process and stand for exactly one text.
 */
export interface PreparedStatement<Row> {
  readonly name: string;
  readonly text: string;
  /** Only carries the row type. */
  readonly row?: Row;
}

const names = new Map<string, string>();

export function preparedStatement<Row>(name: string, text: string): PreparedStatement<Row> {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement "${name}" has two texts`);
  names.set(name, text);
  return { name, text };
}
