// A help centre as a small online shop with accounts and subscriptions would write it: 200 docs, written for the
// suggestions' quality test (suggest-docs-quality.test.ts), not drawn from this code. Titles as such sites title
// them; bodies a few sentences, with the words a visitor would not necessarily use.

export const HELP_CENTER_DOCS: ReadonlyArray<readonly [title: string, content: string]> = [
  // Signing in and passwords
  [
    'Reset your password',
    'Forgot your password? On the sign-in page choose **Forgot password**, enter your email address and follow the ' +
      'link we send you. The link works for one hour.',
  ],
  [
    'Change your password',
    'Signed in, open **Account → Security** and choose Change password. Enter your current password once and the new one twice.',
  ],
  [
    'Password requirements',
    'A password needs at least 12 characters. Long passphrases are easier to remember than short complex ones. We ' +
      'refuse passwords found in known breaches.',
  ],
  [
    'I did not receive the password reset email',
    'Check your spam or junk folder and wait a few minutes. Make sure you typed the address you signed up with. ' +
      'Corporate mail filters sometimes hold our messages: ask your IT team to allow our domain.',
  ],
  [
    'Your account is locked after too many sign-in attempts',
    'After ten wrong passwords the account is locked for 15 minutes to protect it. Wait, or reset your password to unlock it at once.',
  ],
  [
    'Set up two-factor authentication',
    'Open **Account → Security → Two-factor authentication**, scan the QR code with an authenticator app such as ' +
      'Google Authenticator or 1Password, and type the six-digit code.',
  ],
  [
    'Lost your phone with the authenticator app',
    'Use one of the backup codes you saved when you turned on two-factor authentication. Without backup codes, ' +
      'contact support with proof of identity to recover the account.',
  ],
  [
    'Sign in with Google or Apple',
    'On the sign-in page choose Continue with Google or Continue with Apple. If you first signed up with an email ' +
      'and password, link the accounts in Account → Connected logins.',
  ],
  ['Sign-in link has expired', 'Magic sign-in links are valid for 15 minutes and work once. Request a new one from the sign-in page.'],
  [
    'Stay signed in on a shared computer',
    'Untick **Keep me signed in** on public or shared computers, and sign out when you are done. Sessions end after ' +
      '30 minutes without activity.',
  ],
  [
    'Sign out of all devices',
    'Under **Account → Security → Active sessions** choose Sign out everywhere. Every browser and app will have to sign in again.',
  ],
  [
    'Why was I signed out?',
    'We end sessions after 30 days, after a password change, and when you sign out everywhere. Clearing cookies also signs you out.',
  ],
  [
    'Suspicious sign-in alert',
    'We email you when someone signs in from a new device or country. If it was not you, change your password ' +
      'immediately and review active sessions.',
  ],
  [
    'Cookies must be enabled to sign in',
    'Signing in needs cookies. Allow cookies for our site in your browser settings, or try a private window without extensions.',
  ],
  [
    'Passkeys',
    'A passkey lets you sign in with your fingerprint, face or device PIN instead of a password. Add one under ' +
      'Account → Security → Passkeys.',
  ],
  // Account and profile
  [
    'Create an account',
    'Choose **Sign up**, enter your name, email address and a password, then confirm your email with the link we send you.',
  ],
  [
    'Confirm your email address',
    'We send a confirmation link when you sign up or change your email. Until you confirm, you cannot place orders. ' +
      'Request a new link from your profile.',
  ],
  [
    'Change your email address',
    'Open **Profile** and type the new address. We send a confirmation to the new address; the change applies once you click it.',
  ],
  [
    'Change your name or username',
    'Your display name can be changed any time under Profile. A username can be changed once every 30 days.',
  ],
  ['Update your phone number', 'Under Profile → Contact details enter the new mobile number and confirm it with the code we text you.'],
  [
    'Delete your account',
    'Open **Account → Privacy → Delete account**. Deletion is permanent after 14 days: orders, invoices and saved ' +
      'addresses are removed, except what the law requires us to keep.',
  ],
  [
    'Deactivate your account temporarily',
    'Deactivation hides your profile and stops emails without deleting anything. Sign in again any time to reactivate.',
  ],
  [
    'Merge two accounts',
    'Accounts cannot be merged automatically. Contact support from both addresses and we move orders and ' +
      'subscriptions to the one you keep.',
  ],
  [
    'Change the language of your account',
    'Choose your language under **Profile → Preferences**. Emails and invoices will use it from then on.',
  ],
  ['Change your time zone', 'Dates and delivery windows are shown in the time zone set under Profile → Preferences.'],
  ['Upload a profile picture', 'Under Profile choose Change photo. JPEG or PNG up to 5 MB; it is cropped to a square.'],
  [
    'Manage email notifications',
    'Under **Profile → Notifications** choose which emails you get: order updates, newsletters, price alerts. Order ' +
      'and security emails cannot be turned off.',
  ],
  [
    'Unsubscribe from the newsletter',
    'Use the unsubscribe link at the bottom of any newsletter, or turn off Newsletter under Profile → ' +
      'Notifications. It takes effect within 48 hours.',
  ],
  [
    'Download a copy of your data',
    'Under **Account → Privacy → Export my data** we prepare an archive of your profile, orders and messages and ' +
      'email you a download link within a day.',
  ],
  [
    'Account for a business',
    'A business account adds VAT number, purchase orders and invoices in the company name. Switch under Account → Business details.',
  ],
  // Team accounts
  ['Invite team members', 'Owners and admins invite colleagues under **Team → Members → Invite**. Invitations expire after seven days.'],
  ['Remove a team member', 'Under Team → Members choose the person and Remove. Their orders stay with the team.'],
  [
    'Roles and permissions in a team',
    'Owners manage billing and members; admins manage members; buyers place orders; viewers see orders only.',
  ],
  ['Transfer ownership of a team', 'The owner can make another admin the owner under Team → Settings → Transfer ownership.'],
  ['Resend a team invitation', 'Under Team → Members → Pending, choose Resend. The old link stops working.'],
  // Billing and payments
  [
    'Payment methods we accept',
    'We accept Visa, Mastercard, American Express, PayPal, Apple Pay, Google Pay and SEPA direct debit. Bank ' +
      'transfer is available for business accounts.',
  ],
  [
    'Add or update a credit card',
    'Open **Billing → Payment methods** and choose Add card. To update an expired card, add the new one and make it the default.',
  ],
  [
    'Remove a saved card',
    'Under Billing → Payment methods choose the card and Remove. A card used by an active subscription must be replaced first.',
  ],
  [
    'My payment was declined',
    'Check the card number, expiry date and security code, and that the billing address matches your bank’s ' +
      'records. Your bank may block online or foreign payments: call them, or try another card or PayPal.',
  ],
  [
    'I was charged twice',
    'A second charge is usually a pending authorisation that disappears within 3–5 business days. If both charges ' +
      'are still there after a week, send us both transaction references and we refund the duplicate.',
  ],
  [
    'Pay with PayPal',
    'Choose PayPal at checkout and sign in to PayPal to approve the payment. You return to our site to see the confirmation.',
  ],
  [
    'Pay by bank transfer',
    'Business accounts can pay by bank transfer. The order ships once the money arrives, usually in one or two ' +
      'business days. Use the order number as the reference.',
  ],
  ['Pay in instalments', 'With Klarna you can split orders over 50 € into three interest-free payments. Choose Pay later at checkout.'],
  [
    'Currencies and exchange rates',
    'Prices are shown in your local currency where we can. Your card is charged in euros; your bank converts at its ' +
      'own rate and may add a fee.',
  ],
  [
    'Why is there a pending charge on my card?',
    'When you order we reserve the amount. The reservation becomes a charge when the order ships, or is released ' +
      'within a few days if the order is cancelled.',
  ],
  [
    'Use a gift card',
    'Enter the gift card code at checkout under Gift card or voucher. Any remaining balance stays on the card for the next order.',
  ],
  [
    'Check your gift card balance',
    'Enter the code under **Billing → Gift cards** to see the balance and expiry date. Gift cards are valid for three years.',
  ],
  [
    'Discount code not working',
    'Codes are case sensitive, may have a minimum order value, may exclude sale items and expire. Only one code can be used per order.',
  ],
  ['Store credit', 'Refunds made as store credit appear under Billing → Credit and are used automatically at checkout.'],
  [
    'Update your billing address',
    'Change the billing address under **Billing → Billing details**. It is used on invoices from then on; past ' +
      'invoices keep the old address.',
  ],
  // Invoices and tax
  [
    'Download an invoice',
    'Open **Orders**, choose the order and Download invoice (PDF). Invoices are available once the order has shipped.',
  ],
  [
    'Get an invoice in your company name',
    'Add the company name and VAT number under Billing → Billing details before ordering. For a past order, contact ' +
      'us within 30 days to reissue the invoice.',
  ],
  [
    'Add your VAT number',
    'Business customers in the EU can enter a VAT ID under Billing → Billing details. A valid number removes VAT ' +
      'for cross-border orders (reverse charge).',
  ],
  [
    'Sales tax and VAT on your order',
    'Prices include VAT for EU customers. US sales tax is added at checkout according to the delivery address.',
  ],
  [
    'Request a corrected invoice',
    'If a name, address or VAT number on an invoice is wrong, contact us with the order number and the correct ' +
      'details and we issue a corrected invoice.',
  ],
  [
    'Receipts for subscription payments',
    'Every subscription payment has a receipt under Billing → History, and is emailed to the billing contact.',
  ],
  [
    'Tax-exempt organisations',
    'Schools and charities with a tax exemption certificate can upload it under Billing → Tax exemption; we review ' +
      'it within two business days.',
  ],
  // Subscriptions and plans
  [
    'Compare plans',
    'Basic includes one user and standard delivery; Plus adds free express shipping and early access to sales; ' +
      'Business adds team accounts and invoices on account.',
  ],
  [
    'Upgrade your plan',
    'Choose **Billing → Plan → Upgrade**. You pay the difference for the rest of the period at once; the new features apply immediately.',
  ],
  [
    'Downgrade your plan',
    'A downgrade takes effect at the end of the current billing period. Features of the higher plan stay until then.',
  ],
  [
    'Cancel your subscription',
    'Open **Billing → Plan** and choose Cancel subscription. You keep the benefits until the end of the period you ' +
      'paid for, and you are not charged again.',
  ],
  [
    'Pause your subscription',
    'You can pause a monthly subscription for up to three months under Billing → Plan → Pause. Nothing is charged while paused.',
  ],
  [
    'Switch between monthly and yearly billing',
    'Yearly billing costs the same as ten months. Switch under Billing → Plan; the change applies at the next renewal.',
  ],
  [
    'Free trial',
    'New customers get 14 days of Plus free. We remind you three days before the trial ends; cancel before then and you pay nothing.',
  ],
  [
    'Why did my subscription renew?',
    'Subscriptions renew automatically at the end of each period. We email a reminder seven days before a yearly ' +
      'renewal. You can ask for a refund within 14 days of an unwanted renewal.',
  ],
  [
    'Failed subscription payment',
    'When a renewal payment fails we retry three times over a week and email you. Update your card under Billing → ' +
      'Payment methods to keep the subscription.',
  ],
  ['Student discount', 'Students get 30% off Plus. Verify your student status with your university email under Billing → Discounts.'],
  // Orders
  [
    'Place an order',
    'Add products to the basket, choose Checkout, enter the delivery address and payment, and confirm. You receive ' +
      'an order confirmation by email.',
  ],
  [
    'I did not get an order confirmation',
    'Check spam first. The confirmation goes to the email on your account; all orders are also listed under Orders. ' +
      'If an order is missing there, the payment did not go through.',
  ],
  [
    'Change or cancel an order',
    'Orders can be changed or cancelled under **Orders** until they are packed, usually within an hour. After that, ' +
      'refuse the parcel or return it.',
  ],
  [
    'Change the delivery address of an order',
    'Before the order ships, change the address under Orders → Delivery. Once shipped, ask the carrier to redirect ' +
      'the parcel using the tracking link.',
  ],
  [
    'Add an item to an existing order',
    'Items cannot be added to an order that has been placed. Place a second order; if both ship together we refund ' +
      'the second shipping fee.',
  ],
  ['Order history', 'All your orders from the last seven years are under **Orders**, with their status, invoices and tracking.'],
  ['Reorder a previous purchase', 'Open the order under Orders and choose Buy again to put the same items in your basket.'],
  ['Pre-orders', 'Pre-ordered items ship on the release date. You are charged when the item ships, not when you order.'],
  ['Items out of stock', 'Choose **Notify me** on the product page to get an email when it is back. We do not take back-orders.'],
  [
    'Order status explained',
    'Received: we have your order. Packed: it is boxed. Shipped: the carrier has it. Delivered: the carrier scanned it at your address.',
  ],
  [
    'Bulk and wholesale orders',
    'For more than 50 units of one product, ask for a quote from the Business page. Delivery of bulk orders takes ' +
      'five to ten business days.',
  ],
  [
    'Order on behalf of someone else',
    'Enter the recipient’s name and address as the delivery address and tick This is a gift to hide prices on the packing slip.',
  ],
  [
    'Gift wrapping and gift messages',
    'At checkout choose Gift wrap (3 €) and write a message of up to 200 characters. Prices are never shown on gift orders.',
  ],
  // Shipping and delivery
  ['Shipping costs', 'Standard delivery costs 4.95 € and is free over 50 €. Express costs 9.95 €. Plus members get free express delivery.'],
  [
    'Delivery times',
    'Standard delivery takes 2–4 business days within the country and 5–10 days abroad. Express orders placed ' +
      'before 2 pm arrive the next business day.',
  ],
  [
    'Track your parcel',
    'Once your order ships we email a tracking link. You can also find tracking under **Orders** → the order → Track shipment.',
  ],
  [
    'My parcel has not arrived',
    'Check the tracking link first. If it shows delivered but you have nothing, check with neighbours and your ' +
      'building’s mailroom, then contact us within 14 days so we can open a claim with the carrier.',
  ],
  [
    'Parcel marked delivered but not received',
    'Look around your property and ask neighbours. Carriers sometimes scan a parcel as delivered a day early. If it ' +
      'has not turned up after 48 hours, contact us and we open an investigation.',
  ],
  [
    'Tracking has not updated for days',
    'Tracking can pause while a parcel crosses a border or waits at a depot. If there is no update for five ' +
      'business days, contact us and we chase the carrier.',
  ],
  [
    'Countries we ship to',
    'We ship to all EU countries, the UK, Switzerland, Norway, the US and Canada. We do not ship to PO boxes outside the US.',
  ],
  [
    'International shipping and customs duties',
    'Orders outside the EU may be charged import duties and taxes by the destination country. These are paid by the ' +
      'recipient to the carrier on delivery.',
  ],
  [
    'Choose a delivery date',
    'Express delivery lets you pick a day in the next two weeks at checkout. Standard delivery cannot be scheduled.',
  ],
  [
    'Deliver to a parcel locker or pickup point',
    'At checkout choose Pickup point and search by postcode. You receive a code to open the locker; the parcel waits for seven days.',
  ],
  [
    'Missed delivery',
    'If you were out, the carrier leaves a card and tries again the next day, or takes the parcel to a nearby ' +
      'pickup point. Rearrange delivery using the tracking link.',
  ],
  [
    'Damaged parcel',
    'If the box is visibly damaged, refuse it or note the damage with the driver. Send us photos of the box and the ' +
      'item within 48 hours and we send a replacement.',
  ],
  [
    'Wrong item received',
    'Sorry! Send us a photo of what arrived and the label under Orders → Report a problem. We send the right item ' +
      'at once and a free return label for the wrong one.',
  ],
  [
    'Part of my order is missing',
    'Large orders sometimes ship in several parcels: check the tracking for each. If an item is still missing after ' +
      'all parcels arrived, report it under Orders → Report a problem.',
  ],
  ['Ship to multiple addresses', 'One order goes to one address. To send items to several addresses, place a separate order for each.'],
  ['Same-day delivery', 'In Berlin, Hamburg and Munich, orders placed before 11 am can arrive the same evening for 14.95 €.'],
  [
    'Carriers we use',
    'We ship with DHL and DPD within Europe and UPS for the US and Canada. The carrier is chosen by destination and weight.',
  ],
  ['Signature on delivery', 'Orders over 500 € need a signature on delivery. The driver may ask for ID.'],
  // Returns and refunds
  [
    'Return an item',
    'You have 30 days from delivery to return most items. Open **Orders**, choose the order and Return items, print ' +
      'the label and drop the parcel at any carrier point.',
  ],
  [
    'Return policy',
    'Items must be unused and in their original packaging. Underwear, earrings, personalised items and opened ' +
      'software cannot be returned for hygiene or licensing reasons.',
  ],
  [
    'How long does a refund take?',
    'Once your return reaches our warehouse we check it within three business days and refund the original payment ' +
      'method. Banks take another 3–5 business days to show it.',
  ],
  [
    'Refund not received',
    'Check Orders → Returns: the refund date is shown there. Card refunds can take up to 10 business days to ' +
      'appear. If it has been longer, send us the return tracking number.',
  ],
  [
    'Exchange an item for a different size or colour',
    'Choose **Exchange** instead of Return under Orders. We ship the new size as soon as the carrier scans your return.',
  ],
  [
    'Return shipping costs',
    'Returns are free within the EU. From other countries, return shipping is paid by you unless the item is faulty.',
  ],
  ['Return without a printer', 'Choose QR code when creating the return: show the code at a DHL point and they print the label for you.'],
  [
    'Return a gift',
    'Gift recipients can return with the order number from the packing slip; the refund goes to store credit for ' +
      'the recipient, not to the buyer.',
  ],
  [
    'Refund to a different payment method',
    'Refunds always go to the payment method used for the order. For a closed card account, your bank forwards the money to your new card.',
  ],
  ['Partial refund', 'If you return part of an order, we refund those items. Shipping is refunded only when the whole order is returned.'],
  ['Return window extended for the holidays', 'Items bought between 1 November and 24 December can be returned until 31 January.'],
  // Product help, warranty
  [
    'Warranty and guarantee',
    'Every product has a two-year warranty against manufacturing defects. Keep your invoice as proof of purchase.',
  ],
  [
    'Report a faulty product',
    'Under Orders → Report a problem, describe the fault and add photos or a video. We repair, replace or refund.',
  ],
  [
    'Product sizes and fit guide',
    'Each product page has a size chart. Measure a garment that fits you well and compare with the chart; between ' +
      'sizes, choose the larger.',
  ],
  [
    'Care instructions',
    'Care instructions are on the label and the product page. Most cotton items wash at 30 °C; do not tumble dry wool.',
  ],
  ['Product manuals', 'Manuals in PDF are on each product page under Downloads, and in the Manuals section of the help centre.'],
  [
    'Is this product in stock in a store?',
    'We sell online only and have no shops. The product page shows the stock and the expected delivery date.',
  ],
  [
    'Price match',
    'We match the price of an identical product from a major retailer in the same country within seven days of your ' +
      'purchase. Send us the link.',
  ],
  [
    'Price dropped after I ordered',
    'If the price drops within 14 days of your order, we refund the difference as store credit. Contact us with the order number.',
  ],
  [
    'Battery and charging problems',
    'Charge the device for two hours with the supplied cable before first use. If it still does not charge, try ' +
      'another outlet and cable, then report a fault.',
  ],
  [
    'Firmware updates for devices',
    'Connect the device to the app and choose Settings → Firmware update. Keep it charged above 50% during the update.',
  ],
  [
    'Pair a device with Bluetooth',
    'Turn on Bluetooth on your phone, hold the device’s power button for five seconds until the light blinks blue, ' +
      'and choose it in the app.',
  ],
  [
    'Factory reset a device',
    'Hold the power and volume buttons together for ten seconds. All settings are erased and the device restarts.',
  ],
  [
    'Spare parts and accessories',
    'Replacement chargers, straps and cases are sold in the Accessories section. For other parts, contact support with the model number.',
  ],
  [
    'Product recalls and safety notices',
    'Safety notices and recalls are listed on the Safety page. If your product is affected, we email you with instructions.',
  ],
  ['Allergens and materials', 'The materials of every product are listed under Details on its page. Our jewellery is nickel free.'],
  // Mobile app
  ['Download the mobile app', 'The app is free on the App Store and Google Play. Sign in with the same account as on the website.'],
  [
    'The app keeps crashing',
    'Update the app to the latest version, restart your phone, and if it still crashes, delete and reinstall it. ' +
      'Your account data is kept.',
  ],
  [
    'Turn push notifications on or off',
    'In the app open Profile → Notifications, or change it in your phone’s settings under Notifications.',
  ],
  [
    'App requires a newer version of iOS or Android',
    'The app supports iOS 16 and Android 10 or later. On older phones, use the website in your browser.',
  ],
  ['Use Face ID or fingerprint in the app', 'In the app under Profile → Security turn on Biometric sign-in.'],
  ['Scan a barcode in the app', 'Tap the camera icon in the search bar and point the camera at the barcode to find the product.'],
  // Privacy and security
  [
    'Privacy policy summary',
    'We use your data to deliver orders, provide support and, with your consent, send marketing. We never sell ' +
      'personal data. The full policy is on the Privacy page.',
  ],
  [
    'Cookie settings',
    'Choose Cookie settings at the bottom of any page to allow or refuse analytics and marketing cookies. Essential ' +
      'cookies cannot be turned off.',
  ],
  [
    'Report a phishing email',
    'We never ask for your password by email. Forward suspicious messages pretending to be us to security@example.com and delete them.',
  ],
  [
    'Report a security vulnerability',
    'Security researchers can report vulnerabilities through our responsible disclosure page. We respond within three business days.',
  ],
  [
    'Is my payment information safe?',
    'Card details are handled by our PCI DSS certified payment provider and never stored on our servers. We keep ' +
      'only the last four digits.',
  ],
  [
    'My account was hacked',
    'Reset your password at once, turn on two-factor authentication, sign out all devices and check your orders and ' +
      'addresses. Contact us if orders were placed that you did not make.',
  ],
  [
    'Who can see my reviews?',
    'Reviews are public and show your first name and initial. You can edit or delete a review under Profile → Reviews.',
  ],
  [
    'Data retention',
    'We keep order records for ten years as tax law requires. Other personal data is deleted two years after your ' +
      'last order or when you delete your account.',
  ],
  // Loyalty, reviews, referrals
  [
    'Loyalty points',
    'You earn one point per euro spent. 100 points are worth 5 € off your next order. Points expire after 12 months without a purchase.',
  ],
  [
    'Refer a friend',
    'Share your referral link from Profile → Refer a friend. Your friend gets 10 € off their first order and you ' +
      'get 10 € credit when it ships.',
  ],
  ['Write a product review', 'After delivery we email you a link to review the product, or open the order and choose Write a review.'],
  [
    'Why was my review not published?',
    'Reviews with personal information, links, offensive language or that are not about the product are not published.',
  ],
  ['Birthday discount', 'Add your birthday under Profile and get 15% off during your birthday month.'],
  ['Wishlist', 'Tap the heart on a product to save it to your wishlist. Share the list with a link from Profile → Wishlist.'],
  // Contact and support
  [
    'Contact customer support',
    'Use the contact form or the chat in the corner of every page. We answer within one business day, Monday to Friday 9–18 CET.',
  ],
  ['Phone support hours', 'Call +49 30 1234567 Monday to Friday, 9:00–17:00 CET. Plus and Business members have a priority line.'],
  [
    'Check the status of your support request',
    'Your support requests and our replies are listed under Profile → Support. Reply by email to add information.',
  ],
  [
    'Complaints',
    'If you are unhappy with how we handled a problem, ask for your request to be escalated. A team lead answers ' +
      'within five business days.',
  ],
  [
    'Service status and outages',
    'Check the status page for current problems with the website, app or payments. You can subscribe to updates there.',
  ],
  // Business and API
  ['Purchase orders for businesses', 'Business accounts can add a purchase order number at checkout; it appears on the invoice.'],
  [
    'Pay on invoice (net 30)',
    'Approved business customers can pay invoices within 30 days. Apply under Account → Business details → Payment terms.',
  ],
  [
    'API access',
    'Business plan customers can create API keys under Settings → API to read orders and invoices. The API ' +
      'documentation is at developers.example.com.',
  ],
  [
    'Rotate or revoke an API key',
    'Under Settings → API choose the key and Revoke. Create a new key first so your integration keeps working.',
  ],
  [
    'Webhooks for order events',
    'Webhooks send order.created, order.shipped and order.refunded events to your server. Add an endpoint under Settings → Webhooks.',
  ],
  [
    'Connect your Shopify store',
    'Install our Shopify app from the Shopify App Store and sign in to link your account. Orders sync every five minutes.',
  ],
  ['Export your orders to CSV', 'Under Orders choose Export and a date range. A CSV file with one line per item is emailed to you.'],
  [
    'Single sign-on (SSO) for teams',
    'Business teams can sign in with Okta, Azure AD or Google Workspace using SAML. Set it up under Team → Security → Single sign-on.',
  ],
  [
    'Accounting integrations',
    'Invoices can be sent automatically to Xero, QuickBooks or DATEV. Connect them under Settings → Integrations.',
  ],
  // Website and technical
  [
    'The website is slow or not loading',
    'Clear your browser cache, disable extensions and try another browser. Check the status page for outages.',
  ],
  ['Supported browsers', 'We support the two latest versions of Chrome, Firefox, Safari and Edge. Internet Explorer is not supported.'],
  [
    'Checkout page shows an error',
    'Refresh the page and try again; your basket is saved. Ad blockers sometimes break the payment step: pause them for our site.',
  ],
  [
    'My basket is empty after signing in',
    'Baskets from before signing in are merged into your account’s basket. If items disappeared, they may have sold out.',
  ],
  [
    'Search does not find a product',
    'Try fewer or different words, check the spelling, or browse the category. Products no longer sold are hidden.',
  ],
  [
    'Accessibility',
    'Our site aims for WCAG 2.1 AA. Tell us about any barrier through the contact form and we will help you order by phone meanwhile.',
  ],
  [
    'Change the site language or country',
    'Choose the flag at the bottom of the page to change language and country. Prices and delivery options change with the country.',
  ],
  [
    'Captcha keeps appearing',
    'A captcha appears when our systems see unusual traffic from your network, often from a VPN. Turn off the VPN or complete the check.',
  ],
  [
    'Emails from us go to spam',
    'Add noreply@example.com to your contacts. In Gmail, move one message to the Primary tab to teach the filter.',
  ],
  // Sustainability and company
  [
    'Sustainable packaging',
    'Our boxes are made of recycled cardboard and use paper tape. Return the packaging to any paper recycling bin.',
  ],
  ['Recycle old devices', 'Send us your old device with the free recycling label from the Sustainability page and get 10 € store credit.'],
  [
    'Where are products made?',
    'The country of manufacture is listed on each product page. Our suppliers follow our code of conduct on labour and safety.',
  ],
  ['Careers', 'Open positions are listed on the Careers page. We do not accept applications through customer support.'],
  ['Press and media enquiries', 'Journalists can reach our press team at press@example.com.'],
  ['Become a reseller', 'Shops that want to sell our products can apply on the Partners page. We answer within two weeks.'],
  ['Affiliate programme', 'Bloggers and creators earn 8% commission on sales from their links. Apply on the Affiliates page.'],
  ['Corporate gifts', 'We make branded gift boxes for companies from 25 boxes. Ask the Business team for a quote.'],
  // Subscriptions of products (boxes)
  ['Skip a subscription box delivery', 'Under Subscriptions choose the next box and Skip. You can skip up to three boxes in a row.'],
  [
    'Change what is in your subscription box',
    'Edit the contents of your next box under Subscriptions → Next box until five days before it ships.',
  ],
  ['Change the delivery frequency of a subscription', 'Choose every two, four or eight weeks under Subscriptions → Frequency.'],
  [
    'Subscription box arrived damaged',
    'Send photos under Orders → Report a problem within 48 hours and we replace the damaged items in your next box or refund them.',
  ],
  // Misc
  ['Holiday opening hours', 'Support is closed on public holidays in Germany. Orders placed on holidays ship on the next business day.'],
  [
    'Order from a company abroad',
    'We can invoice companies outside the EU without VAT when the goods are exported; import duties are paid on delivery.',
  ],
  [
    'Student and teacher verification problems',
    'If your university email is not recognised, upload a student ID under Billing → Discounts and we check it by hand.',
  ],
  [
    'Military and healthcare worker discount',
    'Verified healthcare workers and members of the armed forces get 10% off. Verify under Billing → Discounts.',
  ],
  [
    'Price includes what?',
    'Prices include VAT and exclude shipping for EU customers. For other countries, taxes and duties may be added on delivery.',
  ],
  [
    'Invoice address different from delivery address',
    'At checkout untick Same as delivery address and enter the billing address for the invoice.',
  ],
  ['Edit a saved address', 'Under Profile → Addresses edit or delete saved addresses and choose a default for delivery.'],
  [
    'Postcode not accepted at checkout',
    'Check the format for the country (for example 10115 for Germany, SW1A 1AA for the UK). Some remote islands are ' +
      'outside our delivery area.',
  ],
  [
    'Order limits per customer',
    'Some limited items can be bought at most twice per customer. Orders above the limit are cancelled and refunded.',
  ],
  [
    'Why was my order cancelled?',
    'We cancel an order when the payment fails, an item is out of stock, or our fraud checks flag it. You are ' +
      'refunded in full and we email the reason.',
  ],
  [
    'Fraud check delayed my order',
    'Some orders are checked by hand for fraud, which can take up to one business day. We may ask for a copy of your ID.',
  ],
  ['Cash on delivery', 'We do not offer cash on delivery. Pay by card, PayPal or bank transfer instead.'],
  ['Payment in another currency', 'We charge in euros, British pounds and US dollars, chosen by the delivery country.'],
  [
    'Order confirmation shows the wrong address',
    'If the address in the confirmation is wrong, change it under Orders → Delivery before the order ships, or contact us at once.',
  ],
  ['Newsletter frequency', 'The newsletter comes once a week. Choose Monthly digest under Profile → Notifications for fewer emails.'],
  ['Sizes for children', 'Children’s sizes follow age and height; the size chart on each product page lists both.'],
  [
    'Engraving and personalisation',
    'Personalised items are made to order and ship in five business days. They cannot be returned unless faulty.',
  ],
  [
    'Stock notifications not arriving',
    'Back-in-stock emails are sent once. Check that the product is still on your notify list under Profile → Alerts.',
  ],
  [
    'Team billing and seats',
    'Business plans are billed per seat. Adding a member adds a seat at the prorated price; removing one lowers the next invoice.',
  ],
  ['Keyboard shortcuts on the website', 'Press / to jump to search and ? to list every shortcut.'],
  [
    'Two accounts with the same email',
    'An email address can belong to one account only. If you signed up twice with Google and with a password, link ' +
      'them under Account → Connected logins.',
  ],
];
