import { type FormEvent, useState } from 'react';
import { CC_MAX } from '../../../common/limits.js';
import { api, type Me, type ResponseOf, type StaffUser } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';

type Participants = ResponseOf<'listTicketParticipants'>;
type Participant = Participants[number];

// The same loose shape the browser's type="email" accepts: the server's check (EMAIL_RULE) has the last word.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The ticket's people besides its client and assignee: clients copied in (they get the public replies) and staff
 * following it (they get its notices). Read again whenever the ticket's version moves, so a colleague's change
 * (recorded in the activity and pushed as any ticket change) shows here without a reload.
 */
export function ParticipantsPanel({
  ticketId,
  version,
  staff,
  me,
}: {
  ticketId: number;
  version: number;
  staff: StaffUser[];
  me: NonNullable<Me['user']>;
}) {
  const { t } = useT();
  const { data, error, setData } = useApi<Participants>(`/tickets/${ticketId}/participants`, { refetchOn: version });
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const [email, setEmail] = useState('');
  const [colleague, setColleague] = useState('');
  const [busy, setBusy] = useState(false);
  const copied = (data ?? []).filter((p) => p.kind === 'cc');
  const followers = (data ?? []).filter((p) => p.kind === 'follower');
  const full = copied.length >= CC_MAX;
  const following = followers.some((p) => p.user_id === me.id);
  const path = `/tickets/${ticketId}/participants`;

  const act = async (call: () => Promise<Participants>, done: (after: Participants) => string) => {
    setBusy(true);
    try {
      const after = await call();
      setData(after);
      setProblem('');
      setSaid(done(after));
    } catch (failure) {
      setSaid('');
      setProblem(problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  const copyIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setSaid('');
      setProblem(t('admin.people.badEmail', { email: address }));
      return;
    }
    void act(
      () => api<Participants>('POST', path, { kind: 'cc', email: address }),
      (after) => {
        setEmail('');
        const added = after.find((p) => p.kind === 'cc' && p.email === address.toLowerCase());
        return t('admin.people.added', { name: added?.name ?? address });
      },
    );
  };
  const remove = (person: Participant) =>
    void act(
      () => api<Participants>('DELETE', `${path}?kind=${person.kind}&user_id=${person.user_id}`),
      () => t('admin.people.removed', { name: person.name }),
    );
  const addFollower = (userId: number, name: string) =>
    void act(
      () => api<Participants>('POST', path, { kind: 'follower', user_id: userId }),
      () => {
        setColleague('');
        return t('admin.people.nowFollowing', { name });
      },
    );
  const notFollowing = staff.filter((s) => s.id !== me.id && !followers.some((f) => f.user_id === s.id));

  return (
    <section className="card participants" aria-labelledby="participants-heading" data-testid="participants">
      <h2 id="participants-heading">{t('admin.people.heading')}</h2>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <h3>{t('admin.people.copied', { count: copied.length, max: CC_MAX })}</h3>
      <PeopleList people={copied} none={t('admin.people.noneCopied')} onRemove={remove} busy={busy} />
      {full ? (
        <p className="muted" data-testid="cc-full">
          {t('admin.people.full', { max: CC_MAX })}
        </p>
      ) : (
        <form className="participant-add" onSubmit={copyIn} noValidate>
          <label htmlFor="cc-email">{t('admin.people.ccEmail')}</label>
          <span className="participant-add-row">
            <input
              id="cc-email"
              type="email"
              dir="ltr"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={problem !== '' || undefined}
              aria-describedby={problem ? 'participants-problem' : undefined}
            />
            <button type="submit" className="button-secondary" disabled={busy || email.trim() === ''}>
              {t('admin.people.addCc')}
            </button>
          </span>
        </form>
      )}
      {problem && (
        <p id="participants-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
      <h3>{t('admin.people.followers')}</h3>
      <PeopleList people={followers} none={t('admin.people.noFollowers')} onRemove={remove} busy={busy} />
      <p>
        <button
          type="button"
          className="button-secondary"
          aria-pressed={following}
          disabled={busy || data === null}
          onClick={() =>
            following ? remove({ ...(followers.find((f) => f.user_id === me.id) as Participant) }) : addFollower(me.id, me.name)
          }
          data-testid="follow-toggle"
        >
          {following ? t('admin.people.unfollow') : t('admin.people.follow')}
        </button>
      </p>
      {notFollowing.length > 0 && (
        <form
          className="participant-add"
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = staff.find((s) => String(s.id) === colleague);
            if (chosen) addFollower(chosen.id, chosen.name);
          }}
        >
          <label htmlFor="follower-pick">{t('admin.people.colleague')}</label>
          <span className="participant-add-row">
            <select id="follower-pick" value={colleague} onChange={(e) => setColleague(e.target.value)}>
              <option value="">{t('admin.people.chooseColleague')}</option>
              {notFollowing.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <button type="submit" className="button-secondary" disabled={busy || colleague === ''}>
              {t('admin.people.addFollower')}
            </button>
          </span>
        </form>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  );
}

/** Copied-in clients or followers, each with a Remove button that names them for a screen reader. */
function PeopleList({
  people,
  none,
  onRemove,
  busy,
}: {
  people: Participant[];
  none: string;
  onRemove: (p: Participant) => void;
  busy: boolean;
}) {
  const { t } = useT();
  if (people.length === 0) return <p className="muted">{none}</p>;
  return (
    <ul className="participant-list">
      {people.map((p) => (
        <li key={`${p.kind}-${p.user_id}`}>
          <span className="participant-who">
            <bdi>{p.name}</bdi>{' '}
            <span className="muted" dir="ltr">
              {p.email}
            </span>
          </span>
          <button
            type="button"
            className="button-quiet danger"
            disabled={busy}
            aria-label={t('admin.people.removeWho', { name: p.name })}
            onClick={() => onRemove(p)}
          >
            {t('admin.people.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
