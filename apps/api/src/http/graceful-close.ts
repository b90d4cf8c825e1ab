import type { FastifyInstance } from 'fastify';

/**
 * On shutdown Fastify stops accepting connections and waits for open ones. A keep-alive connection
 * whose request was in flight would then stay open until its keep-alive timeout; replies sent while
 * closing say `Connection: close`, so each such connection ends with its last reply.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
