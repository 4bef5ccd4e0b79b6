import { Layout, type LayoutProps } from './layout.js';

/**
 * A page with one message (a form that expired, say). `refusedFile`: the position of the file a form's
 * upload refused and why, for the form's script (content/theme/form-files.js) to show on that file's chip.
 */
export function MessagePage({
  title,
  message,
  refusedFile,
  ...layout
}: Omit<LayoutProps, 'children'> & { message: string; refusedFile?: { index: number; detail: string } }) {
  return (
    <Layout {...layout} title={title}>
      <h1>{title}</h1>
      <p data-refused-file={refusedFile?.index} data-detail={refusedFile?.detail}>
        {message}
      </p>
    </Layout>
  );
}
