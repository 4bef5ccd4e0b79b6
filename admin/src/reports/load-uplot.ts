/**
 * uPlot, fetched once when the first chart is drawn (a chunk of its own, so no other screen pays for it). One
 * place that loads it, so the tests put their stand-in here (happy-dom has no canvas).
 */
const importUPlot = () => import('uplot');
let loading: ReturnType<typeof importUPlot> | null = null;

export function loadUPlot(): ReturnType<typeof importUPlot> {
  loading ??= importUPlot();
  return loading;
}
