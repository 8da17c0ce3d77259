import { PGlite } from '@electric-sql/pglite';
for (let i=0;i<3;i++){ const t=Date.now(); const db = await PGlite.create(); await db.query('select 1'); console.log('boot ms', Date.now()-t); 
 if(i==0){ const t2=Date.now(); const dump = await db.dumpDataDir('none'); console.log('dump', dump.size, Date.now()-t2); globalThis.dump=dump;}
 await db.close(); }
const t=Date.now(); const db = await PGlite.create({loadDataDir: globalThis.dump}); await db.query('select 1'); console.log('from dump ms', Date.now()-t);
