import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { KIND_WORDS, loadNotifications, loadUnreadCount, markRead, type NotificationsPage } from '../api/notifications-api.js';
import { useT } from '../i18n/i18n.js';
import { useLiveEvents } from '../live/live-events.js';
import { navigate } from '../shared/router.js';
import { When } from '../shared/when.js';

/**
 * The bell in the top bar: the unread count, kept current by the event stream, and a list that opens
 * below it. Choosing a line marks it read and opens its ticket.
 */
export function NotificationBell() {
  const { t, number } = useT();
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState<NotificationsPage | null>(null);
  const [failed, setFailed] = useState('');
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  // Events come in bursts (a new ticket, then its assignment) and answers may come back out of order:
  // only the answer to the latest request is shown, so an older, smaller count never wins.
  const latestRequest = useRef(0);
  const refreshCount = useCallback(() => {
    const request = ++latestRequest.current;
    loadUnreadCount().then(
      (answer) => {
        if (request === latestRequest.current) setUnread(answer.unread);
      },
      () => {},
    );
  }, []);
  const refreshList = useCallback(() => {
    const request = ++latestRequest.current;
    loadNotifications().then(
      (answer) => {
        if (request !== latestRequest.current) return;
        setPage(answer);
        setUnread(answer.unread);
        setFailed('');
      },
      (error: Error) => setFailed(error.message),
    );
  }, []);
  useEffect(refreshCount, [refreshCount]);
  useLiveEvents((event) => {
    // Lines added, or read elsewhere (opening their ticket, another tab): the count follows.
    if (event.name !== 'notification.added' && event.name !== 'notifications.read' && event.name !== 'resync') return;
    if (open) refreshList();
    else refreshCount();
  });
  useEffect(() => {
    if (!open) return;
    refreshList();
    const close = (event: KeyboardEvent | MouseEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setOpen(false);
        button.current?.focus();
        return;
      }
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open, refreshList]);

  const openLine = async (id: number, ticketNumber: number | null) => {
    setOpen(false);
    navigate(`tickets/${ticketNumber}`);
    const request = ++latestRequest.current;
    const answer = await markRead({ ids: [id] }).catch(() => null);
    if (answer && request === latestRequest.current) setUnread(answer.unread);
  };
  const markAll = async () => {
    const answer = await markRead({ all: true }).catch(() => null);
    if (answer) refreshList();
  };

  return (
    <div className="bell">
      <button
        ref={button}
        type="button"
        className="bell-button button-quiet"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="notification-bell"
      >
        {t('admin.notifications.title')}
        {unread > 0 && (
          <span className="bell-count" data-testid="notification-count">
            {unread > 99 ? t('admin.notifications.many', { count: 99 }) : number(unread)}
            <span className="visually-hidden"> {t('admin.notifications.unread')}</span>
          </span>
        )}
      </button>
      {open && (
        <section ref={panel} id={panelId} className="bell-panel card" aria-label={t('admin.notifications.title')}>
          <div className="bell-head">
            <h2>{t('admin.notifications.title')}</h2>
            <button type="button" className="button-quiet" onClick={markAll} disabled={!unread}>
              {t('admin.notifications.markAllRead')}
            </button>
          </div>
          {failed && <p role="alert">{t('admin.notifications.loadFailed', { error: failed })}</p>}
          {!page && !failed && <p aria-busy="true">{t('admin.app.loading')}</p>}
          {page && page.notifications.length === 0 && <p className="muted">{t('admin.notifications.none')}</p>}
          {page && page.notifications.length > 0 && (
            <ul className="bell-list">
              {page.notifications.map((n) => (
                <li key={n.id} className={n.read ? 'read' : 'unread'}>
                  <a
                    href={`tickets/${n.ticket.number}`}
                    onClick={(event) => {
                      event.preventDefault();
                      void openLine(n.id, n.ticket.number);
                    }}
                  >
                    {!n.read && <span className="visually-hidden">{t('admin.notifications.unreadLine')} </span>}
                    <strong>{t('admin.notifications.line', { kind: t(KIND_WORDS[n.kind].line) })}</strong> <bdi>{n.ticket.title}</bdi>{' '}
                    <bdi className="muted">#{n.ticket.number ?? n.ticket.id}</bdi>
                  </a>
                  <When iso={n.created} className="muted" />
                </li>
              ))}
            </ul>
          )}
          <p className="bell-foot">
            <a
              href="notifications"
              onClick={(event) => {
                event.preventDefault();
                setOpen(false);
                navigate('notifications');
              }}
            >
              {t('admin.notifications.chooseMails')}
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
