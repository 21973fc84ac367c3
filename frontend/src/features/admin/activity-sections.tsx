// The landing page's contact messages and the audit of admin actions (issue 7), both newest first.
import { useState } from 'react';
import { TextWithValues } from '@/components/typed-text';
import { cardClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { heAdmin } from '@/i18n/he-admin';
import { useAudit, useContactMessages } from './api';
import { dateTimeText, phoneText } from './format';
import {
  captionClass,
  EmptyState,
  Ltr,
  QueryState,
  sectionTitleClass,
  tableClass,
  TableBox,
  tdClass,
  thClass,
} from './ui';

const PAGE = 50;

/**
 * Shows 50 more of what is loaded, and asks the server for its next (older) page once everything loaded is shown.
 * Hidden when there is nothing more either here or on the server.
 */
function ShowMore({
  shown,
  loaded,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onShow,
  label,
}: {
  shown: number;
  loaded: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  onShow: (count: number) => void;
  label: string;
}) {
  if (shown >= loaded && !hasNextPage) return null;
  async function onClick() {
    if (shown >= loaded) await fetchNextPage();
    onShow(shown + PAGE);
  }
  return (
    <PendingButton
      type="button"
      pending={isFetchingNextPage}
      pendingLabel={heAdmin.dashboard.loading}
      onClick={() => void onClick()}
      className={`${secondaryButtonClass} mt-4`}
    >
      {label}
    </PendingButton>
  );
}

export function ContactSection() {
  const messages = useContactMessages();
  const [shown, setShown] = useState(PAGE);
  const t = heAdmin.contact;
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-4">
      <h2 id="contact-title" className={sectionTitleClass}>
        {heAdmin.sections.contact}
      </h2>
      <QueryState query={messages}>
        {(data) => {
          const list = data.pages.flat();
          return list.length === 0 ? (
            <EmptyState testId="contact-empty">{t.empty}</EmptyState>
          ) : (
            <>
              <ul className="mt-4 flex flex-col gap-4" data-testid="contact-list">
                {list.slice(0, shown).map((message) => (
                  <li key={message.id} className={cardClass}>
                    <h3 className="text-lg font-bold text-ink">{message.name}</h3>
                    <p className="mt-1 text-sm text-muted">
                      <a href={`mailto:${message.email}`} className={textLinkClass}>
                        <Ltr>{message.email}</Ltr>
                      </a>
                      {' · '}
                      {t.received} <Ltr>{dateTimeText(message.createdAt)}</Ltr>
                    </p>
                    {/* Text, never HTML: whatever a visitor typed is shown as it was typed. */}
                    <p className="mt-3 whitespace-pre-line text-ink">{message.message}</p>
                  </li>
                ))}
              </ul>
              <ShowMore
                shown={shown}
                loaded={list.length}
                hasNextPage={messages.hasNextPage}
                isFetchingNextPage={messages.isFetchingNextPage}
                fetchNextPage={messages.fetchNextPage}
                onShow={setShown}
                label={t.more}
              />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

export function AuditSection() {
  const audit = useAudit();
  const [shown, setShown] = useState(PAGE);
  const t = heAdmin.audit;
  return (
    <section id="audit" aria-labelledby="audit-title" className="scroll-mt-4">
      <h2 id="audit-title" className={sectionTitleClass}>
        {heAdmin.sections.audit}
      </h2>
      <QueryState query={audit}>
        {(data) => {
          const entries = data.pages.flat();
          return entries.length === 0 ? (
            <EmptyState testId="audit-empty">{t.empty}</EmptyState>
          ) : (
            <>
              <TableBox label={t.caption}>
                <table className={tableClass} data-testid="audit-table">
                  <caption className={`${captionClass} px-3 pt-3`}>{t.caption}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={thClass}>
                        {t.at}
                      </th>
                      <th scope="col" className={thClass}>
                        {t.action}
                      </th>
                      <th scope="col" className={thClass}>
                        {t.subject}
                      </th>
                      <th scope="col" className={thClass}>
                        {t.details}
                      </th>
                      <th scope="col" className={thClass}>
                        {t.admin}
                      </th>
                      <th scope="col" className={thClass}>
                        {t.ip}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.slice(0, shown).map((entry) => (
                      <tr key={`${entry.eventPosition}-${entry.type}`}>
                        <td className={tdClass}>
                          <Ltr>{dateTimeText(entry.at)}</Ltr>
                        </td>
                        <td className={tdClass}>{t.types[entry.type] ?? t.otherType}</td>
                        <td className={tdClass}>
                          {entry.subject === 'terms' ? t.termsSubject : <Ltr>{subjectText(entry.subject)}</Ltr>}
                        </td>
                        <td className={tdClass}>
                          <TextWithValues text={entry.summary} />
                        </td>
                        <td className={tdClass}>{entry.admin ? <Ltr>{phoneText(entry.admin)}</Ltr> : '—'}</td>
                        <td className={tdClass}>{entry.ip ? <Ltr>{entry.ip}</Ltr> : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
              <ShowMore
                shown={shown}
                loaded={entries.length}
                hasNextPage={audit.hasNextPage}
                isFetchingNextPage={audit.isFetchingNextPage}
                fetchNextPage={audit.fetchNextPage}
                onShow={setShown}
                label={t.more}
              />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/** A business phone as Israelis write it; a month ('2026-10') or a stream id as it is. */
function subjectText(subject: string): string {
  return subject.startsWith('+') ? phoneText(subject) : subject;
}
