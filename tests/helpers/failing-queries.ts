import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from '../../src/server/db/connection.js';

/** The tables a query reads from, from Kysely's own query tree. */
function tablesOf(node: RootOperationNode): string[] {
  if (node.kind !== 'SelectQueryNode' || !node.from) return [];
  return node.from.froms.flatMap((from) => {
    const table = AliasNode.is(from) ? from.node : from;
    return TableNode.is(table) ? [table.table.identifier.name] : [];
  });
}

/**
 * Makes the database fail the way a dropped connection does, at a chosen query: once armed, the `nth` select from
 * `table` throws before it reaches the database.
 */
export class FailingQueries implements KyselyPlugin {
  private remaining: number | null = null;
  private table = '';

  failOn(table: string, nth: number) {
    this.table = table;
    this.remaining = nth;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.remaining !== null && tablesOf(node).includes(this.table) && --this.remaining === 0) {
      this.remaining = null;
      throw new Error('Connection terminated unexpectedly');
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }

  wrap = (database: Database): Database => ({ ...database, db: database.db.withPlugin(this) });
}
