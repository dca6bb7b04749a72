import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BACKUP_SOCKET, encodeDumpHeader } from '../db/backup';

/**
 * `npm run db:backup` beside a running server: PGlite's data directory cannot be opened by a
 * second process, so the server itself dumps it when asked on a Unix socket inside DATA_DIR: a
 * line with the dump's length and row counts, then the dump (see encodeDumpHeader). Only with the
 * embedded database in a data directory.
 */
async function backupSocket(app: FastifyInstance) {
  const dump = app.database.dumpDataDir;
  if (app.database.kind !== 'pglite' || !dump) return;
  const socketPath = path.join(app.config.dataDir, BACKUP_SOCKET);
  // A socket file left by a server that was killed would refuse the bind.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    dump().then(
      (dump) => {
        app.log.info({ bytes: dump.data.byteLength }, 'respaldo de la base de datos entregado');
        socket.write(encodeDumpHeader(dump));
        socket.end(dump.data);
      },
      (err: unknown) => {
        app.log.error({ err }, 'no se pudo respaldar la base de datos');
        socket.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(socketPath, { force: true });
  });
}

export default fp(backupSocket, { name: 'backup-socket', dependencies: ['core'] });
