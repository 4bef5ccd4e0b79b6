import { beforeAll, expect, it } from 'vitest';
import { HELP_CENTER_DOCS } from '../../test/help-center-docs.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { createPost } from './create-post.js';
import { suggestDocs } from './suggest-docs.js';

// What visitors type into the widget's subject or description (sometimes mid-word), and the doc that answers it.
// Written as visitors write, not from the docs' titles: the words differ as often as they match.
const LABELLED: ReadonlyArray<readonly [typed: string, answer: string]> = [
  ['I forgot my password', 'Reset your password'],
  ['cant log in forgot passw', 'Reset your password'],
  ['reset email never came', 'I did not receive the password reset email'],
  ['how do I change my password', 'Change your password'],
  ['account locked too many attempts', 'Your account is locked after too many sign-in attempts'],
  ['lost my phone authenticator', 'Lost your phone with the authenticator app'],
  ['how to enable 2fa two-factor', 'Set up two-factor authentication'],
  ['change email address on my acco', 'Change your email address'],
  ['please delete my account', 'Delete your account'],
  ['stop sending me newsletters unsubscri', 'Unsubscribe from the newsletter'],
  ['what payment methods do you accept', 'Payment methods we accept'],
  ['my card was declined at checkout', 'My payment was declined'],
  ['you charged me twice for one order', 'I was charged twice'],
  ['where can I download my invoice', 'Download an invoice'],
  ['need invoice with company name and VAT', 'Get an invoice in your company name'],
  ['how do I cancel my subscription', 'Cancel your subscription'],
  ['subscription renewed without asking refund', 'Why did my subscription renew?'],
  ['discount code does not work', 'Discount code not working'],
  ['gift card balance', 'Check your gift card balance'],
  ['how much is shipping', 'Shipping costs'],
  ['how long does delivery take', 'Delivery times'],
  ['where is my package tracking', 'Track your parcel'],
  ['parcel says delivered but I never got it', 'Parcel marked delivered but not received'],
  ['do you ship to Canada', 'Countries we ship to'],
  ['customs fees import duty', 'International shipping and customs duties'],
  ['change delivery address after ordering', 'Change the delivery address of an order'],
  ['cancel my order', 'Change or cancel an order'],
  ['received the wrong item', 'Wrong item received'],
  ['box arrived damaged', 'Damaged parcel'],
  ['how do I return somethi', 'Return an item'],
  ['still waiting for my refund', 'Refund not received'],
  ['exchange for a bigger size', 'Exchange an item for a different size or colour'],
  ['who pays return shipping', 'Return shipping costs'],
  ['product stopped working warranty', 'Warranty and guarantee'],
  ['app crashes on startup', 'The app keeps crashing'],
  ['someone hacked my account', 'My account was hacked'],
  ['how many loyalty points do I have', 'Loyalty points'],
  ['phone number for support', 'Phone support hours'],
  ['export orders csv', 'Export your orders to CSV'],
  ['why was my order cancelled', 'Why was my order cancelled?'],
  ['skip next box', 'Skip a subscription box delivery'],
  ['bluetooth pairing not working', 'Pair a device with Bluetooth'],
];

/** The share of visitors' texts whose answer is among the top three suggestions: at least 80 %. */
const TARGET = 0.8;

describeEachDatabase('doc suggestions: quality on a 200-doc help centre', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  const ids = new Map<string, number>();
  beforeAll(async () => {
    for (const [title, content] of HELP_CENTER_DOCS) ids.set(title, (await createPost(hd.ctx, 'doc', { title, content }, null)).id);
  });

  it(`puts the answer in the top three for at least ${TARGET * 100} % of ${LABELLED.length} labelled texts`, async () => {
    expect(HELP_CENTER_DOCS).toHaveLength(200);
    const misses: string[] = [];
    for (const [typed, answer] of LABELLED) {
      expect(ids.has(answer), answer).toBe(true);
      const { docs } = await suggestDocs(hd.ctx, { q: typed, limit: 3 });
      if (!docs.some((doc) => doc.id === ids.get(answer))) misses.push(`${typed} → ${docs.map((d) => d.title).join(' | ') || '(none)'}`);
    }
    const share = 1 - misses.length / LABELLED.length;
    // The figure reported for the record (BENCHMARKS.md), and the misses, to improve the ranking by.
    console.info(`[${dialect}] top-3 share ${(share * 100).toFixed(1)} % (${LABELLED.length - misses.length}/${LABELLED.length})`);
    for (const miss of misses) console.info(`[${dialect}] miss: ${miss}`);
    expect(share).toBeGreaterThanOrEqual(TARGET);
  });
});
