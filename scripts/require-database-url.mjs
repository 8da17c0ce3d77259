// Guards `npm run test:pg`: those tests need a real PostgreSQL server.
if (!process.env.DATABASE_URL) {
  console.error(
    [
      'DATABASE_URL não está definida: estes testes precisam de um PostgreSQL.',
      'Exemplo: DATABASE_URL=postgres://fechai:fechai@127.0.0.1:5432/fechai_test npm run test:pg',
      '(Cada arquivo de teste cria um schema próprio e o apaga ao terminar.)',
    ].join('\n'),
  );
  process.exit(1);
}
