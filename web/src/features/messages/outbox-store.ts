/**
 * The offline send queue's storage: the browser's IndexedDB, raw (no wrapper package), so a
 * message written without a connection survives the tab being closed. One object store keyed by
 * the message's clientId.
 */

export type OutboxState = 'queued' | 'failed';

export type OutboxRecord = {
  /** The message's own UUID (crypto.randomUUID()), sent as `clientId` so a retry is recognised. */
  clientId: string;
  /** Whose message: a queue left by someone else on this browser is never sent as the next user. */
  userId: number;
  waveId: number;
  content: string;
  /** When it was written (ms): the queue's order. */
  createdAt: number;
  state: OutboxState;
  /** Why the server refused it (its own text), when `failed`. */
  error?: string;
};

const DB_NAME = 'jumpseat-outbox';
const STORE = 'messages';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'clientId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    // Private mode or storage refused: try again next time rather than stay broken.
    opening = null;
    throw error;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        // Resolved once the transaction committed, not when the request ran: durable by then.
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

export const outboxStore = {
  put: (record: OutboxRecord) => run('readwrite', (s) => s.put(record)).then(() => undefined),
  remove: (clientId: string) => run('readwrite', (s) => s.delete(clientId)).then(() => undefined),
  all: () => run<OutboxRecord[]>('readonly', (s) => s.getAll() as IDBRequest<OutboxRecord[]>),
};
