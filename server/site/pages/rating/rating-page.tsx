import { RATING_COMMENT_MAX } from '../../../../common/limits.js';
import type { RatingValue } from '../../../email/rating-links.js';
import { Layout } from '../../shared/layout.js';

export type RatingPageState =
  /** A good link: the choice, a comment box and the button that records it. */
  /** `superseded`: the ticket was reopened after the resolution this mail asked about. */
  | { kind: 'choose'; token: string; rating: RatingValue; otherLink: string; problem?: string; comment?: string; superseded?: boolean }
  | { kind: 'thanks'; rating: RatingValue; reopened: boolean; superseded?: boolean }
  | { kind: 'already'; rating: RatingValue }
  | { kind: 'expired' }
  | { kind: 'invalid' };

export interface RatingPageProps {
  siteName: string;
  homeUrl: string;
  logoUrl?: string;
  csrf: string;
  state: RatingPageState;
}

const ANSWER: Record<RatingValue, string> = { yes: 'Yes, solved', no: 'No, not yet' };

const SUPERSEDED =
  'Your ticket was reopened after we asked this. Your answer is kept with the ticket, but it does not mark it as ' +
  'solved or reopen it. We will ask again when it is resolved again.';

/**
 * The page behind the two links of the resolved mail. Opening it records nothing (mail scanners open
 * links); the button does, once per mail.
 */
export function RatingPage({ siteName, homeUrl, logoUrl, csrf, state }: RatingPageProps) {
  const layout = { siteName, homeUrl, logoUrl };
  switch (state.kind) {
    case 'choose':
      return (
        <Layout {...layout} title="Did this solve it?">
          <h1>Did this solve it?</h1>
          {state.superseded && (
            <p role="status" className="notice">
              {SUPERSEDED}
            </p>
          )}
          <p>
            Your answer: <strong>{ANSWER[state.rating]}</strong>.{' '}
            <a href={state.otherLink}>Choose “{ANSWER[state.rating === 'yes' ? 'no' : 'yes']}” instead</a>.
          </p>
          <form method="post" action={`${homeUrl}/rating/`}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="token" value={state.token} />
            {state.problem && (
              <p className="error-box" role="alert" id="comment-problem">
                {state.problem}
              </p>
            )}
            <p>
              <label htmlFor="rating-comment">
                {state.rating === 'no' ? 'What is still not working? (optional)' : 'Anything you want to add? (optional)'}
              </label>
              <textarea
                id="rating-comment"
                name="comment"
                rows={5}
                maxLength={RATING_COMMENT_MAX}
                defaultValue={state.comment ?? ''}
                aria-describedby={state.problem ? 'comment-problem' : undefined}
              />
            </p>
            <button type="submit">Send my answer</button>
          </form>
        </Layout>
      );
    case 'thanks':
      return (
        <Layout {...layout} title="Thank you">
          <h1>Thank you</h1>
          <p>
            We recorded your answer: <strong>{ANSWER[state.rating]}</strong>.
          </p>
          {state.reopened && <p>We reopened your ticket and will get back to you.</p>}
          {state.superseded && <p>{SUPERSEDED}</p>}
        </Layout>
      );
    case 'already':
      return (
        <Layout {...layout} title="Answer already recorded">
          <h1>Your answer is already recorded</h1>
          <p>
            For this mail we have: <strong>{ANSWER[state.rating]}</strong>. Each mail takes one answer. To tell us more, reply to the mail
            or open your ticket.
          </p>
        </Layout>
      );
    case 'expired':
      return (
        <Layout {...layout} title="Link expired">
          <h1>This link has expired</h1>
          <p>The links in this mail worked for a limited time. To tell us more, reply to the mail or open your ticket.</p>
        </Layout>
      );
    case 'invalid':
      return (
        <Layout {...layout} title="Link not valid">
          <h1>This link is not valid</h1>
          <p>Check that the whole link was copied from the mail. To tell us more, reply to the mail or open your ticket.</p>
        </Layout>
      );
  }
}
