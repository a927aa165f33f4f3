import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Vite plugin: after a build, writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the
 * output over 1 KB, at the highest levels (done once per build, not per request). The server sends them
 * with @fastify/static's `preCompressed` to a browser that accepts them (src/server/app.ts).
 */
export function precompressPlugin(): { name: string; apply: 'build'; writeBundle(options: { dir?: string }): void } {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const walk = (folder: string): string[] => fs.readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(folder, e.name)) : [path.join(folder, e.name)]));
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}
