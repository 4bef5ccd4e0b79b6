import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../common/i18n/message-keys.js';
import { RATING_COMMENT_MAX } from '../../../../common/limits.js';
import type { RatingValue } from '../../../email/rating-links.js';
import { Layout, type SiteFrame, siteFrame } from '../../shared/layout.js';

export type RatingPageState =
  /** A good link: the choice, a comment box and the button that records it. */
  /** `superseded`: the ticket was reopened after the resolution this mail asked about. */
  | { kind: 'choose'; token: string; rating: RatingValue; otherLink: string; problem?: string; comment?: string; superseded?: boolean }
  | { kind: 'thanks'; rating: RatingValue; reopened: boolean; superseded?: boolean }
  | { kind: 'already'; rating: RatingValue }
  | { kind: 'expired' }
  | { kind: 'invalid' };

export interface RatingPageProps extends SiteFrame {
  csrf: string;
  state: RatingPageState;
}

const ANSWER: Record<RatingValue, MessageKey> = { yes: 'site.rating.yes', no: 'site.rating.no' };

/**
 * The page behind the two links of the resolved mail. Opening it records nothing (mail scanners open
 * links); the button does, once per mail.
 */
export function RatingPage(props: RatingPageProps) {
  const { homeUrl, csrf, state, t } = props;
  const layout = siteFrame(props);
  const SUPERSEDED = t.t('site.rating.superseded');
  const strong = (chunks: ReactNode[]) => <strong key="answer">{chunks}</strong>;
  switch (state.kind) {
    case 'choose':
      return (
        <Layout {...layout} title={t.t('site.rating.question')}>
          <h1>{t.t('site.rating.question')}</h1>
          {state.superseded && (
            <p role="status" className="notice">
              {SUPERSEDED}
            </p>
          )}
          <p>
            {t.rich('site.rating.yourAnswer', { answer: t.t(ANSWER[state.rating]), strong })}{' '}
            <a href={state.otherLink}>{t.t('site.rating.chooseOther', { answer: t.t(ANSWER[state.rating === 'yes' ? 'no' : 'yes']) })}</a>
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
                {state.rating === 'no' ? t.t('site.rating.whatNotWorking') : t.t('site.rating.anythingToAdd')}
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
            <button type="submit">{t.t('site.rating.send')}</button>
          </form>
        </Layout>
      );
    case 'thanks':
      return (
        <Layout {...layout} title={t.t('site.rating.thanks')}>
          <h1>{t.t('site.rating.thanks')}</h1>
          <p>{t.rich('site.rating.recorded', { answer: t.t(ANSWER[state.rating]), strong })}</p>
          {state.reopened && <p>{t.t('site.rating.reopened')}</p>}
          {state.superseded && <p>{SUPERSEDED}</p>}
        </Layout>
      );
    case 'already':
      return (
        <Layout {...layout} title={t.t('site.rating.alreadyTitle')}>
          <h1>{t.t('site.rating.alreadyHeading')}</h1>
          <p>{t.rich('site.rating.alreadyText', { answer: t.t(ANSWER[state.rating]), strong })}</p>
        </Layout>
      );
    case 'expired':
      return (
        <Layout {...layout} title={t.t('site.link.expiredTitle')}>
          <h1>{t.t('site.link.expiredHeading')}</h1>
          <p>{t.t('site.rating.expiredText')}</p>
        </Layout>
      );
    case 'invalid':
      return (
        <Layout {...layout} title={t.t('site.link.invalidTitle')}>
          <h1>{t.t('site.link.invalidHeading')}</h1>
          <p>{t.t('site.rating.invalidText')}</p>
        </Layout>
      );
  }
}
