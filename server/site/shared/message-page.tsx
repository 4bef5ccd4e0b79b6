import { Layout, type LayoutProps } from './layout.js';

/** A page with one message (a form that expired, say). */
export function MessagePage({ title, message, ...layout }: Omit<LayoutProps, 'children'> & { message: string }) {
  return (
    <Layout {...layout} title={title}>
      <h1>{title}</h1>
      <p>{message}</p>
    </Layout>
  );
}
