/**
 * Read access to the API's messages and subscribers for tools beside it (the e2e suite), the way the
 * `enquiries` command reads them: the real SQLite file, opened read-only, so it can run while the API writes.
 */
import { dataDirFrom } from '../runtime/config.ts';
import { openDatabaseReadOnly } from './database.ts';
import { InboxReader } from './inbox.ts';

export { dataDirFrom } from '../runtime/config.ts';
export type { StoredMessage, Subscriber } from './inbox.ts';

/** Runs `read` on the inbox in `dataDir` (default: the API's own, ENQUIRY_DATA_DIR) and closes it. */
export function readInbox<T>(read: (reader: InboxReader) => T, dataDir = dataDirFrom()): T {
  const db = openDatabaseReadOnly(dataDir);
  try {
    return read(new InboxReader(db));
  } finally {
    db.close();
  }
}
