import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';

interface NavItem {
  to: string;
  message: MessageKey;
  adminOnly?: boolean;
}

/** What agents use all day: always in the bar. */
const EVERYDAY: NavItem[] = [
  { to: '', message: 'admin.nav.inbox' },
  { to: 'replies', message: 'admin.nav.replies' },
  { to: 'docs', message: 'admin.nav.docs' },
  { to: 'satisfaction', message: 'admin.nav.satisfaction' },
  { to: 'reports', message: 'admin.nav.reports' },
];

/** Screens set up once and seldom changed: behind "More", so the bar keeps to one line. */
const GROUPS: Array<{ message: MessageKey; id: string; items: NavItem[] }> = [
  {
    message: 'admin.nav.catalogue',
    id: 'catalogue',
    items: [
      { to: 'clients', message: 'admin.nav.clients' },
      { to: 'organisations', message: 'admin.nav.organisations' },
      { to: 'products', message: 'admin.nav.products' },
      { to: 'reasons', message: 'admin.nav.reasons' },
      { to: 'urgencies', message: 'admin.nav.urgencies' },
      { to: 'statuses', message: 'admin.nav.statuses', adminOnly: true },
    ],
  },
  {
    message: 'admin.nav.administration',
    id: 'administration',
    items: [
      { to: 'agents', message: 'admin.nav.agents', adminOnly: true },
      { to: 'accounts', message: 'admin.nav.accounts', adminOnly: true },
      { to: 'business-hours', message: 'admin.nav.businessHours', adminOnly: true },
      { to: 'service-levels', message: 'admin.nav.serviceLevels', adminOnly: true },
      { to: 'rules', message: 'admin.nav.rules', adminOnly: true },
      { to: 'tokens', message: 'admin.nav.tokens', adminOnly: true },
      { to: 'webhooks', message: 'admin.nav.webhooks', adminOnly: true },
      { to: 'audit', message: 'admin.nav.audit', adminOnly: true },
      { to: 'settings', message: 'admin.nav.settings', adminOnly: true },
    ],
  },
  {
    message: 'admin.nav.selfService',
    id: 'self-service',
    items: [{ to: 'deflection', message: 'admin.nav.deflection' }],
  },
  {
    message: 'admin.nav.you',
    id: 'you',
    items: [
      { to: 'profile', message: 'admin.nav.profile' },
      { to: 'notifications', message: 'admin.nav.notifications' },
    ],
  },
];

/**
 * The main navigation: the everyday screens, then "More" (a disclosure: a button that shows a list of
 * links, closed again by Escape, a click elsewhere, tabbing out or choosing a screen). On a phone the
 * whole list folds behind "Menu" (`open`) and the groups show in it as plain lists.
 */
export function MainNav({ active, isAdmin, open }: { active: string; isAdmin: boolean; open: boolean }) {
  const { t } = useT();
  const [moreOpen, setMoreOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const visible = (item: NavItem) => isAdmin || !item.adminOnly;
  const groups = GROUPS.map((group) => ({ ...group, items: group.items.filter(visible) })).filter((group) => group.items.length > 0);
  const isInMore = groups.some((group) => group.items.some((item) => item.to === active));

  useEffect(() => {
    if (!moreOpen) return;
    const close = (event: KeyboardEvent | MouseEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setMoreOpen(false);
        button.current?.focus();
        return;
      }
      const target = event.target as Element;
      // A click elsewhere, or a screen chosen in the list (the one shown already too), closes it.
      if (!target.closest?.('.nav-more') || (event.type === 'click' && target.closest?.('.nav-more-panel a'))) setMoreOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
      document.removeEventListener('click', close);
    };
  }, [moreOpen]);
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setMoreOpen(false);
  };

  const link = (item: NavItem) => (
    <li key={item.to}>
      <Link to={item.to} className="nav-link" aria-current={active === item.to ? 'page' : undefined}>
        {t(item.message)}
      </Link>
    </li>
  );
  return (
    <nav aria-label={t('admin.nav.main')}>
      <ul className={`nav-list${open ? ' open' : ''}`} id="main-nav">
        {EVERYDAY.map(link)}
        <li className="nav-more" onBlur={closeWhenFocusLeaves}>
          <button
            ref={button}
            type="button"
            className={`nav-more-toggle${isInMore ? ' current' : ''}`}
            aria-expanded={moreOpen}
            aria-controls={panelId}
            onClick={() => setMoreOpen(!moreOpen)}
          >
            {t('admin.nav.more')}
            <span aria-hidden="true"> ▾</span>
          </button>
          <div id={panelId} className={`nav-more-panel${moreOpen ? ' open' : ''}`}>
            {groups.map((group) => (
              <div key={group.id} className="nav-group">
                <p className="nav-group-label" id={`${panelId}-${group.id}`}>
                  {t(group.message)}
                </p>
                <ul aria-labelledby={`${panelId}-${group.id}`}>{group.items.map(link)}</ul>
              </div>
            ))}
          </div>
        </li>
      </ul>
    </nav>
  );
}
