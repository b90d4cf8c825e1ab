// The baseline: a bare Fastify 5 server answering a small JSON object, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ data: { hello: 'world' }, errors: [], meta: {} }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
