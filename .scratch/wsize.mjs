import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { widgetBuildOptions } from '/work/wt-widget-files/widget/esbuild-options.mjs';

for (const e of process.argv.slice(2)) {
  const r = await build({ ...widgetBuildOptions, entryPoints: [e], write: false });
  const t = r.outputFiles[0].text;
  console.log(e, t.length, gzipSync(t, { level: 9 }).length);
}
