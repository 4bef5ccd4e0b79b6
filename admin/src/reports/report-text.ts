import { useCallback } from 'react';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { useT } from '../i18n/i18n.js';
import { type Bucket, durationParts, type Grouping, type MetricName, periodLabel, type ValueKind } from './report-shape.js';

// How the Reports screens write a bucket's name, a metric's name and a value, in the reader's language.

const CHANNELS = new Set(['widget', 'mail', 'site', 'api']);
/** A bucket's name: the period's key, the dimension's name (a channel's in words), or "None" for tickets without one. */
export function labelOf(bucket: Pick<Bucket, 'key' | 'label'>, grouping: Grouping, tr: ReturnType<typeof useT>): string {
  const t = tr.t;
  if (bucket.key === 'none') return t('reports.none');
  const period = periodLabel(bucket.key, grouping, tr.date);
  if (period) return period;
  if (grouping === 'channel' && CHANNELS.has(bucket.key)) return t(`service-levels.channel.${bucket.key}` as MessageKey);
  return bucket.label ?? bucket.key;
}
export const metricName = (metric: MetricName) => `reports.metric.${metric}` as MessageKey;

/** A value of a kind in the reader's language: a count, a time (minutes, hours or days) or a percentage. */
export function useFormat() {
  const tr = useT();
  return useCallback(
    (kind: ValueKind, value: number | null): string => {
      if (value === null) return '–';
      if (kind === 'count') return tr.number(value);
      if (kind === 'share') return tr.number(value, { style: 'percent', maximumFractionDigits: 1 });
      const { value: amount, unit } = durationParts(value);
      return tr.number(amount, { style: 'unit', unit, unitDisplay: 'short' });
    },
    [tr],
  );
}
