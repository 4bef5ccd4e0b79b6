import type { S3FilesSetting } from './config-types.js';

const EXAMPLE = 's3://helpdesk-files?endpoint=https://s3.example.com&region=us-east-1';
const KNOWN_PARAMS = new Set(['endpoint', 'region']);
// S3's own rule for bucket names (the strictest providers share it): 3–63 lowercase letters, digits, dots, hyphens.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads HELPDESK_FILES=s3://bucket?endpoint=…&region=…, pushing one plain problem per mistake (and
 * undefined) so a wrong address stops the start with the fix, never at the first upload. Credentials
 * do not belong in the address (it is printed in errors and may be seen in a process list): the AWS SDK
 * reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and an address holding any is refused unechoed.
 */
export function parseS3Address(address: string, problems: string[], defaultRegion?: string): S3FilesSetting | undefined {
  const before = problems.length;
  const url = URL.canParse(address) ? new URL(address) : null;
  if (!url) {
    problems.push(`HELPDESK_FILES is not a readable s3:// address; write it like ${EXAMPLE}.`);
    return undefined;
  }
  if (url.username || url.password) {
    problems.push(
      'HELPDESK_FILES must not hold credentials: remove them from the s3:// address ' +
        'and set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead.',
    );
    return undefined;
  }
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket)) {
    problems.push(
      `HELPDESK_FILES names the bucket "${bucket}", which is not a bucket name: use 3 to 63 lowercase letters, digits, dots or hyphens, ` +
        `like ${EXAMPLE}.`,
    );
  }
  if (url.port || (url.pathname && url.pathname !== '/')) {
    problems.push(`HELPDESK_FILES has a port or a path after the bucket name; give the server’s address as endpoint=…, like ${EXAMPLE}.`);
  }
  for (const name of url.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(name)) problems.push(`HELPDESK_FILES has an unknown setting "${name}"; only endpoint and region are read.`);
  }
  const endpoint = url.searchParams.get('endpoint')?.trim() || undefined;
  if (endpoint !== undefined && !(URL.canParse(endpoint) && ['http:', 'https:'].includes(new URL(endpoint).protocol))) {
    problems.push(`HELPDESK_FILES has endpoint="${endpoint}", which is not an http:// or https:// address of the S3 server.`);
  }
  const region = url.searchParams.get('region')?.trim() || defaultRegion?.trim() || undefined;
  if (!region) {
    problems.push('HELPDESK_FILES needs the bucket’s region: add &region=… (us-east-1 for most S3-compatible servers), or set AWS_REGION.');
  }
  if (problems.length > before || !region) return undefined;
  return endpoint ? { kind: 's3', bucket, region, endpoint } : { kind: 's3', bucket, region };
}
