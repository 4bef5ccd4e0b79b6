// Type checks of widget/helpdesk.d.ts (tsc -p widget): the docs' examples compile, misuses do not. Never bundled.
export function examples(): void {
  Helpdesk('identify', 'eyJhbGciOiJIUzI1NiJ9.e30.sig');
  Helpdesk('prefill', { subject: 'Order 1042', order_id: '1042', custom_plan: 'Pro', custom_newsletter: true });
  Helpdesk('open');
  Helpdesk('toggle');
  Helpdesk('search', 'reset my password');
  const stop: () => void = Helpdesk('on', 'ticket-created', ({ number }) => console.log(`Ticket #${number} filed`));
  stop();
  const onClose = () => {};
  Helpdesk('on', 'close', onClose);
  Helpdesk('off', 'close', onClose);
  window.Helpdesk('logout');
  // @ts-expect-error an unknown command
  Helpdesk('explode');
  // @ts-expect-error identify takes the token
  Helpdesk('identify');
  // @ts-expect-error an unknown event
  Helpdesk('on', 'submitted', () => {});
  // @ts-expect-error ticket-created hands a number, not a string
  Helpdesk('on', 'ticket-created', (data: { number: string }) => data);
  // @ts-expect-error a field that is neither built in nor custom_
  Helpdesk('prefill', { nickname: 'x' });
}
