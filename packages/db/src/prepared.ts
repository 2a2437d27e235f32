// Named prepared statements for the hottest reads (a session look-up on every request, a mission check's reads).
// Built once per database handle instead of once per call, and PostgreSQL parses and plans each once per
// connection instead of once per call: about a seventh of the client CPU of an unprepared read of the same
// query (measured with the wallet-session look-up). Values go in through `sql.placeholder`.
const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement `name` prepared on `db` by `prepare`, built on first use. Names must be unique across the
 * code base: PostgreSQL keeps one statement per name on each connection.
 */
export function preparedStatement<S>(db: object, name: string, prepare: (name: string) => S): S {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as S | undefined;
  if (statement === undefined) {
    statement = prepare(name);
    byName.set(name, statement);
  }
  return statement;
}
